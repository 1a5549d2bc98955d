import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import t from 'tap'
import { createRedisStore, type RedisStore } from '@meeting-ai/store'
import { recordingLogger } from '@meeting-ai/testkit/redis'
import { startApi, suggestionIds, suggestionSet } from './stream-fixture.ts'

async function freePort (): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  server.close()
  await once(server, 'close')
  return port
}

/** A throwaway redis-server of our own (the shared one on 6379 is never stopped). */
async function startRedis (port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] })
  let output = ''
  child.stdout?.setEncoding('utf8')
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: string) => {
      output += chunk
      if (output.includes('Ready to accept connections')) resolve()
    })
    child.once('exit', (code) => { reject(new Error(`redis-server exited with ${String(code)}: ${output}`)) })
  })
  return child
}

async function stopRedis (child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGKILL')
  await once(child, 'exit')
}

t.test('Redis restart mid-stream: the stream stays open, /health is DOWN meanwhile, missed and later events arrive', async (t) => {
  const port = await freePort()
  const url = `redis://127.0.0.1:${port}`
  let redis = await startRedis(port)
  t.teardown(async () => { await stopRedis(redis) })

  const api = await startApi(t, { REDIS_URL: url, SSE_PING_MS: '200' })
  // The test's own publisher, as a worker would be: a separate engine on the same Redis.
  const connectPublisher = async (): Promise<RedisStore> => await createRedisStore({ url, prefix: api.prefix, limits: { windowSegments: 30, meetingTtlS: 3600, replayMaxLen: 1000 }, logger: recordingLogger() })
  let publisher = await connectPublisher()
  t.teardown(async () => { await publisher.close() })
  const publish = async (): Promise<string> => {
    const id = await publisher.suggestions.publish(suggestionSet('m-restart'), null)
    if (id === null) throw new Error('fenced')
    return id
  }

  const viewer = await api.connectLive('m-restart')
  const before = await publish()
  await viewer.waitFor((e) => e.id === before)

  await stopRedis(redis)
  const down = await fetch(`${api.base}/health`)
  t.equal(down.status, 503)
  t.match(await down.json(), { status: 'DOWN' })
  // Let the subscriber's reconnect backoff grow (each failed attempt is counted) so that it
  // comes back well after Redis does: what is published in between is missed by pub/sub.
  await t.resolves(async () => {
    for (;;) {
      const errors = await api.app.metrics.registry.getSingleMetricAsString('meeting_ai_redis_errors_total')
      const subscriberErrors = Number(/role="subscriber"} (\d+)/.exec(errors)?.[1] ?? 0)
      if (subscriberErrors >= 5) return
      await viewer.waitUntil(() => viewer.named('ping').length > 0 && !viewer.closed, 1000)
      const pings = viewer.named('ping').length
      await viewer.waitUntil(() => viewer.named('ping').length > pings, 2000, 'a ping during the outage')
    }
  })
  t.notOk(viewer.closed, 'the stream stayed open through the outage (pings kept coming)')

  redis = await startRedis(port)
  // A fresh connection: the old one is still in its own reconnect backoff.
  await publisher.close()
  publisher = await connectPublisher()
  // Published as soon as Redis is back, before the API's subscriber has reconnected.
  const missed = [await publish(), await publish()]
  await viewer.waitUntil(() => suggestionIds(viewer).length === 3, 10_000, 'the missed events (recovered from the replay stream)')
  // The recovery read went through the command connection, so it is back too.
  const up = await fetch(`${api.base}/health`)
  t.equal(up.status, 200, '/health is UP again without a restart of the API')
  const after = await publish()
  await viewer.waitFor((e) => e.id === after, 5000)
  t.same(suggestionIds(viewer), [before, ...missed, after], 'missed events recovered once each, then live')
  t.notOk(viewer.closed)
})
