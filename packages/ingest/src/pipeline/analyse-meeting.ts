import type { AnalysisEngine } from '@meeting-ai/llm'
import type { AnalysisLease, Store } from '@meeting-ai/store'
import type { WorkerLogger } from '../logger.ts'
import { toSuggestionSet } from './suggestion-set.ts'

export type AnalysisOutcome = 'published' | 'empty' | 'busy' | 'below_threshold' | 'lease_lost'

export interface AnalysisResult {
  outcome: AnalysisOutcome
  /**
   * Segments pending after the lock was released (they arrived while the engine ran), or -1
   * when another holder is responsible for them. Read after the release on purpose: a worker
   * that found the lock held before the release relies on this re-check.
   */
  remaining: number
}

export interface AnalyseMeetingOptions {
  store: Store
  engine: AnalysisEngine
  threshold: number
  lockTtlMs: number
  /** How many already-sent suggestions the engine sees, so it does not repeat itself. */
  previousSuggestions: number
  logger: WorkerLogger
  /** Aborts the engine call (shutdown). */
  signal?: AbortSignal
}

/** The engine call failed; the window and pending count are left as they were. */
export class EngineCallError extends Error {
  readonly code = 'ANALYSIS_ENGINE_FAILED'
  constructor (meetingId: string, options: { cause: unknown }) {
    super(`analysis engine failed for meeting ${meetingId}`, options)
    this.name = 'EngineCallError'
  }
}

/**
 * One fenced analysis of a meeting's window. Holds the meeting's lock for the whole run,
 * renewing it every third of its TTL; a lost lease means another worker may be analysing, so
 * the result is dropped (publish would be fenced anyway). Only the count read at the start is
 * consumed, so segments that arrive meanwhile stay pending for the next run.
 */
export async function analyseMeeting (meetingId: string, options: AnalyseMeetingOptions): Promise<AnalysisResult> {
  const lease = await options.store.locks.acquire(meetingId, options.lockTtlMs)
  if (lease === null) return { outcome: 'busy', remaining: -1 }
  const outcome = await analyseUnderLease(lease, options)
  if (outcome !== 'published' && outcome !== 'empty') return { outcome, remaining: -1 }
  return { outcome, remaining: await options.store.windows.pending(meetingId) }
}

async function analyseUnderLease (lease: AnalysisLease, options: AnalyseMeetingOptions): Promise<AnalysisOutcome> {
  const { store, engine, logger } = options
  const meetingId = lease.meetingId

  const lost = new AbortController()
  const renewal = setInterval(() => {
    store.locks.renew(lease, options.lockTtlMs).then((held) => {
      if (!held) lost.abort()
    }, (error: unknown) => {
      // The store is failing; if the lease expires meanwhile, the fenced publish refuses us.
      logger.warn({ err: error, meetingId }, 'analysis lease renewal failed')
    })
  }, Math.max(10, Math.floor(options.lockTtlMs / 3)))
  try {
    const analysed = await store.windows.pending(meetingId)
    if (analysed < options.threshold) return 'below_threshold'
    const [segments, previous] = await Promise.all([
      store.windows.read(meetingId),
      store.suggestions.recentContents(meetingId, options.previousSuggestions)
    ])
    const signal = options.signal === undefined ? lost.signal : AbortSignal.any([lost.signal, options.signal])
    const language = segments.findLast((segment) => segment.language !== undefined)?.language
    let drafts
    try {
      drafts = await engine.suggest({
        meetingId,
        segments,
        previousSuggestions: previous,
        ...(language !== undefined && { language })
      }, { signal })
    } catch (error) {
      if (lost.signal.aborted) return 'lease_lost'
      throw new EngineCallError(meetingId, { cause: error })
    }
    if (lost.signal.aborted) return 'lease_lost'
    let outcome: AnalysisOutcome = 'empty'
    if (drafts.length > 0) {
      const id = await store.suggestions.publish(toSuggestionSet(meetingId, drafts, segments, Date.now()), lease)
      if (id === null) return 'lease_lost'
      outcome = 'published'
      logger.info({ meetingId, entryId: id, suggestions: drafts.length, segments: analysed }, 'suggestion set published')
    }
    await store.windows.consume(meetingId, analysed)
    return outcome
  } finally {
    clearInterval(renewal)
    await store.locks.release(lease).catch((error: unknown) => {
      // It expires on its own; the next run waits at most one TTL.
      logger.warn({ err: error, meetingId }, 'analysis lock release failed')
    })
  }
}
