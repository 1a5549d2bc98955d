/** A timestamp that is not a real instant (Feb 30, month 13, hour 24, NaN, unknown format). */
export class TimestampError extends Error {
  readonly code = 'INVALID_TIMESTAMP'
  constructor (message: string) {
    super(message)
    this.name = 'TimestampError'
  }
}
