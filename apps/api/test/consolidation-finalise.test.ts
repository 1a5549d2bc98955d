import { test } from 'tap'
import { NEAR_DUPLICATE, textSimilarity } from '@meeting-ai/llm/text'
import { dedupe } from '../src/consolidation/finalise.ts'

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
