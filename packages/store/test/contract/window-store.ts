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

  await t.test('appendMany: results in order, pending after each, trimmed to the window', async (t) => {
    const engine = await makeEngine(t, { windowSegments: 5 })
    await engine.windows.append(segment('m1', 1))
    await engine.windows.append(segment('m1', 2))
    const results = await engine.windows.appendMany([3, 4, 5, 6, 7, 8].map((n) => segment('m1', n)))
    t.same(results, [3, 4, 5, 6, 7, 8].map((pending) => ({ status: 'appended', pending })))
    const window = await engine.windows.read('m1')
    t.same(window.map((s) => s.text), ['segment 4', 'segment 5', 'segment 6', 'segment 7', 'segment 8'], 'the newest five, oldest first')
    t.same(window[4], segment('m1', 8), 'segments come back field for field')
    t.equal(await engine.windows.pending('m1'), 8)
    t.same(await engine.windows.appendMany([9, 10].map((n) => segment('m1', n))), [{ status: 'appended', pending: 9 }, { status: 'appended', pending: 10 }], 'a later batch continues the count')
    t.same((await engine.windows.read('m1')).map((s) => s.text), ['segment 6', 'segment 7', 'segment 8', 'segment 9', 'segment 10'])
  })

  await t.test('appendMany: duplicates against earlier appends and inside the batch count nothing', async (t) => {
    const engine = await makeEngine(t)
    await engine.windows.append(segment('m1', 1))
    const results = await engine.windows.appendMany([
      segment('m1', 2),
      segment('m1', 1), // appended before
      segment('m1', 3),
      { ...segment('m1', 9), dedupeKey: 'seg-2' }, // earlier in this batch, other text
      segment('m1', 4)
    ])
    t.same(results, [
      { status: 'appended', pending: 2 },
      { status: 'duplicate', pending: 2 },
      { status: 'appended', pending: 3 },
      { status: 'duplicate', pending: 3 },
      { status: 'appended', pending: 4 }
    ])
    t.same((await engine.windows.read('m1')).map((s) => s.text), ['segment 1', 'segment 2', 'segment 3', 'segment 4'])
    t.same(await engine.windows.appendMany([segment('m1', 3), segment('m1', 4)]), [{ status: 'duplicate', pending: 4 }, { status: 'duplicate', pending: 4 }], 'a redelivered batch')
    t.equal(await engine.windows.consume('m1', 3), 1)
    t.same(await engine.windows.appendMany([segment('m1', 4), segment('m1', 5)]), [{ status: 'duplicate', pending: 1 }, { status: 'appended', pending: 2 }], 'pending counts from what consume left')
    t.equal((await engine.windows.read('m1')).length, 5)
  })

  await t.test('appendMany gives exactly what one append after the other gives', async (t) => {
    const engine = await makeEngine(t, { windowSegments: 4 })
    // Keys repeat (every third one is a redelivery) and batches of 1 to 5 cut across them.
    const keys = Array.from({ length: 30 }, (_, i) => (i % 3 === 2 ? i - 2 : i))
    const one: unknown[] = []
    for (const n of keys) one.push(await engine.windows.append(segment('single', n)))
    const many: unknown[] = []
    for (let from = 0, size = 1; from < keys.length; from += size, size = size % 5 + 1) {
      many.push(...await engine.windows.appendMany(keys.slice(from, from + size).map((n) => segment('batched', n))))
    }
    t.same(many, one)
    t.same((await engine.windows.read('batched')).map((s) => s.text), (await engine.windows.read('single')).map((s) => s.text))
    t.equal(await engine.windows.pending('batched'), await engine.windows.pending('single'))
  })

  await t.test('appendMany of nothing is nothing; of several meetings is refused with nothing written', async (t) => {
    const engine = await makeEngine(t)
    t.same(await engine.windows.appendMany([]), [])
    await t.rejects(engine.windows.appendMany([segment('m1', 1), segment('m2', 2)]), RangeError)
    t.same(await engine.windows.read('m1'), [])
    t.equal(await engine.windows.pending('m1'), 0)
    t.same(await engine.windows.append(segment('m1', 1)), { status: 'appended', pending: 1 }, 'its dedupe key was not recorded')
  })

  await t.test('appendGroups gives each meeting what appendMany gives it, in one call', async (t) => {
    const engine = await makeEngine(t, { windowSegments: 3 })
    // The same history twice: meeting by meeting with appendMany, and as mixed batches.
    const batches = [
      [['a', [1, 2]], ['b', [1]], ['c', [1, 2, 3, 4]]],
      [['b', [1, 2]], ['a', [2, 3]]],
      [['c', [4, 5]], ['a', [4]], ['b', [3]], ['d', [1]]]
    ] as const
    for (const batch of batches) {
      const expected: unknown[] = []
      for (const [meeting, keys] of batch) expected.push(await engine.windows.appendMany(keys.map((n) => segment(`single-${meeting}`, n))))
      const groups = batch.map(([meeting, keys]) => keys.map((n) => segment(`grouped-${meeting}`, n)))
      t.same(await Promise.all(engine.windows.appendGroups(groups)), expected)
    }
    for (const meeting of ['a', 'b', 'c', 'd']) {
      t.same((await engine.windows.read(`grouped-${meeting}`)).map((s) => s.text), (await engine.windows.read(`single-${meeting}`)).map((s) => s.text), `window of ${meeting}`)
      t.equal(await engine.windows.pending(`grouped-${meeting}`), await engine.windows.pending(`single-${meeting}`), `pending of ${meeting}`)
    }
    t.same(engine.windows.appendGroups([]), [], 'no groups, no call')
  })

  await t.test('appendGroups refuses a group of several meetings, a meeting twice or an empty group, writing nothing', async (t) => {
    const engine = await makeEngine(t)
    const refused = [
      [[segment('m1', 1)], [segment('m2', 1), segment('m3', 1)]],
      [[segment('m1', 1)], [segment('m1', 2)]],
      [[segment('m1', 1)], []]
    ]
    for (const groups of refused) {
      const results = await Promise.allSettled(engine.windows.appendGroups(groups))
      t.equal(results.length, groups.length, 'one promise per group')
      t.ok(results.every((r) => r.status === 'rejected' && r.reason instanceof RangeError), 'every group refused')
    }
    t.same(await engine.windows.read('m1'), [])
    t.equal(await engine.windows.pending('m2'), 0)
  })

  await t.test('an unknown meeting is empty', async (t) => {
    const engine = await makeEngine(t)
    t.same(await engine.windows.read('nobody'), [])
    t.equal(await engine.windows.pending('nobody'), 0)
    t.equal(await engine.windows.consume('nobody', 3), 0)
  })
}
