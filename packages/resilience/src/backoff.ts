import { setTimeout as sleep } from 'node:timers/promises'
import { halfJitterGenerator } from 'cockatiel'

export interface BackoffPolicy {
  /** Ceiling of the first delay. */
  initialMs: number
  /** Ceiling of any delay. */
  maxMs: number
}

/**
 * Delay before retry number `attempt` (0 for the first retry): exponential with half jitter,
 * uniform in [ceiling/2, ceiling] where ceiling = min(maxMs, initialMs * 2^attempt), so
 * processes retrying the same outage spread out instead of stampeding. At least 1 ms, so a
 * retry loop never spins.
 */
export function backoffDelay (attempt: number, policy: BackoffPolicy): number {
  const [delay] = halfJitterGenerator(Math.max(0, attempt), { generator: halfJitterGenerator, initialDelay: policy.initialMs, maxDelay: policy.maxMs, exponent: 2 })
  return Math.max(1, delay)
}

/**
 * The delay function for node-redis `socket.reconnectStrategy` (and anything else that is
 * handed a retry count and wants milliseconds back).
 */
export function reconnectDelay (policy: BackoffPolicy): (retries: number) => number {
  return (retries) => backoffDelay(retries, policy)
}

/** Waits `ms`, or less when `signal` aborts first. Never rejects: the caller checks its own state. */
export async function pause (ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted === true) return
  try {
    await sleep(ms, undefined, signal === undefined ? {} : { signal })
  } catch {
    // Aborted.
  }
}
