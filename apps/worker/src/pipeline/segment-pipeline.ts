import type { Config } from '@meeting-ai/config'
import type { IngestRejection, Segment } from '@meeting-ai/contracts'
import type { AnalysisEngine } from '@meeting-ai/llm'
import { StoreError, type AppendResult, type StoreEngine } from '@meeting-ai/store'
import type { Registry } from 'prom-client'
import type { WorkerLogger } from '../logger.ts'
import { createWorkerMetrics, type WorkerMetrics } from '../metrics.ts'
import { AnalysisScheduler, type AnalysisSettings } from './analysis-scheduler.ts'
import { deadLetterFor } from './dead-letter.ts'
import { parseSttEvent } from './parse-event.ts'

/** One event as a source hands it over. */
export interface RawEvent {
  /** Parsed JSON, JSON text or bytes. */
  body: unknown
  /** Where it came from, for the dead-letter entry: `partition:sequence`, a stream entry id, `http:<index>`. */
  position: string
  /** Dedupe key when the event carries neither segmentId nor eventId. */
  fallbackDedupeKey: string
}

export interface IngestOutcome {
  accepted: number
  duplicates: number
  /** index = position of the event in the batch. */
  rejected: IngestRejection[]
}

export interface SegmentPipeline {
  /**
   * Parse + dead-letter invalid + atomic append (dedupe, window, counter) for each event, in
   * order; schedules analysis (never awaits the LLM). Throws StoreError if the store fails;
   * events before the failure stay written, later ones may be too (append is idempotent so a retry is safe).
   */
  ingest (events: RawEvent[], source: string): Promise<IngestOutcome>
  /** Resolves when no analysis is running or scheduled (tests, shutdown). */
  drain (): Promise<void>
  close (): Promise<void>
  readonly metrics: WorkerMetrics
}

export interface SegmentPipelineOptions {
  config: Config
  store: StoreEngine
  engine: AnalysisEngine
  logger: WorkerLogger
  registry?: Registry
  /** Overrides of the analysis timings (tests use short leases and retries). */
  analysis?: Partial<AnalysisSettings>
}

// The analysis lease (lockTtlMs) comes from ANALYSIS_LOCK_TTL_MS.
export const DEFAULT_ANALYSIS_SETTINGS = {
  retry: { initialMs: 1000, maxMs: 30_000 },
  previousSuggestions: 20
} as const

export function createSegmentPipeline (options: SegmentPipelineOptions): SegmentPipeline {
  const { config, store, logger } = options
  const metrics = createWorkerMetrics(options.registry)
  const scheduler = new AnalysisScheduler({
    store,
    engine: options.engine,
    logger,
    metrics,
    settings: {
      threshold: config.analysisThreshold,
      maxConcurrent: config.llmConcurrency,
      ...DEFAULT_ANALYSIS_SETTINGS,
      lockTtlMs: config.analysisLockTtlMs,
      ...options.analysis
    }
  })
  let closed = false

  async function append (segment: Segment, source: string, position: string): Promise<AppendResult> {
    try {
      return await store.windows.append(segment)
    } catch (error) {
      metrics.storeErrors.inc({ operation: 'append' })
      // Not checkpointed or acked: the source delivers it again.
      logger.error({ err: error, meetingId: segment.meetingId, source, position }, 'window append failed; the event will be delivered again')
      throw error instanceof StoreError ? error : new StoreError('window append failed', 'STORE_UNAVAILABLE', { cause: error })
    }
  }

  async function deadLetter (source: string, event: RawEvent, code: string, detail: string): Promise<void> {
    metrics.deadLetters.inc({ source, code })
    // Once, at warn, without the transcript: the raw body is in the dead-letter stream.
    logger.warn({ source, position: event.position, code, detail }, 'invalid STT event dead-lettered')
    try {
      await store.deadLetters.add(deadLetterFor({ source, position: event.position, code, reason: detail, raw: event.body, at: Date.now() }))
    } catch (error) {
      metrics.storeErrors.inc({ operation: 'dead_letter' })
      logger.error({ err: error, source, position: event.position }, 'dead-letter write failed; the event will be delivered again')
      throw error instanceof StoreError ? error : new StoreError('dead-letter write failed', 'STORE_UNAVAILABLE', { cause: error })
    }
  }

  return {
    metrics,
    async ingest (events, source) {
      if (closed) throw new StoreError('segment pipeline is closed', 'STORE_UNAVAILABLE')
      const outcome: IngestOutcome = { accepted: 0, duplicates: 0, rejected: [] }
      // Every write of the batch is sent at once, not awaited one by one: node-redis writes them
      // together on its one command connection and Redis runs them in that order, so a meeting's
      // segments keep their order while the batch costs one round trip instead of one per event
      // (bench/ingest). Outcomes are then read in order; the first failure is thrown as before
      // (events after it may be written too: append is idempotent, the redelivery is a duplicate).
      const steps = events.map((event) => {
        const parsed = parseSttEvent(event.body, { zone: config.sttTimestampZone, fallbackDedupeKey: event.fallbackDedupeKey })
        const write = parsed.ok ? append(parsed.segment, source, event.position) : deadLetter(source, event, parsed.code, parsed.detail)
        // Handled below in order; this keeps a later failure from being reported as unhandled.
        write.catch(() => {})
        return { parsed, write }
      })
      for (const [index, { parsed, write }] of steps.entries()) {
        const result = await write
        if (!parsed.ok) {
          metrics.eventsIn.inc({ source, outcome: 'rejected' })
          outcome.rejected.push({ index, code: parsed.code, detail: parsed.detail })
          continue
        }
        if (result === undefined) continue
        if (result.status === 'duplicate') outcome.duplicates += 1
        else outcome.accepted += 1
        metrics.eventsIn.inc({ source, outcome: result.status === 'duplicate' ? 'duplicate' : 'accepted' })
        // Also on a redelivery: the worker that took the original may have died before analysing.
        if (result.pending >= config.analysisThreshold) scheduler.request(parsed.segment.meetingId)
      }
      return outcome
    },
    drain: async () => await scheduler.drain(),
    async close () {
      closed = true
      await scheduler.close()
    }
  }
}
