/**
 * Every failure an engine reports is an LlmError with a stable `code`, so callers
 * (worker, consolidation) decide on fallbacks and HTTP statuses without parsing messages.
 */
export type LlmErrorCode =
  | 'LLM_INVALID_ANSWER'
  | 'LLM_TIMEOUT'
  | 'LLM_UNAVAILABLE'
  | 'LLM_RATE_LIMITED'
  | 'LLM_CIRCUIT_OPEN'
  | 'LLM_REJECTED'
  | 'LLM_REFUSED'
  | 'LLM_ABORTED'
  | 'LLM_DEADLINE_EXCEEDED'

export class LlmError extends Error {
  readonly code: LlmErrorCode
  /** true when trying again later (another request, the fallback engine) may succeed. */
  readonly transient: boolean

  constructor (code: LlmErrorCode, message: string, options: { cause?: unknown, transient?: boolean } = {}) {
    super(message, { cause: options.cause })
    this.name = 'LlmError'
    this.code = code
    this.transient = options.transient ?? true
  }
}

/** The model answered twice with something that does not match the answer schema. */
export class LlmInvalidAnswerError extends LlmError {
  constructor (message: string, readonly validationErrors: string[], options: { cause?: unknown } = {}) {
    super('LLM_INVALID_ANSWER', message, options)
    this.name = 'LlmInvalidAnswerError'
  }
}

/** One attempt (or the whole call) ran past LLM_TIMEOUT_MS. */
export class LlmTimeoutError extends LlmError {
  constructor (message: string, options: { cause?: unknown } = {}) {
    super('LLM_TIMEOUT', message, options)
    this.name = 'LlmTimeoutError'
  }
}

/** 5xx or network failure after the retries were spent. */
export class LlmUnavailableError extends LlmError {
  constructor (message: string, readonly status?: number, options: { cause?: unknown } = {}) {
    super('LLM_UNAVAILABLE', message, options)
    this.name = 'LlmUnavailableError'
  }
}

/** 429 after the retries were spent, or a Retry-After that would pass the deadline. */
export class LlmRateLimitedError extends LlmError {
  constructor (message: string, readonly retryAfterMs?: number, options: { cause?: unknown } = {}) {
    super('LLM_RATE_LIMITED', message, options)
    this.name = 'LlmRateLimitedError'
  }
}

/** The provider's circuit breaker is open: the call was not sent. */
export class LlmCircuitOpenError extends LlmError {
  constructor (provider: string, readonly retryInMs: number) {
    super('LLM_CIRCUIT_OPEN', `Circuit breaker for ${provider} is open; next probe in ${Math.max(0, Math.round(retryInMs))} ms`)
    this.name = 'LlmCircuitOpenError'
  }
}

/** A 4xx the provider will answer the same way again (auth, unknown model, bad request). */
export class LlmRejectedError extends LlmError {
  constructor (message: string, readonly status?: number, options: { cause?: unknown } = {}) {
    super('LLM_REJECTED', message, { ...options, transient: false })
    this.name = 'LlmRejectedError'
  }
}

/** The model declined to answer (`message.refusal`, structured outputs' safety refusal). */
export class LlmRefusedError extends LlmError {
  constructor (message: string) {
    super('LLM_REFUSED', message, { transient: false })
    this.name = 'LlmRefusedError'
  }
}

/** CallOptions.signal fired. */
export class LlmAbortedError extends LlmError {
  constructor (options: { cause?: unknown } = {}) {
    super('LLM_ABORTED', 'LLM call aborted by the caller', { ...options, transient: false })
    this.name = 'LlmAbortedError'
  }
}

/** CallOptions.deadline passed (or would pass) before an answer could arrive. */
export class LlmDeadlineError extends LlmError {
  constructor (message = 'LLM call deadline reached', options: { cause?: unknown } = {}) {
    super('LLM_DEADLINE_EXCEEDED', message, options)
    this.name = 'LlmDeadlineError'
  }
}

export function isLlmError (error: unknown): error is LlmError {
  return error instanceof LlmError
}
