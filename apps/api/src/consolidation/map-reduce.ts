import pLimit from 'p-limit'
import type { Agenda } from '@meeting-ai/contracts'
import {
  isLlmError, taskModule, type AnalysisEngine, type AnalysisPool, type CallOptions, type ChunkAnalysis, type ConsolidationDraft, type MinutesPart, type ReduceInput
} from '@meeting-ai/llm'
import type { Budget } from './budget.ts'
import type { MinutesChunk } from './chunking.ts'

/** What to analyse: the stored or received request, plus regeneration's extras. */
export interface AnalysisPlan {
  meetingTitle?: string
  agendas: Agenda[]
  minutes: MinutesPart[]
  language?: string
  instructions?: string
}

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
}

const BUDGET = 'budget'
export const CONSOLIDATION_TASKS = taskModule(import.meta.url, 'consolidation-tasks')

/**
 * The offline engine costs CPU time roughly in proportion to the text: about 10-45 µs per
 * character here (more for Korean), so a 3-hour meeting takes seconds, not milliseconds.
 * The estimate follows what calls actually took, and the fallback starts early enough to
 * finish by the map deadline.
 */
const offlineCost = {
  msPerChar: 0.05,
  safety: 1.5,
  observe (chars: number, ms: number): void {
    if (chars < 2000) return
    this.msPerChar = 0.7 * this.msPerChar + 0.3 * (ms / chars)
  },
  estimate (chars: number): number {
    return chars * this.msPerChar * this.safety
  }
}
// How often the fallback shadow re-checks whether it must start.
const SHADOW_POLL_MS = 100

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
    return await analyseWithin(plan, budget, options, { offline: offlinePhase.signal, merge: mergePhase.signal })
  } finally {
    offlinePhase.end()
    mergePhase.end()
  }
}

async function analyseWithin (plan: AnalysisPlan, budget: Budget, options: MapReduceOptions, stops: { offline: AbortSignal, merge: AbortSignal }): Promise<AnalysisOutcome> {
  const { engine, fallback } = options
  const chunks = await options.pool.run<MinutesChunk[]>(CONSOLIDATION_TASKS, 'chunk', { minutes: plan.minutes, maxChars: options.contextChars }, stops.offline)
  const chunkInput = (chunk: MinutesChunk) => ({
    agendas: plan.agendas,
    minutes: chunk.minutes,
    ...(plan.meetingTitle !== undefined && { meetingTitle: plan.meetingTitle }),
    ...(plan.language !== undefined && { language: plan.language }),
    ...(plan.instructions !== undefined && { instructions: plan.instructions })
  })
  const reduceInput = (analyses: ChunkAnalysis[]): ReduceInput => ({
    agendas: plan.agendas,
    chunks: analyses,
    ...(plan.meetingTitle !== undefined && { meetingTitle: plan.meetingTitle }),
    ...(plan.language !== undefined && { language: plan.language }),
    ...(plan.instructions !== undefined && { instructions: plan.instructions })
  })
  /** The offline analysis of a chunk, or undefined when the budget stopped it. */
  const offlineChunk = async (chunk: MinutesChunk): Promise<ChunkAnalysis | undefined> => {
    const started = Date.now()
    try {
      const analysis = await fallback.analyseChunk(chunkInput(chunk), { signal: stops.offline })
      offlineCost.observe(chunk.chars, Date.now() - started)
      return analysis
    } catch (error) {
      if (stops.offline.aborted) return undefined
      throw error
    }
  }
  const skippedNote = (labels: string[]): string[] => labels.length > 0 ? [`Not analysed at all (the time budget ran out): ${labels.join('; ')}.`] : []
  const complete = (analyses: Array<ChunkAnalysis | undefined>): ChunkAnalysis[] => {
    const done = analyses.filter((a): a is ChunkAnalysis => a !== undefined)
    if (done.length === 0) throw new Error('no part of the minutes could be analysed within the budget')
    return done
  }
  // All chunks through the offline engine, as many at once as the pool has threads.
  const offline = async (leadNotes: string[]): Promise<AnalysisOutcome> => {
    const perThread = pLimit(options.pool.threads)
    const analyses = await Promise.all(chunks.map(async (chunk) => await perThread(async () => await offlineChunk(chunk))))
    const notes = [...leadNotes, ...skippedNote(chunks.filter((_, i) => analyses[i] === undefined).map((c) => c.label))]
    const draft = await fallback.reduce(reduceInput(complete(analyses)), { signal: stops.merge })
    return { draft, notes, partial: notes.length > 0, model: fallback.name }
  }

  if (engine.name === fallback.name) return await offline([])
  if (options.offlineOnly !== undefined) return await offline([options.offlineOnly])

  const limit = pLimit(options.concurrency)
  const mapPhase = budget.phaseSignal(budget.mapDeadline)
  const mapSignal = mapPhase.signal
  const mapOptions: CallOptions = { signal: mapSignal, deadline: budget.mapDeadline }
  const analyses: Array<ChunkAnalysis | undefined> = []
  const failed = new Map<number, string>()

  // The fallback shadow: offline analyses of the chunks the LLM has not delivered, started as
  // late as possible yet early enough to be done by the map deadline, last-queued chunks first
  // (the LLM reaches them last). They run on the analysis pool, so other requests are served meanwhile.
  const shadowed = new Map<number, ChunkAnalysis>()
  // Stopped with a plain timer and flag: an aborted timers/promises delay builds an AbortError per run.
  const shadowState: { stopped: boolean, timer?: NodeJS.Timeout, wake?: () => void } = { stopped: false }
  const shadow = (async () => {
    while (!shadowState.stopped) {
      const open = chunks.filter((c) => analyses[c.index] === undefined && !shadowed.has(c.index))
      if (open.length === 0) return
      const startAt = budget.mapDeadline - offlineCost.estimate(open.reduce((sum, c) => sum + c.chars, 0))
      if (Date.now() < startAt) {
        await new Promise<void>((resolve) => {
          shadowState.wake = resolve
          shadowState.timer = setTimeout(resolve, Math.min(SHADOW_POLL_MS, startAt - Date.now()))
        })
        continue
      }
      const chunk = open[open.length - 1]!
      const analysis = await offlineChunk(chunk)
      if (analysis === undefined) return
      shadowed.set(chunk.index, analysis)
    }
  })()

  await Promise.all(chunks.map(async (chunk) => await limit(async () => {
    // Calls still queued when the map phase ends are not started at all.
    if (mapSignal.aborted) {
      failed.set(chunk.index, BUDGET)
      return
    }
    try {
      analyses[chunk.index] = await raceSignal(engine.analyseChunk(chunkInput(chunk), mapOptions), mapSignal)
    } catch (error) {
      failed.set(chunk.index, reasonOf(error, mapSignal))
    }
  })))

  mapPhase.end()
  shadowState.stopped = true
  clearTimeout(shadowState.timer)
  shadowState.wake?.()
  await shadow

  const notes: string[] = []
  const byReason = new Map<string, string[]>()
  const skipped: string[] = []
  // Past the offline stop the answer would come too late: what is still missing is left out, and said so.
  for (const [index, reason] of [...failed].sort(([a], [b]) => a - b)) {
    options.onFailure?.('chunk', reason)
    const chunk = chunks[index]!
    const ready = shadowed.get(index) ?? (stops.offline.aborted ? undefined : await offlineChunk(chunk))
    if (ready === undefined) {
      skipped.push(chunk.label)
      continue
    }
    byReason.set(reason, [...(byReason.get(reason) ?? []), chunk.label])
    analyses[index] = ready
  }
  const analysed = complete(analyses)

  if (failed.size === chunks.length) {
    const reason = [...byReason.keys()].map(describeReason).join('; ')
    const draft = await fallback.reduce(reduceInput(analysed), { signal: stops.merge })
    return { draft, notes: [`The whole analysis comes from the offline extractive engine: ${reason}.`, ...skippedNote(skipped)], partial: true, model: fallback.name }
  }
  for (const [reason, labels] of byReason) {
    notes.push(`Summarised by the offline extractive engine because ${describeReason(reason)}: ${labels.join('; ')}.`)
  }
  notes.push(...skippedNote(skipped))

  const reducePhase = budget.phaseSignal(budget.reduceDeadline)
  const reduceSignal = reducePhase.signal
  const reduceOptions: CallOptions = { signal: reduceSignal, deadline: budget.reduceDeadline }
  let draft: ConsolidationDraft
  try {
    let level = analysed
    for (;;) {
      const groups = groupsThatFit(level, options.contextChars)
      if (groups.length <= 1 || groups.length === level.length) break
      level = await Promise.all(groups.map(async (group) => asChunk(await limit(async () => await raceSignal(engine.reduce(reduceInput(group), reduceOptions), reduceSignal)))))
    }
    draft = await raceSignal(engine.reduce(reduceInput(level), reduceOptions), reduceSignal)
  } catch (error) {
    const reason = reasonOf(error, reduceSignal)
    options.onFailure?.('reduce', reason)
    notes.push(`Merged across participants by the offline extractive engine because ${describeReason(reason)}.`)
    draft = await fallback.reduce(reduceInput(analysed), { signal: stops.merge })
  } finally {
    reducePhase.end()
  }
  const partial = notes.length > 0
  return { draft, notes, partial, model: partial ? `${engine.name}+${fallback.name}` : engine.name }
}
