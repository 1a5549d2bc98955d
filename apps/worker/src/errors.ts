/** The worker was started with a source it cannot run (missing connection string, unknown kind). */
export class SourceConfigError extends Error {
  readonly code = 'SOURCE_CONFIG_INVALID'
  constructor (message: string) {
    super(message)
    this.name = 'SourceConfigError'
  }
}
