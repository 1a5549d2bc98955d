import { test } from 'tap'
import { greedyMatch, keywordHit, todoMatch, tokens } from '../src/text-match.ts'

test('Korean tokens lose particles and 하다 endings; prefixes of two syllables match', async (t) => {
  t.same(tokens('예산안을 금요일까지 공유하기로 했습니다'), ['예산안', '금요일', '공유'])
  t.ok(todoMatch(tokens('금요일까지 예산 수정본 공유'), tokens('제가 금요일까지 예산안을 수정해서 공유하겠습니다')) > 0)
})

test('English todos match by Jaccard or containment, owner and deadline aside', async (t) => {
  t.ok(todoMatch(tokens('Send the revised budget by Friday'), tokens('Send the revised budget by Friday (Kim)')) > 0)
  t.equal(todoMatch(tokens('Write the load test for the rate limiter'), tokens('Staging DB too small for the load test; Aiko to ask infra')), 0)
})

test('greedy matching is one-to-one, strongest pair first', async (t) => {
  const labels = [tokens('Fix the Safari save bug'), tokens('Add a browser test for the Safari save bug')]
  const answers = [tokens('Fix the Safari save bug today'), tokens('Fix the Safari save bug')]
  const { pairs, unmatchedAnswers } = greedyMatch(labels, answers, todoMatch)
  t.equal(pairs.length, 2)
  t.same(unmatchedAnswers, [])
})

test('a keyword is hit by an alternative or a containing keyword', async (t) => {
  t.ok(keywordHit('staging database|staging', ['staging']))
  t.ok(keywordHit('rate limiter', ['api rate limiter']))
  t.ok(keywordHit('푸시 알림|알림', ['알림']))
  t.notOk(keywordHit('quarterly report', ['report card', 'quarter']))
})
