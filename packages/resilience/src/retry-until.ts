import { backoffDelay, pause, type BackoffPolicy } from './backoff.ts'

export interface RetryUntilOptions {
  backoff: BackoffPolicy
  /** Stops the retries (the wait in progress ends at once). */
  signal?: AbortSignal
  /** Checked after each failure and each wait, besides the signal: true ends the retries. */
  stopped?: () => boolean
  /** Every failure before its retry: where it is logged and counted. `attempt` counts from 1. */
  onFailure: (error: unknown, attempt: number, delayMs: number) => void
}

/**
 * Runs `operation` until it succeeds or the caller stops, waiting a backoff delay after each
 * failure. Resolves with the result, or undefined when stopped first. For work that must not
 * be given up (a batch that has to be written before it is acknowledged). cockatiel's
 * RetryPolicy would do the counting, but its wait between attempts ignores the abort signal,
 * which would hold a shutdown for up to `maxMs`.
 */
export async function retryUntil<T> (operation: () => Promise<T>, options: RetryUntilOptions): Promise<{ value: T } | undefined> {
  const stopped = (): boolean => options.signal?.aborted === true || options.stopped?.() === true
  for (let attempt = 0; ; attempt++) {
    try {
      return { value: await operation() }
    } catch (error) {
      if (stopped()) return undefined
      const delay = backoffDelay(attempt, options.backoff)
      options.onFailure(error, attempt + 1, delay)
      await pause(delay, options.signal)
      if (stopped()) return undefined
    }
  }
}
