import type { AnalysisEngine, CallOptions, ChunkAnalysis, ChunkInput, ConsolidationDraft, ReduceInput, SuggestInput, SuggestionDraft } from '../engine.ts'
import { LlmAbortedError, LlmDeadlineError, LlmError, type LlmErrorCode } from '../errors.ts'
import { emit, type EngineMetrics } from '../metrics.ts'
import { OFFLINE_ENGINE_NAME } from '../offline/engine.ts'
import { taskModule, type AnalysisPool } from './analysis-pool.ts'

const OFFLINE_TASKS = taskModule(import.meta.url, 'offline-engine-task')

/**
 * What stops the task on its thread: the caller's signal (callers with a deadline pass a
 * signal that fires at it), else a timer at the deadline alone.
 */
function stopSignal (options: CallOptions | undefined): AbortSignal | undefined {
  if (options?.signal !== undefined) return options.signal
  if (options?.deadline !== undefined) return AbortSignal.timeout(Math.max(1, options.deadline - Date.now()))
  return undefined
}

/** Why a call was stopped by its caller (signal or deadline), or undefined when it was not. */
function stoppedError (options: CallOptions | undefined): LlmError | undefined {
  if (options?.signal?.aborted === true) return new LlmAbortedError({ cause: options.signal.reason })
  if (options?.deadline !== undefined && Date.now() >= options.deadline) return new LlmDeadlineError()
  return undefined
}

/**
 * The offline extractive engine run on the analysis pool's worker threads: the same answers
 * as OfflineEngine, without holding the event loop for the seconds a long meeting takes.
 * A call whose signal fires or whose deadline passes is stopped and rejects like an LLM call
 * would (LlmAbortedError / LlmDeadlineError); a full queue rejects with AnalysisQueueFullError.
 */
export class PooledOfflineEngine implements AnalysisEngine {
  readonly name = OFFLINE_ENGINE_NAME
  readonly external = false
  readonly #pool: AnalysisPool
  readonly #metrics: EngineMetrics | undefined

  constructor (pool: AnalysisPool, options: { metrics?: EngineMetrics } = {}) {
    this.#pool = pool
    this.#metrics = options.metrics
  }

  async suggest (input: SuggestInput, options?: CallOptions): Promise<SuggestionDraft[]> {
    return await this.#run('suggest', input, options)
  }

  async analyseChunk (input: ChunkInput, options?: CallOptions): Promise<ChunkAnalysis> {
    return await this.#run('analyseChunk', input, options)
  }

  async reduce (input: ReduceInput, options?: CallOptions): Promise<ConsolidationDraft> {
    return await this.#run('reduce', input, options)
  }

  async #run<T> (operation: string, input: unknown, options: CallOptions | undefined): Promise<T> {
    const started = Date.now()
    let errorCode: LlmErrorCode | undefined
    try {
      const stopped = stoppedError(options)
      if (stopped !== undefined) throw stopped
      return await this.#pool.run<T>(OFFLINE_TASKS, operation, input, stopSignal(options)).catch((error: unknown) => { throw stoppedError(options) ?? error })
    } catch (error) {
      if (error instanceof LlmError) errorCode = error.code
      throw error
    } finally {
      emit(this.#metrics, 'onCall', { engine: this.name, operation, durationMs: Date.now() - started, attempts: 0, ...(errorCode !== undefined && { errorCode }) })
    }
  }
}

const WARM_UP_MINUTES = [{ userId: 'warm-up', content: 'Budget: we agreed to cut travel. Kim will send the budget by Friday.\n예산: 출장비를 줄이기로 함. 김민수 님이 금요일까지 예산안을 보내기로 함.' }]

/**
 * Loads the offline engine's module graph and lazy parts (segmenters, stop-word tables) in
 * every thread of the pool, so that the first live analysis or late-budget fallback does not
 * pay a thread's start-up. Metrics-free: the warm-up is no analysis call.
 */
export async function warmUpOfflineThreads (pool: AnalysisPool): Promise<void> {
  const engine = new PooledOfflineEngine(pool)
  // Idle threads take concurrent tasks one each.
  await Promise.all(Array.from({ length: pool.threads }, async () => {
    const chunk = await engine.analyseChunk({ agendas: [], minutes: WARM_UP_MINUTES })
    await engine.reduce({ agendas: [], chunks: [chunk] })
  }))
}
