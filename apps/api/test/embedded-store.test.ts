import { test } from 'tap'
import { configFrom } from '@meeting-ai/config'
import { createEmbeddedStore, limitsOf } from '@meeting-ai/store'
import { freePort, recordingLogger } from '@meeting-ai/testkit/redis'
import { englishLaunchMeeting as sample } from '@meeting-ai/samples'
import { SseClient } from '@meeting-ai/testkit/sse-client'
import { buildApp } from '../src/app.ts'

test('the API on a given embedded store: health, HTTP ingest and the stream work, the engine is not closed by the app', async (t) => {
  const config = configFrom({ LOG_LEVEL: 'silent' })
  const store = createEmbeddedStore({ limits: limitsOf(config), logger: recordingLogger() })
  t.teardown(() => store.close())
  const app = await buildApp({ config, store })
  t.teardown(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const base = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`

  const health = await app.inject({ method: 'GET', url: '/health' })
  t.match(health.json(), { status: 'UP', store: 'embedded', engine: 'embedded', components: { embedded: { status: 'UP' }, analysis: { status: 'UP' } } })

  const stream = await SseClient.connect(`${base}/api/ai/suggestions/meetings/${sample.meetingId}/stream`)
  t.teardown(() => stream.close())
  await stream.waitUntil(() => stream.retries.length > 0, 5000, 'subscription confirmed')
  const ingest = await app.inject({ method: 'POST', url: '/api/v1/stt/events', payload: [...sample.segments.slice(0, 3), { meetingId: sample.meetingId }] })
  t.same(ingest.json(), { accepted: 3, duplicates: 0, rejected: [{ index: 3, code: 'INVALID_EVENT', detail: ingest.json().rejected[0]?.detail }] })
  t.equal(await store.deadLetters.count(), 1)
  await stream.waitUntil(() => stream.events.some((e) => e.event === 'ai-suggestion'), 10_000, 'an ai-suggestion event')

  await app.close()
  await store.ping()
  t.equal((await store.windows.read(sample.meetingId)).length, 3, 'the engine outlives the app that was given it')
})

test('the API process alone refuses the embedded store and a Redis that does not answer', async (t) => {
  await t.rejects(buildApp({ config: configFrom({ STORE: 'embedded', LOG_LEVEL: 'silent' }) }), { code: 'EMBEDDED_STORE_NOT_ALLOWED' })
  await t.rejects(buildApp({ config: configFrom({ REDIS_URL: `redis://127.0.0.1:${await freePort()}`, LOG_LEVEL: 'silent' }) }), { code: 'STORE_UNAVAILABLE', message: /the api process always needs Redis|REDIS_URL is set/ })
})
