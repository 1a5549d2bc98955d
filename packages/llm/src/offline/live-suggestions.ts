import type { Segment } from '@meeting-ai/contracts'
import type { SuggestionDraft } from '../engine.ts'
import { matchKeys, overlap, textSimilarity, NEAR_DUPLICATE } from '../text/similarity.ts'
import { splitSentences } from '../text/sentences.ts'
import { contentStems } from '../text/words.ts'
import { hasDeadline, hasOwner, isAction, isDecision, isQuestion, isRecapOrLogistics, isRisk } from './cues.ts'

export interface Spoken {
  text: string
  speaker: string
  position: number
}

const PHRASES = {
  en: {
    question: (q: string) => `Open question, not answered yet: "${q}"`,
    owner: (a: string) => `Assign an owner and a due date: "${a}"`,
    deadline: (a: string) => `Agree on a due date for: "${a}"`,
    decision: (d: string) => `Confirm this decision and note it in the minutes: "${d}"`,
    risk: (r: string) => `Risk raised, decide who follows it up: "${r}"`
  },
  ko: {
    question: (q: string) => `아직 답변되지 않은 질문: "${q}"`,
    owner: (a: string) => `담당자와 기한을 정해 주세요: "${a}"`,
    deadline: (a: string) => `기한을 정해 주세요: "${a}"`,
    decision: (d: string) => `결정 사항을 확인하고 회의록에 남겨 주세요: "${d}"`,
    risk: (r: string) => `제기된 리스크의 후속 담당자를 정해 주세요: "${r}"`
  }
} as const

const KIND_ORDER = ['question', 'action', 'decision', 'risk']

function quote (text: string): string {
  const trimmed = text.trim()
  return trimmed.length > 160 ? `${trimmed.slice(0, 157)}…` : trimmed
}

/** Index of the first entry of an ascending list that is greater than `after`. */
function firstAfter (list: readonly number[], after: number): number {
  let low = 0
  let high = list.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (list[middle]! <= after) low = middle + 1
    else high = middle
  }
  return low
}

// The first range searched after a question, in sentences; it doubles until an answer is found.
const FIRST_REACH = 8

/**
 * Whether a later statement by someone else on the same subject (sharing one stem with a
 * question of one or two stems, two with a longer one), not itself a question, answers each
 * question.
 *
 * Only whether such a statement exists matters, so each question reads the statements after
 * its speaker's run nearest first, over a range that doubles, and stops at the first answer:
 * the cost is the distance to the answer, not every later statement (which made a window of
 * long segments grow with the square of their length). A statement sharing two stems is listed
 * under at least one of them besides the commonest, so that stem's long list is not read. A
 * question nobody answers still reads the later statements under its other stems; those are
 * few (2 % of the questions of a window of 10,000-character segments).
 */
export function answeredQuestions (spoken: readonly Spoken[]): Set<number> {
  const stems = spoken.map((s) => contentStems(s.text))
  const asks = spoken.map((s) => isQuestion(s.text))
  // Statements by key, under the keys some question looks up only (most of a window's words
  // are in no question).
  const statementsByKey = new Map<string, number[]>()
  spoken.forEach((_, i) => {
    if (asks[i] === true) for (const stem of stems[i]!) for (const key of matchKeys(stem)) statementsByKey.set(key, [])
  })
  if (statementsByKey.size === 0) return new Set()
  spoken.forEach((_, j) => {
    if (asks[j] === true) return
    for (const stem of stems[j]!) {
      for (const key of matchKeys(stem)) {
        const list = statementsByKey.get(key)
        if (list !== undefined && list[list.length - 1] !== j) list.push(j)
      }
    }
  })
  // sameSpeakerUntil[i]: the last sentence of the run by i's speaker that i is in (a segment of
  // speech is one speaker's sentences): nothing in it answers i, so the search starts after it.
  const sameSpeakerUntil = new Int32Array(spoken.length)
  for (let i = spoken.length - 1; i >= 0; i--) {
    sameSpeakerUntil[i] = i + 1 < spoken.length && spoken[i + 1]!.speaker === spoken[i]!.speaker ? sameSpeakerUntil[i + 1]! : i
  }
  const answered = new Set<number>()
  // checkedFor[j] = 1 + the question statement j was last checked against, so it is checked once.
  const checkedFor = new Int32Array(spoken.length)
  spoken.forEach((question, i) => {
    if (asks[i] !== true) return
    const questionStems = stems[i]!
    const after = sameSpeakerUntil[i]!
    const needed = questionStems.size <= 2 ? 1 : 2
    const byStem = [...questionStems].map((stem) => {
      const cursors: Array<{ list: number[], next: number }> = []
      let later = 0
      for (const key of matchKeys(stem)) {
        const list = statementsByKey.get(key)!
        const next = firstAfter(list, after)
        if (next < list.length) cursors.push({ list, next })
        later += list.length - next
      }
      return { cursors, later }
    }).sort((a, b) => a.later - b.later)
    let cursors = byStem.slice(0, byStem.length - (needed - 1)).flatMap((s) => s.cursors)
    for (let reach = after + FIRST_REACH; cursors.length > 0; reach = after + 2 * (reach - after)) {
      for (const cursor of cursors) {
        const { list } = cursor
        while (cursor.next < list.length && list[cursor.next]! <= reach) {
          const j = list[cursor.next++]!
          if (checkedFor[j] === i + 1) continue
          checkedFor[j] = i + 1
          if (spoken[j]!.speaker !== question.speaker && overlap(questionStems, stems[j]!) >= needed) {
            answered.add(i)
            return
          }
        }
      }
      cursors = cursors.filter((cursor) => cursor.next < cursor.list.length)
    }
  })
  return answered
}

/**
 * Suggestions from the transcript window: unanswered questions, actions without an owner or
 * a date, decisions to confirm, risks; newest first, never one already sent.
 */
export function liveSuggestions (segments: Segment[], previous: string[], language: 'ko' | 'en', limit = 4): SuggestionDraft[] {
  const spoken: Spoken[] = []
  for (const segment of segments) {
    for (const sentence of splitSentences(segment.text)) {
      if (!sentence.heading) spoken.push({ text: sentence.text, speaker: segment.speakerId ?? segment.speakerName ?? '', position: spoken.length })
    }
  }
  const answered = answeredQuestions(spoken)
  const phrases = PHRASES[language]
  const drafts: Array<SuggestionDraft & { position: number }> = []
  spoken.forEach((s, i) => {
    const speakerIds = s.speaker === '' ? undefined : [s.speaker]
    const base = { position: i, ...(speakerIds === undefined ? {} : { speakerIds }) }
    // "네, 동의합니다." / "Agreed.": the assent decides what was proposed just before it.
    if (contentStems(s.text).size < 2 && isDecision(s.text) && !isQuestion(s.text) && i > 0) {
      // The proposal is the last statement before it (a "shall we?" after it is no proposal).
      const proposal = spoken.slice(Math.max(0, i - 3), i).reverse().find((p) => !isQuestion(p.text) && contentStems(p.text).size >= 2)
      if (proposal !== undefined && !isRecapOrLogistics(proposal.text)) {
        drafts.push({ ...base, content: phrases.decision(quote(proposal.text)), kind: 'decision', confidence: 0.6 })
      }
      return
    }
    if (contentStems(s.text).size === 0 || isRecapOrLogistics(s.text)) return
    if (isQuestion(s.text)) {
      // "다들 괜찮으세요?", "Any questions?": a question about nothing in particular is not worth a suggestion.
      if (contentStems(s.text).size >= 2 && !answered.has(i)) drafts.push({ ...base, content: phrases.question(quote(s.text)), kind: 'question', confidence: 0.7 })
      return
    }
    // "Let's go with November 18" decides; it asks nobody to do anything.
    if (isDecision(s.text) && !(isAction(s.text) && hasOwner(s.text))) {
      drafts.push({ ...base, content: phrases.decision(quote(s.text)), kind: 'decision', confidence: 0.6 })
      return
    }
    // "그건 제가 하겠습니다" answers who does what was just asked; it holds no action of its own.
    if (isAction(s.text) && contentStems(s.text).size >= 2) {
      if (!hasOwner(s.text)) drafts.push({ ...base, content: phrases.owner(quote(s.text)), kind: 'action', confidence: 0.65 })
      else if (!hasDeadline(s.text)) drafts.push({ ...base, content: phrases.deadline(quote(s.text)), kind: 'action', confidence: 0.5 })
      return
    }
    if (isRisk(s.text)) drafts.push({ ...base, content: phrases.risk(quote(s.text)), kind: 'risk', confidence: 0.55 })
  })
  const fresh = drafts.filter((d) => !previous.some((p) => p.trim() === d.content || textSimilarity(p, d.content) >= NEAR_DUPLICATE))
  // Newest first, one of each kind before a second of any, so questions are not crowded out by actions.
  fresh.sort((a, b) => b.position - a.position)
  const chosen: typeof fresh = []
  for (let round = 1; round <= 2 && chosen.length < limit; round++) {
    const perKind = new Map<string, number>()
    for (const c of chosen) perKind.set(c.kind ?? '', (perKind.get(c.kind ?? '') ?? 0) + 1)
    for (const draft of fresh) {
      if (chosen.length >= limit) break
      if (chosen.includes(draft) || (perKind.get(draft.kind ?? '') ?? 0) >= round) continue
      if (chosen.some((c) => textSimilarity(c.content, draft.content) >= NEAR_DUPLICATE)) continue
      perKind.set(draft.kind ?? '', (perKind.get(draft.kind ?? '') ?? 0) + 1)
      chosen.push(draft)
    }
  }
  chosen.sort((a, b) => KIND_ORDER.indexOf(a.kind ?? '') - KIND_ORDER.indexOf(b.kind ?? '') || b.position - a.position)
  return chosen.map(({ position: _position, ...draft }) => draft)
}
