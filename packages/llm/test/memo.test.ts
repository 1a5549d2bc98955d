import t from 'tap'
import { memoPerString } from '../src/memo.ts'
import { detectLanguage } from '../src/text/language.ts'

function counting (maxEntries: number, maxKeyChars?: number): { memo: (key: string) => string, computed: string[] } {
  const computed: string[] = []
  const memo = memoPerString((key) => {
    computed.push(key)
    return key.toUpperCase()
  }, maxEntries, maxKeyChars)
  return { memo, computed }
}

t.test('a key is derived once while the cache has room', async () => {
  const { memo, computed } = counting(10)
  t.equal(memo('budget'), 'BUDGET')
  t.equal(memo('budget'), 'BUDGET')
  t.equal(memo('plan'), 'PLAN')
  t.same(computed, ['budget', 'plan'])
})

t.test('the cache is dropped at its number of entries', async () => {
  const { memo, computed } = counting(2)
  memo('a'); memo('b'); memo('c'); memo('a')
  t.same(computed, ['a', 'b', 'c', 'a'], 'the third key found the cache full; the first was derived again')
})

t.test('long keys fill the cache by their characters, not their number', async () => {
  const long = (c: string): string => c.repeat(400)
  const { memo, computed } = counting(1000, 1000)
  memo(long('a')); memo(long('b'))
  memo(long('a'))
  t.same(computed.length, 2, 'two keys of 400 characters fit in 1,000')
  memo(long('c'))
  memo(long('a'))
  t.same(computed.map((k) => k[0]), ['a', 'b', 'c', 'a'], 'a third would pass 1,000 characters: the cache was dropped and the first key derived again')
  const { memo: short, computed: shortComputed } = counting(1000, 1000)
  for (let i = 0; i < 100; i++) short(`k${i}`)
  for (let i = 0; i < 100; i++) short(`k${i}`)
  t.equal(shortComputed.length, 100, 'a hundred short keys stay well inside the same bound')
})

t.test('language by the share of Hangul letters, a syllable weighing three Latin letters', async () => {
  t.equal(detectLanguage('We agreed to ship on Friday.'), 'en')
  t.equal(detectLanguage('금요일에 배포하기로 했습니다.'), 'ko')
  t.equal(detectLanguage('API 배포 일정'), 'ko', 'two Hangul syllables per Latin letter or so: Korean')
  t.equal(detectLanguage('The 예산 review covers hiring and tooling'), 'en', 'a Korean word inside English prose')
  t.equal(detectLanguage('ㅋㅋ ok'), 'ko', 'compatibility jamo count as Hangul')
  t.equal(detectLanguage('2026-12-01 14:00'), 'en', 'no letters at all: English, the default')
})
