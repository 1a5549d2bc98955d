export class StoreError extends Error {
  constructor (message: string, readonly code: 'STORE_UNAVAILABLE' | 'STORE_UNEXPECTED_REPLY' | 'STORE_SCRIPT_INVALID' | 'STORE_REPLICATION_SHORT', options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'StoreError'
  }
}
