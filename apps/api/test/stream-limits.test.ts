import t from 'tap'
import { publish, startApi, suggestionIds, until } from './stream-fixture.ts'

t.test('over a viewer limit: 200, a jittered retry:, and the end of the stream (EventSource keeps retrying)', async (t) => {
  const api = await startApi(t, { MAX_VIEWERS_PER_MEETING: '2', MAX_VIEWERS_PER_PROCESS: '3', SSE_RETRY_MS: '1000' })
  const kept = [await api.connectLive('m-full'), await api.connectLive('m-full')]

  const overMeeting = await api.connect('m-full')
  t.equal(overMeeting.status, 200, 'not 429: EventSource gives up for good on any non-200')
  t.match(overMeeting.headers['content-type'], /^text\/event-stream/)
  await overMeeting.waitForClose()
  t.equal(overMeeting.retries.length, 1)
  const retry = overMeeting.retries[0] ?? 0
  t.ok(retry >= 1000 && retry <= 3000, `jittered retry ${retry} within [SSE_RETRY_MS, 3 × SSE_RETRY_MS]`)
  t.match(overMeeting.comments.join(), /limit per meeting/)

  const third = await api.connectLive('m-other')
  const overProcess = await api.connect('m-another')
  await overProcess.waitForClose()
  t.equal(overProcess.status, 200)
  t.match(overProcess.comments.join(), /limit per process/)

  const metrics = await api.app.metrics.registry.getSingleMetricAsString('meeting_ai_sse_limit_rejections_total')
  t.match(metrics, /limit="meeting"} 1/)
  t.match(metrics, /limit="process"} 1/)

  // The viewers let in are unaffected, and a freed slot is usable again.
  const id = await publish(api, 'm-full')
  for (const viewer of kept) await viewer.waitFor((e) => e.id === id)
  third.close()
  await until(() => api.app.suggestionStreams.viewerCount === 2, 2000, 'the third viewer to leave')
  const again = await api.connectLive('m-another')
  t.notOk(again.closed)
})

t.test('a client that stops reading is dropped once its unsent output passes SSE_MAX_BUFFERED_BYTES', async (t) => {
  const api = await startApi(t, { SSE_MAX_BUFFERED_BYTES: '65536' })
  const slow = await api.connectLive('m-slow')
  const fast = await api.connectLive('m-slow')
  slow.pause()
  const big = 'x'.repeat(256 * 1024)
  const published: string[] = []
  // Enough to fill the loopback socket buffers of the paused client and then its response buffer.
  while (api.app.suggestionStreams.viewerCount === 2 && published.length < 200) {
    published.push(await publish(api, 'm-slow', big))
    await fast.waitUntil(() => suggestionIds(fast).length === published.length, 5000, 'the fast viewer to keep up')
  }
  t.equal(api.app.suggestionStreams.viewerCount, 1, `slow viewer dropped after ${published.length} sets of 256 KiB`)
  const dropped = await api.app.metrics.registry.getSingleMetricAsString('meeting_ai_sse_slow_clients_dropped_total')
  t.match(dropped, / 1$/m)
  const more = await publish(api, 'm-slow', 'small')
  await fast.waitFor((e) => e.id === more)
  t.same(suggestionIds(fast), [...published, more], 'the fast viewer got everything')
})
