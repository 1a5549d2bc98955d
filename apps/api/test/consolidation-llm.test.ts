import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from 'tap'
import { englishLaunchMeeting } from '@meeting-ai/samples'
import { buildApp } from '../src/app.ts'
import { answerKind, assertResponseShape, buildLlmApp, CONSOLIDATE, requestOf, scriptedModel } from './consolidation-fixtures.ts'
import { createEngine } from '@meeting-ai/llm'

const sample = englishLaunchMeeting
const agendas = sample.agendas

test('mock LLM path: scripted answers become the response, post-processed', async (t) => {
  const { app, mock } = await buildLlmApp(t)
  mock.setHandler(scriptedModel({
    agendas,
    reduceTodos: ['Send the revised budget by Friday', 'send the revised budget by friday.', 'Fix the push crash']
  }))
  const response = await app.inject({ method: 'POST', url: CONSOLIDATE, payload: requestOf(sample) })
  t.equal(response.statusCode, 200, response.body)
  const body = response.json()
  assertResponseShape(t, body, sample.meetingId)
  t.equal(body.model, 'openai:gpt-4o-mini')
  t.equal(body.partial, false)
  t.same(body.notes, [])
  t.same(body.agendaSummaries.map((a: { summary: string }) => a.summary), agendas.map((a) => `LLM summary of ${a.title}`))
  t.same(body.todos, [{ title: 'Send the revised budget by Friday' }, { title: 'Fix the push crash' }], 'duplicate todo titles merged')
  t.same(body.keywords, ['launch', 'budget'], 'keywords deduplicated case-insensitively')
  t.same(mock.completions.map(answerKind), ['chunk', 'reduce'], 'a short meeting is one chunk call and one reduce call')
  const chunkPrompt = mock.completions[0]!.text
  for (const part of sample.participantMinutes) t.ok(chunkPrompt.includes(part.userName!), `${part.userName} minutes reached the model`)
})

test('cache hit: the same request (reordered, nulls added) makes no LLM request', async (t) => {
  const { app, mock } = await buildLlmApp(t)
  mock.setHandler(scriptedModel({ agendas }))
  const first = await app.inject({ method: 'POST', url: CONSOLIDATE, payload: requestOf(sample) })
  t.equal(first.statusCode, 200)
  const calls = mock.completions.length
  t.ok(calls >= 2)
  const reordered = { ...requestOf(sample), participantMinutes: [...sample.participantMinutes].reverse(), meetingTitle: sample.meetingTitle, extra: null }
  const second = await app.inject({ method: 'POST', url: CONSOLIDATE, payload: { language: reordered.language, ...reordered } })
  t.equal(second.statusCode, 200)
  t.equal(mock.completions.length, calls, 'no LLM request for the second call')
  t.same(second.json(), first.json(), 'the cached answer')
  const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body
  t.match(metrics, /meeting_ai_consolidation_outcomes_total\{operation="consolidate",outcome="cached"\} 1/)
  t.match(metrics, /meeting_ai_consolidation_outcomes_total\{operation="consolidate",outcome="complete"\} 1/)
  const changed = await app.inject({ method: 'POST', url: CONSOLIDATE, payload: { ...requestOf(sample), meetingTitle: 'Another title' } })
  t.equal(changed.statusCode, 200)
  t.ok(mock.completions.length > calls, 'a different request runs again')
})

test('concurrent identical requests run the LLM once', async (t) => {
  const { app, mock } = await buildLlmApp(t, {}, { latencyMs: 300 })
  mock.setHandler(scriptedModel({ agendas }))
  const responses = await Promise.all(Array.from({ length: 5 }, async () => await app.inject({ method: 'POST', url: CONSOLIDATE, payload: requestOf(sample) })))
  t.same(responses.map((r) => r.statusCode), [200, 200, 200, 200, 200])
  t.same(mock.completions.map(answerKind), ['chunk', 'reduce'], 'one run')
  const bodies = responses.map((r) => r.json())
  for (const body of bodies) t.same(body, bodies[0])
})

test('two processes on one Redis: the second waits for the first run\'s answer instead of running it again', async (t) => {
  const first = await buildLlmApp(t, {}, { latencyMs: 400 })
  first.mock.setHandler(scriptedModel({ agendas }))
  const engine = createEngine({ llmEngine: 'openai', llmBaseUrl: first.mock.url, llmApiKey: 'test', llmMaxRetries: 0 })
  const second = await buildApp({ config: first.config, engine })
  t.teardown(async () => { await second.close() })
  const a = first.app.inject({ method: 'POST', url: CONSOLIDATE, payload: requestOf(sample) })
  await first.mock.waitForCompletions(1)
  const b = await second.inject({ method: 'POST', url: CONSOLIDATE, payload: requestOf(sample) })
  const answerA = await a
  t.equal(b.statusCode, 200)
  t.same(b.json(), answerA.json(), 'the same answer')
  t.same(first.mock.completions.map(answerKind), ['chunk', 'reduce'], 'one LLM run across both processes')
})

test('a run goes on after the caller disconnects and its answer is cached for the retry', async (t) => {
  const { app, mock } = await buildLlmApp(t, {}, { latencyMs: 300 })
  mock.setHandler(scriptedModel({ agendas }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  const body = JSON.stringify(requestOf(sample))
  const abandoned = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: CONSOLIDATE, headers: { 'content-type': 'application/json' } })
  const closed = new Promise<void>((resolve) => abandoned.on('close', resolve))
  abandoned.on('error', () => {})
  abandoned.end(body)
  await mock.waitForCompletions(1)
  abandoned.destroy()
  await closed
  // The retry either joins the still-running run or finds its cached answer: never a second run.
  const retry = await app.inject({ method: 'POST', url: CONSOLIDATE, payload: requestOf(sample) })
  t.equal(retry.statusCode, 200)
  t.equal(retry.json().partial, false)
  t.same(mock.completions.map(answerKind), ['chunk', 'reduce'], 'the abandoned run finished and served the retry')
})

test('Idempotency-Key: same key gets the same stored answer; reused with another body → 422', async (t) => {
  const { app, mock } = await buildLlmApp(t)
  mock.setHandler(scriptedModel({ agendas }))
  const headers = { 'idempotency-key': 'end-meeting-42-attempt' }
  const first = await app.inject({ method: 'POST', url: CONSOLIDATE, payload: requestOf(sample), headers })
  t.equal(first.statusCode, 200)
  const calls = mock.completions.length
  const again = await app.inject({ method: 'POST', url: CONSOLIDATE, payload: requestOf(sample), headers })
  t.same(again.json(), first.json())
  t.equal(mock.completions.length, calls)
  const other = await app.inject({ method: 'POST', url: CONSOLIDATE, payload: { ...requestOf(sample), meetingTitle: 'changed' }, headers })
  t.equal(other.statusCode, 422)
  t.equal(other.json().code, 'IDEMPOTENCY_KEY_REUSED')
  const bad = await app.inject({ method: 'POST', url: CONSOLIDATE, payload: requestOf(sample), headers: { 'idempotency-key': 'has space' } })
  t.equal(bad.statusCode, 400)
  t.equal(bad.json().code, 'IDEMPOTENCY_KEY_INVALID')
})

test('an LLM failure on a chunk falls back to the offline engine for that part, marked partial and counted', async (t) => {
  const { app, mock } = await buildLlmApp(t)
  mock.setHandler(scriptedModel({ agendas }))
  mock.script({ fault: 'server-error' })
  const response = await app.inject({ method: 'POST', url: CONSOLIDATE, payload: requestOf(sample) })
  t.equal(response.statusCode, 200)
  const body = response.json()
  t.equal(body.partial, true)
  t.equal(body.notes.length, 1)
  t.match(body.notes[0], /offline extractive engine/)
  t.match(body.notes[0], /LLM_UNAVAILABLE/)
  t.equal(body.model, 'offline:extractive-v1', 'the only chunk came from the offline engine')
  const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body
  t.match(metrics, /meeting_ai_consolidation_llm_failures_total\{step="chunk",reason="LLM_UNAVAILABLE"\} 1/)
  // A partial answer is not the cached final one: the same request runs again.
  const calls = mock.completions.length
  const retry = await app.inject({ method: 'POST', url: CONSOLIDATE, payload: requestOf(sample) })
  t.equal(retry.json().partial, false)
  t.ok(mock.completions.length > calls)
})
