import type { FastifyBaseLogger } from 'fastify'
import type { ConsolidateRequest, ConsolidateResponse, RegenerateRequest } from '@meeting-ai/contracts'
import type { AnalysisEngine, AnalysisPool } from '@meeting-ai/llm'
import type { ConsolidationResultStore, RunLease } from '@meeting-ai/store'
import { Analyser } from './analyser.ts'
import { Budget } from './budget.ts'
import { requestHash } from './canonical-request.ts'
import { ConsolidationError } from './errors.ts'
import { IdempotencyKeys } from './idempotency.ts'
import type { ConsolidationMetrics, Operation, Outcome } from './metrics.ts'
import { mergeRegenerated, regenerationAgendas } from './regenerate-merge.ts'
import { RunClaims } from './run-claim.ts'
import { SingleFlight } from './single-flight.ts'
import { TolerantResults } from './tolerant-results.ts'

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

const ELSEWHERE_NOTE = 'Another instance was still consolidating this same request when the time budget ran out; this answer comes from the offline extractive engine.'
const DETERMINISTIC_NOTE = 'The offline extractive engine is deterministic: the same minutes give the same summary again; configure an LLM for a different wording.'

/**
 * Consolidation and regeneration, composed of one collaborator per duty: the analyser
 * (budgeted map-reduce and finalising), the result cache and per-meeting request and result
 * (TolerantResults: store failures degrade to running uncached), single-flight in this
 * process, the run claim across processes, and Idempotency-Key answers. Only engine failures
 * with no offline answer at all surface as NO_USABLE_ANSWER.
 */
export class ConsolidationService {
  readonly #analyser: Analyser
  readonly #pool: AnalysisPool
  readonly #fallbackName: string
  readonly #results: TolerantResults
  readonly #idempotency: IdempotencyKeys
  readonly #claims: RunClaims
  readonly #metrics: ConsolidationMetrics
  readonly #log: FastifyBaseLogger
  readonly #limits: ConsolidationLimits
  readonly #flights = new SingleFlight<RunResult>()

  constructor (options: ConsolidationServiceOptions) {
    const { engine, fallback, pool, metrics, logger, limits } = options
    this.#analyser = new Analyser({ engine, fallback, pool, metrics, logger, contextChars: limits.contextChars, concurrency: limits.concurrency })
    this.#pool = pool
    this.#fallbackName = fallback.name
    this.#results = new TolerantResults(options.results, metrics, logger)
    this.#idempotency = new IdempotencyKeys(this.#results)
    this.#claims = new RunClaims(this.#results)
    this.#metrics = metrics
    this.#log = logger
    this.#limits = limits
  }

  /** Runs still going (also after their callers disconnected). */
  get inFlight (): number {
    return this.#flights.size
  }

  async consolidate (request: ConsolidateRequest, context: CallContext): Promise<ConsolidateResponse> {
    const budget = new Budget(context.arrival, this.#limits.budgetMs)
    this.#checkSize(request)
    const key = context.idempotencyKey
    this.#idempotency.check(key)
    const hash = requestHash(request, this.#analyser.engineName)
    const log = context.log.child({ meetingId: request.meetingId, requestHash: hash.slice(0, 12) })

    if (key !== undefined) {
      const answered = await this.#idempotency.answered(context.caller, key, hash)
      if (answered !== undefined) return this.#answered('consolidate', budget, { response: answered, outcome: 'cached' }, log)
    }

    let result: RunResult
    const cached = await this.#results.try('cached', (store) => store.cached(hash))
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
    if (key !== undefined) await this.#idempotency.remember(context.caller, key, hash, result.response)
    return this.#answered('consolidate', budget, result, log)
  }

  async regenerate (meetingId: string, body: RegenerateRequest, context: CallContext): Promise<ConsolidateResponse> {
    const budget = new Budget(context.arrival, this.#limits.budgetMs)
    const log = context.log.child({ meetingId })
    let request: ConsolidateRequest | null
    try {
      request = await this.#results.store.lastRequest(meetingId)
    } catch (error) {
      this.#results.failed('lastRequest', error)
      throw new ConsolidationError('STORE_UNAVAILABLE', 'The stored consolidation request cannot be read right now', undefined, { cause: error })
    }
    if (request === null) {
      throw new ConsolidationError('MEETING_NOT_CONSOLIDATED', `Meeting ${meetingId} has not been consolidated (or its result expired); POST /api/v1/transcripts/consolidate first`)
    }
    const previous = await this.#results.try('lastResult', (store) => store.lastResult(meetingId))
    const agendas = regenerationAgendas(request, previous)
    const target = body.agendaNumber
    if (target !== undefined && previous != null && !agendas.some((a) => a.agendaNumber === target)) {
      throw new ConsolidationError('AGENDA_NOT_FOUND', `Meeting ${meetingId} has no agenda item ${target}`, 'body/agendaNumber')
    }
    // Only one item when the rest is stored to keep; the whole answer again when it is not.
    const focus = target !== undefined && previous != null ? target : undefined
    const plan = this.#analyser.plan(request, { agendas, language: body.language ?? request.language, instructions: body.instructions, focusAgendaNumber: focus })
    this.#pool.admit()
    const fresh = await this.#analyser.answer(request.meetingId, plan, budget, log)
    let response = focus !== undefined && previous != null ? mergeRegenerated(previous, fresh, focus) : fresh
    if (previous != null && response.model === this.#fallbackName && sameContent(previous, response)) {
      response = { ...response, notes: [...response.notes, DETERMINISTIC_NOTE] }
    }
    if (!response.partial) await this.#results.try('saveResult', (store) => store.saveResult(meetingId, response))
    return this.#answered('regenerate', budget, { response, outcome: response.partial ? 'partial' : 'complete' }, log)
  }

  /** Loads chunking and finalising into every analysis thread at start rather than within a first request's budget. */
  async warmUp (): Promise<void> {
    try {
      await this.#analyser.warmUp()
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
      const lease = await this.#claims.claim(hash, budget)
      if (lease !== null) return await this.#runClaimed(request, hash, budget, lease, log)
      log.info('another process is consolidating this request; waiting for its answer')
      const waited = await this.#claims.awaitOther(hash, budget)
      if (typeof waited === 'object') return { response: waited, outcome: 'cached' }
      if (waited === 'deadline' || attempt >= 1) {
        const plan = this.#analyser.plan(request, { agendas: request.agendas ?? [], language: request.language })
        return { response: await this.#analyser.answer(request.meetingId, plan, budget, log, ELSEWHERE_NOTE), outcome: 'partial' }
      }
    }
  }

  async #runClaimed (request: ConsolidateRequest, hash: string, budget: Budget, lease: RunLease | undefined, log: FastifyBaseLogger): Promise<RunResult> {
    // Store writes do not wait on each other or on the analysis (TolerantResults never rejects);
    // they are sent in order on one connection, so the cached answer lands before the claim is released.
    const writes: Array<Promise<unknown>> = [this.#results.try('saveRequest', (store) => store.saveRequest(request.meetingId, request))]
    try {
      const plan = this.#analyser.plan(request, { agendas: request.agendas ?? [], language: request.language })
      const response = await this.#analyser.answer(request.meetingId, plan, budget, log)
      if (response.partial) return { response, outcome: 'partial' }
      writes.push(
        this.#results.try('cache', (store) => store.cache(hash, response)),
        this.#results.try('saveResult', (store) => store.saveResult(request.meetingId, response))
      )
      return { response, outcome: 'complete' }
    } finally {
      if (lease !== undefined) writes.push(this.#claims.release(lease))
      await Promise.all(writes)
    }
  }

  #answered (operation: Operation, budget: Budget, result: RunResult, log: FastifyBaseLogger): ConsolidateResponse {
    const elapsedMs = budget.elapsedMs()
    this.#metrics.observe(operation, result.outcome, elapsedMs / 1000)
    log.info({ operation, outcome: result.outcome, elapsedMs, model: result.response.model }, 'consolidation answered')
    return result.response
  }
}

/** The same summaries, todos and keywords: what a reader would see as the same answer. */
function sameContent (a: ConsolidateResponse, b: ConsolidateResponse): boolean {
  return JSON.stringify([a.agendaSummaries, a.todos, a.keywords]) === JSON.stringify([b.agendaSummaries, b.todos, b.keywords])
}
