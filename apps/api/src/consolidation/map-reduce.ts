import { setImmediate as yieldToIo } from 'node:timers/promises'
import pLimit from 'p-limit'
import type { Agenda } from '@meeting-ai/contracts'
import { isLlmError, type AnalysisEngine, type CallOptions, type ChunkAnalysis, type ConsolidationDraft, type MinutesPart, type ReduceInput } from '@meeting-ai/llm'
import type { Budget } from './budget.ts'
import { chunkMinutes, type MinutesChunk } from './chunking.ts'

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
  /** The offline engine: answers in milliseconds, used for whatever the main engine has not finished. */
  fallback: AnalysisEngine
  contextChars: number
  concurrency: number
  /** A chunk (or the reduce step) the main engine did not deliver; reason is `budget` or an LLM error code. */
  onFailure?: (step: 'chunk' | 'reduce', reason: string) => void
  /** Set when the main engine must not be used at all (another process holds the run); the note says why. */
  offlineOnly?: string
}

const BUDGET = 'budget'

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
  const { engine, fallback } = options
  const chunks = chunkMinutes(plan.minutes, options.contextChars)
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
  const offlineChunk = async (chunk: MinutesChunk): Promise<ChunkAnalysis> => {
    const started = Date.now()
    const analysis = await fallback.analyseChunk(chunkInput(chunk))
    offlineCost.observe(chunk.chars, Date.now() - started)
    return analysis
  }
  const offline = async (): Promise<ConsolidationDraft> => {
    const analyses: ChunkAnalysis[] = []
    for (const chunk of chunks) {
      analyses.push(await offlineChunk(chunk))
      await yieldToIo()
    }
    return await fallback.reduce(reduceInput(analyses))
  }

  // The offline engine as the main engine is fast and complete: no budget plumbing needed.
  if (engine.name === fallback.name) return { draft: await offline(), notes: [], partial: false, model: fallback.name }
  if (options.offlineOnly !== undefined) return { draft: await offline(), notes: [options.offlineOnly], partial: true, model: fallback.name }

  const limit = pLimit(options.concurrency)
  const mapPhase = budget.phaseSignal(budget.mapDeadline)
  const mapSignal = mapPhase.signal
  const mapOptions: CallOptions = { signal: mapSignal, deadline: budget.mapDeadline }
  const analyses: Array<ChunkAnalysis | undefined> = []
  const failed = new Map<number, string>()

  // The fallback shadow: offline analyses of the chunks the LLM has not delivered, started as
  // late as possible yet early enough to be done by the map deadline, last-queued chunks first
  // (the LLM reaches them last). It yields between chunks so other requests are served.
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
      shadowed.set(chunk.index, await offlineChunk(chunk))
      await yieldToIo()
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
  // Past this point the answer would come too late: what is still missing is left out, and said so.
  const lastStart = budget.reduceDeadline + budget.finalReserveMs / 2
  for (const [index, reason] of [...failed].sort(([a], [b]) => a - b)) {
    options.onFailure?.('chunk', reason)
    const chunk = chunks[index]!
    const ready = shadowed.get(index)
    if (ready === undefined && Date.now() >= lastStart) {
      skipped.push(chunk.label)
      continue
    }
    byReason.set(reason, [...(byReason.get(reason) ?? []), chunk.label])
    analyses[index] = ready ?? await offlineChunk(chunk)
  }
  const complete = analyses.filter((a): a is ChunkAnalysis => a !== undefined)
  if (complete.length === 0) throw new Error('no part of the minutes could be analysed within the budget')
  const skippedNote = skipped.length > 0 ? [`Not analysed at all (the time budget ran out): ${skipped.join('; ')}.`] : []

  if (failed.size === chunks.length) {
    const reason = [...byReason.keys()].map(describeReason).join('; ')
    const draft = await fallback.reduce(reduceInput(complete))
    return { draft, notes: [`The whole analysis comes from the offline extractive engine: ${reason}.`, ...skippedNote], partial: true, model: fallback.name }
  }
  for (const [reason, labels] of byReason) {
    notes.push(`Summarised by the offline extractive engine because ${describeReason(reason)}: ${labels.join('; ')}.`)
  }
  notes.push(...skippedNote)

  const reducePhase = budget.phaseSignal(budget.reduceDeadline)
  const reduceSignal = reducePhase.signal
  const reduceOptions: CallOptions = { signal: reduceSignal, deadline: budget.reduceDeadline }
  let draft: ConsolidationDraft
  try {
    let level = complete
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
    draft = await fallback.reduce(reduceInput(complete))
  } finally {
    reducePhase.end()
  }
  const partial = notes.length > 0
  return { draft, notes, partial, model: partial ? `${engine.name}+${fallback.name}` : engine.name }
}
