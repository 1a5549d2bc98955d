/** A checkpoint or ownership record the store refuses to write. */
export class CheckpointStoreError extends Error {
  readonly code: string

  constructor (code: string, message: string) {
    super(message)
    this.name = 'CheckpointStoreError'
    this.code = code
  }
}
