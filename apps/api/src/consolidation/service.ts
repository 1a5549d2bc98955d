import { setTimeout as delay } from 'node:timers/promises'
import type { FastifyBaseLogger } from 'fastify'
import type { Agenda, ConsolidateRequest, ConsolidateResponse, RegenerateRequest } from '@meeting-ai/contracts'
import { AnalysisQueueFullError, type AnalysisEngine, type AnalysisPool, type ConsolidationDraft, type MinutesPart } from '@meeting-ai/llm'
import type { ConsolidationResultStore, RunLease } from '@meeting-ai/store'
import { Budget } from './budget.ts'
import { requestHash } from './canonical-request.ts'
import { ConsolidationError } from './errors.ts'
import type { FinaliseContext } from './finalise.ts'
import { analyseMinutes, CONSOLIDATION_TASKS, type AnalysisOutcome, type AnalysisPlan } from './map-reduce.ts'
import type { ConsolidationMetrics, Operation, Outcome } from './metrics.ts'
import { SingleFlight } from './single-flight.ts'

export interface ConsolidationLimits {
  budgetMs: number
  contextChars: number
  maxMinutesChars: number
  concurrency: number
}

export interface ConsolidationServiceOptions {
  engine: AnalysisEngine
  fallback: AnalysisEngine
  /** Worker threads for chunking, the offline engine and finalising. */
  pool: AnalysisPool
  results: ConsolidationResultStore
  metrics: ConsolidationMetrics
  logger: FastifyBaseLogger
  limits: ConsolidationLimits
}

/** Who asks and when: the budget counts from `arrival`, idempotency keys are scoped to `caller`. */
export interface CallContext {
  arrival: number
  caller: string
  idempotencyKey?: string
  log: FastifyBaseLogger
}

interface RunResult {
  response: ConsolidateResponse
  outcome: Exclude<Outcome, 'timeout'>
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/
// How often a process waiting on another one's run looks for its cached answer.
const WAIT_POLL_MS = 100
// The run claim outlives the budget a little so a slow store write does not let a second run in.
const LEASE_SLACK_MS = 2000
const ELSEWHERE_NOTE = 'Another instance was still consolidating this same request when the time budget ran out; this answer comes from the offline extractive engine.'

/**
 * Consolidation and regeneration: budgeted map-reduce over the engines, the result cache
 * keyed by the canonical request, single-flight in this process and a run claim across
 * processes, Idempotency-Key answers, and the per-meeting request and result that
 * regeneration starts from. Store failures degrade to running uncached; only engine
 * failures with no offline answer at all surface as NO_USABLE_ANSWER.
 */
export class ConsolidationService {
  readonly #engine: AnalysisEngine
  readonly #fallback: AnalysisEngine
  readonly #pool: AnalysisPool
  readonly #results: ConsolidationResultStore
  readonly #metrics: ConsolidationMetrics
  readonly #log: FastifyBaseLogger
  readonly #limits: ConsolidationLimits
  readonly #flights = new SingleFlight<RunResult>()

  constructor (options: ConsolidationServiceOptions) {
    this.#engine = options.engine
    this.#fallback = options.fallback
    this.#pool = options.pool
    this.#results = options.results
    this.#metrics = options.metrics
    this.#log = options.logger
    this.#limits = options.limits
  }

  /** Runs still going (also after their callers disconnected). */
  get inFlight (): number {
    return this.#flights.size
  }

  async consolidate (request: ConsolidateRequest, context: CallContext): Promise<ConsolidateResponse> {
    const budget = new Budget(context.arrival, this.#limits.budgetMs)
    this.#checkSize(request)
    const key = context.idempotencyKey
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
      throw new ConsolidationError('IDEMPOTENCY_KEY_INVALID', 'Idempotency-Key must be 1..255 visible ASCII characters', 'headers/idempotency-key')
    }
    const hash = requestHash(request, this.#engine.name)
    const log = context.log.child({ meetingId: request.meetingId, requestHash: hash.slice(0, 12) })

    if (key !== undefined) {
      const bound = await this.#tryStore('idempotent', () => this.#results.idempotent(context.caller, key))
      if (bound != null) {
        if (bound.requestHash !== hash) {
          throw new ConsolidationError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request body', 'headers/idempotency-key')
        }
        return this.#answered('consolidate', budget, { response: bound.response, outcome: 'cached' }, log)
      }
    }

    let result: RunResult
    const cached = await this.#tryStore('cached', () => this.#results.cached(hash))
    if (cached != null) {
      result = { response: cached, outcome: 'cached' }
    } else {
      // A full analysis queue refuses new runs up front (503 + Retry-After) rather than queueing them past their budget.
      this.#pool.admit()
      // Detached from the HTTP request: a caller that disconnects does not stop the run, whose answer is cached for its retry.
      const flight = this.#flights.run(hash, async () => await this.#runOnce(request, hash, budget, log))
      if (flight.shared) log.info('joined an identical consolidation already running')
      try {
        result = await flight.promise
      } catch (error) {
        this.#metrics.observe('consolidate', 'timeout', budget.elapsedMs() / 1000)
        throw error
      }
      if (flight.shared && result.outcome === 'complete') result = { ...result, outcome: 'cached' }
    }
    if (key !== undefined && !result.response.partial) {
      await this.#tryStore('rememberIdempotent', () => this.#results.rememberIdempotent(context.caller, key, { requestHash: hash, response: result.response }))
    }
    return this.#answered('consolidate', budget, result, log)
  }

  async regenerate (meetingId: string, body: RegenerateRequest, context: CallContext): Promise<ConsolidateResponse> {
    const budget = new Budget(context.arrival, this.#limits.budgetMs)
    const log = context.log.child({ meetingId })
    let request: ConsolidateRequest | null
    try {
      request = await this.#results.lastRequest(meetingId)
    } catch (error) {
      this.#storeFailed('lastRequest', error)
      throw new ConsolidationError('STORE_UNAVAILABLE', 'The stored consolidation request cannot be read right now', undefined, { cause: error })
    }
    if (request === null) {
      throw new ConsolidationError('MEETING_NOT_CONSOLIDATED', `Meeting ${meetingId} has not been consolidated (or its result expired); POST /api/v1/transcripts/consolidate first`)
    }
    const previous = await this.#tryStore('lastResult', () => this.#results.lastResult(meetingId))
    // Keep the numbering the caller already stored: the request's agendas, else the ones derived last time.
    const agendas: Agenda[] = request.agendas !== undefined && request.agendas.length > 0
      ? request.agendas
      : (previous?.agendaSummaries.map((a) => ({ agendaNumber: a.agendaNumber, title: a.agendaTitle })) ?? [])
    const language = body.language ?? request.language
    const target = body.agendaNumber
    if (target !== undefined && previous != null && !agendas.some((a) => a.agendaNumber === target)) {
      throw new ConsolidationError('AGENDA_NOT_FOUND', `Meeting ${meetingId} has no agenda item ${target}`, 'body/agendaNumber')
    }

    const plan = this.#plan(request, agendas, language, body.instructions)
    this.#pool.admit()
    const fresh = await this.#response(request.meetingId, plan, await this.#analyse(plan, budget, log), budget)
    let response = fresh
    if (target !== undefined && previous != null) {
      // One item regenerated: every other item and every todo as the caller has them.
      const replacement = fresh.agendaSummaries.find((a) => a.agendaNumber === target)
      response = {
        ...previous,
        agendaSummaries: replacement === undefined
          ? previous.agendaSummaries
          : [...previous.agendaSummaries.filter((a) => a.agendaNumber !== target), replacement].sort((a, b) => a.agendaNumber - b.agendaNumber),
        generatedAt: fresh.generatedAt,
        model: fresh.model,
        partial: fresh.partial,
        notes: fresh.notes
      }
    }
    if (!response.partial) await this.#tryStore('saveResult', () => this.#results.saveResult(meetingId, response))
    return this.#answered('regenerate', budget, { response, outcome: response.partial ? 'partial' : 'complete' }, log)
  }

  /** Loads chunking and finalising into every analysis thread at start rather than within a first request's budget. */
  async warmUp (): Promise<void> {
    const minutes: MinutesPart[] = [{ userId: 'warm-up', content: 'Kim will send the budget by Friday.' }]
    const outcome: AnalysisOutcome = { draft: { keywords: [], agendaSummaries: [], todos: [] }, notes: [], partial: false, model: this.#engine.name }
    try {
      await Promise.all(Array.from({ length: this.#pool.threads }, async () => {
        await this.#pool.run(CONSOLIDATION_TASKS, 'chunk', { minutes, maxChars: this.#limits.contextChars })
        await this.#response('warm-up', { agendas: [], minutes }, outcome)
      }))
    } catch (error) {
      this.#log.warn({ err: error }, 'consolidation warm-up failed')
    }
  }

  /** Waits for runs whose callers are gone, so their answers reach the cache before shutdown. */
  async drain (): Promise<void> {
    await this.#flights.drain()
  }

  #checkSize (request: ConsolidateRequest): void {
    const total = request.participantMinutes.reduce((sum, part) => sum + part.content.length, 0)
    if (total > this.#limits.maxMinutesChars) {
      throw new ConsolidationError('MINUTES_TOO_LARGE', `participantMinutes hold ${total} characters of content in total; the limit is ${this.#limits.maxMinutesChars} (MAX_MINUTES_CHARS)`, 'body/participantMinutes')
    }
  }

  /** One run per canonical request across processes: claim it, or wait for the holder's cached answer. */
  async #runOnce (request: ConsolidateRequest, hash: string, budget: Budget, log: FastifyBaseLogger): Promise<RunResult> {
    for (let attempt = 0; ; attempt++) {
      let lease: RunLease | null | undefined
      try {
        lease = await this.#results.claimRun(hash, budget.remaining() + LEASE_SLACK_MS)
      } catch (error) {
        // Without the store there is no claim to respect: run, uncached, rather than fail.
        this.#storeFailed('claimRun', error)
        lease = undefined
      }
      if (lease !== null) return await this.#runClaimed(request, hash, budget, lease, log)
      log.info('another process is consolidating this request; waiting for its answer')
      const waited = await this.#awaitOtherRun(hash, budget)
      if (typeof waited === 'object') return { response: waited, outcome: 'cached' }
      if (waited === 'deadline' || attempt >= 1) {
        const plan = this.#plan(request, request.agendas ?? [], request.language)
        const response = await this.#response(request.meetingId, plan, await this.#analyse(plan, budget, log, ELSEWHERE_NOTE), budget)
        return { response, outcome: 'partial' }
      }
    }
  }

  async #runClaimed (request: ConsolidateRequest, hash: string, budget: Budget, lease: RunLease | undefined, log: FastifyBaseLogger): Promise<RunResult> {
    // Store writes do not wait on each other or on the analysis (#tryStore never rejects); they
    // are sent in order on one connection, so the cached answer lands before the claim is released.
    const writes: Array<Promise<unknown>> = [this.#tryStore('saveRequest', () => this.#results.saveRequest(request.meetingId, request))]
    try {
      const plan = this.#plan(request, request.agendas ?? [], request.language)
      const response = await this.#response(request.meetingId, plan, await this.#analyse(plan, budget, log), budget)
      if (response.partial) return { response, outcome: 'partial' }
      writes.push(
        this.#tryStore('cache', () => this.#results.cache(hash, response)),
        this.#tryStore('saveResult', () => this.#results.saveResult(request.meetingId, response))
      )
      return { response, outcome: 'complete' }
    } finally {
      if (lease !== undefined) writes.push(this.#tryStore('releaseRun', () => this.#results.releaseRun(lease)))
      await Promise.all(writes)
    }
  }

  async #awaitOtherRun (hash: string, budget: Budget): Promise<ConsolidateResponse | 'released' | 'deadline'> {
    while (Date.now() + WAIT_POLL_MS < budget.reduceDeadline) {
      await delay(WAIT_POLL_MS)
      // The claim first, then the cache: the holder writes its answer before it releases the
      // claim, so a release seen here means the answer (if any) is readable now. The other
      // order let a run that finished between the two reads look released without an answer,
      // and this process ran it again.
      const claimed = await this.#tryStore('runClaimed', () => this.#results.runClaimed(hash))
      const cached = await this.#tryStore('cached', () => this.#results.cached(hash))
      if (cached != null) return cached
      // Released without a final answer (its run was partial) or its holder died: this process may run it.
      if (claimed === false) return 'released'
    }
    return 'deadline'
  }

  #plan (request: ConsolidateRequest, agendas: Agenda[], language: string | undefined, instructions?: string): AnalysisPlan {
    const minutes: MinutesPart[] = request.participantMinutes
      .filter((part) => part.content.trim() !== '')
      .map((part) => ({ userId: part.userId, content: part.content, ...(part.userName !== undefined && { userName: part.userName }) }))
    return {
      agendas,
      minutes,
      ...(request.meetingTitle !== undefined && { meetingTitle: request.meetingTitle }),
      ...(language !== undefined && { language }),
      ...(instructions !== undefined && instructions.trim() !== '' && { instructions })
    }
  }

  async #analyse (plan: AnalysisPlan, budget: Budget, log: FastifyBaseLogger, offlineOnly?: string): Promise<AnalysisOutcome> {
    // No minutes: nothing to send anywhere; every given agenda still gets its (empty) entry.
    if (plan.minutes.length === 0) {
      const empty: ConsolidationDraft = { keywords: [], agendaSummaries: [], todos: [] }
      return { draft: empty, notes: [], partial: false, model: this.#engine.name }
    }
    try {
      const outcome = await analyseMinutes(plan, budget, {
        engine: this.#engine,
        fallback: this.#fallback,
        pool: this.#pool,
        contextChars: this.#limits.contextChars,
        concurrency: this.#limits.concurrency,
        onFailure: (step, reason) => {
          this.#metrics.chunkFailure(step, reason)
          log.warn({ step, reason }, 'LLM did not deliver; the offline engine covers this part')
        },
        ...(offlineOnly !== undefined && { offlineOnly })
      })
      if (outcome.partial) log.warn({ notes: outcome.notes.length, elapsedMs: budget.elapsedMs() }, 'consolidation answer is partial')
      return outcome
    } catch (error) {
      // Not a failure of the analysis: the caller is told to come back (503 + Retry-After).
      if (error instanceof AnalysisQueueFullError) throw error
      log.error({ err: error, elapsedMs: budget.elapsedMs() }, 'consolidation produced no usable answer')
      throw new ConsolidationError('NO_USABLE_ANSWER', 'No usable analysis could be produced within the time budget', undefined, { cause: error })
    }
  }

  /** The draft as the wire answer, finalised on the analysis pool; stopped where the answer would be late (then 504). */
  async #response (meetingId: string, plan: AnalysisPlan, outcome: AnalysisOutcome, budget?: Budget): Promise<ConsolidateResponse> {
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
      return await this.#pool.run<ConsolidateResponse>(CONSOLIDATION_TASKS, 'finaliseDraft', { draft: outcome.draft, context }, phase?.signal)
    } catch (error) {
      if (phase?.signal.aborted !== true) throw error
      this.#log.error({ meetingId, elapsedMs: budget?.elapsedMs() }, 'finalising the answer did not end within the time budget')
      throw new ConsolidationError('NO_USABLE_ANSWER', 'No usable analysis could be produced within the time budget', undefined, { cause: error })
    } finally {
      phase?.end()
    }
  }

  #answered (operation: Operation, budget: Budget, result: RunResult, log: FastifyBaseLogger): ConsolidateResponse {
    const elapsedMs = budget.elapsedMs()
    this.#metrics.observe(operation, result.outcome, elapsedMs / 1000)
    log.info({ operation, outcome: result.outcome, elapsedMs, model: result.response.model }, 'consolidation answered')
    return result.response
  }

  /** A result-store call whose failure is logged, counted and survived (undefined). */
  async #tryStore<T> (operation: string, call: () => Promise<T>): Promise<T | undefined> {
    try {
      return await call()
    } catch (error) {
      this.#storeFailed(operation, error)
      return undefined
    }
  }

  #storeFailed (operation: string, error: unknown): void {
    this.#metrics.storeError(operation)
    this.#log.warn({ err: error, operation }, 'consolidation result store failed; continuing without it')
  }
}
