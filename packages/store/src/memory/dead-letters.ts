import type { DeadLetter, DeadLetterStore } from '../types.ts'

/** Newest first on read, oldest dropped past the cap (the Redis stream is capped with MAXLEN too). */
export class MemoryDeadLetterStore implements DeadLetterStore {
  private readonly entries: DeadLetter[] = []

  constructor (private readonly maxEntries: number) {}

  async add (entry: DeadLetter): Promise<void> {
    this.entries.push({ ...entry })
    if (this.entries.length > this.maxEntries) this.entries.splice(0, this.entries.length - this.maxEntries)
  }

  async count (): Promise<number> {
    return this.entries.length
  }

  async list (max: number): Promise<DeadLetter[]> {
    return this.entries.slice(-max).reverse().map((entry) => ({ ...entry }))
  }

  clear (): void {
    this.entries.length = 0
  }
}
