import type { ConsolidateRequest, ConsolidateResponse } from '@meeting-ai/contracts'

/** What an Idempotency-Key is bound to: the request it first came with and the answer sent. */
export interface IdempotentAnswer {
  /** Canonical hash of the request; a reuse of the key with another body is refused. */
  requestHash: string
  response: ConsolidateResponse
}

/** An exclusive claim on running one consolidation (one canonical request) across processes. */
export interface RunLease {
  requestHash: string
  token: string
}

/**
 * Consolidation requests and results, kept RESULT_TTL_S so that a retried request is
 * answered from cache, an Idempotency-Key gets its first answer again, and a meeting can
 * be regenerated from the request it was consolidated with.
 */
export interface ConsolidationResultStore {
  /** The final (complete) answer to a canonical request, or null. */
  cached (requestHash: string): Promise<ConsolidateResponse | null>
  /** Only complete answers belong here: a partial one must never be served as final. */
  cache (requestHash: string, response: ConsolidateResponse): Promise<void>

  idempotent (scope: string, key: string): Promise<IdempotentAnswer | null>
  rememberIdempotent (scope: string, key: string, answer: IdempotentAnswer): Promise<void>

  /** Per meeting: the last request consolidated and the last complete result. */
  saveRequest (meetingId: string, request: ConsolidateRequest): Promise<void>
  lastRequest (meetingId: string): Promise<ConsolidateRequest | null>
  saveResult (meetingId: string, response: ConsolidateResponse): Promise<void>
  lastResult (meetingId: string): Promise<ConsolidateResponse | null>

  /**
   * A short lease so that other processes wait for this run's cached answer instead of
   * running the same LLM work again. null when another holder has it.
   */
  claimRun (requestHash: string, ttlMs: number): Promise<RunLease | null>
  /** Releases only if still held by this lease (a late release never frees someone else's claim). */
  releaseRun (lease: RunLease): Promise<void>
  /** true while some process holds the claim. */
  runClaimed (requestHash: string): Promise<boolean>
}

export interface ResultStoreLimits {
  /** RESULT_TTL_S. */
  resultTtlS: number
}

/** RESULT_TTL_S when a store is made without one. */
export const DEFAULT_RESULT_TTL_S = 7 * 86_400
