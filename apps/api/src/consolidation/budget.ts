import { setMaxListeners } from 'node:events'

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value))

/**
 * The time plan of one consolidation, counted from the request's arrival (the caller's 30 s
 * clock started then, not when we began working):
 *
 *   arrival ── map (LLM per chunk) ── mapDeadline ── reduce (LLM) ── reduceDeadline
 *     ── offline merge ── mergeDeadline ── finalise ── finaliseDeadline ── store, send ── deadline
 *
 * Whatever the LLM has not finished by a phase's end is done by the offline engine, which
 * takes milliseconds, in the reserve kept before the deadline.
 */
export class Budget {
  readonly deadline: number
  /** Kept for offline fallback, post-processing and storing. */
  readonly finalReserveMs: number
  /** Kept for the LLM reduce step when the map step runs long. */
  readonly reduceShareMs: number

  constructor (readonly arrival: number, readonly budgetMs: number) {
    this.deadline = arrival + budgetMs
    this.finalReserveMs = clamp(budgetMs * 0.08, 250, 1500)
    this.reduceShareMs = clamp(budgetMs * 0.25, 500, 8000)
  }

  get mapDeadline (): number {
    return this.deadline - this.finalReserveMs - this.reduceShareMs
  }

  get reduceDeadline (): number {
    return this.deadline - this.finalReserveMs
  }

  /** The offline merge of what the LLM left undone ends here... */
  get mergeDeadline (): number {
    return this.deadline - this.finalReserveMs / 2
  }

  /** ...and finalising the answer here: the last quarter of the reserve is for storing and sending it. */
  get finaliseDeadline (): number {
    return this.deadline - this.finalReserveMs / 4
  }

  remaining (until = this.deadline): number {
    return Math.max(0, until - Date.now())
  }

  elapsedMs (): number {
    return Date.now() - this.arrival
  }

  /**
   * A signal that fires at `until` (immediately when already past), and `end()` to call when the
   * phase is over. Unlike AbortSignal.timeout, an ended phase drops its timer: a timer left
   * behind would fire seconds after the answer into every listener the LLM client attached
   * (at hundreds of consolidations per second, thousands of live timers and listeners).
   */
  phaseSignal (until: number): { signal: AbortSignal, end: () => void } {
    const controller = new AbortController()
    // One phase signal is shared by every chunk call of a long meeting (and the engine's own listeners).
    setMaxListeners(0, controller.signal)
    const timer = setTimeout(() => controller.abort(new DOMException('The phase deadline passed', 'TimeoutError')), Math.max(1, Math.ceil(until - Date.now())))
    timer.unref()
    return { signal: controller.signal, end: () => clearTimeout(timer) }
  }
}
