import { TaskCancelledError, TimeoutStrategy, timeout } from 'cockatiel'
import { TimedOutError } from './errors.ts'

/**
 * `operation`'s result, or TimedOutError after `timeoutMs` (cockatiel's aggressive timeout:
 * the caller stops waiting at once). `operation` receives a signal that aborts at the timeout,
 * for work that can be cancelled; work that cannot is left to finish on its own.
 */
export async function withTimeout<T> (timeoutMs: number, operation: (signal: AbortSignal) => Promise<T>): Promise<T> {
  try {
    return await timeout(timeoutMs, TimeoutStrategy.Aggressive).execute(async ({ signal }) => await operation(signal))
  } catch (error) {
    if (error instanceof TaskCancelledError) throw new TimedOutError(timeoutMs, { cause: error })
    throw error
  }
}
