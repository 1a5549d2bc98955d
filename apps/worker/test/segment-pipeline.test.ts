import { test, type Test } from 'tap'
import { Registry } from 'prom-client'
import { meetingKeys, selectStore, type RedisStore } from '@meeting-ai/store'
import { createSegmentPipeline, type SegmentPipeline } from '@meeting-ai/ingest'
import { ScriptedEngine } from './fixtures/scripted-engine.ts'
import { listen, raw, recordingLogger, redisStore, sttEvent, testConfig } from './fixtures/harness.ts'
import { startOwnedRedis, uniquePrefix } from '@meeting-ai/testkit/redis'

interface Setup {
  store: RedisStore
  engine: ScriptedEngine
  pipeline: SegmentPipeline
  registry: Registry
  logger: ReturnType<typeof recordingLogger>
}

async function setup (t: Test, overrides: Record<string, string> = {}): Promise<Setup> {
  const prefix = uniquePrefix('worker-pipeline')
  const config = testConfig(prefix, overrides)
  const store = await redisStore(t, prefix, config)
  const engine = new ScriptedEngine()
  const registry = new Registry()
  const logger = recordingLogger()
  const pipeline = createSegmentPipeline({ config, store, engine, logger, registry, analysis: { retry: { initialMs: 20, maxMs: 50 } } })
  t.teardown(async () => { await pipeline.close() })
  return { store, engine, pipeline, registry, logger }
}

async function metricValue (registry: Registry, name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = await registry.getSingleMetric(name)?.get()
  return (metric?.values ?? [])
    .filter((v) => Object.entries(labels).every(([k, l]) => (v.labels as Record<string, unknown>)[k] === l))
    .reduce((sum, v) => sum + v.value, 0)
}

test('threshold: 2 segments publish nothing, 3 publish one set, 7 publish two', async (t) => {
  const { store, engine, pipeline } = await setup(t)
  const live = await listen(t, store, 'm-th')
  const ingest = async (from: number, to: number): Promise<void> => {
    // One segment at a time, each analysis finished before the next segment (a live meeting's pace).
    for (let n = from; n <= to; n++) {
      await pipeline.ingest([raw(sttEvent('m-th', n))], 'test')
      await pipeline.drain()
    }
  }
  await ingest(1, 2)
  t.equal(engine.calls.length, 0, 'no analysis below the threshold')
  t.equal((await store.suggestions.readAfter('m-th', '0')).length, 0)

  await ingest(3, 3)
  await live.count(1)
  t.equal(engine.calls.length, 1, 'one analysis at 3')
  t.same(engine.calls[0]?.segments.map((s) => s.text), ['segment 1', 'segment 2', 'segment 3'])
  t.equal(await store.windows.pending('m-th'), 0, 'the analysed count was consumed')

  await ingest(4, 7)
  await live.count(2)
  t.equal(engine.calls.length, 2, 'two analyses for seven segments')
  t.equal(await store.windows.pending('m-th'), 1, 'the seventh segment waits for the next one')
  const replay = await store.suggestions.readAfter('m-th', '0')
  t.same(replay.map((e) => e.id), live.entries.map((e) => e.id), 'channel and replay stream carry the same sets, in order')
  const set = JSON.parse(replay[1]!.payload)
  t.equal(set.meetingId, 'm-th')
  t.match(set.suggestions[0], { content: 'follow up on: segment 6', confidence: 0.7, kind: 'action', id: /^[0-9a-f-]{36}$/ })
  t.equal(set.suggestions[0].timestamp, Date.UTC(2026, 10, 23, 9, 0, 6), 'timestamp of the latest segment')
  t.ok(Number.isInteger(set.generatedAt))
  t.same(engine.calls[1]?.previousSuggestions, ['follow up on: segment 3'], 'the engine sees what was already sent')
})

test('a redelivered event is not counted twice', async (t) => {
  const { store, engine, pipeline, registry } = await setup(t)
  const events = [raw(sttEvent('m-dup', 1)), raw(sttEvent('m-dup', 2))]
  t.same(await pipeline.ingest(events, 'test'), { accepted: 2, duplicates: 0, rejected: [] })
  t.same(await pipeline.ingest(events, 'test'), { accepted: 0, duplicates: 2, rejected: [] }, 'same segmentIds again')
  // Without segmentId/eventId the source position is the key.
  const positional = { body: { meetingId: 'm-dup', text: 'no id', timestamp: 1_732_334_400 }, position: '0:17', fallbackDedupeKey: '0:17' }
  t.same(await pipeline.ingest([positional, positional], 'test'), { accepted: 1, duplicates: 1, rejected: [] })
  await pipeline.drain()
  t.equal((await store.windows.read('m-dup')).length, 3)
  t.equal(engine.calls.length, 1, 'three distinct segments, one analysis')
  t.equal(await metricValue(registry, 'meeting_ai_worker_events_total', { outcome: 'duplicate' }), 3)
})

test('every kind of bad input goes to the dead-letter stream with reason and position, without blocking the rest', async (t) => {
  const { store, pipeline, registry, logger } = await setup(t)
  const good = (n: number) => raw(sttEvent('m-dlq', n))
  const ts = [2026, 11, 23, 9, 0]
  const batch = [
    good(1),
    { body: '{"meetingId":"m-dlq","text":', position: 'bad-json', fallbackDedupeKey: 'bad-json' },
    { body: { meetingId: 'm-dlq', timestamp: ts }, position: 'missing-text', fallbackDedupeKey: 'x1' },
    { body: { meetingId: 'm-dlq', text: '   ', timestamp: ts }, position: 'empty-text', fallbackDedupeKey: 'x2' },
    { body: { meetingId: 'm-dlq', text: 'a', timestamp: [2026, 13, 1, 9, 0] }, position: 'month-13', fallbackDedupeKey: 'x3' },
    { body: { meetingId: 'm-dlq', text: 'b', timestamp: [2026, 2, 30, 9, 0] }, position: 'feb-30', fallbackDedupeKey: 'x4' },
    { body: { meetingId: 'bad id!', text: 'c', timestamp: ts }, position: 'bad-meeting', fallbackDedupeKey: 'x5' },
    good(2)
  ]
  const outcome = await pipeline.ingest(batch, 'redis-stream')
  t.equal(outcome.accepted, 2, 'the good events around the bad ones are taken')
  t.same(outcome.rejected.map((r) => [r.index, r.code]), [
    [1, 'INVALID_JSON'], [2, 'INVALID_EVENT'], [3, 'INVALID_EVENT'], [4, 'INVALID_TIMESTAMP'], [5, 'INVALID_TIMESTAMP'], [6, 'INVALID_EVENT']
  ])
  const letters = (await store.deadLetters.list(10)).reverse()
  t.same(letters.map((l) => [l.position, l.code]), [
    ['bad-json', 'INVALID_JSON'], ['missing-text', 'INVALID_EVENT'], ['empty-text', 'INVALID_EVENT'],
    ['month-13', 'INVALID_TIMESTAMP'], ['feb-30', 'INVALID_TIMESTAMP'], ['bad-meeting', 'INVALID_EVENT']
  ])
  t.ok(letters.every((l) => l.source === 'redis-stream' && l.reason.length > 0 && l.at > 0))
  t.equal(letters[0]?.raw, '{"meetingId":"m-dlq","text":', 'raw body kept')
  t.match(letters[3]?.raw, /"month|\[2026,13/, 'object bodies stored as JSON')
  t.equal(await metricValue(registry, 'meeting_ai_worker_dead_letters_total'), 6)
  const warnings = logger.lines.filter((l) => l.level === 'warn')
  t.equal(warnings.length, 6, 'logged once each')
  t.notOk(JSON.stringify(warnings).includes('   '), 'no transcript text in the log')
})

test('a huge bad body is capped in the dead-letter stream', async (t) => {
  const { store, pipeline } = await setup(t)
  await pipeline.ingest([{ body: { meetingId: 'm', text: 'x'.repeat(20_000), timestamp: 'nope' }, position: 'big', fallbackDedupeKey: 'big' }], 'test')
  const [letter] = await store.deadLetters.list(1)
  t.ok(letter!.raw.length < 4200, `capped at ${letter!.raw.length}`)
  t.match(letter!.raw, /truncated/)
})

test('an engine failure leaves the window pending and is retried with backoff', async (t) => {
  const { store, engine, pipeline, registry } = await setup(t)
  engine.failures = 2
  const live = await listen(t, store, 'm-fail')
  await pipeline.ingest([1, 2, 3].map((n) => raw(sttEvent('m-fail', n))), 'test')
  await live.count(1)
  t.equal(engine.calls.length, 3, 'two failures, then success')
  t.equal(await metricValue(registry, 'meeting_ai_worker_llm_errors_total'), 2)
  t.equal(await metricValue(registry, 'meeting_ai_worker_analyses_total', { outcome: 'failed' }), 2)
  t.same(engine.calls[2]?.segments.map((s) => s.text), ['segment 1', 'segment 2', 'segment 3'], 'the window was not lost')
  await pipeline.drain()
  t.equal(await store.windows.pending('m-fail'), 0)
  t.equal(await store.locks.acquire('m-fail', 1000).then((lease) => lease !== null), true, 'the lock was released')
})

test('an empty answer publishes nothing but consumes the pending count', async (t) => {
  const { store, engine, pipeline, registry } = await setup(t)
  engine.answerEmpty = true
  await pipeline.ingest([1, 2, 3].map((n) => raw(sttEvent('m-empty', n))), 'test')
  await pipeline.drain()
  t.equal(engine.calls.length, 1)
  t.equal((await store.suggestions.readAfter('m-empty', '0')).length, 0)
  t.equal(await store.windows.pending('m-empty'), 0)
  t.equal(await metricValue(registry, 'meeting_ai_worker_analyses_total', { outcome: 'empty' }), 1)
})

test('ingest never waits for the engine', async (t) => {
  const { engine, pipeline } = await setup(t)
  engine.hold()
  await pipeline.ingest([1, 2, 3].map((n) => raw(sttEvent('m-async', n))), 'test')
  await engine.callsStarted(1)
  const outcome = await pipeline.ingest([raw(sttEvent('m-async', 4))], 'test')
  t.equal(outcome.accepted, 1, 'ingest resolved while the analysis is held')
  engine.release()
  await pipeline.drain()
})

test('a store failure rejects ingest with StoreError and is counted', async (t) => {
  const { store, pipeline, registry } = await setup(t)
  await store.close()
  await t.rejects(pipeline.ingest([raw(sttEvent('m-down', 1))], 'test'), { name: 'StoreError' })
  t.equal(await metricValue(registry, 'meeting_ai_worker_store_errors_total', { operation: 'append' }), 1)
})

test('a batch of several meetings: one store call, a group per meeting in batch order, outcomes per event', async (t) => {
  const { store, engine } = await setup(t)
  const registry = new Registry()
  // The real store, with its appendGroups calls recorded on the way through.
  const calls: string[][][] = []
  const windows = store.windows
  const recorded: RedisStore = {
    ...store,
    windows: {
      append: async (segment) => await windows.append(segment),
      appendMany: async (segments) => await windows.appendMany(segments),
      appendGroups: (groups) => {
        calls.push(groups.map((group) => group.map((s) => s.dedupeKey)))
        return windows.appendGroups(groups)
      },
      read: async (meetingId) => await windows.read(meetingId),
      pending: async (meetingId) => await windows.pending(meetingId),
      consume: async (meetingId, analysed) => await windows.consume(meetingId, analysed)
    }
  }
  const pipeline = createSegmentPipeline({ config: testConfig(store.prefix), store: recorded, engine, logger: recordingLogger(), registry })
  t.teardown(async () => { await pipeline.close() })
  const batch = [
    raw(sttEvent('m-a', 1)), raw(sttEvent('m-b', 1)), raw(sttEvent('m-a', 2)),
    { body: '{"meetingId":', position: 'bad', fallbackDedupeKey: 'bad' },
    raw(sttEvent('m-c', 1)), raw(sttEvent('m-b', 2)), raw(sttEvent('m-a', 3)),
    raw(sttEvent('m-a', 2)), // a duplicate inside the batch
    raw(sttEvent('m-b', 1))
  ]
  const outcome = await pipeline.ingest(batch, 'test')
  t.same(outcome, { accepted: 6, duplicates: 2, rejected: [{ index: 3, code: 'INVALID_JSON', detail: outcome.rejected[0]?.detail }] })
  t.same(calls, [[['m-a-1', 'm-a-2', 'm-a-3', 'm-a-2'], ['m-b-1', 'm-b-2', 'm-b-1'], ['m-c-1']]], 'one call, a group per meeting in first-seen order, events in batch order')
  t.same((await store.windows.read('m-a')).map((s) => s.text), ['segment 1', 'segment 2', 'segment 3'])
  t.same((await store.windows.read('m-b')).map((s) => s.text), ['segment 1', 'segment 2'])
  t.same((await store.windows.read('m-c')).map((s) => s.text), ['segment 1'])
  await pipeline.drain()
  t.same(engine.calls.map((c) => c.meetingId), ['m-a'], 'only the meeting that reached the threshold is analysed')
  t.same(await pipeline.ingest(batch, 'test'), { accepted: 0, duplicates: 8, rejected: outcome.rejected }, 'the redelivered batch')
  t.equal(await metricValue(registry, 'meeting_ai_worker_events_total', { outcome: 'duplicate' }), 10, 'duplicates counted per event')
  t.equal(await metricValue(registry, 'meeting_ai_worker_events_total', { outcome: 'accepted' }), 6)
  t.equal(await metricValue(registry, 'meeting_ai_worker_events_total', { outcome: 'rejected' }), 2)
})

test('a failing meeting rejects ingest; the other meetings of the batch are written and counted', async (t) => {
  const { store, pipeline, registry, logger } = await setup(t)
  // m-broken's window key holds a string, so its append fails inside Redis.
  await store.client.set(meetingKeys(store.prefix, 'm-broken').window, 'not a list')
  const batch = [raw(sttEvent('m-ok', 1)), raw(sttEvent('m-broken', 1)), raw(sttEvent('m-ok', 2)), raw(sttEvent('m-late', 1))]
  await t.rejects(pipeline.ingest(batch, 'test'), { name: 'StoreError' })
  t.same((await store.windows.read('m-ok')).map((s) => s.text), ['segment 1', 'segment 2'], 'the healthy meeting is written')
  t.same((await store.windows.read('m-late')).map((s) => s.text), ['segment 1'], 'so is a meeting after the failing one in the same call')
  t.equal(await metricValue(registry, 'meeting_ai_worker_store_errors_total', { operation: 'append' }), 1, 'one failed call')
  t.equal(await metricValue(registry, 'meeting_ai_worker_events_total', { outcome: 'accepted' }), 1, 'the event before the failure is counted')
  t.match(logger.lines.find((l) => l.level === 'error')?.obj, { meetingId: 'm-broken', events: 1 })
})

test('REDIS_WAIT_REPLICAS: a batch the replicas did not confirm rejects ingest (not acknowledged), is logged and counted; the retry waits again', async (t) => {
  // A server of the test's own with no replica: WAIT 1 answers 0 once its timeout has passed.
  const redis = await startOwnedRedis()
  t.teardown(() => redis.stop())
  const prefix = uniquePrefix('worker-wait')
  const config = testConfig(prefix, { REDIS_URL: redis.url, REDIS_WAIT_REPLICAS: '1', REDIS_WAIT_TIMEOUT_MS: '50' })
  const logger = recordingLogger()
  const store = await selectStore(config, { role: 'worker', logger })
  t.teardown(() => store.close())
  const registry = new Registry()
  const pipeline = createSegmentPipeline({ config, store, engine: new ScriptedEngine(), logger, registry })
  t.teardown(async () => { await pipeline.close() })

  const batch = [raw(sttEvent('m-wait', 1)), raw(sttEvent('m-wait-2', 1)), raw({ meetingId: '' })]
  await t.rejects(pipeline.ingest(batch, 'test'), { name: 'StoreError', code: 'STORE_REPLICATION_SHORT' })
  t.equal(await metricValue(registry, 'meeting_ai_worker_store_errors_total', { operation: 'wait_replicas' }), 1, 'counted')
  t.ok(logger.lines.some((line) => line.level === 'error' && /replicas did not confirm the batch/.test(line.msg)), 'logged')
  t.equal((await store.windows.read('m-wait')).length, 1, 'the write stands on the master; only the acknowledgement is held back')
  // The source's retry writes nothing new (duplicates) and still waits: the events may be on the master alone.
  await t.rejects(pipeline.ingest(batch, 'test'), { code: 'STORE_REPLICATION_SHORT' })
  t.equal(await metricValue(registry, 'meeting_ai_worker_store_errors_total', { operation: 'wait_replicas' }), 2)
})
