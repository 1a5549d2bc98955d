/**
 * Identical concurrent work runs once in this process: later callers share the first
 * caller's promise. The entry is dropped when the work settles, so a later call runs anew
 * (and then normally hits the result cache).
 */
export class SingleFlight<T> {
  readonly #inflight = new Map<string, Promise<T>>()

  run (key: string, work: () => Promise<T>): { promise: Promise<T>, shared: boolean } {
    const existing = this.#inflight.get(key)
    if (existing !== undefined) return { promise: existing, shared: true }
    const promise = work().finally(() => { this.#inflight.delete(key) })
    this.#inflight.set(key, promise)
    return { promise, shared: false }
  }

  get size (): number {
    return this.#inflight.size
  }

  /** Settles when everything in flight has (for shutdown). */
  async drain (): Promise<void> {
    await Promise.allSettled([...this.#inflight.values()])
  }
}
