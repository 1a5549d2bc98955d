import { performance } from 'node:perf_hooks'
import type { AnalysisEngine } from '@meeting-ai/llm'
import { backoffDelay, type BackoffPolicy } from '@meeting-ai/resilience'
import type { Store } from '@meeting-ai/store'
import type { WorkerLogger } from '../logger.ts'
import type { WorkerMetrics } from '../metrics.ts'
import { analyseMeeting, EngineCallError } from './analyse-meeting.ts'

export interface AnalysisSettings {
  threshold: number
  /** Lease of the per-meeting analysis lock; renewed every third of it while the engine runs. */
  lockTtlMs: number
  /** Analyses running at once in this process (each is one engine call). */
  maxConcurrent: number
  /** Backoff of a meeting whose analysis failed (engine or store), so its window is retried. */
  retry: BackoffPolicy
  previousSuggestions: number
}

export interface AnalysisSchedulerOptions {
  store: Store
  engine: AnalysisEngine
  logger: WorkerLogger
  metrics: WorkerMetrics
  settings: AnalysisSettings
}

interface MeetingState {
  queued: boolean
  running: boolean
  failures: number
  /** Pending retry after a failure; counts as scheduled work for drain(). */
  retryTimer?: NodeJS.Timeout
  /** Re-check after finding the lock held, in case its holder died; not waited for by drain(). */
  recheckTimer?: NodeJS.Timeout
}

/**
 * Runs analyses outside the event path: `request` only queues (the source callback never waits
 * for the engine), a bounded number run at once, a meeting is never analysed twice at once in
 * this process, and a run that leaves enough pending segments queues the next one (coalescing).
 */
export class AnalysisScheduler {
  readonly #options: AnalysisSchedulerOptions
  readonly #meetings = new Map<string, MeetingState>()
  readonly #queue: string[] = []
  readonly #shutdown = new AbortController()
  #active = 0
  #pumpScheduled = false
  #closed = false
  #idleWaiters: Array<() => void> = []

  constructor (options: AnalysisSchedulerOptions) {
    this.#options = options
  }

  request (meetingId: string): void {
    if (this.#closed) return
    const state = this.#state(meetingId)
    // A running analysis re-checks pending after it releases the lock; a failed one retries on its timer.
    if (state.queued || state.running || state.retryTimer !== undefined) return
    if (state.recheckTimer !== undefined) {
      clearTimeout(state.recheckTimer)
      delete state.recheckTimer
    }
    state.queued = true
    this.#queue.push(meetingId)
    this.#schedulePump()
  }

  /** Resolves when nothing is queued, running or waiting to be retried. */
  async drain (): Promise<void> {
    if (this.#isIdle()) return
    await new Promise<void>((resolve) => { this.#idleWaiters.push(resolve) })
  }

  /** Stops taking requests, drops queued and retry work, aborts running engine calls and waits for them. */
  async close (): Promise<void> {
    this.#closed = true
    this.#queue.length = 0
    for (const state of this.#meetings.values()) {
      state.queued = false
      clearTimeout(state.retryTimer)
      clearTimeout(state.recheckTimer)
      delete state.retryTimer
      delete state.recheckTimer
    }
    this.#shutdown.abort()
    await this.drain()
  }

  #state (meetingId: string): MeetingState {
    let state = this.#meetings.get(meetingId)
    if (state === undefined) {
      state = { queued: false, running: false, failures: 0 }
      this.#meetings.set(meetingId, state)
    }
    return state
  }

  #schedulePump (): void {
    if (this.#pumpScheduled) return
    this.#pumpScheduled = true
    setImmediate(() => {
      this.#pumpScheduled = false
      this.#pump()
    })
  }

  #pump (): void {
    while (!this.#closed && this.#active < this.#options.settings.maxConcurrent && this.#queue.length > 0) {
      const meetingId = this.#queue.shift() as string
      const state = this.#state(meetingId)
      state.queued = false
      state.running = true
      this.#active += 1
      this.#run(meetingId, state).then((again) => {
        state.running = false
        this.#active -= 1
        // Coalescing: whatever arrived during the run is covered by the next one.
        if (again) this.request(meetingId)
        this.#forgetIfIdle(meetingId, state)
        this.#schedulePump()
        this.#notifyIfIdle()
      })
    }
    this.#notifyIfIdle()
  }

  /** Never rejects; true when enough segments are still pending for another run. */
  async #run (meetingId: string, state: MeetingState): Promise<boolean> {
    const { store, engine, logger, metrics, settings } = this.#options
    const started = performance.now()
    try {
      const result = await analyseMeeting(meetingId, {
        store,
        engine,
        logger,
        threshold: settings.threshold,
        lockTtlMs: settings.lockTtlMs,
        previousSuggestions: settings.previousSuggestions,
        signal: this.#shutdown.signal
      })
      state.failures = 0
      metrics.analyses.inc({ outcome: result.outcome })
      if (result.outcome !== 'busy') metrics.analysisSeconds.observe({ outcome: result.outcome }, (performance.now() - started) / 1000)
      if (result.outcome === 'busy') this.#recheckLater(meetingId, state)
      return result.remaining >= settings.threshold
    } catch (error) {
      metrics.analyses.inc({ outcome: 'failed' })
      metrics.analysisSeconds.observe({ outcome: 'failed' }, (performance.now() - started) / 1000)
      if (this.#closed) return false
      if (error instanceof EngineCallError) {
        metrics.llmErrors.inc()
        logger.error({ err: error.cause, meetingId, attempt: state.failures + 1 }, 'analysis engine failed; the window stays pending and is retried')
      } else {
        metrics.storeErrors.inc({ operation: 'analysis' })
        logger.error({ err: error, meetingId, attempt: state.failures + 1 }, 'store failed during analysis; retrying later')
      }
      this.#retryLater(meetingId, state)
      return false
    }
  }

  #retryLater (meetingId: string, state: MeetingState): void {
    const wait = backoffDelay(state.failures, this.#options.settings.retry)
    state.failures += 1
    state.retryTimer = setTimeout(() => {
      delete state.retryTimer
      this.request(meetingId)
      this.#notifyIfIdle()
    }, wait)
  }

  #recheckLater (meetingId: string, state: MeetingState): void {
    if (state.recheckTimer !== undefined || this.#closed) return
    // The holder re-checks when it finishes; this only matters if it died holding the lock.
    state.recheckTimer = setTimeout(() => {
      delete state.recheckTimer
      this.request(meetingId)
    }, this.#options.settings.lockTtlMs + 100)
    state.recheckTimer.unref()
  }

  #forgetIfIdle (meetingId: string, state: MeetingState): void {
    if (!state.queued && !state.running && state.retryTimer === undefined && state.recheckTimer === undefined) {
      this.#meetings.delete(meetingId)
    }
  }

  #isIdle (): boolean {
    if (this.#queue.length > 0 || this.#active > 0 || this.#pumpScheduled) return false
    for (const state of this.#meetings.values()) {
      if (state.retryTimer !== undefined) return false
    }
    return true
  }

  #notifyIfIdle (): void {
    if (this.#idleWaiters.length === 0 || !this.#isIdle()) return
    const waiters = this.#idleWaiters
    this.#idleWaiters = []
    for (const resolve of waiters) resolve()
  }
}
