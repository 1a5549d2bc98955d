import t from 'tap'
import { configFrom } from '@meeting-ai/config'
import { TEST_REDIS_URL, deleteKeys, uniquePrefix } from '@meeting-ai/testkit/redis'
import { SseClient } from '@meeting-ai/testkit/sse-client'
import type { AddressInfo } from 'node:net'
import { buildApp } from '../src/app.ts'

t.test('app.close() ends every open stream at once and finishes promptly', async (t) => {
  const prefix = uniquePrefix('stream-shutdown')
  t.teardown(async () => { await deleteKeys(prefix) })
  // Long ping and retry so that nothing but the shutdown can end the streams in time.
  const app = await buildApp({ config: configFrom({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'silent', SSE_PING_MS: '600000' }) })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as AddressInfo).port
  const url = (meetingId: string): string => `http://127.0.0.1:${port}/api/ai/suggestions/meetings/${meetingId}/stream`
  const clients: SseClient[] = []
  for (const meetingId of ['m-1', 'm-1', 'm-2', 'm-3']) {
    const client = await SseClient.connect(url(meetingId))
    await client.waitUntil(() => client.retries.length > 0)
    clients.push(client)
  }
  t.equal(app.suggestionStreams.viewerCount, 4)

  const started = Date.now()
  await app.close()
  const took = Date.now() - started
  t.ok(took < 2000, `app.close() took ${took} ms with 4 streams open`)
  for (const client of clients) await client.waitForClose(1000)
  t.pass('every client saw its stream end')
  t.equal(app.suggestionStreams.viewerCount, 0)
  t.equal(app.suggestionStreams.meetingCount, 0, 'every bus subscription dropped')
  await t.rejects(SseClient.connect(url('m-1'), { timeoutMs: 1000 }), 'the pod no longer accepts streams')
})
