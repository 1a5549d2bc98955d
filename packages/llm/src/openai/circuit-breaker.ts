import { LlmCircuitOpenError } from '../errors.ts'

export type CircuitState = 'closed' | 'open' | 'half-open'

export interface CircuitBreakerOptions {
  /** Consecutive failed attempts that open the circuit. */
  failureThreshold: number
  /** Time the circuit stays open before one probe is let through. */
  cooldownMs: number
  onStateChange?: (state: CircuitState) => void
}

/** Handed out per admitted request; exactly one of its methods is called when the request settles. */
export interface CircuitPermit {
  success (): void
  failure (): void
  /** The request ended without telling anything about the provider's health (caller aborted). */
  release (): void
}

/**
 * Consecutive-failure breaker for one provider. While open, calls fail at once instead of
 * piling up on a dead server; after the cool-down a single probe decides whether to close.
 */
export class CircuitBreaker {
  #state: CircuitState = 'closed'
  #failures = 0
  #openedAt = 0
  #probeInFlight = false
  #timer: NodeJS.Timeout | undefined

  constructor (readonly provider: string, private readonly options: CircuitBreakerOptions) {}

  get state (): CircuitState {
    return this.#state
  }

  /** Admits a request or throws LlmCircuitOpenError. */
  acquire (): CircuitPermit {
    if (this.#state === 'open') {
      throw new LlmCircuitOpenError(this.provider, this.#openedAt + this.options.cooldownMs - Date.now())
    }
    if (this.#state === 'half-open') {
      if (this.#probeInFlight) throw new LlmCircuitOpenError(this.provider, 0)
      this.#probeInFlight = true
    }
    const probe = this.#state === 'half-open'
    let settled = false
    const settle = (outcome: () => void) => () => {
      if (settled) return
      settled = true
      if (probe) this.#probeInFlight = false
      outcome()
    }
    return {
      success: settle(() => this.#onSuccess()),
      failure: settle(() => this.#onFailure(probe)),
      release: settle(() => {})
    }
  }

  #onSuccess (): void {
    this.#failures = 0
    if (this.#state !== 'closed') this.#transition('closed')
  }

  #onFailure (probe: boolean): void {
    this.#failures++
    if (probe || (this.#state === 'closed' && this.#failures >= this.options.failureThreshold)) this.#open()
  }

  #open (): void {
    this.#openedAt = Date.now()
    this.#transition('open')
    clearTimeout(this.#timer)
    // A timer rather than a check on the next call, so the state (and its metric) is current
    // even when no call comes; unref'd so an idle breaker never holds the process open.
    this.#timer = setTimeout(() => this.#transition('half-open'), this.options.cooldownMs)
    this.#timer.unref()
  }

  #transition (state: CircuitState): void {
    this.#state = state
    this.options.onStateChange?.(state)
  }
}
