import { randomUUID } from 'node:crypto'
import type { ConsolidateRequest, ConsolidateResponse } from '@meeting-ai/contracts'
import { StoreError } from '../errors.ts'
import type { ConsolidationResultStore, IdempotentAnswer, ResultStoreLimits, RunLease } from './types.ts'

interface Entry {
  /** Serialised so callers never share (and mutate) the stored object. */
  json: string
  expiresAt: number
}

/**
 * The same contract as RedisConsolidationResultStore inside this process, for the embedded
 * store. Expired entries are dropped when read and by a sweep on write, so memory stays
 * bounded by what is live within RESULT_TTL_S.
 */
export class MemoryConsolidationResultStore implements ConsolidationResultStore {
  readonly #entries = new Map<string, Entry>()
  readonly #claims = new Map<string, { token: string, expiresAt: number }>()
  readonly #ttlMs: number
  readonly #now: () => number
  #writesSinceSweep = 0

  /** @param clock only for tests that step time instead of waiting for it */
  constructor (limits: ResultStoreLimits, clock: { now: () => number } = Date) {
    this.#ttlMs = limits.resultTtlS * 1000
    this.#now = () => clock.now()
  }

  async cached (requestHash: string): Promise<ConsolidateResponse | null> {
    return this.#read(`cached:${requestHash}`)
  }

  async cache (requestHash: string, response: ConsolidateResponse): Promise<void> {
    if (response.partial) throw new StoreError('a partial consolidation must not be cached as final', 'STORE_UNEXPECTED_REPLY')
    this.#write(`cached:${requestHash}`, response)
  }

  async idempotent (scope: string, key: string): Promise<IdempotentAnswer | null> {
    return this.#read(`idem:${scope}:${key}`)
  }

  async rememberIdempotent (scope: string, key: string, answer: IdempotentAnswer): Promise<void> {
    this.#write(`idem:${scope}:${key}`, answer)
  }

  async saveRequest (meetingId: string, request: ConsolidateRequest): Promise<void> {
    this.#write(`request:${meetingId}`, request)
  }

  async lastRequest (meetingId: string): Promise<ConsolidateRequest | null> {
    return this.#read(`request:${meetingId}`)
  }

  async saveResult (meetingId: string, response: ConsolidateResponse): Promise<void> {
    this.#write(`result:${meetingId}`, response)
  }

  async lastResult (meetingId: string): Promise<ConsolidateResponse | null> {
    return this.#read(`result:${meetingId}`)
  }

  async claimRun (requestHash: string, ttlMs: number): Promise<RunLease | null> {
    const current = this.#claims.get(requestHash)
    if (current !== undefined && current.expiresAt > this.#now()) return null
    const token = randomUUID()
    this.#claims.set(requestHash, { token, expiresAt: this.#now() + ttlMs })
    return { requestHash, token }
  }

  async releaseRun (lease: RunLease): Promise<void> {
    if (this.#claims.get(lease.requestHash)?.token === lease.token) this.#claims.delete(lease.requestHash)
  }

  async runClaimed (requestHash: string): Promise<boolean> {
    const current = this.#claims.get(requestHash)
    return current !== undefined && current.expiresAt > this.#now()
  }

  #read<T> (key: string): T | null {
    const entry = this.#entries.get(key)
    if (entry === undefined) return null
    if (entry.expiresAt <= this.#now()) {
      this.#entries.delete(key)
      return null
    }
    return JSON.parse(entry.json) as T
  }

  #write (key: string, value: unknown): void {
    this.#entries.set(key, { json: JSON.stringify(value), expiresAt: this.#now() + this.#ttlMs })
    if (++this.#writesSinceSweep >= 1000) this.#sweep()
  }

  #sweep (): void {
    this.#writesSinceSweep = 0
    const now = this.#now()
    for (const [key, entry] of this.#entries) if (entry.expiresAt <= now) this.#entries.delete(key)
    for (const [key, claim] of this.#claims) if (claim.expiresAt <= now) this.#claims.delete(key)
  }
}
