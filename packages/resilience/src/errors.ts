/** Base of the kit's errors; `code` says what happened without parsing the message. */
export class ResilienceError extends Error {
  constructor (readonly code: 'CIRCUIT_OPEN' | 'WAIT_ABORTED' | 'WAIT_DEADLINE' | 'TIMED_OUT', message: string, options: { cause?: unknown } = {}) {
    super(message, options)
    this.name = 'ResilienceError'
  }
}

/** The breaker refused the call; `retryInMs` is the time until it lets a probe through. */
export class CircuitOpenError extends ResilienceError {
  constructor (readonly retryInMs: number) {
    super('CIRCUIT_OPEN', `circuit open; next probe in ${Math.max(0, Math.round(retryInMs))} ms`)
    this.name = 'CircuitOpenError'
  }
}

/** A call waiting for a concurrency slot was aborted by its caller. */
export class WaitAbortedError extends ResilienceError {
  constructor (options: { cause?: unknown } = {}) {
    super('WAIT_ABORTED', 'aborted while waiting for a slot', options)
    this.name = 'WaitAbortedError'
  }
}

/** A call waiting for a concurrency slot reached its deadline. */
export class WaitDeadlineError extends ResilienceError {
  constructor () {
    super('WAIT_DEADLINE', 'deadline reached while waiting for a slot')
    this.name = 'WaitDeadlineError'
  }
}

/** An operation outlived its time limit. */
export class TimedOutError extends ResilienceError {
  constructor (readonly timeoutMs: number, options: { cause?: unknown } = {}) {
    super('TIMED_OUT', `no answer within ${timeoutMs} ms`, options)
    this.name = 'TimedOutError'
  }
}
