import { setTimeout as delay } from 'node:timers/promises'
import type { ConsolidateResponse } from '@meeting-ai/contracts'
import type { RunLease } from '@meeting-ai/store'
import type { Budget } from './budget.ts'
import type { TolerantResults } from './tolerant-results.ts'

// How often a process waiting on another one's run looks for its cached answer.
const WAIT_POLL_MS = 100
// The run claim outlives the budget a little so a slow store write does not let a second run in.
const LEASE_SLACK_MS = 2000

/** What claiming a run gave: the lease (undefined when the store is down: run, uncached), or null when another process holds it. */
export type Claim = RunLease | undefined | null

/** One run per canonical request across processes: a claim in the result store, and waiting on its holder's answer. */
export class RunClaims {
  readonly #results: TolerantResults

  constructor (results: TolerantResults) {
    this.#results = results
  }

  async claim (hash: string, budget: Budget): Promise<Claim> {
    try {
      return await this.#results.store.claimRun(hash, budget.remaining() + LEASE_SLACK_MS)
    } catch (error) {
      // Without the store there is no claim to respect: run, uncached, rather than fail.
      this.#results.failed('claimRun', error)
      return undefined
    }
  }

  async release (lease: RunLease): Promise<void> {
    await this.#results.try('releaseRun', (store) => store.releaseRun(lease))
  }

  /** The holder's cached answer, 'released' when it let go without one, or 'deadline' when waiting longer would miss the budget. */
  async awaitOther (hash: string, budget: Budget): Promise<ConsolidateResponse | 'released' | 'deadline'> {
    while (Date.now() + WAIT_POLL_MS < budget.reduceDeadline) {
      await delay(WAIT_POLL_MS)
      // The claim first, then the cache: the holder writes its answer before it releases the
      // claim, so a release seen here means the answer (if any) is readable now. The other
      // order let a run that finished between the two reads look released without an answer,
      // and this process ran it again.
      const claimed = await this.#results.try('runClaimed', (store) => store.runClaimed(hash))
      const cached = await this.#results.try('cached', (store) => store.cached(hash))
      if (cached != null) return cached
      // Released without a final answer (its run was partial) or its holder died: this process may run it.
      if (claimed === false) return 'released'
    }
    return 'deadline'
  }
}
