import { availableParallelism } from 'node:os'
import { extname } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { HealthComponent } from '@meeting-ai/contracts'
import { Piscina } from 'piscina'
import { Counter, Gauge, type Registry } from 'prom-client'
import { isThreadPriorityFailure, type ThreadPriorityFailure } from './thread-priority.ts'

export interface AnalysisPoolOptions {
  /** Worker threads; 0 or undefined = defaultAnalysisThreads(). */
  threads?: number
  /**
   * Niceness each thread sets for itself when it starts (os.setPriority on the thread, Linux),
   * so that analysis yields a shared core to the event loop; 0 or undefined leaves it.
   */
  threadNice?: number
  /** Where a thread's failure to lower its priority is logged (once per pool). */
  logger?: { warn: (details: object, message: string) => void }
  /** Tasks that may wait for a free thread; one more is refused with AnalysisQueueFullError. */
  maxQueue: number
  /** Where the pool's gauges and counters go (one pool per registry). */
  registry?: Registry
}

/** The queue of analysis tasks is full: the caller should come back later (HTTP 503 + Retry-After). */
export class AnalysisQueueFullError extends Error {
  readonly code = 'ANALYSIS_QUEUE_FULL'
  constructor (readonly queued: number, readonly retryAfterS: number) {
    super(`The analysis queue is full (${queued} tasks waiting); try again in ${retryAfterS} s`)
    this.name = 'AnalysisQueueFullError'
  }
}

/**
 * The URL of a task module beside `importMetaUrl`, with the caller's own extension: `.ts`
 * under `--import tsx` (the threads get the loader and the `@meeting-ai/source` condition,
 * see threadExecArgv), `.js` from dist.
 */
export function taskModule (importMetaUrl: string, basename: string): string {
  return new URL(`./${basename}${extname(fileURLToPath(importMetaUrl))}`, importMetaUrl).href
}

/**
 * Threads when none are configured: one per core less one, which is left to the event loop (it
 * parses, dispatches and writes the streams and probes), and at least one.
 */
export function defaultAnalysisThreads (): number {
  return Math.max(1, availableParallelism() - 1)
}

const isAborted = (signal: AbortSignal | undefined): boolean => signal?.aborted === true

/**
 * The flags a thread needs to load the task modules the way this process loads its own: the
 * module resolution conditions (`@meeting-ai/source`) and the TypeScript loader (tsx), when
 * present. Other preloads (a test runner's coverage and mock hooks) stay with the main thread:
 * each would cost every thread start a second or more.
 */
export function threadExecArgv (execArgv: readonly string[]): string[] {
  const kept: string[] = []
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i]!
    if (arg.startsWith('--conditions=') || arg.startsWith('-C=') || arg === '--enable-source-maps') kept.push(arg)
    else if ((arg === '--conditions' || arg === '-C') && execArgv[i + 1] !== undefined) kept.push(arg, execArgv[++i]!)
    else if (/^--(import|loader|require)=tsx(\/|$)/.test(arg)) kept.push(arg)
    else if ((arg === '--import' || arg === '--loader' || arg === '--require') && /^tsx(\/|$)/.test(execArgv[i + 1] ?? '')) kept.push(arg, execArgv[++i]!)
  }
  return kept
}

interface PoolMetrics {
  rejected: Counter
  aborted: Counter
  priorityFailures: Counter
}

/**
 * CPU-heavy analysis off the event loop: a piscina pool of worker threads with a bounded
 * queue, shared by every task module (the offline engine here, the API's chunking and
 * finalising). The event loop only parses, dispatches and writes, so streams, pings and
 * probes keep flowing while a long meeting is analysed. A task whose signal fires is
 * abandoned: piscina terminates the thread running it and starts a fresh one.
 */
export class AnalysisPool {
  readonly threads: number
  readonly maxQueue: number
  readonly threadNice: number
  readonly #piscina: Piscina
  readonly #metrics: PoolMetrics | undefined
  readonly #logger: AnalysisPoolOptions['logger']
  #priorityFailures = 0
  #closed = false
  #active = 0

  constructor (options: AnalysisPoolOptions) {
    this.threads = options.threads === undefined || options.threads === 0 ? defaultAnalysisThreads() : options.threads
    this.maxQueue = options.maxQueue
    this.threadNice = options.threadNice ?? 0
    this.#logger = options.logger
    this.#piscina = new Piscina({
      // Loaded by every thread as it starts, before it reports ready (and after the loader
      // registered, so it may be TypeScript on Node 20): it lowers the thread's priority. Every
      // task names its own module, so this is never called as a task.
      ...(this.threadNice !== 0 && { filename: taskModule(import.meta.url, 'thread-priority') }),
      minThreads: this.threads,
      maxThreads: this.threads,
      // The bound is this class's (`full`, checked in the same synchronous step that hands
      // the task over), so piscina's own limit never refuses and no error text is parsed.
      maxQueue: Number.POSITIVE_INFINITY,
      execArgv: threadExecArgv(process.execArgv),
      workerData: { threadNice: this.threadNice },
      // Threads stay up: starting one (and its module graph under tsx) costs far more than a task.
      idleTimeout: Number.POSITIVE_INFINITY
    })
    this.#metrics = options.registry === undefined ? undefined : this.#register(options.registry)
    this.#piscina.on('message', (message: unknown) => {
      if (isThreadPriorityFailure(message)) this.#onPriorityFailure(message)
    })
  }

  /** Threads that could not lower their priority since start (each is counted and goes on at its inherited one). */
  get priorityFailures (): number {
    return this.#priorityFailures
  }

  /** Tasks waiting for a thread (not counting the ones running). */
  get queued (): number {
    return this.#piscina.queueSize
  }

  /** True when the next task would be refused: readiness fails so that new work goes elsewhere. */
  get full (): boolean {
    return this.#piscina.queueSize >= this.maxQueue
  }

  /**
   * The pool as a readiness component: DOWN while the queue is full, so a probe takes the
   * process out of rotation for new work (it stays alive and drains what it holds).
   */
  health (): HealthComponent {
    return { status: this.full ? 'DOWN' : 'UP', details: { queued: this.queued, maxQueue: this.maxQueue, threads: this.threads } }
  }

  /** Tasks handed to the pool and not settled yet (running or queued). */
  get active (): number {
    return this.#active
  }

  /** Tasks finished since start. */
  get completed (): number {
    return this.#piscina.completed
  }

  /** Throws (and counts) AnalysisQueueFullError when the queue is full: for work that would queue several tasks. */
  admit (): void {
    if (this.full) throw this.#refuse()
  }

  /**
   * Runs export `name` of the task module at `module` (see taskModule) with `input` on a
   * worker thread. Rejects with AnalysisQueueFullError when the queue is full and with the
   * signal's reason when `signal` fires (the task is stopped, not left running).
   */
  async run<R> (module: string, name: string, input: unknown, signal?: AbortSignal): Promise<R> {
    if (signal?.aborted === true) throw signal.reason
    if (this.full) throw this.#refuse()
    this.#active++
    try {
      return await this.#piscina.run(input, { filename: module, name, ...(signal !== undefined && { signal }) }) as R
    } catch (error) {
      // Read again: the signal may have fired while the task ran.
      if (isAborted(signal)) {
        this.#metrics?.aborted.inc()
        throw signal?.reason
      }
      throw error
    } finally {
      this.#active--
    }
  }

  /** Stops every thread; tasks still queued or running reject. */
  async close (): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await this.#piscina.destroy()
  }

  #onPriorityFailure (failure: ThreadPriorityFailure): void {
    this.#priorityFailures++
    this.#metrics?.priorityFailures.inc()
    // Every thread would say the same: one line, the counter has the rest.
    if (this.#priorityFailures === 1) {
      this.#logger?.warn({ nice: failure.nice, code: failure.code, err: failure.message }, 'an analysis thread could not lower its priority (ANALYSIS_THREAD_NICE); it runs at the process\'s priority')
    }
  }

  #refuse (): AnalysisQueueFullError {
    this.#metrics?.rejected.inc()
    // A queue drains at about one task per thread per second for long meetings.
    const retryAfterS = Math.max(1, Math.min(30, Math.ceil(this.#piscina.queueSize / this.threads)))
    return new AnalysisQueueFullError(this.#piscina.queueSize, retryAfterS)
  }

  #register (registry: Registry): PoolMetrics {
    const piscina = this.#piscina
    const maxQueue = this.maxQueue
    const threads = this.threads
    /* eslint-disable no-new -- prom-client gauges register themselves and are read through the registry */
    new Gauge({ name: 'meeting_ai_analysis_queue_size', help: 'Analysis tasks waiting for a worker thread', registers: [registry], collect () { this.set(piscina.queueSize) } })
    new Gauge({ name: 'meeting_ai_analysis_queue_max', help: 'Analysis tasks that may wait (ANALYSIS_QUEUE_MAX)', registers: [registry], collect () { this.set(maxQueue) } })
    new Gauge({ name: 'meeting_ai_analysis_threads', help: 'Worker threads of the analysis pool', registers: [registry], collect () { this.set(threads) } })
    new Gauge({ name: 'meeting_ai_analysis_tasks_completed', help: 'Analysis tasks finished on the worker threads since start', registers: [registry], collect () { this.set(piscina.completed) } })
    new Gauge({ name: 'meeting_ai_analysis_utilization', help: 'Share of the analysis threads\' capacity in use since start (piscina utilization)', registers: [registry], collect () { this.set(piscina.utilization) } })
    /* eslint-enable no-new */
    return {
      rejected: new Counter({ name: 'meeting_ai_analysis_rejected_total', help: 'Analysis tasks refused because the queue was full (answered 503 with Retry-After)', registers: [registry] }),
      aborted: new Counter({ name: 'meeting_ai_analysis_aborted_total', help: 'Analysis tasks stopped past their budget (their thread terminated)', registers: [registry] }),
      priorityFailures: new Counter({ name: 'meeting_ai_analysis_thread_priority_failures_total', help: 'Analysis threads that could not lower their priority to ANALYSIS_THREAD_NICE (they run at the process\'s)', registers: [registry] })
    }
  }
}
