import type { ConsolidateResponse } from '@meeting-ai/contracts'
import { ConsolidationError } from './errors.ts'
import type { TolerantResults } from './tolerant-results.ts'

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/

/** Idempotency-Key answers, scoped to the caller: the same key with the same request gets the first complete answer again. */
export class IdempotencyKeys {
  readonly #results: TolerantResults

  constructor (results: TolerantResults) {
    this.#results = results
  }

  /** Throws IDEMPOTENCY_KEY_INVALID for a key outside the header's grammar. */
  check (key: string | undefined): void {
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
      throw new ConsolidationError('IDEMPOTENCY_KEY_INVALID', 'Idempotency-Key must be 1..255 visible ASCII characters', 'headers/idempotency-key')
    }
  }

  /** The answer already given under this key, if any; IDEMPOTENCY_KEY_REUSED when it was for another request. */
  async answered (caller: string, key: string, requestHash: string): Promise<ConsolidateResponse | undefined> {
    const bound = await this.#results.try('idempotent', (store) => store.idempotent(caller, key))
    if (bound == null) return undefined
    if (bound.requestHash !== requestHash) {
      throw new ConsolidationError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request body', 'headers/idempotency-key')
    }
    return bound.response
  }

  /** Binds a complete answer to the key (partial answers are not kept: a retry may do better). */
  async remember (caller: string, key: string, requestHash: string, response: ConsolidateResponse): Promise<void> {
    if (response.partial) return
    await this.#results.try('rememberIdempotent', (store) => store.rememberIdempotent(caller, key, { requestHash, response }))
  }
}
