import { test } from 'tap'
import { segmentSentences } from '../src/text/sentences.ts'
import { overlap, SimilarityIndex, SizedSimilarityIndex, StemKeys } from '../src/text/similarity.ts'

// Seeded pseudo-random stems from a small alphabet, so many share prefixes ("ba", "bak", "bake").
let state = 7
const next = (): number => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648
const stem = (): string => Array.from({ length: 2 + Math.floor(next() * 4) }, () => 'bak'[Math.floor(next() * 3)]).join('')
const sets = Array.from({ length: 300 }, () => new Set(Array.from({ length: 1 + Math.floor(next() * 6) }, stem)))

test('segmentSentences: ICU sentences that join back into the text, English and Korean alike; a title or example abbreviation does not end one, "Inc." may', (t) => {
  const cases: Array<[string, string[]]> = [
    ['We agreed. Kim sends it Friday! 예산을 확정했습니다. 다음 주에 공유하겠습니다.', ['We agreed.', 'Kim sends it Friday!', '예산을 확정했습니다.', '다음 주에 공유하겠습니다.']],
    ['Ask Dr. Okoye about St. Agnes hall. Use one tool, e.g. Jira. We signed with Acme Inc. They start Monday.', ['Ask Dr. Okoye about St. Agnes hall.', 'Use one tool, e.g. Jira.', 'We signed with Acme Inc.', 'They start Monday.']]
  ]
  for (const [text, expected] of cases) {
    const sentences = segmentSentences(text)
    t.equal(sentences.join(''), text)
    t.same(sentences.map((s) => s.trim()), expected)
  }
  t.end()
})

test('SimilarityIndex finds exactly the earlier sets sharing enough stems (prefix matches included), and no set sharing only a shortening', (t) => {
  const index = new SimilarityIndex()
  sets.forEach((stems, id) => {
    for (const minShared of [1, 2, 3]) {
      const fromId = id % 3 === 0 ? Math.floor(id / 2) : 0
      const found = index.candidates(stems, minShared, fromId)
      const expected = sets.slice(0, id).map((other, i) => ({ other, i })).filter(({ other, i }) => i >= fromId && overlap(stems, other) >= minShared).map(({ i }) => i)
      // The count is exact (each query stem matching one of the set's), so the lists are equal, ascending.
      if (found.join() !== expected.join()) t.fail(`set ${id} (min ${minShared}, from ${fromId}): found ${found.join(', ')}, expected ${expected.join(', ')}`)
    }
    index.add(id, stems)
  })
  const short = new SimilarityIndex()
  short.add(0, new Set(['bat']))
  t.same(short.candidates(new Set(['bake'])), [], '"bat" and "bake" share the key "ba" but do not match')
  t.same(short.candidates(new Set(['ba'])), [0], '"ba" is a prefix of "bat"')
  t.end()
})

test('SizedSimilarityIndex finds every earlier set meeting a rule that depends on both sizes', (t) => {
  const needed = (a: number, b: number): number => Math.max(1, Math.min(Math.ceil(0.375 * (a + b)), Math.max(2, Math.ceil(0.75 * Math.min(a, b)))))
  const index = new SizedSimilarityIndex()
  let compared = 0
  sets.forEach((stems, id) => {
    const found = new Set(index.candidates(stems, (size) => needed(stems.size, size)))
    compared += found.size
    for (let i = 0; i < id; i++) {
      if (overlap(stems, sets[i]!) >= needed(stems.size, sets[i]!.size) && !found.has(i)) t.fail(`set ${id} missed ${i}`)
    }
    index.add(id, stems)
  })
  t.ok(compared < (sets.length * (sets.length - 1)) / 2, `${compared} candidates, fewer than all pairs`)
  t.end()
})

test('indexes sharing one StemKeys answer as each would alone: the interning is shared, the lists are not', (t) => {
  const keys = new StemKeys()
  const [even, odd] = [new SimilarityIndex(keys), new SimilarityIndex(keys)]
  const [evenAlone, oddAlone] = [new SimilarityIndex(), new SimilarityIndex()]
  sets.forEach((stems, id) => {
    const [shared, alone] = id % 2 === 0 ? [even, evenAlone] : [odd, oddAlone]
    for (const minShared of [1, 2]) {
      const found = shared.candidates(stems, minShared)
      const expected = alone.candidates(stems, minShared)
      if (found.join() !== expected.join()) t.fail(`set ${id} (min ${minShared}): found ${found.join(', ')}, alone ${expected.join(', ')}`)
      if (found.some((other) => other % 2 !== id % 2)) t.fail(`set ${id} found an id of the other index: ${found.join(', ')}`)
    }
    shared.add(id, stems)
    alone.add(id, stems)
  })
  t.ok(even.candidates(sets[0]!).length > 0, 'the shared indexes do find sets')
  t.end()
})
