import { test, type Test } from 'tap'
import { configFrom, type Config } from '@meeting-ai/config'
import { deleteKeys, recordingLogger, startRedisCluster, TEST_REDIS_URL, uniquePrefix } from '@meeting-ai/testkit/redis'
import { englishLaunchMeeting as sample } from '@meeting-ai/samples'
import { createRedisConnection, isClusterClient, sttStreamBaseKey, sttStreamKeyFor, type ReplayEntry } from '@meeting-ai/store'
import { sttStreamKeysOf } from '@meeting-ai/worker'
import { startAllInOne } from '../src/all-in-one.ts'

test('on Redis the all-in-one process also reads the Redis stream, sharing one engine', async (t) => {
  const prefix = uniquePrefix('aio')
  t.teardown(() => deleteKeys(prefix))
  await streamAndHttpReachOneWindow(t, configFrom({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'silent' }))
})

test('on a Redis Cluster likewise: the stream shards share a slot, ingest and publish touch one slot per call', async (t) => {
  const cluster = await startRedisCluster()
  t.teardown(() => cluster.stop())
  const config = configFrom({
    REDIS_URL: TEST_REDIS_URL,
    REDIS_CLUSTER_NODES: cluster.nodes.map((node) => `127.0.0.1:${node.port}`).join(','),
    REDIS_KEY_PREFIX: uniquePrefix('aio'),
    STT_STREAM_SHARDS: '4',
    LOG_LEVEL: 'silent'
  })
  await streamAndHttpReachOneWindow(t, config)
})

/**
 * Two segments over the Redis stream, the third over HTTP: one window, one threshold, one
 * published set on the bus.
 */
async function streamAndHttpReachOneWindow (t: Test, config: Config): Promise<void> {
  const logger = recordingLogger()
  const service = await startAllInOne({ config, logger, listen: false })
  const producer = createRedisConnection({ address: { url: config.redisUrl, clusterNodes: config.redisClusterNodes }, role: 'test-producer', logger })
  await producer.connect()
  t.teardown(async () => {
    producer.destroy()
    await service.close()
  })
  t.equal(service.store.kind, 'redis')
  t.equal(service.worker.source?.name, 'redis-stream')
  t.same(logger.lines.filter((line) => line.level === 'warn'), [], 'no fallback warning')
  t.equal((await service.app.inject({ method: 'GET', url: '/health' })).json().store, 'redis')

  let resolvePublished: (entry: ReplayEntry) => void
  const published = new Promise<ReplayEntry>((resolve) => { resolvePublished = resolve })
  const listener = (entry: ReplayEntry): void => resolvePublished(entry)
  await service.store.bus.subscribe(sample.meetingId, listener)
  t.teardown(() => service.store.bus.unsubscribe(sample.meetingId, listener))

  const streamKey = sttStreamKeyFor(sttStreamBaseKey(config.redisKeyPrefix, config.sttStreamKey, isClusterClient(producer)), config.sttStreamShards, sample.meetingId)
  t.ok(sttStreamKeysOf(config).includes(streamKey), 'the producer writes a shard the worker reads')
  for (const segment of sample.segments.slice(0, 2)) await producer.xAdd(streamKey, '*', { event: JSON.stringify(segment) })
  for (;;) {
    if ((await service.store.windows.pending(sample.meetingId)) === 2) break
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const ingest = await service.app.inject({ method: 'POST', url: '/api/v1/stt/events', payload: sample.segments[2] })
  t.same(ingest.json(), { accepted: 1, duplicates: 0, rejected: [] })
  const entry = await published
  t.equal(JSON.parse(entry.payload).meetingId, sample.meetingId, 'the third segment, whatever its way in, triggered analysis')
}
