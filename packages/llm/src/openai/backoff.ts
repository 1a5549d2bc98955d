import { LlmAbortedError } from '../errors.ts'

export interface BackoffOptions {
  /** Delay before the first retry, before jitter. */
  baseDelayMs: number
  /** Cap of one delay. */
  maxDelayMs: number
}

/** Exponential backoff with full jitter: uniform in [base/2, base * 2^attempt], capped. */
export function backoffDelay (attempt: number, options: BackoffOptions, random: () => number = Math.random): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt)
  const floor = Math.min(ceiling, options.baseDelayMs / 2)
  return Math.round(floor + random() * (ceiling - floor))
}

/**
 * Delay a server asked for, from `retry-after-ms` (OpenAI, Azure) or `Retry-After`
 * (seconds or an HTTP date). undefined when absent or unreadable.
 */
export function retryAfterMs (headers: Headers | undefined, now = Date.now()): number | undefined {
  if (headers === undefined) return undefined
  const ms = headers.get('retry-after-ms')
  if (ms !== null && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.ceil(Number(ms))
  const value = headers.get('retry-after')
  if (value === null) return undefined
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.ceil(Number(value) * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** setTimeout as a promise that rejects with LlmAbortedError when the signal fires. */
export async function abortableDelay (ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted === true) throw new LlmAbortedError({ cause: signal.reason })
  await new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer)
      reject(new LlmAbortedError({ cause: signal?.reason }))
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
