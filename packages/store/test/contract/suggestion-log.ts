import type { Test } from 'tap'
import { compareStreamIds, isStreamId } from '../../src/index.ts'
import { collector, contentsOf, suggestionSet, type MakeEngine } from './fixtures.ts'

/** SuggestionLog: fenced publish, replay by id, trimming, recent contents. */
export async function suggestionLogContract (t: Test, makeEngine: MakeEngine): Promise<void> {
  await t.test('publish appends to the replay log and reaches the bus in order', async (t) => {
    const engine = await makeEngine(t)
    const live = collector()
    await engine.bus.subscribe('m1', live.listener)
    const lease = await engine.locks.acquire('m1', 10_000)
    const ids: string[] = []
    for (const content of ['a', 'b', 'c', 'd']) {
      const id = await engine.suggestions.publish(suggestionSet('m1', content), content === 'a' ? null : lease)
      if (id === null) throw new Error('publish refused')
      ids.push(id)
    }
    t.ok(ids.every((id) => isStreamId(id)), 'ids have the `<ms>-<seq>` form')
    for (let i = 1; i < ids.length; i++) t.equal(compareStreamIds(ids[i - 1]!, ids[i]!), -1, 'ids increase, even within one millisecond')
    const delivered = await live.until(4)
    t.same(delivered.map((e) => e.id), ids, 'live delivery in publish order with the replay ids')
    t.same(contentsOf(delivered), ['a', 'b', 'c', 'd'])
    t.same(JSON.parse(delivered[1]!.payload), suggestionSet('m1', 'b'), 'the payload is the serialised set')
    t.same(await engine.suggestions.readAfter('m1', '0'), delivered, 'replay holds exactly what went live')
  })

  await t.test('readAfter returns what follows an id, with a limit', async (t) => {
    const engine = await makeEngine(t)
    const ids: string[] = []
    for (const content of ['a', 'b', 'c', 'd', 'e']) ids.push((await engine.suggestions.publish(suggestionSet('m1', content), null))!)
    t.same((await engine.suggestions.readAfter('m1', ids[1]!)).map((e) => e.id), ids.slice(2))
    t.same(contentsOf(await engine.suggestions.readAfter('m1', ids[1]!, 2)), ['c', 'd'])
    t.same(await engine.suggestions.readAfter('m1', ids[4]!), [], 'nothing after the newest')
    t.equal((await engine.suggestions.readAfter('m1', '0-0')).length, 5, '0-0 means from the start')
    const [ms] = ids[4]!.split('-')
    t.same(await engine.suggestions.readAfter('m1', `${BigInt(ms!) + 1000n}-0`), [], 'an id from the future returns nothing')
    t.same(await engine.suggestions.readAfter('other', '0'), [])
  })

  await t.test('the replay log is capped; oldestId follows the trimming', async (t) => {
    const replayMaxLen = 10
    const engine = await makeEngine(t, { replayMaxLen })
    t.equal(await engine.suggestions.oldestId('m1'), null, 'empty log')
    const ids: string[] = []
    // Redis trims with MAXLEN ~ (whole 100-entry nodes), so publish past the first node.
    for (let n = 0; n < 120; n++) ids.push((await engine.suggestions.publish(suggestionSet('m1', `s${n}`), null))!)
    const kept = await engine.suggestions.readAfter('m1', '0')
    t.ok(kept.length >= replayMaxLen, `keeps at least the cap (${kept.length})`)
    t.ok(kept.length < 120, 'old entries were trimmed')
    t.same(kept.map((e) => e.id), ids.slice(-kept.length), 'what is kept is the newest, in order')
    t.equal(await engine.suggestions.oldestId('m1'), kept[0]!.id)
    t.same((await engine.suggestions.readAfter('m1', ids[0]!)).map((e) => e.id), kept.map((e) => e.id), 'an id older than the log replays all that is kept')
  })

  await t.test('recentContents lists the newest suggestions first', async (t) => {
    const engine = await makeEngine(t)
    await engine.suggestions.publish(suggestionSet('m1', 'a1', 'a2'), null)
    await engine.suggestions.publish(suggestionSet('m1', 'b1'), null)
    await engine.suggestions.publish(suggestionSet('m1', 'c1', 'c2'), null)
    t.same(await engine.suggestions.recentContents('m1', 3), ['c1', 'c2', 'b1'])
    t.same(await engine.suggestions.recentContents('m1', 10), ['c1', 'c2', 'b1', 'a1', 'a2'])
    t.same(await engine.suggestions.recentContents('other', 3), [])
  })

  await t.test('a fenced-out lease writes and delivers nothing', async (t) => {
    const engine = await makeEngine(t)
    const stale = collector()
    const control = collector()
    await engine.bus.subscribe('m1', stale.listener)
    await engine.bus.subscribe('control', control.listener)
    const first = await engine.locks.acquire('m1', 10_000)
    if (first === null) throw new Error('acquire failed')
    await engine.locks.release(first)
    const second = await engine.locks.acquire('m1', 10_000)
    t.equal(await engine.suggestions.publish(suggestionSet('m1', 'stale'), first), null)
    t.equal(await engine.suggestions.publish(suggestionSet('m1', 'stale'), { meetingId: 'm1', token: 999_999 }), null, 'a token never issued')
    // The bus delivers in publish order, so once the control message is here a stale one would be too.
    await engine.suggestions.publish(suggestionSet('control', 'x'), null)
    await control.until(1)
    t.same(stale.entries, [])
    t.same(await engine.suggestions.readAfter('m1', '0'), [])
    t.ok(await engine.suggestions.publish(suggestionSet('m1', 'fresh'), second))
    t.same(contentsOf(await stale.until(1)), ['fresh'])
  })
}
