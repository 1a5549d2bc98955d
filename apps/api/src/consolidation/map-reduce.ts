import pLimit, { type LimitFunction } from 'p-limit'
import {
  isLlmError, taskModule, type AnalysisEngine, type AnalysisPool, type CallOptions, type ChunkAnalysis, type ChunkInput, type ConsolidationDraft, type ReduceInput
} from '@meeting-ai/llm'
import type { Budget } from './budget.ts'
import type { MinutesChunk } from './chunking.ts'
import { FallbackShadow } from './fallback-shadow.ts'
import type { OfflineCostModel } from './offline-cost.ts'

/**
 * What to analyse: the stored or received request, plus regeneration's extras (instructions,
 * the one agenda item to redo). The same fields an engine's chunk call takes, before chunking.
 */
export type AnalysisPlan = ChunkInput

export interface AnalysisOutcome {
  draft: ConsolidationDraft
  /** Which parts fell back and why; empty when the main engine did everything. */
  notes: string[]
  partial: boolean
  /** The engine(s) whose output the answer holds. */
  model: string
}

export interface MapReduceOptions {
  engine: AnalysisEngine
  /** The offline engine on the analysis pool, used for whatever the main engine has not finished. */
  fallback: AnalysisEngine
  /** Where chunking runs (and the fallback's tasks queue): off the event loop. */
  pool: AnalysisPool
  contextChars: number
  concurrency: number
  /** A chunk (or the reduce step) the main engine did not deliver; reason is `budget` or an LLM error code. */
  onFailure?: (step: 'chunk' | 'reduce', reason: string) => void
  /** Set when the main engine must not be used at all (another process holds the run); the note says why. */
  offlineOnly?: string
  /** What the offline engine costs, learnt across runs; owned by whoever creates the analyser. */
  offlineCost: OfflineCostModel
}

const BUDGET = 'budget'
export const CONSOLIDATION_TASKS = taskModule(import.meta.url, 'consolidation-tasks')

function reasonOf (error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return BUDGET
  return isLlmError(error) ? error.code : 'LLM_ERROR'
}

function describeReason (reason: string): string {
  if (reason === BUDGET) return 'the LLM did not answer within the time budget'
  if (reason === 'LLM_CIRCUIT_OPEN') return 'the LLM is unavailable (circuit breaker open)'
  return `the LLM call failed (${reason})`
}

/** Rejects when `signal` fires even if the engine ignores it: the budget never waits on a hung call. */
async function raceSignal<T> (work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => {})
    throw signal.reason
  }
  return await new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(
      (value) => { signal.removeEventListener('abort', onAbort); resolve(value) },
      (error: unknown) => { signal.removeEventListener('abort', onAbort); reject(error) }
    )
  })
}

/** Packs chunk analyses into groups whose JSON fits the model's context (at least two per group). */
function groupsThatFit (analyses: ChunkAnalysis[], contextChars: number): ChunkAnalysis[][] {
  const groups: ChunkAnalysis[][] = []
  let current: ChunkAnalysis[] = []
  let size = 0
  for (const analysis of analyses) {
    const length = JSON.stringify(analysis).length
    if (current.length >= 2 && size + length > contextChars) {
      groups.push(current)
      current = []
      size = 0
    }
    current.push(analysis)
    size += length
  }
  if (current.length > 0) groups.push(current)
  return groups
}

/** An intermediate reduce result in the map step's shape, so it can be reduced again. */
function asChunk (draft: ConsolidationDraft): ChunkAnalysis {
  return {
    keywords: draft.keywords,
    agendaNotes: draft.agendaSummaries.map((a) => ({
      agendaNumber: a.agendaNumber,
      agendaTitle: a.agendaTitle,
      points: [a.summary],
      decisions: a.decisions,
      pending: a.pending
    })),
    todos: draft.todos.map((t) => t.title)
  }
}

/**
 * Map-reduce over the minutes within the budget: each chunk through the main engine in
 * parallel under a concurrency cap, then a reduce (a tree of reduces when the chunk analyses
 * do not fit one call). Past each phase's deadline, or on an LLM failure, the offline engine
 * does the missing part and the outcome says which parts in `notes`.
 */
export async function analyseMinutes (plan: AnalysisPlan, budget: Budget, options: MapReduceOptions): Promise<AnalysisOutcome> {
  // Offline work (chunking, fallback analyses) stops at the final reserve, where the budget
  // rules leave a missing part out; the last merge stops half-way through the reserve, so that
  // finalising (budget.finaliseDeadline) and storing still end inside the budget. A stopped
  // task's thread is terminated by the pool, so nothing keeps burning CPU for an answer
  // already given; the reserve also covers starting its replacement for the merge.
  const offlinePhase = budget.phaseSignal(budget.reduceDeadline)
  const mergePhase = budget.phaseSignal(budget.mergeDeadline)
  try {
    return await new MinutesAnalysis(plan, budget, options, { offline: offlinePhase.signal, merge: mergePhase.signal }).run()
  } finally {
    offlinePhase.end()
    mergePhase.end()
  }
}

interface Stops {
  /** Offline chunk analyses stop here (the final reserve). */
  offline: AbortSignal
  /** The offline merge stops here. */
  merge: AbortSignal
}

/** The map step's result: analyses by chunk index, and why the main engine missed the others. */
interface MapResult {
  analyses: Array<ChunkAnalysis | undefined>
  failed: Map<number, string>
  shadowed: Map<number, ChunkAnalysis>
}

/** The chunks the main engine missed, once filled in offline: the labels by reason, and those left out. */
interface Gaps {
  byReason: Map<string, string[]>
  skipped: string[]
}

const skippedNote = (labels: string[]): string[] => labels.length > 0 ? [`Not analysed at all (the time budget ran out): ${labels.join('; ')}.`] : []

/** One run of analyseMinutes, in named steps: chunk, map (with the fallback shadow), fill the gaps, reduce. */
class MinutesAnalysis {
  readonly #plan: AnalysisPlan
  readonly #budget: Budget
  readonly #options: MapReduceOptions
  readonly #stops: Stops

  constructor (plan: AnalysisPlan, budget: Budget, options: MapReduceOptions, stops: Stops) {
    this.#plan = plan
    this.#budget = budget
    this.#options = options
    this.#stops = stops
  }

  async run (): Promise<AnalysisOutcome> {
    const { engine, fallback, offlineOnly } = this.#options
    const chunks = await this.#options.pool.run<MinutesChunk[]>(CONSOLIDATION_TASKS, 'chunk', { minutes: this.#plan.minutes, maxChars: this.#options.contextChars }, this.#stops.offline)
    if (engine.name === fallback.name) return await this.#allOffline(chunks, [])
    if (offlineOnly !== undefined) return await this.#allOffline(chunks, [offlineOnly])

    const limit = pLimit(this.#options.concurrency)
    const mapped = await this.#map(chunks, limit)
    const gaps = await this.#fillGaps(chunks, mapped)
    const analysed = complete(mapped.analyses)
    if (mapped.failed.size === chunks.length) {
      const reason = [...gaps.byReason.keys()].map(describeReason).join('; ')
      const draft = await this.#offlineMerge(analysed)
      return { draft, notes: [`The whole analysis comes from the offline extractive engine: ${reason}.`, ...skippedNote(gaps.skipped)], partial: true, model: fallback.name }
    }
    const notes: string[] = []
    for (const [reason, labels] of gaps.byReason) {
      notes.push(`Summarised by the offline extractive engine because ${describeReason(reason)}: ${labels.join('; ')}.`)
    }
    notes.push(...skippedNote(gaps.skipped))
    const draft = await this.#reduce(analysed, limit, notes)
    const partial = notes.length > 0
    return { draft, notes, partial, model: partial ? `${engine.name}+${fallback.name}` : engine.name }
  }

  #chunkInput (chunk: MinutesChunk): ChunkInput {
    return { ...this.#common(), minutes: chunk.minutes }
  }

  #reduceInput (analyses: ChunkAnalysis[]): ReduceInput {
    return { ...this.#common(), chunks: analyses }
  }

  #common (): Omit<ChunkInput, 'minutes'> {
    const plan = this.#plan
    return {
      agendas: plan.agendas,
      ...(plan.meetingTitle !== undefined && { meetingTitle: plan.meetingTitle }),
      ...(plan.language !== undefined && { language: plan.language }),
      ...(plan.instructions !== undefined && { instructions: plan.instructions }),
      ...(plan.focusAgendaNumber !== undefined && { focusAgendaNumber: plan.focusAgendaNumber })
    }
  }

  /** The offline analysis of a chunk, or undefined when the budget stopped it. */
  async #offlineChunk (chunk: MinutesChunk): Promise<ChunkAnalysis | undefined> {
    const started = Date.now()
    try {
      const analysis = await this.#options.fallback.analyseChunk(this.#chunkInput(chunk), { signal: this.#stops.offline })
      this.#options.offlineCost.observe(chunk.chars, Date.now() - started)
      return analysis
    } catch (error) {
      if (this.#stops.offline.aborted) return undefined
      throw error
    }
  }

  async #offlineMerge (analyses: ChunkAnalysis[]): Promise<ConsolidationDraft> {
    return await this.#options.fallback.reduce(this.#reduceInput(analyses), { signal: this.#stops.merge })
  }

  /** All chunks through the offline engine, as many at once as the pool has threads. */
  async #allOffline (chunks: MinutesChunk[], leadNotes: string[]): Promise<AnalysisOutcome> {
    const perThread = pLimit(this.#options.pool.threads)
    const analyses = await Promise.all(chunks.map(async (chunk) => await perThread(async () => await this.#offlineChunk(chunk))))
    const notes = [...leadNotes, ...skippedNote(chunks.filter((_, i) => analyses[i] === undefined).map((c) => c.label))]
    const draft = await this.#offlineMerge(complete(analyses))
    return { draft, notes, partial: notes.length > 0, model: this.#options.fallback.name }
  }

  /** Every chunk through the main engine until the map deadline, with the fallback shadow working on what it has not delivered. */
  async #map (chunks: MinutesChunk[], limit: LimitFunction): Promise<MapResult> {
    const budget = this.#budget
    const mapPhase = budget.phaseSignal(budget.mapDeadline)
    const mapSignal = mapPhase.signal
    const mapOptions: CallOptions = { signal: mapSignal, deadline: budget.mapDeadline }
    const analyses: Array<ChunkAnalysis | undefined> = []
    const failed = new Map<number, string>()
    const shadow = new FallbackShadow({
      chunks,
      delivered: (index) => analyses[index] !== undefined,
      analyse: async (chunk) => await this.#offlineChunk(chunk),
      cost: this.#options.offlineCost,
      mapDeadline: budget.mapDeadline
    })
    await Promise.all(chunks.map(async (chunk) => await limit(async () => {
      // Calls still queued when the map phase ends are not started at all.
      if (mapSignal.aborted) {
        failed.set(chunk.index, BUDGET)
        return
      }
      try {
        analyses[chunk.index] = await raceSignal(this.#options.engine.analyseChunk(this.#chunkInput(chunk), mapOptions), mapSignal)
      } catch (error) {
        failed.set(chunk.index, reasonOf(error, mapSignal))
      }
    })))
    mapPhase.end()
    await shadow.stop()
    return { analyses, failed, shadowed: shadow.analyses }
  }

  /** The chunks the main engine missed, from the shadow or analysed offline now; past the offline stop the answer would come too late, so what is still missing is left out. */
  async #fillGaps (chunks: MinutesChunk[], mapped: MapResult): Promise<Gaps> {
    const byReason = new Map<string, string[]>()
    const skipped: string[] = []
    for (const [index, reason] of [...mapped.failed].sort(([a], [b]) => a - b)) {
      this.#options.onFailure?.('chunk', reason)
      const chunk = chunks[index]!
      const ready = mapped.shadowed.get(index) ?? (this.#stops.offline.aborted ? undefined : await this.#offlineChunk(chunk))
      if (ready === undefined) {
        skipped.push(chunk.label)
        continue
      }
      byReason.set(reason, [...(byReason.get(reason) ?? []), chunk.label])
      mapped.analyses[index] = ready
    }
    return { byReason, skipped }
  }

  /** The main engine's reduce (a tree of them when the analyses do not fit one call), else the offline merge, said so in `notes`. */
  async #reduce (analysed: ChunkAnalysis[], limit: LimitFunction, notes: string[]): Promise<ConsolidationDraft> {
    const { engine, contextChars } = this.#options
    const reducePhase = this.#budget.phaseSignal(this.#budget.reduceDeadline)
    const reduceSignal = reducePhase.signal
    const reduceOptions: CallOptions = { signal: reduceSignal, deadline: this.#budget.reduceDeadline }
    try {
      let level = analysed
      for (;;) {
        const groups = groupsThatFit(level, contextChars)
        if (groups.length <= 1 || groups.length === level.length) break
        level = await Promise.all(groups.map(async (group) => asChunk(await limit(async () => await raceSignal(engine.reduce(this.#reduceInput(group), reduceOptions), reduceSignal)))))
      }
      return await raceSignal(engine.reduce(this.#reduceInput(level), reduceOptions), reduceSignal)
    } catch (error) {
      const reason = reasonOf(error, reduceSignal)
      this.#options.onFailure?.('reduce', reason)
      notes.push(`Merged across participants by the offline extractive engine because ${describeReason(reason)}.`)
      return await this.#offlineMerge(analysed)
    } finally {
      reducePhase.end()
    }
  }
}

function complete (analyses: Array<ChunkAnalysis | undefined>): ChunkAnalysis[] {
  const done = analyses.filter((a): a is ChunkAnalysis => a !== undefined)
  if (done.length === 0) throw new Error('no part of the minutes could be analysed within the budget')
  return done
}
