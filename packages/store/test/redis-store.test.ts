import { test, type Test } from 'tap'
import type { RealtimeSuggestionsResponse, Segment } from '@meeting-ai/contracts'
import { deleteKeys, recordingLogger, TEST_REDIS_URL, uniquePrefix } from '@meeting-ai/testkit/redis'
import { createRedisStore, meetingKeys, type RedisStore, type ReplayEntry } from '../src/index.ts'
import { expirySlackS } from '../src/redis/window-store.ts'

const limits = { windowSegments: 5, meetingTtlS: 3600, replayMaxLen: 100 }

function segment (meetingId: string, n: number): Segment {
  return { meetingId, text: `segment ${n}`, timestamp: 1_700_000_000_000 + n, dedupeKey: `seg-${n}` }
}

function set (meetingId: string, content: string): RealtimeSuggestionsResponse {
  return { meetingId, generatedAt: Date.now(), suggestions: [{ id: content, content, timestamp: 1, confidence: 0.5 }] }
}

async function engineFor (t: Test, windowSegments = limits.windowSegments): Promise<RedisStore> {
  const prefix = uniquePrefix('store')
  const engine = await createRedisStore({ url: TEST_REDIS_URL, prefix, limits: { ...limits, windowSegments }, logger: recordingLogger() })
  t.teardown(async () => {
    await engine.close()
    await deleteKeys(prefix)
  })
  return engine
}

test('append dedupes, trims to the window and counts pending', async (t) => {
  const engine = await engineFor(t)
  for (let n = 1; n <= 7; n++) {
    const result = await engine.windows.append(segment('m1', n))
    t.same(result, { status: 'appended', pending: n })
  }
  t.same(await engine.windows.append(segment('m1', 7)), { status: 'duplicate', pending: 7 }, 'a redelivery is not counted')
  const window = await engine.windows.read('m1')
  t.same(window.map((s) => s.text), ['segment 3', 'segment 4', 'segment 5', 'segment 6', 'segment 7'])
  t.equal(await engine.windows.consume('m1', 6), 1, 'consume subtracts the analysed count')
  t.equal(await engine.windows.consume('m1', 6), 0, 'never below zero')
  t.equal(await engine.windows.pending('other'), 0)
})

test('append keeps the three meeting keys alive at least MEETING_TTL_S, refreshing them only when less is left', async (t) => {
  const engine = await engineFor(t)
  const keys = meetingKeys(engine.prefix, 'm-ttl')
  const ttls = async (): Promise<number[]> => await Promise.all([keys.window, keys.pending, keys.dedupe].map(async (key) => await engine.client.pTTL(key)))
  const ttlMs = limits.meetingTtlS * 1000
  const ceilingMs = (limits.meetingTtlS + expirySlackS(limits.meetingTtlS)) * 1000
  await engine.windows.appendMany([segment('m-ttl', 1), segment('m-ttl', 2)])
  for (const ttl of await ttls()) t.ok(ttl > ttlMs && ttl <= ceilingMs, `set on the first append: ${ttl} ms`)

  // Enough left (more than the TTL): a new segment does not touch the expiry.
  for (const key of [keys.window, keys.pending, keys.dedupe]) await engine.client.pExpire(key, ttlMs + 5000)
  await engine.windows.append(segment('m-ttl', 3))
  for (const ttl of await ttls()) t.ok(ttl > ttlMs && ttl <= ttlMs + 5000, `left alone: ${ttl} ms`)

  // Less than the TTL left: the next new segment pushes all three out again.
  for (const key of [keys.window, keys.pending, keys.dedupe]) await engine.client.pExpire(key, 2000)
  await engine.windows.appendMany([segment('m-ttl', 3)])
  for (const ttl of await ttls()) t.ok(ttl <= 2000, `a duplicate refreshes nothing: ${ttl} ms`)
  await engine.windows.appendMany([segment('m-ttl', 4)])
  for (const ttl of await ttls()) t.ok(ttl > ttlMs && ttl <= ceilingMs, `refreshed: ${ttl} ms`)
  t.equal(await engine.windows.pending('m-ttl'), 4)
})

test('appendMany of more segments than the window keeps the newest and counts them all', async (t) => {
  // Over 1000 kept segments: the script pushes them in several RPUSHes (Lua's unpack has a stack limit).
  const engine = await engineFor(t, 2200)
  const batch = Array.from({ length: 2500 }, (_, i) => segment('m-big', i + 1))
  const results = await engine.windows.appendMany(batch)
  t.equal(results.length, 2500)
  t.ok(results.every((r, i) => r.status === 'appended' && r.pending === i + 1))
  const window = await engine.windows.read('m-big')
  t.equal(window.length, 2200)
  t.same([window[0]?.text, window.at(-1)?.text], ['segment 301', 'segment 2500'], 'the newest, in order')
  t.ok(window.every((s, i) => s.text === `segment ${301 + i}`))
})

test('analysis lock is exclusive and fences a stale holder at publish', async (t) => {
  const engine = await engineFor(t)
  const first = await engine.locks.acquire('m2', 50)
  t.ok(first)
  t.equal(await engine.locks.acquire('m2', 50), null, 'held')
  t.ok(await engine.locks.renew(first!, 10_000))
  await engine.locks.release(first!)
  const second = await engine.locks.acquire('m2', 10_000)
  t.ok(second && second.token > first!.token, 'tokens increase')
  t.equal(await engine.locks.renew(first!, 1000), false, 'an old lease cannot renew')
  t.equal(await engine.suggestions.publish(set('m2', 'stale'), first), null, 'stale lease publishes nothing')
  t.match(await engine.suggestions.publish(set('m2', 'fresh'), second), /^\d+-\d+$/)
  t.same((await engine.suggestions.readAfter('m2', '0')).map((e) => JSON.parse(e.payload).suggestions[0].content), ['fresh'])
})

test('publish reaches a confirmed subscriber and the replay stream, in order', async (t) => {
  const engine = await engineFor(t)
  const received: ReplayEntry[] = []
  let resolveThree: () => void
  const three = new Promise<void>((resolve) => { resolveThree = resolve })
  const listener = (entry: ReplayEntry): void => {
    received.push(entry)
    if (received.length === 3) resolveThree()
  }
  await engine.bus.subscribe('m3', listener)
  t.equal(engine.bus.meetingCount, 1)
  const ids: string[] = []
  for (const content of ['a', 'b', 'c']) ids.push((await engine.suggestions.publish(set('m3', content), null))!)
  await three
  t.same(received.map((e) => e.id), ids)
  t.same((await engine.suggestions.readAfter('m3', ids[0]!)).map((e) => e.id), ids.slice(1))
  t.equal(await engine.suggestions.oldestId('m3'), ids[0])
  t.same(await engine.suggestions.recentContents('m3', 2), ['c', 'b'])
  await engine.bus.unsubscribe('m3', listener)
  t.equal(engine.bus.meetingCount, 0)
})

test('dead letters are kept with their reason', async (t) => {
  const engine = await engineFor(t)
  await engine.deadLetters.add({ source: 'redis-stream', position: '1-0', reason: 'text is empty', code: 'INVALID_EVENT', raw: '{}', at: 5 })
  t.equal(await engine.deadLetters.count(), 1)
  t.same(await engine.deadLetters.list(10), [{ source: 'redis-stream', position: '1-0', reason: 'text is empty', code: 'INVALID_EVENT', raw: '{}', at: 5 }])
})

test('ping fails fast when redis is unreachable', async (t) => {
  const { createRedisStore: create } = await import('../src/index.ts')
  await t.rejects(create({ url: 'redis://127.0.0.1:1', prefix: 'x:', limits, logger: recordingLogger(), connectTimeoutMs: 500 }), { code: 'STORE_UNAVAILABLE' })
})

test('a meeting left during an outage is unsubscribed once Redis is back', async (t) => {
  const { startOwnedRedis } = await import('@meeting-ai/testkit/redis')
  const { createClient } = await import('redis')
  const redis = await startOwnedRedis()
  t.teardown(() => redis.stop())
  const engine = await createRedisStore({ url: redis.url, prefix: 'bus:', limits, logger: recordingLogger() })
  t.teardown(() => engine.close())
  const listener = (): void => {}
  await engine.bus.subscribe('m-out', listener)
  let reconnected!: () => void
  const back = new Promise<void>((resolve) => { reconnected = resolve })
  engine.bus.onReconnect(() => reconnected())
  await redis.stop()
  await engine.bus.unsubscribe('m-out', listener)
  t.equal(engine.bus.meetingCount, 0, 'released locally at once')
  await redis.start()
  await back
  const probe = createClient({ url: redis.url })
  probe.on('error', () => {})
  await probe.connect()
  t.teardown(() => probe.destroy())
  const channel = 'bus:m:{m-out}:live'
  // The release runs right after the reconnect; wait for it rather than for a fixed time.
  for (let i = 0; i < 200; i++) {
    const counts = await probe.pubSubNumSub(channel) as Record<string, number>
    if (counts[channel] === 0) break
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  t.same(await probe.pubSubNumSub(channel), { [channel]: 0 }, 'no subscription left behind on the server')
})

test('appendGroups: a meeting whose step fails in Redis rejects only its own promise', async (t) => {
  const engine = await engineFor(t)
  // m-broken's window key holds a string, so RPUSH fails inside the script (WRONGTYPE).
  await engine.client.set(meetingKeys(engine.prefix, 'm-broken').window, 'not a list')
  const calls = (): Promise<number> => engine.client.info('commandstats').then((info) => Number(/cmdstat_evalsha:calls=(\d+)/.exec(info)?.[1] ?? 0))
  const before = await calls()
  const [first, broken, last] = await Promise.allSettled(engine.windows.appendGroups([[segment('m-a', 1)], [segment('m-broken', 1)], [segment('m-b', 1), segment('m-b', 2)]]))
  t.same(first, { status: 'fulfilled', value: [{ status: 'appended', pending: 1 }] })
  t.match(broken, { status: 'rejected', reason: { name: 'StoreError', message: /m-broken.*WRONGTYPE/ } })
  t.same(last, { status: 'fulfilled', value: [{ status: 'appended', pending: 1 }, { status: 'appended', pending: 2 }] }, 'the meeting after the failing one is written too')
  t.equal(await calls() - before, 1, 'one script call for the three meetings')
  t.same((await engine.windows.read('m-b')).map((s) => s.text), ['segment 1', 'segment 2'])
})

test('the window list is trimmed once it holds twice the window; read gives the newest window', async (t) => {
  const engine = await engineFor(t)
  const key = meetingKeys(engine.prefix, 'm-trim').window
  const lengths: number[] = []
  for (let n = 1; n <= limits.windowSegments * 3; n++) {
    await engine.windows.append(segment('m-trim', n))
    lengths.push(await engine.client.lLen(key))
  }
  t.equal(Math.max(...lengths), limits.windowSegments * 2, 'never more than twice the window')
  t.ok(lengths.filter((length) => length === limits.windowSegments).length >= 2, 'trimmed back to the window, more than once')
  t.same((await engine.windows.read('m-trim')).map((s) => s.text), [11, 12, 13, 14, 15].map((n) => `segment ${n}`))
})

test('checkpoints and consolidation results live under the engine prefix, results with RESULT_TTL_S', async (t) => {
  const prefix = uniquePrefix('store')
  const engine = await createRedisStore({ url: TEST_REDIS_URL, prefix, limits, logger: recordingLogger(), resultTtlS: 90 })
  t.teardown(async () => {
    await engine.close()
    await deleteKeys(prefix)
  })
  await engine.checkpoints.updateCheckpoint({ fullyQualifiedNamespace: 'NS', eventHubName: 'Hub', consumerGroup: '$Default', partitionId: '0', sequenceNumber: 1, offset: '10' })
  t.equal(await engine.client.hLen(`${prefix}eh:ns:hub:$default:checkpoints`), 1, 'one eh: segment, not two')
  await engine.results.saveRequest('m-1', { meetingId: 'm-1', participantMinutes: [{ userId: 'u', content: 'c' }] })
  const ttl = await engine.client.ttl(`${prefix}m:{m-1}:consolidation:request`)
  t.ok(ttl > 80 && ttl <= 90, `ttl ${ttl} s`)
})
