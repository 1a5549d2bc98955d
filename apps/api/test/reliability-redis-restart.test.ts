import type { AddressInfo } from 'node:net'
import t from 'tap'
import { configFrom } from '@meeting-ai/config'
import { createRedisStore } from '@meeting-ai/store'
import { startMockLlm } from '@meeting-ai/testkit/mock-llm'
import { freePort, recordingLogger, startOwnedRedis, uniquePrefix } from '@meeting-ai/testkit/redis'
import { englishLaunchMeeting } from '@meeting-ai/samples'
import { SseClient } from '@meeting-ai/testkit/sse-client'
import { buildApp } from '../src/app.ts'
import { requestOf, scriptedModel } from './consolidation-fixtures.ts'
import { pollUntil, redisClient, spawnService, startPersistentRedis } from './reliability-helpers.ts'
import { suggestionIds } from './stream-fixture.ts'

/*
 * Issue 11, part 2: Redis (a server this test owns) SIGKILLed and started again while segments
 * stream in and a viewer watches, and while a consolidation runs. Neither the API nor the worker
 * is restarted.
 *
 * What "accepted" means: HTTP ingest answered 202 (the events are in the window), or Redis
 * answered OK to the XADD of a stream entry. Redis here runs with `appendfsync always`, as a
 * deployment that must not lose acknowledged writes does, so an accepted segment survives the
 * crash; a 503 (or a failed XADD) tells the producer to send again, and the resend must land
 * once. The worker re-reads what it had not acknowledged.
 */

const texts = englishLaunchMeeting.segments.map((s) => s.text)

interface Health { status: number, body: { status?: string } }
async function health (url: string): Promise<Health> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5000) })
  return { status: response.status, body: await response.json() as { status?: string } }
}

t.test('Redis SIGKILLed and restarted during live streaming: health DOWN then UP, nothing accepted lost, no resend counted twice, the viewer has no gap', async (t) => {
  const redis = await startPersistentRedis(t)
  const prefix = uniquePrefix('rel-redis')
  const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: prefix, LLM_ENGINE: 'offline', WINDOW_SEGMENTS: '2000', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' }
  const app = await buildApp({ config: configFrom(env) })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const viewers: SseClient[] = []
  t.teardown(async () => {
    for (const viewer of viewers) viewer.close()
    await app.close()
  })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const workerPort = await freePort()
  const worker = spawnService(t, 'apps/worker/src/main.ts', { ...env, LOG_LEVEL: 'info', STT_SOURCE: 'redis-stream', WORKER_ID: 'w-redis', METRICS_PORT: String(workerPort), HOST: '127.0.0.1' })
  await worker.waitForOutput('worker started')
  const producer = await redisClient(t, redis.url)
  const streamKey = `${prefix}stt:events`

  const httpMeeting = 'rr-http'
  const streamMeeting = 'rr-stream'
  const viewer = await SseClient.connect(`${base}/api/ai/suggestions/meetings/${httpMeeting}/stream`)
  viewers.push(viewer)
  await viewer.waitUntil(() => viewer.retries.length > 0, 5000, 'the subscription')

  // One producer loop: each round offers segment n over HTTP and as a stream entry.
  const httpAccepted = new Set<string>()
  const httpRefused: Array<Record<string, unknown>> = []
  const streamAccepted = new Set<string>()
  // Writes Redis took after the restart: the entries before it prove nothing about the reconnected producer.
  let streamAcceptedAfter = 0
  let streamRefused = 0
  let otherHttpAnswers = 0
  let n = 0
  const run: { phase: 'before' | 'outage' | 'after' | 'done' } = { phase: 'before' }
  const slowestRefusalMs: number[] = []
  const event = (meetingId: string, i: number) => ({ meetingId, segmentId: `${meetingId}-${i}`, text: texts[i % texts.length], timestamp: Date.now(), speakerId: 'u1' })
  const produce = async (): Promise<void> => {
    while (run.phase !== 'done') {
      const i = n++
      const body = event(httpMeeting, i)
      const started = Date.now()
      try {
        const response = await fetch(`${base}/api/v1/stt/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(5000) })
        const answer = await response.json() as { accepted?: number, duplicates?: number, code?: string }
        if (response.status === 202 && answer.accepted === 1) httpAccepted.add(body.segmentId)
        else if (response.status === 503 && answer.code === 'STORE_UNAVAILABLE') {
          httpRefused.push(body)
          slowestRefusalMs.push(Date.now() - started)
        } else otherHttpAnswers += 1
      } catch {
        otherHttpAnswers += 1
      }
      const entry = event(streamMeeting, i)
      try {
        await producer.xAdd(streamKey, '*', { event: JSON.stringify(entry) })
        streamAccepted.add(entry.segmentId)
        if (run.phase === 'after') streamAcceptedAfter += 1
      } catch {
        streamRefused += 1
      }
      // Let the phase switches and the health probes in between rounds.
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
  const producing = produce()

  await pollUntil(async () => httpAccepted.size >= 30 && viewer.named('ai-suggestion').length > 0, 20_000, 'segments accepted and a suggestion set seen before the outage')
  t.equal((await health(`${base}/health`)).status, 200, 'API /health UP before the outage')
  await redis.stop()
  run.phase = 'outage'
  const apiDown = await health(`${base}/health`)
  t.equal(apiDown.status, 503, 'API /health is 503 while Redis is down')
  t.equal(apiDown.body.status, 'DOWN', 'and says DOWN')
  const workerDown = await health(`http://127.0.0.1:${workerPort}/health`)
  t.equal(workerDown.status, 503, 'worker /health is 503 while Redis is down')
  await pollUntil(async () => httpRefused.length >= 10 && streamRefused >= 10, 20_000, 'ingest refused during the outage')

  await redis.start()
  await pollUntil(async () => (await health(`${base}/health`)).status === 200, 20_000, 'API /health UP again')
  await pollUntil(async () => (await health(`http://127.0.0.1:${workerPort}/health`)).status === 200, 20_000, 'worker /health UP again')
  run.phase = 'after'
  const acceptedAtRestart = httpAccepted.size
  await pollUntil(async () => httpAccepted.size >= acceptedAtRestart + 30 && streamAcceptedAfter > 0, 20_000, 'ingest accepted again')
  run.phase = 'done'
  await producing

  // The producer sends again what was refused: accepted now, and once.
  const resend = await fetch(`${base}/api/v1/stt/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(httpRefused) })
  t.equal(resend.status, 202, 'the resend is accepted')
  const resent = await resend.json() as { accepted: number, duplicates: number }
  // A 503 may come after the events were written (the answer lost, not the write): those come back as duplicates.
  t.equal(resent.accepted + resent.duplicates, httpRefused.length, 'every refused event taken on resend')

  const store = await createRedisStore({ url: redis.url, prefix, limits: { windowSegments: 2000, meetingTtlS: 3600, replayMaxLen: 1000 }, logger: recordingLogger() })
  t.teardown(async () => { await store.close() })
  const httpWindow = (await store.windows.read(httpMeeting)).map((s) => s.dedupeKey)
  t.equal(new Set(httpWindow).size, httpWindow.length, 'no HTTP segment twice in the window')
  const missingHttp = [...httpAccepted].filter((id) => !httpWindow.includes(id))
  t.same(missingHttp, [], `every one of ${httpAccepted.size} segments answered 202 is in the window after the crash`)
  t.same([...httpWindow].sort(), [...httpAccepted, ...httpRefused.map((e) => e.segmentId as string)].sort(), 'the window holds the accepted and the resent segments, once each, nothing else')

  await pollUntil(async () => (await store.windows.read(streamMeeting)).length >= streamAccepted.size, 20_000, 'every accepted stream entry in the window')
  const streamWindow = (await store.windows.read(streamMeeting)).map((s) => s.dedupeKey)
  t.equal(new Set(streamWindow).size, streamWindow.length, 'no stream segment twice in the window')
  t.same([...streamAccepted].filter((id) => !streamWindow.includes(id)), [], `every one of ${streamAccepted.size} stream entries Redis acknowledged reached the window`)
  // The window write comes before the XACK, so the last acknowledgement may still be on its way.
  let pending = -1
  let pendingError: unknown
  await pollUntil(async () => {
    try {
      pending = Number((await producer.xPending(streamKey, 'meeting-ai-worker')).pending)
    } catch (error) {
      pendingError = error
      return false
    }
    return pending === 0
  }, 20_000, 'the worker to acknowledge every entry').catch(() => {})
  t.equal(pending, 0, 'the worker acknowledged everything, without a restart', { lastXPendingError: String(pendingError), producerReady: producer.isReady })
  t.equal(worker.child.exitCode, null, 'the worker process is the same one')

  // The viewer: every set in the replay stream once, in order, across the outage.
  const kept = (await store.suggestions.readAfter(httpMeeting, '0')).map((entry) => entry.id)
  await viewer.waitUntil(() => suggestionIds(viewer).includes(kept.at(-1) as string), 10_000, 'the last published set')
  t.same(suggestionIds(viewer), kept, `the viewer saw all ${kept.length} sets once each, no gap`)
  t.notOk(viewer.closed, 'the stream stayed open')
  t.equal(otherHttpAnswers, 0, 'ingest answered 202 or 503 STORE_UNAVAILABLE, nothing else')
  t.ok(Math.max(...slowestRefusalMs) < 2500, `refusals came fast (slowest ${Math.max(...slowestRefusalMs)} ms)`)
  t.comment(`figures: HTTP ${httpAccepted.size} accepted, ${httpRefused.length} refused then resent (${resent.accepted} new, ${resent.duplicates} already written); stream ${streamAccepted.size} acknowledged by Redis, ${streamRefused} refused; ${kept.length} suggestion sets, slowest 503 ${Math.max(...slowestRefusalMs)} ms`)
})

t.test('Redis SIGKILLed while a consolidation runs and while another arrives: answers or a clear 503 inside the budget, then works again', async (t) => {
  const redis = await startOwnedRedis()
  t.teardown(async () => { await redis.stop() })
  const mock = await startMockLlm({ latencyMs: 1500 })
  t.teardown(async () => { await mock.close() })
  mock.setHandler(scriptedModel({ agendas: englishLaunchMeeting.agendas }))
  const budgetMs = 6000
  const app = await buildApp({ config: configFrom({ REDIS_URL: redis.url, REDIS_KEY_PREFIX: uniquePrefix('rel-cons'), LLM_BASE_URL: mock.url, LLM_API_KEY: 'test', CONSOLIDATE_BUDGET_MS: String(budgetMs), LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' }) })
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(async () => { await app.close() })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const consolidate = async (meetingId: string): Promise<{ status: number, body: Record<string, unknown>, ms: number }> => {
    const started = Date.now()
    const response = await fetch(`${base}/api/v1/transcripts/consolidate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(requestOf(englishLaunchMeeting, meetingId)), signal: AbortSignal.timeout(30_000) })
    return { status: response.status, body: await response.json() as Record<string, unknown>, ms: Date.now() - started }
  }
  const acceptable = (answer: { status: number, body: Record<string, unknown> }): boolean =>
    (answer.status === 200 && Array.isArray(answer.body.agendaSummaries)) ||
    (answer.status === 503 && typeof answer.body.code === 'string' && answer.body.status === 503)

  const running = consolidate('rc-during')
  await mock.waitForCompletions(1)
  await redis.stop()
  const during = await running
  t.ok(acceptable(during), `the run that saw Redis die answered ${during.status} ${String(during.body.code ?? during.body.partial)}`)
  t.ok(during.ms < budgetMs + 1000, `within the budget (${during.ms} ms)`)

  const outage = await consolidate('rc-outage')
  t.ok(acceptable(outage), `a request during the outage answered ${outage.status} ${String(outage.body.code ?? outage.body.partial)}`)
  t.ok(outage.ms < budgetMs + 1000, `within the budget (${outage.ms} ms)`)
  t.equal((await health(`${base}/health`)).status, 503, '/health DOWN meanwhile')

  await redis.start()
  await pollUntil(async () => (await health(`${base}/health`)).status === 200, 20_000, '/health UP again')
  const after = await consolidate('rc-after')
  t.equal(after.status, 200, 'consolidation works again without an API restart')
  t.equal(after.body.partial, false, 'a complete answer')
  const again = await consolidate('rc-after')
  t.equal(again.status, 200, 'the repeat answers too')
  t.ok(again.ms < 500, `and its result is cached in the restarted Redis (repeat in ${again.ms} ms)`)
  t.comment(`figures: during the crash ${during.status} in ${during.ms} ms, during the outage ${outage.status} in ${outage.ms} ms, after ${after.status} in ${after.ms} ms (budget ${budgetMs} ms)`)
})
