import type { Test } from 'tap'
import { segment, type MakeEngine } from './fixtures.ts'

/** SegmentWindowStore: dedupe, trim, pending counter and consume, identical on every engine. */
export async function windowStoreContract (t: Test, makeEngine: MakeEngine): Promise<void> {
  await t.test('append counts, trims to the window and keeps order', async (t) => {
    const engine = await makeEngine(t, { windowSegments: 5 })
    for (let n = 1; n <= 7; n++) t.same(await engine.windows.append(segment('m1', n)), { status: 'appended', pending: n })
    const window = await engine.windows.read('m1')
    t.same(window.map((s) => s.text), ['segment 3', 'segment 4', 'segment 5', 'segment 6', 'segment 7'])
    t.same(window[0], segment('m1', 3), 'segments come back field for field')
    t.equal(await engine.windows.pending('m1'), 7)
  })

  await t.test('a redelivered segment is a duplicate and counts nothing', async (t) => {
    const engine = await makeEngine(t)
    await engine.windows.append(segment('m1', 1))
    await engine.windows.append(segment('m1', 2))
    t.same(await engine.windows.append(segment('m1', 2)), { status: 'duplicate', pending: 2 })
    t.same(await engine.windows.append({ ...segment('m1', 9), dedupeKey: 'seg-1' }), { status: 'duplicate', pending: 2 }, 'the key decides, not the text')
    t.equal((await engine.windows.read('m1')).length, 2)
    t.same(await engine.windows.append(segment('m2', 1)), { status: 'appended', pending: 1 }, 'dedupe keys are per meeting')
  })

  await t.test('a dedupe key outlives its segment leaving the window', async (t) => {
    const engine = await makeEngine(t, { windowSegments: 2 })
    for (let n = 1; n <= 4; n++) await engine.windows.append(segment('m1', n))
    t.equal((await engine.windows.append(segment('m1', 1))).status, 'duplicate')
  })

  await t.test('consume subtracts what the analysis took, never below zero', async (t) => {
    const engine = await makeEngine(t)
    for (let n = 1; n <= 3; n++) await engine.windows.append(segment('m1', n))
    // Two more arrive while an analysis of the first three runs.
    await engine.windows.append(segment('m1', 4))
    await engine.windows.append(segment('m1', 5))
    t.equal(await engine.windows.consume('m1', 3), 2, 'segments that arrived meanwhile stay pending')
    t.equal(await engine.windows.pending('m1'), 2)
    t.equal(await engine.windows.consume('m1', 10), 0)
    t.equal(await engine.windows.pending('m1'), 0)
    t.same(await engine.windows.append(segment('m1', 6)), { status: 'appended', pending: 1 })
  })

  await t.test('an unknown meeting is empty', async (t) => {
    const engine = await makeEngine(t)
    t.same(await engine.windows.read('nobody'), [])
    t.equal(await engine.windows.pending('nobody'), 0)
    t.equal(await engine.windows.consume('nobody', 3), 0)
  })
}
