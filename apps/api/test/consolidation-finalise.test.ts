import { test } from 'tap'
import type { AgendaSummary, ConsolidateResponse } from '@meeting-ai/contracts'
import { OfflineEngine, type ConsolidationDraft } from '@meeting-ai/llm'
import { dedupeTexts, NEAR_DUPLICATE, textSimilarity } from '@meeting-ai/llm/text'
import { englishLaunchMeeting } from '@meeting-ai/samples'
import { seededRandom } from '@meeting-ai/testkit/random'
import { dedupe, finalise, type FinaliseContext } from '../src/consolidation/finalise.ts'

/** What dedupe promises, the slow way: each item against every kept one. */
function pairwise (texts: string[]): string[] {
  const kept: string[] = []
  for (const item of texts.map((s) => s.trim()).filter((s) => s !== '')) {
    const i = kept.findIndex((other) => other.toLowerCase() === item.toLowerCase() || textSimilarity(other, item) >= NEAR_DUPLICATE)
    if (i === -1) kept.push(item)
    else if (item.length > kept[i]!.length) kept[i] = item
  }
  return kept
}

// Distinct wordings: pseudo-words from a seeded generator, so no two items are near-duplicates.
let state = 42
const letter = (): string => 'bcdfgklmnprstvz'[(state = (state * 1103515245 + 12345) % 2147483648) % 15]! + 'aeiou'[Math.floor(state / 15) % 5]!
const word = (): string => letter() + letter() + letter()
const distinct = Array.from({ length: 600 }, () => `${word()} ${word()} ${word()} ${word()}`)

test('the generated items are distinct by the pairwise rule', (t) => {
  t.equal(pairwise(distinct).length, distinct.length)
  t.end()
})

test('dedupe keeps hundreds of distinct items and merges the near-duplicates among them', (t) => {
  const rewordings = [`${distinct[590]!.toUpperCase()}.`, `${distinct[595]!}!!`, `  ${distinct[599]!}  s`]
  const items = [...distinct, ...rewordings]
  const kept = dedupe(items)
  t.same(kept, pairwise(items))
  t.equal(kept.length, distinct.length, 'the rewordings join their originals')
  t.equal(kept[599], `${distinct[599]!}  s`, 'the longer wording stands for its group')
  t.end()
})

test('the longer wording stands for a group and is found again by its own tokens', (t) => {
  const items = ['Send the revised budget to Kim', 'send the revised budget to kim by friday', 'Send the revised budget to Kim by Friday!', 'Book the venue']
  t.same(dedupe(items), pairwise(items))
  t.equal(dedupe(items).length, 2)
  t.end()
})

test('an item written the same way (case, punctuation, spacing) far down a long list still merges', (t) => {
  const items = [distinct[3]!, ...distinct.slice(10), `  ${distinct[3]!.toUpperCase()}!! `]
  t.equal(dedupe(items).length, 1 + distinct.length - 10)
  t.end()
})

test('dedupe agrees with pairwise similarity on short mixed lists', (t) => {
  const items = ['Fix the login bug', 'fix the login bug!', 'Fix the logon bug', 'Write the release notes', 'Write release notes', '예산안 보내기', '예산안 보내기.', '', 'a', 'A.']
  t.same(dedupe(items), pairwise(items))
  t.end()
})

const context: FinaliseContext = { meetingId: 'm1', agendas: [], languageSample: '', model: 'test', partial: false, notes: [] }
const withoutTime = (answer: ConsolidateResponse): ConsolidateResponse => ({ ...answer, generatedAt: 0 })

test('a list dedupeTexts already cleaned is kept whole by dedupe: why finalise may skip a draft marked nearDuplicatesRemoved', (t) => {
  // Prefix-related stems (Korean-style compounds, shortened English words) and rewordings, so
  // that many items are near-duplicates by some measure and the matching is one-sided.
  const random = seededRandom(7)
  const roots = Array.from({ length: 12 }, () => word())
  const stem = (): string => roots[Math.floor(random() * roots.length)]! + ['', 'a', 'an', 'ant'][Math.floor(random() * 4)]!
  let checked = 0
  for (let list = 0; list < 300; list++) {
    const items = Array.from({ length: 5 + Math.floor(random() * 40) }, () => Array.from({ length: 1 + Math.floor(random() * 5) }, stem).join(' ') + (random() < 0.3 ? '!' : ''))
    const once = dedupeTexts(items)
    t.ok(once.length <= items.length)
    if (once.length < items.length) checked++
    if (!t.same(dedupe(once), once, `list ${list}`)) break
  }
  t.ok(checked > 100, `most lists had near-duplicates to remove (${checked})`)
  t.end()
})

test('finalise takes the offline reduce\'s marked lists as they are and gives the same answer as deduplicating them again', async (t) => {
  const engine = new OfflineEngine()
  const minutes = englishLaunchMeeting.participantMinutes
  // Two chunks repeating each other's todos and decisions: the reduce merges them.
  const chunks = [await engine.analyseChunk({ agendas: englishLaunchMeeting.agendas, minutes }), await engine.analyseChunk({ agendas: englishLaunchMeeting.agendas, minutes: minutes.map((m) => ({ ...m, content: m.content.toUpperCase() })) })]
  const draft = await engine.reduce({ agendas: englishLaunchMeeting.agendas, chunks })
  t.equal(draft.nearDuplicatesRemoved, true, 'the offline reduce says it deduplicated')
  t.ok(draft.todos.length > 0 && draft.agendaSummaries.some((s) => s.decisions.length > 0))
  const { nearDuplicatesRemoved: _marked, ...unmarked } = draft
  t.same(withoutTime(finalise(draft, context)), withoutTime(finalise(unmarked, context)))
  t.end()
})

test('finalise still removes near-duplicates from a draft not so marked, and from an item merged from two entries of a marked one', (t) => {
  const summary = (decisions: string[]): AgendaSummary => ({ agendaNumber: 1, agendaTitle: 'Budget', summaryShort: '', summary: '', decisions, pending: [] })
  const llmDraft: ConsolidationDraft = { keywords: [], agendaSummaries: [summary(['Cut travel by 10%', 'cut travel by 10 %.'])], todos: [{ title: 'Send the budget to Kim' }, { title: 'send the budget to kim by Friday' }] }
  const answer = finalise(llmDraft, context)
  t.same(answer.todos, [{ title: 'send the budget to kim by Friday' }])
  t.equal(answer.agendaSummaries[0]!.decisions.length, 1)
  const marked: ConsolidationDraft = { keywords: [], agendaSummaries: [summary(['Cut travel by 10%']), summary(['cut travel by 10 %.'])], todos: [], nearDuplicatesRemoved: true }
  t.same(finalise(marked, context).agendaSummaries[0]!.decisions, ['cut travel by 10 %.'])
  t.end()
})
