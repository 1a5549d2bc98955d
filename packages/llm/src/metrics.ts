import type { LlmErrorCode } from './errors.ts'

/** What one LLM call reports; `operation` is suggest | analyseChunk | reduce. */
export interface CallReport {
  engine: string
  operation: string
  /** Wall time of the whole call, retries and repair included. */
  durationMs: number
  /** HTTP attempts made (1 when no retry was needed; 0 when nothing was sent). */
  attempts: number
  /** Set when the call failed. */
  errorCode?: LlmErrorCode
}

export interface TokenReport {
  engine: string
  operation: string
  promptTokens: number
  completionTokens: number
}

/**
 * Callbacks the apps wire to their metrics registry (prom-client); the package itself
 * depends on none. Every callback is optional and must not throw.
 */
export interface EngineMetrics {
  /** Once per engine call, success or failure. */
  onCall?: (report: CallReport) => void
  /** Once per HTTP attempt that failed and will be (or was) retried. */
  onRetry?: (info: { engine: string, operation: string, attempt: number, reason: string, delayMs: number }) => void
  /** Token usage as reported by the provider, per HTTP answer. */
  onTokens?: (report: TokenReport) => void
  /** Breaker state changes, per provider. */
  onCircuitState?: (info: { engine: string, state: 'closed' | 'open' | 'half-open' }) => void
  /** An answer failed validation and was re-asked (repair) or given up. */
  onInvalidAnswer?: (info: { engine: string, operation: string, repaired: boolean }) => void
  /** The server refused json_schema: JSON mode until json_schema is tried again. */
  onStructuredOutputFallback?: (info: { engine: string }) => void
  /** The server refused an optional parameter (temperature, max_tokens, reasoning_effort): sent differently from now on. */
  onParameterRefused?: (info: { engine: string, parameter: string, change: string }) => void
}

/** Calls a metrics callback, never letting a faulty one break an LLM call. */
export function emit<K extends keyof EngineMetrics> (metrics: EngineMetrics | undefined, name: K, arg: Parameters<NonNullable<EngineMetrics[K]>>[0]): void {
  const callback = metrics?.[name] as ((value: unknown) => void) | undefined
  if (callback === undefined) return
  try {
    callback(arg)
  } catch {
    // metrics are best effort
  }
}
