import type { Test } from 'tap'
import { eventually, suggestionSet, type MakeEngine } from './fixtures.ts'

/** AnalysisLocks: one holder per meeting, renew, release, expiry and fencing tokens. */
export async function analysisLocksContract (t: Test, makeEngine: MakeEngine): Promise<void> {
  await t.test('one holder per meeting; release frees it; tokens increase', async (t) => {
    const engine = await makeEngine(t)
    const first = await engine.locks.acquire('m1', 10_000)
    if (first === null) throw new Error('first acquire failed')
    t.equal(first.meetingId, 'm1')
    t.equal(await engine.locks.acquire('m1', 10_000), null, 'held')
    t.ok(await engine.locks.acquire('m2', 10_000), 'another meeting is independent')
    await engine.locks.release(first)
    const second = await engine.locks.acquire('m1', 10_000)
    if (second === null) throw new Error('second acquire failed')
    t.ok(second.token > first.token, 'fencing tokens increase')
  })

  await t.test('renew keeps the lease; an old lease can neither renew nor release', async (t) => {
    const engine = await makeEngine(t)
    const first = await engine.locks.acquire('m1', 10_000)
    if (first === null) throw new Error('acquire failed')
    t.equal(await engine.locks.renew(first, 10_000), true)
    await engine.locks.release(first)
    t.equal(await engine.locks.renew(first, 10_000), false, 'released')
    const second = await engine.locks.acquire('m1', 10_000)
    if (second === null) throw new Error('acquire failed')
    t.equal(await engine.locks.renew(first, 10_000), false, 'another holder')
    await engine.locks.release(first)
    t.equal(await engine.locks.acquire('m1', 10_000), null, 'releasing a stale lease leaves the holder in place')
    t.equal(await engine.locks.renew(second, 10_000), true)
  })

  await t.test('a lease expires after its TTL and is fenced out at publish', async (t) => {
    const engine = await makeEngine(t)
    const stale = await engine.locks.acquire('m1', 40)
    if (stale === null) throw new Error('acquire failed')
    let next = null as Awaited<ReturnType<typeof engine.locks.acquire>>
    await eventually(async () => (next = await engine.locks.acquire('m1', 10_000)) !== null)
    if (next === null) throw new Error('never expired')
    t.ok(next.token > stale.token)
    t.equal(await engine.locks.renew(stale, 10_000), false, 'an expired lease cannot come back')
    t.equal(await engine.suggestions.publish(suggestionSet('m1', 'late'), stale), null, 'the stale holder publishes nothing')
    t.match(await engine.suggestions.publish(suggestionSet('m1', 'current'), next), /^\d+-\d+$/)
  })
}
