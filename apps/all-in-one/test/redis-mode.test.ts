import { test } from 'tap'
import { configFrom } from '@meeting-ai/config'
import { deleteKeys, recordingLogger, TEST_REDIS_URL, uniquePrefix } from '@meeting-ai/testkit/redis'
import { englishLaunchMeeting as sample } from '@meeting-ai/samples'
import { createRedisClient, type ReplayEntry } from '@meeting-ai/store'
import { sttStreamKeysOf } from '@meeting-ai/worker'
import { startAllInOne } from '../src/all-in-one.ts'

test('on Redis the all-in-one process also reads the Redis stream, sharing one engine', async (t) => {
  const prefix = uniquePrefix('aio')
  const config = configFrom({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'silent' })
  const logger = recordingLogger()
  const service = await startAllInOne({ config, logger, listen: false })
  const producer = createRedisClient({ url: TEST_REDIS_URL, role: 'test-producer', logger })
  await producer.connect()
  t.teardown(async () => {
    producer.destroy()
    await service.close()
    await deleteKeys(prefix)
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

  // Two segments over the stream, the third over HTTP: one window, one threshold.
  const [streamKey] = sttStreamKeysOf(config)
  for (const segment of sample.segments.slice(0, 2)) await producer.xAdd(streamKey!, '*', { event: JSON.stringify(segment) })
  for (;;) {
    if ((await service.store.windows.pending(sample.meetingId)) === 2) break
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const ingest = await service.app.inject({ method: 'POST', url: '/api/v1/stt/events', payload: sample.segments[2] })
  t.same(ingest.json(), { accepted: 1, duplicates: 0, rejected: [] })
  const entry = await published
  t.equal(JSON.parse(entry.payload).meetingId, sample.meetingId, 'the third segment, whatever its way in, triggered analysis')
})
