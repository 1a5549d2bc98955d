import t from 'tap'
import { startMockLlm } from '@meeting-ai/testkit/mock-llm'
import { englishLaunchMeeting, koreanLaunchMeeting, toWindowSegments } from '@meeting-ai/samples'
import { luhnValid, redactPii } from '../src/index.ts'
import { engineFor, segments } from './helpers.ts'

t.test('e-mail, phones, RRN and Luhn-valid cards become readable placeholders', async (t) => {
  const cases: Array<[string, string]> = [
    ['Mail kim.minsu+q4@example.co.kr today', 'Mail [EMAIL] today'],
    ['연락처는 010-1234-5678 입니다', '연락처는 [PHONE] 입니다'],
    ['서울 사무실 02-123-4567로 전화', '서울 사무실 [PHONE]로 전화'],
    ['Call +82 10 1234 5678 or +82-2-123-4567', 'Call [PHONE] or [PHONE]'],
    ['US office +1 415 555 0132, UK +44 20 7946 0958', 'US office [PHONE], UK [PHONE]'],
    ['Desk (415) 555-0132.', 'Desk [PHONE].'],
    ['주민번호 900101-1234567 확인', '주민번호 [RRN] 확인'],
    ['Visa 4111 1111 1111 1111 on file', 'Visa [CARD] on file'],
    ['Amex 3782-822463-10005.', 'Amex [CARD].'],
    ['카드번호 5500000000000004 로 결제', '카드번호 [CARD] 로 결제']
  ]
  for (const [input, expected] of cases) t.equal(redactPii(input).text, expected, input)
})

t.test('ordinary numbers stay: dates, amounts, percentages, Luhn-invalid digit runs', async (t) => {
  const keep = [
    'Launch on 2026-11-18 at 10:30',
    'Budget is $45,000 and 4% of sessions crash',
    '마케팅 예산은 4천5백만 원, 11월 18일 출시',
    'Order 4111 1111 1111 1112 is not a card',
    'Ticket 123456-7890 was closed',
    'Version 1.2.3, build 20261118'
  ]
  for (const text of keep) t.equal(redactPii(text).text, text, text)
  t.ok(luhnValid('4111111111111111'))
  t.notOk(luhnValid('4111111111111112'))
})

t.test('counts say what was redacted', async (t) => {
  t.same(redactPii('a@b.io, 010-1234-5678, 900101-1234567, 4111111111111111').counts, { EMAIL: 1, PHONE: 1, RRN: 1, CARD: 1 })
})

t.test('an external provider never sees the personal data; the offline path is not involved', async (t) => {
  const mock = await startMockLlm()
  t.teardown(() => mock.close())
  const secrets = ['minsu.kim@example.com', '010-9876-5432', '+1 415 555 0132', '851212-2345678', '4111 1111 1111 1111']
  const text = 'Send the contract to minsu.kim@example.com or call 010-9876-5432 (US: +1 415 555 0132). RRN 851212-2345678, card 4111 1111 1111 1111.'
  const engine = engineFor(mock.url)
  t.equal(engine.external, true)
  await engine.suggest({ meetingId: 'm-1', segments: segments([text]), previousSuggestions: ['Call 010-9876-5432 back'] })
  await engine.analyseChunk({ agendas: [], minutes: [{ userId: 'u1', userName: 'Kim', content: text }], instructions: 'cc minsu.kim@example.com' })
  await engine.analyseChunk({ agendas: englishLaunchMeeting.agendas, minutes: englishLaunchMeeting.participantMinutes })
  await engine.suggest({ meetingId: 'm-2', segments: toWindowSegments(koreanLaunchMeeting), previousSuggestions: [] })
  t.equal(mock.completions.length, 4)
  const seen = mock.completions.map((r) => JSON.stringify(r.body)).join('\n')
  for (const secret of secrets) t.notOk(seen.includes(secret), `${secret} never left`)
  t.notOk(seen.includes('010-2345-6789'), 'the Korean sample\'s phone number never left')
  t.notOk(seen.includes('press@launchpartners.example'), 'the sample\'s e-mail never left')
  t.match(seen, /\[EMAIL\]/)
  t.match(seen, /\[PHONE\]/)
  t.match(seen, /\[RRN\]/)
  t.match(seen, /\[CARD\]/)

  // The same text goes out as is when redaction is switched off: the check above is not vacuous.
  mock.reset()
  await engineFor(mock.url, { redactPii: false }).suggest({ meetingId: 'm-1', segments: segments([text]), previousSuggestions: [] })
  t.ok(JSON.stringify(mock.completions[0]!.body).includes('minsu.kim@example.com'))
})
