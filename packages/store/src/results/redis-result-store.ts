import { randomUUID } from 'node:crypto'
import type { ConsolidateRequest, ConsolidateResponse } from '@meeting-ai/contracts'
import { StoreError } from '../errors.ts'
import { LuaScript } from '../redis/lua-script.ts'
import { resultKeys } from '../keys.ts'
import type { AnyRedisClient } from '../checkpoints/redis-checkpoint-store.ts'
import type { ConsolidationResultStore, IdempotentAnswer, ResultStoreLimits, RunLease } from './types.ts'

// Deletes only when the value is still our token, so an expired-and-retaken claim survives a late release.
const RELEASE_IF_OWNER = LuaScript.load('release-if-owner')

/** Results as JSON strings with RESULT_TTL_S on every key. */
export class RedisConsolidationResultStore implements ConsolidationResultStore {
  readonly #client: AnyRedisClient
  readonly #keys: ReturnType<typeof resultKeys>
  readonly #ttlS: number

  constructor (client: AnyRedisClient, prefix: string, limits: ResultStoreLimits) {
    this.#client = client
    this.#keys = resultKeys(prefix)
    this.#ttlS = limits.resultTtlS
  }

  async cached (requestHash: string): Promise<ConsolidateResponse | null> {
    return await this.#read<ConsolidateResponse>(this.#keys.cached(requestHash))
  }

  async cache (requestHash: string, response: ConsolidateResponse): Promise<void> {
    if (response.partial) throw new StoreError('a partial consolidation must not be cached as final', 'STORE_UNEXPECTED_REPLY')
    await this.#write(this.#keys.cached(requestHash), response)
  }

  async idempotent (scope: string, key: string): Promise<IdempotentAnswer | null> {
    return await this.#read<IdempotentAnswer>(this.#keys.idempotent(scope, key))
  }

  async rememberIdempotent (scope: string, key: string, answer: IdempotentAnswer): Promise<void> {
    await this.#write(this.#keys.idempotent(scope, key), answer)
  }

  async saveRequest (meetingId: string, request: ConsolidateRequest): Promise<void> {
    await this.#write(this.#keys.lastRequest(meetingId), request)
  }

  async lastRequest (meetingId: string): Promise<ConsolidateRequest | null> {
    return await this.#read<ConsolidateRequest>(this.#keys.lastRequest(meetingId))
  }

  async saveResult (meetingId: string, response: ConsolidateResponse): Promise<void> {
    await this.#write(this.#keys.lastResult(meetingId), response)
  }

  async lastResult (meetingId: string): Promise<ConsolidateResponse | null> {
    return await this.#read<ConsolidateResponse>(this.#keys.lastResult(meetingId))
  }

  async claimRun (requestHash: string, ttlMs: number): Promise<RunLease | null> {
    const token = randomUUID()
    const reply = await this.#client.set(this.#keys.runLock(requestHash), token, { condition: 'NX', expiration: { type: 'PX', value: Math.max(1, Math.ceil(ttlMs)) } })
    return reply === 'OK' ? { requestHash, token } : null
  }

  async releaseRun (lease: RunLease): Promise<void> {
    await RELEASE_IF_OWNER.run(this.#client, [this.#keys.runLock(lease.requestHash)], [lease.token])
  }

  async runClaimed (requestHash: string): Promise<boolean> {
    return (await this.#client.exists(this.#keys.runLock(requestHash))) === 1
  }

  async #read<T> (key: string): Promise<T | null> {
    const raw = await this.#client.get(key) as string | null
    if (raw === null) return null
    try {
      return JSON.parse(raw) as T
    } catch (error) {
      throw new StoreError(`stored value at ${key} is not JSON`, 'STORE_UNEXPECTED_REPLY', { cause: error })
    }
  }

  async #write (key: string, value: unknown): Promise<void> {
    await this.#client.set(key, JSON.stringify(value), { expiration: { type: 'EX', value: this.#ttlS } })
  }
}
