import { test } from 'tap'
import { isQuestion } from '../src/offline/cues.ts'
import { answeredQuestions, type Spoken } from '../src/offline/live-suggestions.ts'
import { overlap } from '../src/text/similarity.ts'
import { contentStems } from '../src/text/words.ts'
import { seededRandom } from '@meeting-ai/testkit/random'

/** The rule as stated: some later statement (not a question) by someone else shares enough stems. */
function answeredByEveryPair (spoken: Spoken[]): Set<number> {
  const answered = new Set<number>()
  spoken.forEach((question, i) => {
    if (!isQuestion(question.text)) return
    const stems = contentStems(question.text)
    const needed = stems.size <= 2 ? 1 : 2
    for (let j = i + 1; j < spoken.length; j++) {
      const statement = spoken[j]!
      if (isQuestion(statement.text) || statement.speaker === question.speaker) continue
      if (overlap(stems, contentStems(statement.text)) >= needed) {
        answered.add(i)
        break
      }
    }
  })
  return answered
}

// Prefix-related stems (plan / plans / planned, 예산 / 예산안, ab / abc / abcd) are where
// matching by key and matching by stem could part.
const VOCABULARY = ['plan', 'plans', 'planned', 'planning', 'budget', 'budgets', 'launch', 'launches', 'date', 'dates', 'team', 'teams', 'send', 'report', 'reports', 'review', 'reviewed', 'vendor', 'vendors', 'risk', 'risks', 'owner', 'we', 'should', 'will', 'the', 'Friday', 'Kim', 'agreed', 'who', 'what', 'ab', 'abc', 'abcd', 'abcde', 'abcdef', '예산', '예산안', '출시', '출시일', '일정', 'xy', 'xyz', 'xyzw']

test('the answered questions are those the rule over every later statement finds, on random windows', async (t) => {
  let questions = 0
  let answered = 0
  for (let seed = 0; seed < 400; seed++) {
    const next = seededRandom(seed)
    const vocabulary = 4 + Math.floor(next() * (VOCABULARY.length - 4))
    const speakers = 1 + Math.floor(next() * 4)
    const spoken: Spoken[] = []
    // Runs of sentences by one speaker, as a segment of speech gives them.
    for (let run = 0, runs = 2 + Math.floor(next() * 40); run < runs; run++) {
      const speaker = `s${Math.floor(next() * speakers)}`
      for (let n = 0, sentences = 1 + Math.floor(next() * 6); n < sentences; n++) {
        const words = Array.from({ length: 1 + Math.floor(next() * (next() < 0.1 ? 30 : 8)) }, () => VOCABULARY[Math.floor(next() * vocabulary)]!)
        spoken.push({ text: words.join(' ') + (next() < 0.4 ? '?' : '.'), speaker, position: spoken.length })
      }
    }
    const expected = answeredByEveryPair(spoken)
    const found = answeredQuestions(spoken)
    if (![...expected].every((i) => found.has(i)) || found.size !== expected.size) {
      t.same([...found].sort((a, b) => a - b), [...expected].sort((a, b) => a - b), `seed ${seed}`)
      return
    }
    questions += spoken.filter((s) => isQuestion(s.text)).length
    answered += expected.size
  }
  // Both outcomes occur often enough for the comparison to mean something.
  t.ok(answered > 1000 && questions - answered > 1000, `${answered} of ${questions} questions answered`)
})
