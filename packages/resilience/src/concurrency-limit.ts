import { bulkhead, type BulkheadPolicy } from 'cockatiel'
import { WaitAbortedError, WaitDeadlineError } from './errors.ts'

export interface SlotOptions {
  signal?: AbortSignal | undefined
  /** Epoch ms after which a call still waiting for a slot gives up. */
  deadline?: number | undefined
}

/**
 * At most `max` calls run at once (cockatiel's bulkhead); the rest wait in order. A waiting
 * call leaves as soon as its signal aborts or its deadline passes (WaitAbortedError,
 * WaitDeadlineError), so a stuck dependency never leaves a backlog of calls nobody waits
 * for; cockatiel only drops such a call when its turn comes, which is when it is skipped.
 * For a plain cap without abort or deadline, p-limit is enough.
 */
export class ConcurrencyLimit {
  readonly #bulkhead: BulkheadPolicy

  constructor (readonly max: number) {
    this.#bulkhead = bulkhead(max, Infinity)
  }

  /** Runs `operation` once a slot is free. */
  async run<T> (operation: () => Promise<T>, options: SlotOptions = {}): Promise<T> {
    const { signal, deadline } = options
    if (signal?.aborted === true) throw new WaitAbortedError({ cause: signal.reason })
    const leave = new AbortController()
    let started = false
    const running = this.#bulkhead.execute(async () => {
      started = true
      return await operation()
    }, leave.signal)
    let timer: NodeJS.Timeout | undefined
    let onAbort: (() => void) | undefined
    const gaveUp = new Promise<never>((_resolve, reject) => {
      const giveUp = (error: Error): void => {
        if (started) return
        leave.abort()
        reject(error)
      }
      onAbort = () => giveUp(new WaitAbortedError({ cause: signal?.reason }))
      signal?.addEventListener('abort', onAbort, { once: true })
      if (deadline !== undefined) timer = setTimeout(() => giveUp(new WaitDeadlineError()), Math.max(0, deadline - Date.now()))
    })
    // The bulkhead rejects the abandoned call later with TaskCancelledError; nobody awaits it.
    running.catch(() => {})
    try {
      return await Promise.race([running, gaveUp])
    } finally {
      clearTimeout(timer)
      if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort)
    }
  }
}
