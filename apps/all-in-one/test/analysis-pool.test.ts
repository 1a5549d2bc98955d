import { test } from 'tap'
import { configFrom } from '@meeting-ai/config'
import { PooledOfflineEngine } from '@meeting-ai/llm'
import type { ReplayEntry } from '@meeting-ai/store'
import { deleteKeys, recordingLogger, TEST_REDIS_URL, uniquePrefix } from '@meeting-ai/testkit/redis'
import { englishLaunchMeeting as sample } from '@meeting-ai/samples'
import { startAllInOne } from '../src/all-in-one.ts'

test('the worker\'s live analysis runs on the shared analysis pool; event-loop delay is exported', async (t) => {
  const prefix = uniquePrefix('aio-pool')
  const config = configFrom({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'silent', STT_SOURCE: 'none' })
  const service = await startAllInOne({ config, logger: recordingLogger(), listen: false })
  t.teardown(async () => {
    await service.close()
    await deleteKeys(prefix)
  })
  t.ok(service.engine instanceof PooledOfflineEngine, 'the offline engine of the worker runs on the pool')
  await service.app.ready()

  let resolvePublished: (entry: ReplayEntry) => void = () => {}
  const published = new Promise<ReplayEntry>((resolve) => { resolvePublished = resolve })
  const listener = (entry: ReplayEntry): void => { resolvePublished(entry) }
  await service.store.bus.subscribe(sample.meetingId, listener)
  t.teardown(() => service.store.bus.unsubscribe(sample.meetingId, listener))
  const completedBefore = Number(/meeting_ai_analysis_tasks_completed (\d+)/.exec(await service.registry.metrics())![1])
  const ingest = await service.app.inject({ method: 'POST', url: '/api/v1/stt/events', payload: sample.segments.slice(0, 3) })
  t.equal(ingest.statusCode, 202)
  await published

  const metrics = await service.registry.metrics()
  const completedAfter = Number(/meeting_ai_analysis_tasks_completed (\d+)/.exec(metrics)![1])
  t.ok(completedAfter > completedBefore, `the suggestion came from a pool task (${completedBefore} -> ${completedAfter} tasks)`)
  t.match(metrics, /meeting_ai_llm_calls_total\{engine="offline:extractive-v1",operation="suggest",result="ok"\} [1-9]/)
  t.match(metrics, /nodejs_eventloop_lag_p99_seconds \d/, 'event-loop delay exported')
})
