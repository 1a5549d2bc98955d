import t from 'tap'
import { publish, startApi, suggestionIds, until } from './stream-fixture.ts'

t.test('two viewers of one meeting and one of another each get exactly their events', async (t) => {
  const api = await startApi(t, { FRONTEND_ORIGIN: 'http://localhost:8888,http://example.test' })
  const a1 = await api.connectLive('m-a', { headers: { origin: 'http://localhost:8888' } })
  const a2 = await api.connectLive('m-a')
  const b1 = await api.connectLive('m-b')

  t.equal(a1.status, 200)
  t.match(a1.headers['content-type'], /^text\/event-stream/)
  t.equal(a1.headers['cache-control'], 'no-cache, no-transform')
  t.equal(a1.headers['x-accel-buffering'], 'no')
  t.equal(a1.headers['access-control-allow-origin'], 'http://localhost:8888', 'CORS reaches the raw SSE head')
  t.match(String(a1.headers.vary), /Origin/i)
  t.equal(a2.headers['access-control-allow-origin'], undefined, 'no origin, no CORS header')
  t.ok(a1.headers['x-request-id'])

  // retry: comes first, before any event.
  t.same(a1.retries, [api.config.sseRetryMs])
  t.equal(a1.events.length, 0)
  t.match(await api.app.metrics.registry.getSingleMetricAsString('meeting_ai_sse_meetings_subscribed'), / 2$/m)
  t.equal(api.app.suggestionStreams.viewerCount, 3)
  t.equal(api.app.suggestionStreams.meetingCount, 2)

  const a = [await publish(api, 'm-a', 'first for a'), await publish(api, 'm-a', 'second for a')]
  const b = [await publish(api, 'm-b', 'only for b')]

  for (const client of [a1, a2]) await client.waitUntil(() => suggestionIds(client).length === 2)
  await b1.waitUntil(() => suggestionIds(b1).length === 1)
  // A marker event on each meeting proves nothing else is still on its way.
  const markerA = await publish(api, 'm-a')
  const markerB = await publish(api, 'm-b')
  for (const client of [a1, a2]) await client.waitFor((e) => e.id === markerA)
  await b1.waitFor((e) => e.id === markerB)

  t.same(suggestionIds(a1), [...a, markerA])
  t.same(suggestionIds(a2), [...a, markerA])
  t.same(suggestionIds(b1), [...b, markerB])
  const first = a1.named('ai-suggestion')[0]
  t.equal(JSON.parse(first?.data ?? '{}').suggestions[0].content, 'first for a', 'data is the payload as published')

  const metrics = await api.app.metrics.registry.getSingleMetricAsString('meeting_ai_sse_events_sent_total')
  t.match(metrics, /event="ai-suggestion"} 8/)
})

t.test('idle meetings release their subscription when the last viewer leaves', async (t) => {
  const api = await startApi(t)
  const viewer = await api.connectLive('m-idle')
  const id = await publish(api, 'm-idle')
  await viewer.waitFor((e) => e.id === id)
  t.equal(api.app.suggestionStreams.meetingCount, 1)
  viewer.close()
  await until(() => api.app.suggestionStreams.meetingCount === 0 && api.app.suggestionStreams.viewerCount === 0, 2000, 'release')
  t.pass('viewer and subscription released as soon as the client is gone')
  const gauge = await api.app.metrics.registry.getSingleMetricAsString('meeting_ai_sse_connections')
  t.match(gauge, / 0$/m)
})

t.test('two API instances on one Redis each deliver the same events to their own viewers', async (t) => {
  const first = await startApi(t)
  const second = await startApi(t, {}, first.prefix)
  const v1 = await first.connectLive('m-shared')
  const v2 = await second.connectLive('m-shared')
  const ids: string[] = []
  for (let i = 0; i < 3; i++) ids.push(await publish(first, 'm-shared'))
  await v1.waitUntil(() => suggestionIds(v1).length === 3)
  await v2.waitUntil(() => suggestionIds(v2).length === 3)
  t.same(suggestionIds(v1), ids)
  t.same(suggestionIds(v2), ids)
  t.equal(first.app.suggestionStreams.viewerCount, 1)
  t.equal(second.app.suggestionStreams.viewerCount, 1)
})

t.test('pings arrive on schedule from one shared timer', async (t) => {
  const api = await startApi(t, { SSE_PING_MS: '100' })
  const viewers = [await api.connectLive('m-ping'), await api.connectLive('m-ping'), await api.connectLive('m-other')]
  for (const viewer of viewers) await viewer.waitUntil(() => viewer.named('ping').length >= 4, 3000)
  const [v] = viewers
  const pings = v?.named('ping') ?? []
  t.equal(pings[0]?.data, '{}')
  const gaps = pings.slice(1).map((ping, i) => ping.receivedAt - (pings[i]?.receivedAt ?? 0))
  for (const gap of gaps) t.ok(gap >= 50 && gap <= 400, `ping gap ${gap} ms near 100 ms`)
  // One timer: every viewer gets its ping in the same tick, so the per-tick counts are equal.
  const counts = viewers.map((viewer) => viewer.named('ping').length)
  t.ok(Math.max(...counts) - Math.min(...counts) <= 1, `ping counts ${counts.join(',')} stay in step`)
})

t.test('a new stream gets its first ping about one interval after opening, not at once', async (t) => {
  // 1000 ms: 50 ping slots 20 ms apart. A stream put in the slot pinged next would get a ping
  // within 20 ms; it must land in one pinged recently, due 750-1000 ms after opening.
  const api = await startApi(t, { SSE_PING_MS: '1000' })
  const viewers: Array<{ client: Awaited<ReturnType<typeof api.connectLive>>, openedAt: number }> = []
  for (let i = 0; i < 12; i++) {
    const openedAt = Date.now()
    viewers.push({ client: await api.connectLive(`m-first-ping-${i % 3}`), openedAt })
  }
  for (const { client, openedAt } of viewers) {
    await client.waitUntil(() => client.named('ping').length >= 1, 5000, 'the first ping')
    const after = (client.named('ping')[0]?.receivedAt ?? 0) - openedAt
    t.ok(after >= 700, `first ping ${after} ms after opening (at least 0.75 of the interval)`)
  }
})

t.test('a plain GET without Accept streams; an Accept that refuses SSE does not', async (t) => {
  const api = await startApi(t)
  const plain = await api.connect('m-plain', { headers: { accept: '*/*' } })
  t.equal(plain.status, 200)
  t.match(plain.headers['content-type'], /^text\/event-stream/)
  const refused = await api.connect('m-plain', { headers: { accept: 'application/json' } })
  t.equal(refused.status, 406)
  const bad = await api.connect('bad id with spaces')
  t.equal(bad.status, 400)
  t.match(bad.headers['content-type'], /application\/problem\+json/)
})
