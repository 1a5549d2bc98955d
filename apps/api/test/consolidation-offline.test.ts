import { test } from 'tap'
import { englishLaunchMeeting, koreanLaunchMeeting } from '@meeting-ai/samples'
import { buildTestApp } from './helpers/app.ts'
import { assertResponseShape, CONSOLIDATE, requestOf } from './consolidation-fixtures.ts'

// The offline extractive engine is the main engine here (no LLM configured): every answer is complete.

for (const sample of [englishLaunchMeeting, koreanLaunchMeeting]) {
  test(`${sample.language} sample: full response shape from the offline engine`, async (t) => {
    const { app } = await buildTestApp(t)
    const response = await app.inject({ method: 'POST', url: CONSOLIDATE, payload: requestOf(sample) })
    t.equal(response.statusCode, 200)
    const body = response.json()
    assertResponseShape(t, body, sample.meetingId)
    t.equal(body.partial, false)
    t.same(body.notes, [])
    t.equal(body.model, 'offline:extractive-v1')
    t.same(body.agendaSummaries.map((a: { agendaNumber: number, agendaTitle: string }) => [a.agendaNumber, a.agendaTitle]), sample.agendas.map((a) => [a.agendaNumber, a.title]), 'one summary per given agenda, in order, with the caller\'s titles')
    const todoText = body.todos.map((todo: { title: string }) => todo.title.toLowerCase())
    for (const words of sample.expected.todos) {
      t.ok(todoText.some((title: string) => words.every((w) => title.includes(w.toLowerCase()))), `a todo mentions ${words.join(' + ')}`)
    }
    const conflict = body.agendaSummaries.find((a: { agendaNumber: number }) => a.agendaNumber === sample.expected.conflict.agendaNumber)
    t.ok(conflict.pending.length > 0, 'the conflicting statements are surfaced in pending')
  })
}

test('without agendas every derived agenda item still gets a summary', async (t) => {
  const { app } = await buildTestApp(t)
  const { agendas: _agendas, ...request } = requestOf(englishLaunchMeeting)
  const response = await app.inject({ method: 'POST', url: CONSOLIDATE, payload: request })
  t.equal(response.statusCode, 200)
  const body = response.json()
  t.ok(body.agendaSummaries.length >= 1)
  for (const summary of body.agendaSummaries) t.ok(summary.agendaTitle.length > 0 && summary.summary.length > 0)
})

test('overlapping todos and points from several participants become one', async (t) => {
  const { app } = await buildTestApp(t)
  const response = await app.inject({
    method: 'POST',
    url: CONSOLIDATE,
    payload: {
      meetingId: 'm-merge',
      agendas: [{ agendaNumber: 1, title: 'Budget' }, { agendaNumber: 2, title: 'Hiring' }],
      participantMinutes: [
        { userId: 'u1', userName: 'Kim', content: 'Budget: we agreed to cut travel by 10%.\nAction: Kim will send the revised budget to finance by Friday.' },
        { userId: 'u2', userName: 'Lee', content: 'Budget: agreed to cut travel by 10 percent.\nTODO: Kim will send the revised budget to Finance by Friday!' },
        { userId: 'u3', userName: 'Park', content: 'Budget - travel cut by 10% agreed.\nKim will send the revised budget to finance by friday.' }
      ]
    }
  })
  t.equal(response.statusCode, 200)
  const body = response.json()
  const budgetTodos = body.todos.filter((todo: { title: string }) => /revised budget/i.test(todo.title))
  t.equal(budgetTodos.length, 1, `one todo for the revised budget, got ${JSON.stringify(body.todos)}`)
  t.equal(body.agendaSummaries.length, 2, 'both agendas answered, Hiring included though nobody wrote about it')
  t.ok(body.agendaSummaries[1].summary.length > 0)
})

test('null fields are treated as absent; an integer userId and meetingId are accepted as strings', async (t) => {
  const { app } = await buildTestApp(t)
  const response = await app.inject({
    method: 'POST',
    url: CONSOLIDATE,
    payload: {
      meetingId: 42,
      meetingTitle: null,
      agendas: null,
      language: null,
      participantMinutes: [{ userId: 7, userName: null, content: 'We decided to ship on Monday. Lee will write the release notes.' }],
      unknownField: 'ignored'
    }
  })
  t.equal(response.statusCode, 200, response.body)
  t.equal(response.json().meetingId, '42')
})

test('invalid bodies answer 400 problem+json naming the field', async (t) => {
  const { app } = await buildTestApp(t, { MAX_MINUTES_CHARS: '1000' })
  const cases: Array<[string, unknown, RegExp]> = [
    ['missing participantMinutes', { meetingId: 'm-1' }, /participantMinutes/],
    ['meetingId with spaces', { meetingId: 'm 1', participantMinutes: [{ userId: 'u1', content: 'x' }] }, /meetingId/],
    ['empty participantMinutes', { meetingId: 'm-1', participantMinutes: [] }, /participantMinutes/],
    ['agendaNumber not an integer', { meetingId: 'm-1', agendas: [{ agendaNumber: 'one', title: 'x' }], participantMinutes: [{ userId: 'u1', content: 'x' }] }, /agendaNumber/],
    ['minutes over MAX_MINUTES_CHARS', { meetingId: 'm-1', participantMinutes: [{ userId: 'u1', content: 'a'.repeat(600) }, { userId: 'u2', content: 'b'.repeat(600) }] }, /participantMinutes/]
  ]
  for (const [name, payload, field] of cases) {
    const response = await app.inject({ method: 'POST', url: CONSOLIDATE, payload: payload as object })
    t.equal(response.statusCode, 400, name)
    t.match(response.headers['content-type'], /application\/problem\+json/)
    const problem = response.json()
    t.match(problem.detail, field, `${name}: detail names the field`)
    t.ok(problem.errors.some((e: { field: string }) => field.test(e.field)), `${name}: errors[] names the field`)
  }
})

test('auth: 401 without a key, 403 with a wrong one, 200 with a configured one', async (t) => {
  const { app } = await buildTestApp(t, { AUTH_API_KEYS: 'key-one,key-two', STREAM_TOKEN_SECRET: 's'.repeat(32) })
  const payload = requestOf(englishLaunchMeeting)
  const none = await app.inject({ method: 'POST', url: CONSOLIDATE, payload })
  t.equal(none.statusCode, 401)
  t.equal(none.json().code, 'UNAUTHORIZED')
  const wrong = await app.inject({ method: 'POST', url: CONSOLIDATE, payload, headers: { authorization: 'Bearer nope' } })
  t.equal(wrong.statusCode, 403)
  const regenerate = await app.inject({ method: 'POST', url: '/api/v1/meetings/m-1/summary/regenerate', headers: { authorization: 'Bearer nope' } })
  t.equal(regenerate.statusCode, 403, 'regenerate is protected too')
  const ok = await app.inject({ method: 'POST', url: CONSOLIDATE, payload, headers: { authorization: 'Bearer key-two' } })
  t.equal(ok.statusCode, 200)
})

test('413 problem for a body over BODY_LIMIT_BYTES', async (t) => {
  const { app } = await buildTestApp(t, { BODY_LIMIT_BYTES: '2048' })
  const response = await app.inject({ method: 'POST', url: CONSOLIDATE, payload: { meetingId: 'm-1', participantMinutes: [{ userId: 'u1', content: 'x'.repeat(4000) }] } })
  t.equal(response.statusCode, 413)
  t.equal(response.json().code, 'BODY_TOO_LARGE')
})

test('429 with Retry-After past RATE_LIMIT_PER_MINUTE per caller', async (t) => {
  const { app } = await buildTestApp(t, { RATE_LIMIT_PER_MINUTE: '2' })
  const payload = { meetingId: 'm-rate', participantMinutes: [{ userId: 'u1', content: 'We decided to ship on Monday.' }] }
  t.equal((await app.inject({ method: 'POST', url: CONSOLIDATE, payload })).statusCode, 200)
  t.equal((await app.inject({ method: 'POST', url: CONSOLIDATE, payload })).statusCode, 200)
  const limited = await app.inject({ method: 'POST', url: CONSOLIDATE, payload })
  t.equal(limited.statusCode, 429)
  t.equal(limited.json().code, 'RATE_LIMITED')
  t.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After in seconds')
  const other = await app.inject({ method: 'POST', url: CONSOLIDATE, payload, remoteAddress: '10.0.0.9' })
  t.equal(other.statusCode, 200, 'another caller has its own allowance')
})

test('OpenAPI documents both operations with their problems', async (t) => {
  const { app } = await buildTestApp(t)
  const document = (await app.inject({ method: 'GET', url: '/v3/api-docs' })).json()
  const consolidate = document.paths['/api/v1/transcripts/consolidate'].post
  t.equal(consolidate.operationId, 'consolidateTranscripts')
  t.same(consolidate.tags, ['transcripts'])
  t.same(consolidate.requestBody.content['application/json'].schema, { $ref: '#/components/schemas/ConsolidateRequest' })
  t.same(consolidate.responses['200'].content['application/json'].schema, { $ref: '#/components/schemas/ConsolidateResponse' })
  for (const status of ['400', '401', '403', '413', '429', '503', '504']) t.ok(consolidate.responses[status], `documents ${status}`)
  t.ok(consolidate.parameters.some((p: { in: string, name: string }) => p.in === 'header' && p.name === 'idempotency-key'), 'Idempotency-Key header documented')
  t.ok(document.components.schemas.ConsolidateRequest.examples ?? document.components.schemas.ConsolidateRequest.example, 'request example')
  const regenerate = document.paths['/api/v1/meetings/{meetingId}/summary/regenerate'].post
  t.equal(regenerate.operationId, 'regenerateSummary')
  t.same(regenerate.tags, ['meetings'])
  t.ok(regenerate.responses['404'])
})
