import t from 'tap'
import { meetingKeys, type RedisStore } from '@meeting-ai/store'
import { publish, resumesWithoutGap, startApi, suggestionIds } from './stream-fixture.ts'

t.test('Last-Event-ID resumes after a disconnect with no gap and no duplicate', async (t) => { await resumesWithoutGap(t, await startApi(t)) })

t.test('?lastEventId=0 replays everything kept; the header wins over the query; junk ids are ignored', async (t) => {
  const api = await startApi(t)
  const ids = [await publish(api, 'm-q'), await publish(api, 'm-q'), await publish(api, 'm-q')]

  const all = await api.connect('m-q', { query: '?lastEventId=0' })
  await all.waitUntil(() => suggestionIds(all).length === 3)
  t.same(suggestionIds(all), ids)

  const header = await api.connect('m-q', { query: '?lastEventId=0', lastEventId: ids[1] ?? '' })
  await header.waitUntil(() => header.retries.length > 0)
  const marker = await publish(api, 'm-q')
  await header.waitFor((e) => e.id === marker)
  t.same(suggestionIds(header), [ids[2], marker], 'Last-Event-ID header wins over ?lastEventId=')

  // `header` may have read `marker` by its replay before the feed delivered it live; `all`, live since its
  // replay, sees it only from the feed. Joined before that delivery, a live-only client gets `marker` too.
  await all.waitFor((e) => e.id === marker)
  const junk = await api.connectLive('m-q', { query: '?lastEventId=not-an-id' })
  const marker2 = await publish(api, 'm-q')
  await junk.waitFor((e) => e.id === marker2)
  t.same(suggestionIds(junk), [marker2], 'an id not matching ^\\d+-\\d+$ means live only')

  const headerJunk = await api.connect('m-q', { query: `?lastEventId=${ids[0] ?? ''}`, lastEventId: 'garbage' })
  await headerJunk.waitUntil(() => suggestionIds(headerJunk).length >= 3)
  t.same(suggestionIds(headerJunk).slice(0, 3), [ids[1], ids[2], marker], 'an invalid header falls back to the query')
})

t.test('an id older than the trimmed stream gets a reset event, then everything kept', async (t) => {
  const api = await startApi(t)
  const ids: string[] = []
  for (let i = 0; i < 5; i++) ids.push(await publish(api, 'm-trim'))
  const redis = (api.app.store as RedisStore).client
  // Exact trim (the service trims with MAXLEN ~, which only drops whole nodes of a long stream).
  await redis.xTrim(meetingKeys(api.prefix, 'm-trim').replay, 'MAXLEN', 2)

  const client = await api.connect('m-trim', { lastEventId: ids[0] ?? '' })
  await client.waitUntil(() => suggestionIds(client).length === 2)
  const reset = client.named('reset')
  t.equal(reset.length, 1)
  t.same(JSON.parse(reset[0]?.data ?? '{}'), { lastEventId: ids[0], oldestId: ids[3] })
  t.ok(client.events.indexOf(reset[0] as never) < client.events.findIndex((e) => e.event === 'ai-suggestion'), 'reset comes before the replay')
  t.same(suggestionIds(client), ids.slice(3))

  const current = await api.connect('m-trim', { lastEventId: ids[3] ?? '' })
  await current.waitUntil(() => suggestionIds(current).length === 1)
  t.equal(current.named('reset').length, 0, 'an id still kept gets no reset')
})

t.test('events published while the replay is read are delivered exactly once, in order', async (t) => {
  const api = await startApi(t, { REPLAY_STREAM_MAXLEN: '10000' })
  // Several XRANGE pages (500 each), so live entries arrive while later pages are being read.
  const backlog = 1300
  const publishes: Array<Promise<string>> = []
  for (let i = 0; i < backlog; i++) publishes.push(publish(api, 'm-race', `backlog ${i}`))
  const history = await Promise.all(publishes)

  const client = await api.connect('m-race', { query: '?lastEventId=0' })
  await client.waitFor((e) => e.event === 'ai-suggestion')
  const during: Array<Promise<string>> = []
  for (let i = 0; i < 50; i++) during.push(publish(api, 'm-race', `during ${i}`))
  const concurrent = await Promise.all(during)
  const expected = [...history, ...concurrent].sort((a, b) => {
    const [am, as] = a.split('-').map(Number)
    const [bm, bs] = b.split('-').map(Number)
    return (am ?? 0) - (bm ?? 0) || (as ?? 0) - (bs ?? 0)
  })
  await client.waitUntil(() => suggestionIds(client).length >= expected.length, 10_000, `${expected.length} events`)
  const marker = await publish(api, 'm-race')
  await client.waitFor((e) => e.id === marker)
  const got = suggestionIds(client)
  t.equal(new Set(got).size, got.length, 'no duplicate')
  t.same(got, [...expected, marker], 'no gap, in stream order')
})
