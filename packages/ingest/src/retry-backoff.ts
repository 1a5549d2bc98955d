import { setTimeout as delay } from 'node:timers/promises'

export interface BackoffPolicy {
  initialMs: number
  maxMs: number
}

/** Exponential delay with full jitter, so workers retrying the same outage do not stampede. */
export function backoffDelay (attempt: number, policy: BackoffPolicy): number {
  const ceiling = Math.min(policy.maxMs, policy.initialMs * 2 ** Math.min(attempt, 20))
  return Math.max(1, Math.round(ceiling / 2 + Math.random() * ceiling / 2))
}

/** Waits `ms`, or less when `signal` aborts first. Never rejects. */
export async function pause (ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted === true) return
  try {
    await delay(ms, undefined, signal === undefined ? {} : { signal })
  } catch {
    // Aborted: the caller checks its own state.
  }
}
