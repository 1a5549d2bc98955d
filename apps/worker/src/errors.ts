/** A timestamp that is not a real instant (Feb 30, month 13, hour 24, NaN, unknown format). */
export class TimestampError extends Error {
  readonly code = 'INVALID_TIMESTAMP'
  constructor (message: string) {
    super(message)
    this.name = 'TimestampError'
  }
}

/** The worker was started with a source it cannot run (missing connection string, unknown kind). */
export class SourceConfigError extends Error {
  readonly code = 'SOURCE_CONFIG_INVALID'
  constructor (message: string) {
    super(message)
    this.name = 'SourceConfigError'
  }
}
