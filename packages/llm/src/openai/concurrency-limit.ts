import { LlmAbortedError, LlmDeadlineError } from '../errors.ts'

interface Waiter {
  grant: () => void
  fail: (error: Error) => void
}

/**
 * A counting semaphore whose waiters leave the queue when their call is aborted or its
 * deadline passes (p-limit cannot drop a queued task), so a stuck provider never leaves
 * a backlog of calls nobody waits for.
 */
export class ConcurrencyLimit {
  #active = 0
  readonly #queue: Waiter[] = []

  constructor (readonly max: number) {}

  get active (): number {
    return this.#active
  }

  get waiting (): number {
    return this.#queue.length
  }

  /** Resolves with a release function once a slot is free. */
  async acquire (signal?: AbortSignal, deadline?: number): Promise<() => void> {
    if (signal?.aborted === true) throw new LlmAbortedError({ cause: signal.reason })
    if (this.#active < this.max) {
      this.#active++
      return this.#releaser()
    }
    return await new Promise<() => void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined
      const cleanup = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
        const index = this.#queue.indexOf(waiter)
        if (index !== -1) this.#queue.splice(index, 1)
      }
      const waiter: Waiter = {
        grant: () => { cleanup(); resolve(this.#releaser()) },
        fail: (error) => { cleanup(); reject(error) }
      }
      const onAbort = () => waiter.fail(new LlmAbortedError({ cause: signal?.reason }))
      signal?.addEventListener('abort', onAbort, { once: true })
      if (deadline !== undefined) {
        timer = setTimeout(() => waiter.fail(new LlmDeadlineError('Deadline reached while waiting for an LLM slot')), Math.max(0, deadline - Date.now()))
      }
      this.#queue.push(waiter)
    })
  }

  #releaser (): () => void {
    let released = false
    return () => {
      if (released) return
      released = true
      const next = this.#queue[0]
      // The slot passes straight to the next waiter, so #active never dips and overshoots.
      if (next !== undefined) next.grant()
      else this.#active--
    }
  }
}
