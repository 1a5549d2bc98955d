import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { test, type Test } from 'tap'
import { Registry } from 'prom-client'
import { createRedisStore, type RedisStore } from '@meeting-ai/store'
import { startOwnedRedis, startOwnedReplica, uniquePrefix } from '@meeting-ai/testkit/redis'
import { createWorker, DEFAULT_STREAM_GROUP, sttStreamKeyFor, type Worker } from '../src/index.ts'
import { ScriptedEngine } from './fixtures/scripted-engine.ts'
import { eventually, recordingLogger, redisStore, sttEvent, testConfig } from './fixtures/harness.ts'

const fastStream = { blockMs: 100, claimIdleMs: 60_000, claimIntervalMs: 60_000 }

async function metric (registry: Registry, outcome: string): Promise<number> {
  const values = (await registry.getSingleMetric('meeting_ai_worker_events_total')?.get())?.values ?? []
  return values.filter((v) => v.labels.outcome === outcome).reduce((sum, v) => sum + v.value, 0)
}

function startWorker (t: Test, store: RedisStore, overrides: Record<string, string>, redisStream: object = fastStream): { worker: Worker, registry: Registry, pipeline: Worker['pipeline'] } {
  const registry = new Registry()
  const worker = createWorker({
    config: testConfig(store.prefix, { STT_SOURCE: 'redis-stream', ...overrides }),
    store,
    engine: new ScriptedEngine(),
    logger: recordingLogger(),
    registry,
    redisStream
  })
  t.teardown(async () => { await worker.stop() })
  return { worker, registry, pipeline: worker.pipeline }
}

async function produce (store: RedisStore, key: string, meetingId: string, from: number, to: number): Promise<void> {
  for (let n = from; n <= to; n++) await store.client.xAdd(key, '*', { event: JSON.stringify(sttEvent(meetingId, n)) })
}

const windowLength = (store: RedisStore, meetingId: string) => async () => (await store.windows.read(meetingId)).length

test('a restarted worker resumes from its group without loss or duplicates', async (t) => {
  const prefix = uniquePrefix('worker-stream')
  const store = await redisStore(t, prefix)
  const key = `${prefix}stt:events`
  await produce(store, key, 'm-rs', 1, 3)
  const first = startWorker(t, store, {})
  await first.worker.start()
  await eventually(async () => await windowLength(store, 'm-rs')() === 3)
  await first.worker.stop()

  await produce(store, key, 'm-rs', 4, 5)
  const second = startWorker(t, store, {})
  await second.worker.start()
  await eventually(async () => await windowLength(store, 'm-rs')() === 5)
  await second.pipeline.drain()
  t.same((await store.windows.read('m-rs')).map((s) => s.text), [1, 2, 3, 4, 5].map((n) => `segment ${n}`), 'in order, none lost')
  t.equal(await metric(first.registry, 'accepted'), 3)
  t.equal(await metric(second.registry, 'accepted'), 2, 'the restart read only what was new')
  t.equal(await metric(second.registry, 'duplicate'), 0, 'nothing acknowledged came again')
  await eventually(async () => (await store.client.xPending(key, DEFAULT_STREAM_GROUP)).pending === 0)
  t.pass('everything acknowledged')
})

test('entries a worker read but never acknowledged are taken again on its restart', async (t) => {
  const prefix = uniquePrefix('worker-stream')
  const store = await redisStore(t, prefix)
  const key = `${prefix}stt:events`
  await store.client.xGroupCreate(key, DEFAULT_STREAM_GROUP, '0', { MKSTREAM: true })
  await produce(store, key, 'm-own', 1, 3)
  // The same consumer name read them, then crashed before XACK.
  await store.client.xReadGroup(DEFAULT_STREAM_GROUP, 'w-test', { key, id: '>' }, { COUNT: 10 })
  const { worker } = startWorker(t, store, {})
  await worker.start()
  await eventually(async () => (await store.client.xPending(key, DEFAULT_STREAM_GROUP)).pending === 0)
  t.equal(await windowLength(store, 'm-own')(), 3)
})

test('a dead consumer\'s pending entries are reclaimed with XAUTOCLAIM', async (t) => {
  const prefix = uniquePrefix('worker-stream')
  const store = await redisStore(t, prefix)
  const key = `${prefix}stt:events`
  await store.client.xGroupCreate(key, DEFAULT_STREAM_GROUP, '0', { MKSTREAM: true })
  await produce(store, key, 'm-claim', 1, 4)
  await store.client.xReadGroup(DEFAULT_STREAM_GROUP, 'dead-worker', { key, id: '>' }, { COUNT: 10 })
  t.equal((await store.client.xPending(key, DEFAULT_STREAM_GROUP)).pending, 4, 'held by the dead consumer')
  const { worker, registry } = startWorker(t, store, {}, { blockMs: 100, claimIdleMs: 50, claimIntervalMs: 50 })
  await worker.start()
  await eventually(async () => (await store.client.xPending(key, DEFAULT_STREAM_GROUP)).pending === 0)
  t.equal(await windowLength(store, 'm-claim')(), 4)
  t.equal(await metric(registry, 'accepted'), 4)
})

test('sharded stream: each meeting stays on one shard and every shard is read', async (t) => {
  const prefix = uniquePrefix('worker-stream')
  const store = await redisStore(t, prefix)
  const base = `${prefix}stt:events`
  const meetings = ['m-a', 'm-b', 'm-c', 'm-d', 'm-e', 'm-f']
  const keys = new Set(meetings.map((m) => sttStreamKeyFor(base, 4, m)))
  t.ok(keys.size > 1, 'meetings spread over shards')
  for (const meetingId of meetings) await produce(store, sttStreamKeyFor(base, 4, meetingId), meetingId, 1, 2)
  const { worker } = startWorker(t, store, { STT_STREAM_SHARDS: '4' })
  await worker.start()
  for (const meetingId of meetings) await eventually(async () => await windowLength(store, meetingId)() === 2)
  t.pass('all shards consumed')
})

test('a bad entry is dead-lettered and acknowledged, never blocking the stream', async (t) => {
  const prefix = uniquePrefix('worker-stream')
  const store = await redisStore(t, prefix)
  const key = `${prefix}stt:events`
  await store.client.xAdd(key, '*', { event: '{not json' })
  await store.client.xAdd(key, '*', { other: 'field' })
  await produce(store, key, 'm-bad', 1, 1)
  const { worker } = startWorker(t, store, {})
  await worker.start()
  await eventually(async () => await windowLength(store, 'm-bad')() === 1)
  await eventually(async () => (await store.client.xPending(key, DEFAULT_STREAM_GROUP)).pending === 0)
  const letters = await store.deadLetters.list(10)
  t.same(letters.map((l) => l.code).sort(), ['INVALID_EVENT', 'INVALID_JSON'])
  t.ok(letters.every((l) => l.source === 'redis-stream' && l.position.startsWith(`${key}/`)))
})

test('REDIS_WAIT_REPLICAS=1: entries whose batch no replica confirmed stay unacknowledged until one does', async (t) => {
  const master = await startOwnedRedis()
  t.teardown(() => master.stop())
  const prefix = uniquePrefix('worker-stream-wait')
  const overrides = { REDIS_URL: master.url, REDIS_WAIT_REPLICAS: '1', REDIS_WAIT_TIMEOUT_MS: '50' }
  const config = testConfig(prefix, overrides)
  const store = await createRedisStore({
    url: master.url,
    prefix,
    limits: { windowSegments: config.windowSegments, meetingTtlS: config.meetingTtlS, replayMaxLen: config.replayStreamMaxlen },
    logger: recordingLogger(),
    replication: { replicas: config.redisWaitReplicas, timeoutMs: config.redisWaitTimeoutMs }
  })
  t.teardown(() => store.close())
  const key = `${prefix}stt:events`
  await produce(store, key, 'm-wait', 1, 3)
  const { worker, registry } = startWorker(t, store, overrides)
  await worker.start()
  const waitFailures = async (): Promise<number> => ((await registry.getSingleMetric('meeting_ai_worker_store_errors_total')?.get())?.values ?? [])
    .filter((v) => v.labels.operation === 'wait_replicas').reduce((sum, v) => sum + v.value, 0)
  await eventually(async () => await waitFailures() >= 2)
  t.equal(await windowLength(store, 'm-wait')(), 3, 'written on the master')
  t.equal((await store.client.xPending(key, DEFAULT_STREAM_GROUP)).pending, 3, 'but not acknowledged: the batch is retried')

  const replica = await startOwnedReplica(master)
  t.teardown(() => replica.stop())
  await eventually(async () => (await store.client.xPending(key, DEFAULT_STREAM_GROUP)).pending === 0)
  t.pass('acknowledged once a replica confirmed')
  t.equal(await windowLength(store, 'm-wait')(), 3, 'the retries wrote nothing twice')
  t.equal(await metric(registry, 'accepted'), 3, 'each event accepted once; the retries saw duplicates')
})

test('entries delivered to this consumer whose reply was lost are read again after the failed read, not claimIdleMs later', async (t) => {
  // Its own server: the test kills every client connection on it.
  const server = await startOwnedRedis()
  t.teardown(() => server.stop())
  const prefix = uniquePrefix('worker-stream-lost-reply')
  const overrides = { REDIS_URL: server.url }
  const config = testConfig(prefix, overrides)
  const store = await createRedisStore({
    url: server.url,
    prefix,
    limits: { windowSegments: config.windowSegments, meetingTtlS: config.meetingTtlS, replayMaxLen: config.replayStreamMaxlen },
    logger: recordingLogger()
  })
  t.teardown(() => store.close())
  const key = `${prefix}stt:events`
  // Reads block for long and nothing is claimed within the test: only rereading its own pending list delivers.
  const { worker } = startWorker(t, store, overrides, { blockMs: 30_000, claimIdleMs: 600_000, claimIntervalMs: 600_000 })
  await worker.start()
  const blockedClients = async (): Promise<number> => Number(/blocked_clients:(\d+)/.exec(await store.client.info('clients'))?.[1] ?? 0)
  await eventually(async () => await blockedClients() === 1)
  const [consumer] = await store.client.xInfoConsumers(key, DEFAULT_STREAM_GROUP)
  t.ok(consumer, 'the worker\'s consumer is in the group')

  // As when the master answered a read and died before the reply arrived: delivered to the
  // worker's consumer (pending, the group's last id past them), the worker never saw them.
  const delivery = store.client.multi()
  for (let n = 1; n <= 3; n++) delivery.xAdd(key, '*', { event: JSON.stringify(sttEvent('m-lost', n)) })
  delivery.xReadGroup(DEFAULT_STREAM_GROUP, consumer!.name, { key, id: '>' }, { COUNT: 10 })
  await delivery.exec()
  t.equal((await store.client.xPending(key, DEFAULT_STREAM_GROUP)).pending, 3, 'pending for the worker\'s consumer')
  t.equal(await windowLength(store, 'm-lost')(), 0, 'not in the window yet')

  // The worker's blocked read fails (its connection dropped); it reconnects and goes on.
  await promisify(execFile)('redis-cli', ['-u', server.url, 'CLIENT', 'KILL', 'TYPE', 'normal'])
  // The test's own connection was killed too: it answers "offline" until it has reconnected.
  const settles = (check: () => Promise<boolean>) => async () => await check().catch(() => false)
  await eventually(settles(async () => await windowLength(store, 'm-lost')() === 3))
  await eventually(settles(async () => (await store.client.xPending(key, DEFAULT_STREAM_GROUP)).pending === 0))
  t.pass('read from its pending list and acknowledged')
})
