import type { Test } from 'tap'
import type { DeadLetter } from '../../src/index.ts'
import type { MakeEngine } from './fixtures.ts'

const letter = (n: number): DeadLetter => ({ source: 'http', position: `p-${n}`, reason: `reason ${n}`, code: 'INVALID_EVENT', raw: `{"n":${n}}`, at: 1_700_000_000_000 + n })

/** DeadLetterStore: kept with reason and position, newest first. */
export async function deadLettersContract (t: Test, makeEngine: MakeEngine): Promise<void> {
  await t.test('dead letters are kept whole and listed newest first', async (t) => {
    const engine = await makeEngine(t)
    t.equal(await engine.deadLetters.count(), 0)
    t.same(await engine.deadLetters.list(10), [])
    for (let n = 1; n <= 3; n++) await engine.deadLetters.add(letter(n))
    t.equal(await engine.deadLetters.count(), 3)
    t.same(await engine.deadLetters.list(2), [letter(3), letter(2)])
    t.same(await engine.deadLetters.list(10), [letter(3), letter(2), letter(1)])
  })
}
