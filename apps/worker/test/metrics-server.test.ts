import { setImmediate as nextTurn } from 'node:timers/promises'
import { test } from 'tap'
import { Registry } from 'prom-client'
import { AnalysisPool } from '@meeting-ai/llm'
import { createRedisStore } from '@meeting-ai/store'
import { startOwnedRedis, uniquePrefix } from '@meeting-ai/testkit/redis'
import { startMetricsServer } from '../src/index.ts'
import { recordingLogger } from './fixtures/harness.ts'

const HOLD_TASK = new URL('./fixtures/hold-task.ts', import.meta.url).href

async function until (condition: () => boolean): Promise<void> {
  while (!condition()) await nextTurn()
}

test('the worker alone: /health is readiness (store and analysis queue), /health/live only liveness, /metrics for scraping', async (t) => {
  const redis = await startOwnedRedis()
  t.teardown(async () => { await redis.stop() })
  const store = await createRedisStore({ url: redis.url, prefix: uniquePrefix('worker-health'), limits: { windowSegments: 30, meetingTtlS: 3600, replayMaxLen: 100 }, logger: recordingLogger() })
  t.teardown(async () => { await store.close() })
  const pool = new AnalysisPool({ threads: 1, maxQueue: 1 })
  t.teardown(async () => { await pool.close() })
  const registry = new Registry()
  const server = await startMetricsServer({ port: 0, host: '127.0.0.1', registry, store, analysis: pool })
  t.teardown(async () => { await server.close() })
  const base = `http://127.0.0.1:${server.port}`
  const get = async (path: string): Promise<{ status: number, body: any }> => {
    const response = await fetch(`${base}${path}`)
    return { status: response.status, body: await response.json() }
  }

  t.same(await get('/health'), { status: 200, body: { status: 'UP', store: 'redis', components: { redis: { status: 'UP' }, analysis: { status: 'UP', details: { queued: 0, maxQueue: 1, threads: 1 } } } } })

  // One task holds the only thread, the second takes the queue's only place: the queue is full.
  const flag = new SharedArrayBuffer(4)
  const held = [pool.run<string>(HOLD_TASK, 'hold', { flag }), pool.run<string>(HOLD_TASK, 'hold', { flag })]
  await until(() => pool.full)
  t.match(await get('/health'), { status: 503, body: { status: 'DOWN', components: { redis: { status: 'UP' }, analysis: { status: 'DOWN', details: { queued: 1 } } } } }, 'a full queue makes the worker unready')
  t.same(await get('/health/live'), { status: 200, body: { status: 'UP' } }, 'and leaves it alive')
  const cell = new Int32Array(flag)
  Atomics.store(cell, 0, 1)
  Atomics.notify(cell, 0)
  t.same(await Promise.all(held), ['released', 'released'])
  t.equal((await get('/health')).status, 200, 'ready again once the queue drained')

  await redis.stop()
  t.match(await get('/health'), { status: 503, body: { status: 'DOWN', components: { redis: { status: 'DOWN', details: { error: /./ } }, analysis: { status: 'UP' } } } }, 'Redis down: unready')
  t.equal((await get('/health/live')).status, 200, 'Redis down: still alive, not restarted for its dependency')
  await redis.start()
  // The store reconnects on its own; readiness follows without a restart.
  for (;;) {
    if ((await get('/health')).status === 200) break
    await nextTurn()
  }
  t.pass('ready again after Redis came back')

  const metrics = await fetch(`${base}/metrics`)
  t.equal(metrics.status, 200)
  t.match(metrics.headers.get('content-type'), /^text\/plain/)
  t.equal((await fetch(`${base}/health`, { method: 'POST' })).status, 405)
  t.equal((await fetch(`${base}/nothing-here`)).status, 404)
})
