import type { Test } from 'tap'
import { collector, contentsOf, suggestionSet, type MakeEngine } from './fixtures.ts'

/** SuggestionBus: confirmed subscribe, fan-out to every listener of a meeting, unsubscribe. */
export async function suggestionBusContract (t: Test, makeEngine: MakeEngine): Promise<void> {
  await t.test('a resolved subscribe sees the very next publish', async (t) => {
    const engine = await makeEngine(t)
    const live = collector()
    await engine.bus.subscribe('m1', live.listener)
    const id = await engine.suggestions.publish(suggestionSet('m1', 'first'), null)
    t.same((await live.until(1)).map((e) => e.id), [id])
  })

  await t.test('fans out to two listeners of a meeting and to no other meeting', async (t) => {
    const engine = await makeEngine(t)
    const one = collector()
    const two = collector()
    const elsewhere = collector()
    await engine.bus.subscribe('m1', one.listener)
    await engine.bus.subscribe('m1', two.listener)
    await engine.bus.subscribe('m2', elsewhere.listener)
    for (const content of ['a', 'b', 'c']) await engine.suggestions.publish(suggestionSet('m1', content), null)
    await engine.suggestions.publish(suggestionSet('m2', 'z'), null)
    t.same(contentsOf(await one.until(3)), ['a', 'b', 'c'])
    t.same(contentsOf(await two.until(3)), ['a', 'b', 'c'])
    t.same(contentsOf(await elsewhere.until(1)), ['z'], 'm2 got only its own, after m1\'s three were out')
    t.equal(one.entries.length, 3)
  })

  await t.test('unsubscribe stops one listener and leaves the other', async (t) => {
    const engine = await makeEngine(t)
    const leaving = collector()
    const staying = collector()
    const control = collector()
    await engine.bus.subscribe('m1', leaving.listener)
    await engine.bus.subscribe('m1', staying.listener)
    await engine.bus.subscribe('control', control.listener)
    await engine.suggestions.publish(suggestionSet('m1', 'both'), null)
    await leaving.until(1)
    await staying.until(1)
    await engine.bus.unsubscribe('m1', leaving.listener)
    await engine.suggestions.publish(suggestionSet('m1', 'one'), null)
    t.same(contentsOf(await staying.until(2)), ['both', 'one'])
    await engine.bus.unsubscribe('m1', staying.listener)
    await engine.bus.unsubscribe('m1', staying.listener)
    await engine.suggestions.publish(suggestionSet('m1', 'none'), null)
    await engine.suggestions.publish(suggestionSet('control', 'after'), null)
    await control.until(1)
    t.same(contentsOf(leaving.entries), ['both'])
    t.same(contentsOf(staying.entries), ['both', 'one'], 'nothing after the last unsubscribe')
    t.equal((await engine.suggestions.readAfter('m1', '0')).length, 3, 'the log keeps what nobody watched')
  })

  await t.test('resubscribing after the last listener left works', async (t) => {
    const engine = await makeEngine(t)
    const first = collector()
    await engine.bus.subscribe('m1', first.listener)
    await engine.bus.unsubscribe('m1', first.listener)
    const again = collector()
    await engine.bus.subscribe('m1', again.listener)
    await engine.suggestions.publish(suggestionSet('m1', 'back'), null)
    t.same(contentsOf(await again.until(1)), ['back'])
    t.same(first.entries, [])
  })
}
