import { once } from 'node:events'
import { test } from 'tap'
import { englishLaunchMeeting } from '@meeting-ai/samples'
import { answerKind, assertResponseShape, buildLlmApp, CONSOLIDATE, longMeeting, requestOf, scriptedModel } from './consolidation-fixtures.ts'
import { Budget } from '../src/consolidation/budget.ts'

const sample = englishLaunchMeeting

test('a hanging LLM: a marked partial answer from the offline engine before the 3 s budget', async (t) => {
  const { app, mock } = await buildLlmApp(t, { CONSOLIDATE_BUDGET_MS: '3000' })
  mock.setHandler(() => ({ fault: 'hang' }))
  await app.ready()
  const started = Date.now()
  const response = await app.inject({ method: 'POST', url: CONSOLIDATE, payload: requestOf(sample) })
  const elapsed = Date.now() - started
  t.equal(response.statusCode, 200)
  t.ok(elapsed < 3000, `answered in ${elapsed} ms, inside the budget`)
  t.ok(elapsed >= 1500, 'the LLM was given most of the budget first')
  const body = response.json()
  assertResponseShape(t, body, sample.meetingId)
  t.equal(body.partial, true)
  t.equal(body.model, 'offline:extractive-v1')
  t.match(body.notes.join(' '), /did not answer within the time budget/)
  t.ok(mock.completions.length >= 1, 'the LLM was asked')
  const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body
  t.match(metrics, /meeting_ai_consolidation_outcomes_total\{operation="consolidate",outcome="partial"\} 1/)
  t.match(metrics, /meeting_ai_consolidation_llm_failures_total\{step="chunk",reason="budget"\} 1/)
})

test('a reduce that hangs: LLM chunk analyses merged by the offline engine, and the note says so', async (t) => {
  const { app, mock } = await buildLlmApp(t, { CONSOLIDATE_BUDGET_MS: '3000' })
  const model = scriptedModel({ agendas: sample.agendas })
  mock.setHandler((request) => answerKind(request) === 'reduce' ? { fault: 'hang' } : model(request))
  await app.ready()
  const started = Date.now()
  const response = await app.inject({ method: 'POST', url: CONSOLIDATE, payload: requestOf(sample) })
  t.ok(Date.now() - started < 3000, 'inside the budget')
  const body = response.json()
  t.equal(body.partial, true)
  t.equal(body.model, 'openai:gpt-4o-mini+offline:extractive-v1')
  t.equal(body.notes.length, 1)
  t.match(body.notes[0], /Merged across participants by the offline extractive engine/)
  t.ok(body.agendaSummaries.some((a: { summary: string }) => a.summary.includes('LLM point')), 'the LLM\'s chunk notes are in the answer')
})

test('a 3-hour meeting (~60k words) with a 2 s/call LLM finishes complete inside the default 25 s budget', async (t) => {
  const { app, mock } = await buildLlmApp(t, {}, { latencyMs: 2000 })
  mock.setHandler(scriptedModel({ agendas: sample.agendas }))
  const request = longMeeting(sample, 60_000)
  const words = request.participantMinutes.reduce((sum, p) => sum + p.content.split(/\s+/).length, 0)
  t.ok(words >= 60_000, `${words} words`)
  await app.ready()
  const started = Date.now()
  const response = await app.inject({ method: 'POST', url: CONSOLIDATE, payload: request })
  const elapsed = Date.now() - started
  t.equal(response.statusCode, 200)
  const body = response.json()
  t.equal(body.partial, false, JSON.stringify(body.notes))
  t.ok(elapsed < 20_000, `wall time ${elapsed} ms`)
  const kinds = mock.completions.map(answerKind)
  const chunkCalls = kinds.filter((k) => k === 'chunk').length
  t.ok(chunkCalls > 10, `${chunkCalls} chunk calls`)
  t.ok(mock.maxConcurrent > 1 && mock.maxConcurrent <= 8, `parallel under the cap (max ${mock.maxConcurrent} in flight)`)
  t.ok(Math.max(...mock.completions.filter((c) => answerKind(c) === 'chunk').map((c) => c.text.length)) < 24_000 + 8000, 'every chunk prompt stays near LLM_CONTEXT_CHARS')
  t.comment(`3-hour meeting: ${words} words, ${chunkCalls} chunk calls + ${kinds.length - chunkCalls} reduce calls, wall time ${elapsed} ms`)
})

test('a long meeting with a hanging LLM: the offline fallback (seconds of CPU) still lands inside the budget', async (t) => {
  const { app, mock } = await buildLlmApp(t, { CONSOLIDATE_BUDGET_MS: '8000' })
  mock.setHandler(() => ({ fault: 'hang' }))
  const request = longMeeting(sample, 30_000)
  await app.ready()
  const started = Date.now()
  const response = await app.inject({ method: 'POST', url: CONSOLIDATE, payload: request })
  const elapsed = Date.now() - started
  t.equal(response.statusCode, 200)
  t.ok(elapsed < 8000, `answered in ${elapsed} ms`)
  const body = response.json()
  t.equal(body.partial, true)
  t.match(body.notes[0], /whole analysis comes from the offline extractive engine/)
  t.ok(body.todos.length > 0 && body.agendaSummaries.length === sample.agendas.length, 'a usable answer')
  t.comment(`30k words, hanging LLM, 8 s budget: answered in ${elapsed} ms`)
})

test('a phase signal fires at its deadline with a TimeoutError, and an ended phase never fires', async (t) => {
  // Phase timers are unref'd (they never hold a process open): something else must.
  const keepAlive = setInterval(() => {}, 1000)
  t.teardown(() => clearInterval(keepAlive))
  const budget = new Budget(Date.now(), 25_000)
  const ended = budget.phaseSignal(Date.now() + 10)
  ended.end()
  const started = Date.now()
  const running = budget.phaseSignal(started + 30)
  await once(running.signal, 'abort')
  t.ok(Date.now() - started >= 25, 'not before its deadline')
  t.equal((running.signal.reason as DOMException).name, 'TimeoutError')
  t.equal(ended.signal.aborted, false, 'the ended phase, due 20 ms earlier, did not fire')
  const past = budget.phaseSignal(Date.now() - 1000)
  await once(past.signal, 'abort')
  t.ok(past.signal.aborted, 'a deadline already past fires at once')
})
