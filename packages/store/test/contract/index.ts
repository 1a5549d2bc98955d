import type { Test } from 'tap'
import { analysisLocksContract } from './analysis-locks.ts'
import { deadLettersContract } from './dead-letters.ts'
import type { MakeEngine } from './fixtures.ts'
import { suggestionBusContract } from './suggestion-bus.ts'
import { suggestionLogContract } from './suggestion-log.ts'
import { windowStoreContract } from './window-store.ts'

export { DEFAULT_LIMITS, type MakeEngine } from './fixtures.ts'

/** Every storage contract, one subtest per interface. */
export async function storeContract (t: Test, makeEngine: MakeEngine): Promise<void> {
  await t.test('SegmentWindowStore', (t) => windowStoreContract(t, makeEngine))
  await t.test('AnalysisLocks', (t) => analysisLocksContract(t, makeEngine))
  await t.test('SuggestionLog', (t) => suggestionLogContract(t, makeEngine))
  await t.test('SuggestionBus', (t) => suggestionBusContract(t, makeEngine))
  await t.test('DeadLetterStore', (t) => deadLettersContract(t, makeEngine))
}
