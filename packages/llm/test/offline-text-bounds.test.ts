import t from 'tap'
import { OfflineEngine } from '../src/index.ts'
import { MAX_SENTENCE_CHARS, splitSentences } from '../src/text/sentences.ts'
import { dedupeTexts, overlap } from '../src/text/similarity.ts'

function test (name: string, fn: () => void): void {
  t.test(name, async () => { fn() })
}

test('a long line without punctuation becomes bounded sentences that keep every word', () => {
  const words = Array.from({ length: 40_000 }, (_, i) => `word${i}`)
  const sentences = splitSentences(words.join(' '))
  t.ok(sentences.length > 1, `${sentences.length} sentences`)
  t.ok(sentences.every((s) => s.text.length <= MAX_SENTENCE_CHARS), 'none longer than the bound')
  t.same(sentences.flatMap((s) => s.text.split(' ')), words, 'cut at spaces, nothing lost or repeated')
})

test('a long Korean run without spaces is cut hard at the bound', () => {
  const text = '예산안을금요일까지보내기로했습니다'.repeat(5_000)
  const sentences = splitSentences(text)
  t.ok(sentences.every((s) => s.text.length <= MAX_SENTENCE_CHARS))
  t.equal(sentences.map((s) => s.text).join(''), text)
})

test('overlap of a large stem set still matches stems by prefix (예산 / 예산안, plan / plans)', () => {
  const haystack = new Set(['예산안', 'plann', ...Array.from({ length: 30 }, (_, i) => `filler${i}`)])
  t.equal(overlap(new Set(['예산', 'plan', 'budget']), haystack), 2, 'a stem and its extension by up to two characters match')
  t.equal(overlap(new Set(['예산안의', 'planning']), haystack), 1, 'an extension of a haystack stem matches it; one longer by three does not')
  t.equal(overlap(new Set(['예', 'p']), haystack), 0, 'one-character stems never match by prefix')
})

test('dedupeTexts merges near-duplicates among thousands of distinct texts', () => {
  const code = (i: number): string => String(i).padStart(4, '0')
  const distinct = Array.from({ length: 3000 }, (_, i) => `Kim will send the report alpha${code(i)} beta${code(i)} to finance`)
  const texts = [...distinct, 'Kim will send the report alpha0017 beta0017 to finance today', 'kim will send the report alpha2999 beta2999 to Finance!']
  const kept = dedupeTexts(texts)
  t.equal(kept.length, 3000, 'the two rewordings join their originals')
  t.same(kept, distinct)
})

t.test('a window of long segments still finds the unanswered question and skips the answered one', async () => {
  const filler = Array.from({ length: 1500 }, (_, i) => `topic${i}`).join(' ')
  const segments = [
    { speakerId: 'a', text: `${filler}. Who owns the vendor contract renewal?` },
    { speakerId: 'b', text: `${filler}. Should we move the launch party venue?` },
    { speakerId: 'c', text: `${filler}. The vendor contract renewal stays with procurement.` }
  ].map((s, i) => ({ ...s, meetingId: 'm', dedupeKey: String(i), timestamp: 1_700_000_000_000 + i }))
  const drafts = await new OfflineEngine().suggest({ meetingId: 'm', segments, previousSuggestions: [], language: 'en' })
  const questions = drafts.filter((d) => d.kind === 'question').map((d) => d.content)
  t.ok(questions.some((q) => q.includes('launch party venue')), `the open question is suggested: ${JSON.stringify(questions)}`)
  t.notOk(questions.some((q) => q.includes('vendor contract')), 'the answered one is not')
})

t.test('a checkbox opening a line, after its bullet or not, is read off the text as open or done', async (t) => {
  const read = (text: string) => splitSentences(text).map((s) => [s.text, s.checkbox])
  t.same(read('☐ 견적 두 곳 받기\n- [ ] book the hall\n☑ 명단 정리\n* [x] print the badges\n✔ 블로그 주 2회'), [
    ['견적 두 곳 받기', 'open'], ['book the hall', 'open'], ['명단 정리', 'done'], ['print the badges', 'done'], ['✔ 블로그 주 2회', undefined]
  ], 'a tick used as a bullet marks nothing')
})

t.test('a stop inside brackets ends an aside, not the sentence', async (t) => {
  const read = (text: string) => splitSentences(text).map((s) => s.text)
  t.same(read('[ ] 공지문 올리기 (일정 나오면! 팀장님 확인 먼저)'), ['공지문 올리기 (일정 나오면! 팀장님 확인 먼저)'])
  t.same(read('Book the van (only if it is free. Ask Sam first) and the trailer. Then call the venue.'),
    ['Book the van (only if it is free. Ask Sam first) and the trailer.', 'Then call the venue.'], 'the sentence after the bracket closes still ends')
  t.same(read('- 보일러 점검 업체 섭외 (본사? 지역 업체?) ← 나\n- 창고 정리 (주말에!) + 재고 표 갱신'),
    ['보일러 점검 업체 섭외 (본사? 지역 업체?) ← 나', '창고 정리 (주말에!) + 재고 표 갱신'], 'nor does one closing the bracket, when no capital follows')
  t.same(read('Chase the caterer (Friday or Monday?) → Priya. Tables are fine (at last!) Then the music.'),
    ['Chase the caterer (Friday or Monday?) → Priya.', 'Tables are fine (at last!)', 'Then the music.'], 'a capital after the bracket opens a new sentence')
  t.same(read('Parking is sorted. (Ask me if not!) Next is food.'), ['Parking is sorted.', '(Ask me if not!)', 'Next is food.'], 'a sentence that is a bracket stands alone')
})

t.test('a square or a triangle opens a section over the list under it, or an item of its own', async (t) => {
  const read = (text: string) => splitSentences(text).map((s) => [s.text, s.heading, s.label])
  t.same(read('■ 장비\n- 드릴 두 대 수리 맡기기\n▶ Venue: book the hall by Friday\n● order the chairs'), [
    ['장비', true, undefined], ['드릴 두 대 수리 맡기기', false, undefined], ['book the hall by Friday', false, 'Venue'], ['order the chairs', false, undefined]
  ])
})
