import { test } from 'tap'
import { greedyMatch, keywordHit, meaningTokens, statesLabel, tokens } from '../src/text-match.ts'

test('Korean tokens lose particles and 하다 endings; prefixes of two syllables match', async (t) => {
  t.same(tokens('예산안을 금요일까지 공유하기로 했습니다'), ['예산안', '금요일', '공유'])
  t.ok(statesLabel(tokens('금요일까지 예산 수정본 공유'), tokens('제가 금요일까지 예산안을 수정해서 공유하겠습니다')) > 0)
})

test('a todo states a labelled task when it carries half of its words, two at least; the same topic is not the same task', async (t) => {
  const states = (label: string, answer: string): boolean => statesLabel(meaningTokens(label), meaningTokens(answer)) > 0
  t.ok(states('Send the revised budget by Friday', 'Send the revised budget by Friday (Kim)'))
  t.ok(states('Circulate the Saturday rota by Wednesday', 'Sat rota out by Wed'), 'abbreviated days are the days')
  t.ok(states('Order three spare filters', 'order 3 spare filters'), 'number words are numbers')
  t.ok(states('포장 상자 2,000개 주문', '상자 2천개 주문 - 내일'), 'one spelling for a number: 2,000 and 2천')
  t.ok(states('Ask the landlord about the broken boiler and the leaking gutter', 'Ask landlord re boiler'), 'half the words of the label, two of them')
  t.notOk(states('Write the load test for the rate limiter', 'Staging DB too small for the load test; Aiko to ask infra'), 'two words of five: a different task on the same topic')
  t.notOk(states('Ring the supplier about the late pallets', 'Pallets'), 'one word is not the task')
  t.ok(statesLabel(meaningTokens('Book the venue'), meaningTokens('Book the venue')) > statesLabel(meaningTokens('Book the venue'), meaningTokens('Book the venue and the caterer for the spring fair')), 'the closer answer is the stronger match')
})

test('meaning tokens spell numbers, number words and abbreviated dates one way', async (t) => {
  t.same(meaningTokens('2,000 boxes, 1,250,000 won'), meaningTokens('2000 boxes, 1250000 won'))
  t.same(meaningTokens('예산 3.5만 원, 상자 2천 개'), meaningTokens('예산 35000 원, 상자 2000 개'))
  t.same(meaningTokens('Due Thurs 12 Sept'), meaningTokens('due Thursday 12 September'))
  t.same(meaningTokens('four chairs'), meaningTokens('4 chairs'))
})

test('greedy matching is one-to-one, strongest pair first', async (t) => {
  const labels = [tokens('Fix the Safari save bug'), tokens('Add a browser test for the Safari save bug')]
  const answers = [tokens('Fix the Safari save bug today'), tokens('Fix the Safari save bug')]
  const { pairs, unmatchedAnswers } = greedyMatch(labels, answers, statesLabel)
  t.equal(pairs.length, 2)
  t.same(unmatchedAnswers, [])
})

test('a keyword is hit by an alternative or a containing keyword', async (t) => {
  t.ok(keywordHit('staging database|staging', ['staging']))
  t.ok(keywordHit('rate limiter', ['api rate limiter']))
  t.ok(keywordHit('푸시 알림|알림', ['알림']))
  t.notOk(keywordHit('quarterly report', ['report card', 'quarter']))
})
