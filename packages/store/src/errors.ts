export class StoreError extends Error {
  constructor (message: string, readonly code: 'STORE_UNAVAILABLE' | 'STORE_UNEXPECTED_REPLY' | 'STORE_SCRIPT_INVALID', options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'StoreError'
  }
}
