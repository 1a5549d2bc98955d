import { test, type Test } from 'tap'
import { recordingLogger } from '@meeting-ai/testkit/redis'
import { compareStreamIds, createEmbeddedStore, type EmbeddedStoreOptions } from '../src/index.ts'
import { segment, suggestionSet } from './contract/fixtures.ts'

// What only the embedded store has to prove: its memory stays bounded in one long-lived process.
// A fake clock drives expiry, so nothing here waits on real time.
function fakeClock (start = 1_700_000_000_000) {
  let now = start
  return { now: () => now, advance: (ms: number) => { now += ms } }
}

function engineWith (t: Test, options: Partial<EmbeddedStoreOptions> = {}) {
  const logger = recordingLogger()
  const engine = createEmbeddedStore({ limits: { windowSegments: 5, meetingTtlS: 60, replayMaxLen: 10 }, logger, ...options })
  t.teardown(() => engine.close())
  return { engine, logger }
}

test('a meeting expires MEETING_TTL_S after its last segment', async (t) => {
  const clock = fakeClock()
  const { engine } = engineWith(t, { now: clock.now })
  await engine.windows.append(segment('m1', 1))
  await engine.suggestions.publish(suggestionSet('m1', 'a'), null)
  clock.advance(59_000)
  await engine.windows.append(segment('m1', 2))
  clock.advance(59_000)
  t.equal(engine.sweepExpired(), 0, 'the second segment pushed expiry out')
  t.equal((await engine.windows.read('m1')).length, 2)
  clock.advance(1_000)
  t.equal(engine.sweepExpired(), 1)
  t.equal(engine.meetingCount, 0)
  t.same(await engine.windows.read('m1'), [])
  t.equal(await engine.windows.pending('m1'), 0)
  t.same(await engine.suggestions.readAfter('m1', '0'), [])
  t.equal((await engine.windows.append(segment('m1', 1))).status, 'appended', 'dedupe keys expired with the meeting, as the Redis keys do')
})

test('appendMany pushes the meeting expiry out; a batch of duplicates does not', async (t) => {
  const clock = fakeClock()
  const { engine } = engineWith(t, { now: clock.now })
  await engine.windows.appendMany([segment('m1', 1), segment('m1', 2)])
  clock.advance(59_000)
  await engine.windows.appendMany([segment('m1', 1), segment('m1', 3)])
  clock.advance(59_000)
  t.equal(engine.sweepExpired(), 0, 'the new segment in the batch pushed expiry out')
  await engine.windows.appendMany([segment('m1', 2), segment('m1', 3)])
  clock.advance(1_000)
  t.equal(engine.sweepExpired(), 1, 'duplicates only: expired 60 s after segment 3')
})

test('an expired meeting is gone on read even before the sweep runs', async (t) => {
  const clock = fakeClock()
  const { engine } = engineWith(t, { now: clock.now })
  await engine.windows.append(segment('m1', 1))
  clock.advance(60_000)
  t.same(await engine.windows.read('m1'), [])
  t.equal(engine.meetingCount, 0)
})

test('the sweep timer drops expired meetings on its own', async (t) => {
  const clock = fakeClock()
  const { engine } = engineWith(t, { now: clock.now, sweepIntervalMs: 5 })
  await engine.windows.append(segment('m1', 1))
  await engine.windows.append(segment('m2', 1))
  clock.advance(60_000)
  // The timer's tick is the event waited for here; the fake clock already decided the outcome.
  while (engine.meetingCount > 0) await new Promise((resolve) => setTimeout(resolve, 5))
  t.equal(engine.meetingCount, 0)
})

test('past maxMeetings the least recently active meeting is dropped, with a warning', async (t) => {
  const { engine, logger } = engineWith(t, { maxMeetings: 3 })
  for (const id of ['m1', 'm2', 'm3']) await engine.windows.append(segment(id, 1))
  await engine.windows.append(segment('m1', 2))
  await engine.windows.append(segment('m4', 1))
  t.equal(engine.meetingCount, 3)
  t.equal(engine.evictions, 1)
  t.same(await engine.windows.read('m2'), [], 'm2 was the least recently written')
  t.equal((await engine.windows.read('m1')).length, 2)
  const warnings = logger.lines.filter((line) => line.level === 'warn')
  t.equal(warnings.length, 1)
  t.match(warnings[0]!.obj, { meetingId: 'm2', maxMeetings: 3 })
})

test('replay ids stay monotonic when the clock stands still or goes back', async (t) => {
  const clock = fakeClock()
  const { engine } = engineWith(t, { now: clock.now })
  const ids = [await engine.suggestions.publish(suggestionSet('m1', 'a'), null), await engine.suggestions.publish(suggestionSet('m1', 'b'), null)]
  clock.advance(-5_000)
  ids.push(await engine.suggestions.publish(suggestionSet('m1', 'c'), null))
  clock.advance(10_000)
  ids.push(await engine.suggestions.publish(suggestionSet('m1', 'd'), null))
  t.same(ids, ['1700000000000-0', '1700000000000-1', '1700000000000-2', '1700000005000-0'])
  for (let i = 1; i < ids.length; i++) t.equal(compareStreamIds(ids[i - 1]!, ids[i]!), -1)
})

test('fencing tokens are not reused after a meeting expires', async (t) => {
  const clock = fakeClock()
  const { engine } = engineWith(t, { now: clock.now })
  const before = await engine.locks.acquire('m1', 1_000)
  clock.advance(60_000)
  engine.sweepExpired()
  const after = await engine.locks.acquire('m1', 1_000)
  t.ok(before !== null && after !== null && after.token > before.token)
  t.equal(await engine.suggestions.publish(suggestionSet('m1', 'old'), before!), null)
})

test('a throwing listener neither fails the publish nor starves the others', async (t) => {
  const { engine, logger } = engineWith(t)
  const seen: string[] = []
  await engine.bus.subscribe('m1', () => { throw new Error('viewer broke') })
  await engine.bus.subscribe('m1', (entry) => { seen.push(entry.id) })
  const id = await engine.suggestions.publish(suggestionSet('m1', 'a'), null)
  t.same(seen, [id], 'delivered before publish resolved')
  t.equal(logger.lines.filter((line) => line.level === 'error').length, 1)
  t.equal(engine.bus.meetingCount, 1)
})

test('dead letters are capped, oldest dropped', async (t) => {
  const { engine } = engineWith(t, { maxDeadLetters: 3 })
  for (let n = 1; n <= 5; n++) await engine.deadLetters.add({ source: 'http', position: String(n), reason: 'bad', code: 'INVALID_EVENT', raw: '{}', at: n })
  t.equal(await engine.deadLetters.count(), 3)
  t.same((await engine.deadLetters.list(10)).map((letter) => letter.position), ['5', '4', '3'])
})

test('the window returns copies, as Redis returns parsed JSON', async (t) => {
  const { engine } = engineWith(t)
  const original = segment('m1', 1)
  await engine.windows.append(original)
  original.text = 'changed'
  const [stored] = await engine.windows.read('m1')
  t.equal(stored!.text, 'segment 1')
  stored!.text = 'changed again'
  t.equal((await engine.windows.read('m1'))[0]!.text, 'segment 1')
})

test('close empties the engine and ping always answers', async (t) => {
  const { engine } = engineWith(t)
  await engine.ping()
  await engine.windows.append(segment('m1', 1))
  await engine.close()
  t.equal(engine.meetingCount, 0)
})

test('carries the in-memory checkpoint and consolidation result stores', async (t) => {
  const clock = fakeClock()
  const { engine } = engineWith(t, { now: clock.now, resultTtlS: 60 })
  const request = { meetingId: 'm1', participantMinutes: [{ userId: 'u1', content: 'We agreed on the budget.' }] }
  await engine.results.saveRequest('m1', request)
  t.same(await engine.results.lastRequest('m1'), request)
  clock.advance(60_000)
  t.equal(await engine.results.lastRequest('m1'), null, 'results expire on the engine clock')
  const checkpoint = { fullyQualifiedNamespace: 'ns', eventHubName: 'hub', consumerGroup: '$Default', partitionId: '0', sequenceNumber: 7, offset: '70' }
  await engine.checkpoints.updateCheckpoint(checkpoint)
  t.match(await engine.checkpoints.listCheckpoints('ns', 'hub', '$Default'), [{ partitionId: '0', sequenceNumber: 7 }])
})
