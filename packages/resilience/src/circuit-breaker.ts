import { BrokenCircuitError, CircuitState as CockatielState, ConsecutiveBreaker, circuitBreaker, handleWhen, type CircuitBreakerPolicy } from 'cockatiel'
import { CircuitOpenError } from './errors.ts'

export type CircuitState = 'closed' | 'open' | 'half-open'

export interface CircuitBreakerOptions {
  /** Consecutive failures that open the circuit. */
  failureThreshold: number
  /** Time the circuit stays open before one probe is let through. */
  cooldownMs: number
  /**
   * Which errors count against the dependency's health. Others pass through untouched and
   * leave the count as it is (in half-open they close the circuit, as cockatiel decides);
   * to count an answer as a success, return it rather than throw it.
   */
  isFailure: (error: unknown) => boolean
  onStateChange?: (state: CircuitState) => void
}

/**
 * A consecutive-failure breaker (cockatiel's) for one dependency. While open, calls fail at
 * once with CircuitOpenError instead of piling up on a dead server; after the cool-down a
 * single probe decides whether to close. Two things are added to cockatiel's policy: the
 * state turns half-open when the cool-down ends, not at the next call, so a health check or
 * metric reads it without a call; and a call arriving while the probe is out is refused
 * rather than queued behind it.
 */
export class CircuitBreaker {
  readonly #policy: CircuitBreakerPolicy
  readonly #options: CircuitBreakerOptions
  #openedAt = 0
  #reported: CircuitState = 'closed'
  #timer: NodeJS.Timeout | undefined

  constructor (options: CircuitBreakerOptions) {
    this.#options = options
    this.#policy = circuitBreaker(handleWhen(options.isFailure), {
      halfOpenAfter: options.cooldownMs,
      breaker: new ConsecutiveBreaker(options.failureThreshold)
    })
    this.#policy.onBreak(() => this.#opened())
    this.#policy.onStateChange((state) => {
      if (state === CockatielState.Closed) {
        clearTimeout(this.#timer)
        this.#report('closed')
      } else if (state === CockatielState.HalfOpen) {
        this.#report('half-open')
      }
    })
  }

  get state (): CircuitState {
    switch (this.#policy.state) {
      case CockatielState.Closed: return 'closed'
      case CockatielState.HalfOpen: return 'half-open'
      default: return this.#coolDownLeft() <= 0 ? 'half-open' : 'open'
    }
  }

  /** Runs `operation` through the breaker; throws CircuitOpenError when it is refused. */
  async execute<T> (operation: () => Promise<T>): Promise<T> {
    if (this.#policy.state === CockatielState.HalfOpen) throw new CircuitOpenError(0)
    try {
      return await this.#policy.execute(operation)
    } catch (error) {
      if (error instanceof BrokenCircuitError) throw new CircuitOpenError(this.#coolDownLeft())
      throw error
    }
  }

  #coolDownLeft (): number {
    return this.#openedAt + this.#options.cooldownMs - Date.now()
  }

  #opened (): void {
    this.#openedAt = Date.now()
    this.#report('open')
    this.#scheduleHalfOpen(this.#options.cooldownMs)
  }

  // A timer rather than a check on the next call, so the state (and its metric) is current
  // even when no call comes; unref'd so an idle breaker never holds the process open.
  #scheduleHalfOpen (ms: number): void {
    clearTimeout(this.#timer)
    this.#timer = setTimeout(() => {
      if (this.#policy.state !== CockatielState.Open) return
      // cockatiel compares Date.now() with its own opening time: report half-open only once
      // the next call is sure to be let through as the probe.
      const left = this.#coolDownLeft()
      if (left > 0) this.#scheduleHalfOpen(left + 1)
      else this.#report('half-open')
    }, ms)
    this.#timer.unref()
  }

  #report (state: CircuitState): void {
    if (state === this.#reported) return
    this.#reported = state
    this.#options.onStateChange?.(state)
  }
}
