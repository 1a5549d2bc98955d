import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai'

/** What a failed HTTP attempt means for the retry loop and the breaker. */
export interface Failure {
  kind: 'timeout' | 'rate-limited' | 'server' | 'network' | 'rejected' | 'aborted'
  retryable: boolean
  /** Counts against the provider's health (opens the breaker). */
  unhealthy: boolean
  status?: number
  retryAfterMs?: number
  message: string
}

export function classifyFailure (error: unknown): Failure {
  if (error instanceof APIUserAbortError) {
    return { kind: 'aborted', retryable: false, unhealthy: false, message: error.message }
  }
  if (error instanceof APIConnectionTimeoutError) {
    return { kind: 'timeout', retryable: true, unhealthy: true, message: 'request timed out' }
  }
  if (error instanceof APIConnectionError) {
    return { kind: 'network', retryable: true, unhealthy: true, message: describeCause(error) }
  }
  if (error instanceof APIError) {
    const status = error.status ?? 0
    const after = retryAfterMs(error.headers)
    const base = { status, message: `HTTP ${status}: ${error.message}`, ...(after === undefined ? {} : { retryAfterMs: after }) }
    if (status === 429) return { ...base, kind: 'rate-limited', retryable: true, unhealthy: true }
    if (status === 408 || status === 409 || status >= 500) return { ...base, kind: 'server', retryable: true, unhealthy: true }
    // Other 4xx: the server is healthy and will answer the same way again.
    return { ...base, kind: 'rejected', retryable: false, unhealthy: false }
  }
  return { kind: 'network', retryable: true, unhealthy: true, message: error instanceof Error ? error.message : String(error) }
}

function describeCause (error: APIConnectionError): string {
  const cause = error.cause as { code?: string, message?: string } | undefined
  return cause?.code ?? cause?.message ?? error.message
}

/**
 * A 400/422 on a json_schema request that names structured output: the server (older vLLM,
 * llama.cpp, some gateways) does not support it, so JSON mode is the way to go. A 400 whose
 * body the SDK cannot read (older vLLM puts `message` at the top level, not under `error`)
 * counts too: JSON mode is then tried once, and a server refusing that as well is answered
 * as a rejection.
 */
export function isStructuredOutputRejection (error: unknown): boolean {
  if (!(error instanceof APIError)) return false
  if (error.status !== 400 && error.status !== 422) return false
  if (error.error === undefined || error.error === null) return true
  const text = `${error.message} ${JSON.stringify(error.error)}`
  return /response_format|json_schema|structured output|schema/i.test(text)
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
