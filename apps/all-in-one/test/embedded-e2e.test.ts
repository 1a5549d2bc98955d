import { test } from 'tap'
import { configFrom } from '@meeting-ai/config'
import type { ConsolidateResponse } from '@meeting-ai/contracts'
import { freePort, recordingLogger } from '@meeting-ai/testkit/redis'
import { englishLaunchMeeting as sample } from '@meeting-ai/samples'
import { SseClient } from '@meeting-ai/testkit/sse-client'
import { startAllInOne } from '../src/all-in-one.ts'

// REDIS_URL unset and nothing answering at the default address: the "newcomer without Redis".
// The default is moved to a closed port instead of stopping the shared Redis.
async function withoutRedis (env: Record<string, string> = {}) {
  const config = configFrom({ PORT: String(await freePort()), HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env })
  return { ...config, redisUrl: `redis://127.0.0.1:${await freePort()}` }
}

test('embedded end to end: HTTP ingest → suggestion on SSE → consolidation → regenerate', async (t) => {
  const logger = recordingLogger()
  const config = await withoutRedis()
  t.equal(config.redisUrlExplicit, false)
  const service = await startAllInOne({ config, logger, probeTimeoutMs: 500 })
  t.teardown(() => service.close())
  const base = service.url!

  t.equal(service.store.kind, 'embedded')
  const warnings = logger.lines.filter((line) => line.level === 'warn')
  t.equal(warnings.length, 1, 'one warning about the fallback')
  t.match(warnings[0]!.msg, /embedded in-memory store/)
  t.match(logger.lines.find((line) => /all-in-one ready/.test(line.msg))?.obj, { store: 'embedded', llm: /^offline/, source: 'http only', url: base })

  const health = await fetch(`${base}/health`)
  t.equal(health.status, 200)
  t.match(await health.json(), { status: 'UP', store: 'embedded', engine: 'embedded', components: { embedded: { status: 'UP' }, analysis: { status: 'UP' } } })

  const stream = await SseClient.connect(`${base}/api/ai/suggestions/meetings/${sample.meetingId}/stream`)
  t.teardown(() => stream.close())
  t.equal(stream.status, 200)
  await stream.waitUntil(() => stream.retries.length > 0, 5000, 'subscription confirmed')

  const ingest = await fetch(`${base}/api/v1/stt/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(sample.segments) })
  t.equal(ingest.status, 202)
  t.same(await ingest.json(), { accepted: sample.segments.length, duplicates: 0, rejected: [] })

  await stream.waitUntil(() => stream.events.some((e) => e.event === 'ai-suggestion'), 10_000, 'an ai-suggestion event')
  const suggestion = stream.events.find((e) => e.event === 'ai-suggestion')!
  t.match(suggestion.id, /^\d+-\d+$/, 'the event id is a replay id')
  const set = JSON.parse(suggestion.data)
  t.equal(set.meetingId, sample.meetingId)
  t.ok(set.suggestions.length > 0)
  t.match(set.suggestions[0], { id: String, content: String, evidence: String, timestamp: Number, confidence: Number })
  // The offline engine's advice rests on words said in the meeting, and is not those words.
  const spoken = sample.segments.map((segment) => segment.text).join(' ')
  for (const s of set.suggestions as Array<{ content: string, evidence: string }>) {
    t.ok(s.evidence.split(/(?<=[.?!])\s+/).every((sentence) => spoken.includes(sentence.replace(/…$/, ''))), `evidence quotes the transcript: ${s.evidence}`)
    t.notOk(spoken.includes(s.content), `advice, not a quote: ${s.content}`)
  }

  // Replay by id works on the embedded store as on Redis: a client resuming from 0 gets it again.
  const resumed = await SseClient.connect(`${base}/api/ai/suggestions/meetings/${sample.meetingId}/stream?lastEventId=0`)
  t.teardown(() => resumed.close())
  await resumed.waitUntil(() => resumed.events.some((e) => e.event === 'ai-suggestion'), 5000, 'replayed suggestion')
  t.equal(resumed.events.find((e) => e.event === 'ai-suggestion')!.id, suggestion.id)

  const request = { meetingId: sample.meetingId, meetingTitle: sample.meetingTitle, agendas: sample.agendas, participantMinutes: sample.participantMinutes, language: sample.language }
  const consolidated = await fetch(`${base}/api/v1/transcripts/consolidate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) })
  t.equal(consolidated.status, 200)
  const result = await consolidated.json() as ConsolidateResponse
  t.equal(result.meetingId, sample.meetingId)
  t.ok(result.keywords.length > 0, 'keywords')
  t.equal(result.agendaSummaries.length, sample.agendas.length, 'a summary per agenda')
  t.ok(result.todos.length > 0, 'todos')

  const regenerated = await fetch(`${base}/api/v1/meetings/${sample.meetingId}/summary/regenerate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ agendaNumber: 2 }) })
  t.equal(regenerated.status, 200)
  const again = await regenerated.json() as ConsolidateResponse
  t.equal(again.meetingId, sample.meetingId)
  t.equal(again.agendaSummaries.length, sample.agendas.length, 'regenerating one agenda still returns every agenda')
  t.ok(again.todos.length > 0)

  const metrics = await (await fetch(`${base}/metrics`)).text()
  t.match(metrics, /meeting_ai_worker_events_total\{source="http",outcome="accepted"\} 25/, 'worker metrics on the one registry')
  t.match(metrics, /process_cpu_user_seconds_total/, 'process metrics once')

  await service.close()
  await stream.waitUntil(() => stream.closed, 5000, 'stream ended on shutdown')
  await t.rejects(fetch(`${base}/health`), 'the port is closed after close()')
})

test('STORE=embedded forces the embedded store even where Redis answers, without a warning', async (t) => {
  const logger = recordingLogger()
  const service = await startAllInOne({ config: configFrom({ STORE: 'embedded', LOG_LEVEL: 'silent' }), logger, listen: false })
  t.teardown(() => service.close())
  t.equal(service.store.kind, 'embedded')
  t.equal(service.worker.source, null, 'no stream source: HTTP ingest only')
  t.same(logger.lines.filter((line) => line.level === 'warn'), [])
  const health = await service.app.inject({ method: 'GET', url: '/health' })
  t.equal(health.json().store, 'embedded')
})

test('an explicit REDIS_URL that does not answer stops start-up with a clear error', async (t) => {
  const config = configFrom({ REDIS_URL: `redis://127.0.0.1:${await freePort()}`, LOG_LEVEL: 'silent' })
  t.equal(config.redisUrlExplicit, true)
  await t.rejects(startAllInOne({ config, logger: recordingLogger() }), { code: 'STORE_UNAVAILABLE', message: /does not answer.*REDIS_URL is set/ })
})
