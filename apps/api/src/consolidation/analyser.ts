import type { FastifyBaseLogger } from 'fastify'
import type { Agenda, ConsolidateRequest, ConsolidateResponse } from '@meeting-ai/contracts'
import { AnalysisQueueFullError, type AnalysisEngine, type AnalysisPool, type ConsolidationDraft, type MinutesPart } from '@meeting-ai/llm'
import type { Budget } from './budget.ts'
import { ConsolidationError } from './errors.ts'
import type { FinaliseContext } from './finalise.ts'
import { analyseMinutes, CONSOLIDATION_TASKS, type AnalysisOutcome, type AnalysisPlan } from './map-reduce.ts'
import type { ConsolidationMetrics } from './metrics.ts'
import { OfflineCostModel } from './offline-cost.ts'
import { offlineLimitNotes } from './offline-limits.ts'

export interface AnalyserOptions {
  engine: AnalysisEngine
  fallback: AnalysisEngine
  /** Worker threads for chunking, the offline engine and finalising. */
  pool: AnalysisPool
  metrics: ConsolidationMetrics
  logger: FastifyBaseLogger
  contextChars: number
  concurrency: number
}

/** What a plan is built from besides the stored or received request. */
export interface PlanExtras {
  agendas: Agenda[]
  language?: string | undefined
  instructions?: string | undefined
  focusAgendaNumber?: number | undefined
}

/**
 * From a request to the wire answer: the analysis plan, the budgeted map-reduce over the
 * engines (with the offline cost model it learns across runs), and finalising on the pool.
 */
export class Analyser {
  readonly #options: AnalyserOptions
  readonly #offlineCost = new OfflineCostModel()

  constructor (options: AnalyserOptions) {
    this.#options = options
  }

  get engineName (): string {
    return this.#options.engine.name
  }

  plan (request: ConsolidateRequest, extras: PlanExtras): AnalysisPlan {
    const minutes: MinutesPart[] = request.participantMinutes
      .filter((part) => part.content.trim() !== '')
      .map((part) => ({ userId: part.userId, content: part.content, ...(part.userName !== undefined && { userName: part.userName }) }))
    const { agendas, language, instructions, focusAgendaNumber } = extras
    return {
      agendas,
      minutes,
      ...(request.meetingTitle !== undefined && { meetingTitle: request.meetingTitle }),
      ...(language !== undefined && { language }),
      ...(instructions !== undefined && instructions.trim() !== '' && { instructions }),
      ...(focusAgendaNumber !== undefined && { focusAgendaNumber })
    }
  }

  /** The plan analysed and finalised: the answer to send. */
  async answer (meetingId: string, plan: AnalysisPlan, budget: Budget, log: FastifyBaseLogger, offlineOnly?: string): Promise<ConsolidateResponse> {
    return await this.respond(meetingId, plan, await this.#analyse(plan, budget, log, offlineOnly), budget)
  }

  async #analyse (plan: AnalysisPlan, budget: Budget, log: FastifyBaseLogger, offlineOnly?: string): Promise<AnalysisOutcome> {
    const { engine, fallback, pool, metrics, contextChars, concurrency } = this.#options
    // No minutes: nothing to send anywhere; every given agenda still gets its (empty) entry.
    if (plan.minutes.length === 0) {
      const empty: ConsolidationDraft = { keywords: [], agendaSummaries: [], todos: [] }
      return { draft: empty, notes: [], partial: false, model: engine.name }
    }
    try {
      const outcome = await analyseMinutes(plan, budget, {
        engine,
        fallback,
        pool,
        contextChars,
        concurrency,
        offlineCost: this.#offlineCost,
        onFailure: (step, reason) => {
          metrics.chunkFailure(step, reason)
          log.warn({ step, reason }, 'LLM did not deliver; the offline engine covers this part')
        },
        ...(offlineOnly !== undefined && { offlineOnly })
      })
      if (outcome.partial) log.warn({ notes: outcome.notes.length, elapsedMs: budget.elapsedMs() }, 'consolidation answer is partial')
      return { ...outcome, notes: [...outcome.notes, ...offlineLimitNotes(plan, outcome.model, fallback.name)] }
    } catch (error) {
      // Not a failure of the analysis: the caller is told to come back (503 + Retry-After).
      if (error instanceof AnalysisQueueFullError) throw error
      log.error({ err: error, elapsedMs: budget.elapsedMs() }, 'consolidation produced no usable answer')
      throw new ConsolidationError('NO_USABLE_ANSWER', 'No usable analysis could be produced within the time budget', undefined, { cause: error })
    }
  }

  /** The draft as the wire answer, finalised on the analysis pool; stopped where the answer would be late (then 504). */
  async respond (meetingId: string, plan: AnalysisPlan, outcome: AnalysisOutcome, budget?: Budget): Promise<ConsolidateResponse> {
    const context: FinaliseContext = {
      meetingId,
      agendas: plan.agendas,
      ...(plan.language !== undefined && { language: plan.language }),
      languageSample: plan.minutes.map((m) => m.content.slice(0, 200)).join(' '),
      model: outcome.model,
      partial: outcome.partial,
      notes: outcome.notes
    }
    const phase = budget?.phaseSignal(budget.finaliseDeadline)
    try {
      return await this.#options.pool.run<ConsolidateResponse>(CONSOLIDATION_TASKS, 'finaliseDraft', { draft: outcome.draft, context }, phase?.signal)
    } catch (error) {
      if (phase?.signal.aborted !== true) throw error
      this.#options.logger.error({ meetingId, elapsedMs: budget?.elapsedMs() }, 'finalising the answer did not end within the time budget')
      throw new ConsolidationError('NO_USABLE_ANSWER', 'No usable analysis could be produced within the time budget', undefined, { cause: error })
    } finally {
      phase?.end()
    }
  }

  /** Loads chunking and finalising into every analysis thread at start rather than within a first request's budget. */
  async warmUp (): Promise<void> {
    const { pool, contextChars } = this.#options
    const minutes: MinutesPart[] = [{ userId: 'warm-up', content: 'Kim will send the budget by Friday.' }]
    const outcome: AnalysisOutcome = { draft: { keywords: [], agendaSummaries: [], todos: [] }, notes: [], partial: false, model: this.#options.engine.name }
    await Promise.all(Array.from({ length: pool.threads }, async () => {
      await pool.run(CONSOLIDATION_TASKS, 'chunk', { minutes, maxChars: contextChars })
      await this.respond('warm-up', { agendas: [], minutes }, outcome)
    }))
  }
}
