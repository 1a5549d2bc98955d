export type ConsolidationErrorCode =
  | 'MINUTES_TOO_LARGE'
  | 'MINUTES_EMPTY'
  | 'IDEMPOTENCY_KEY_INVALID'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'MEETING_NOT_CONSOLIDATED'
  | 'AGENDA_NOT_FOUND'
  | 'STORE_UNAVAILABLE'
  | 'NO_USABLE_ANSWER'

/** What the consolidation service refuses or cannot do; the routes map `code` to an HTTP problem. */
export class ConsolidationError extends Error {
  constructor (
    readonly code: ConsolidationErrorCode,
    message: string,
    /** The request field at fault, as a JSON pointer under `body`, for 400 answers. */
    readonly field?: string,
    options?: { cause?: unknown }
  ) {
    super(message, options)
    this.name = 'ConsolidationError'
  }
}
