import type { Config } from '@meeting-ai/config'
import type { IngestRejection, Segment } from '@meeting-ai/contracts'
import type { AnalysisEngine } from '@meeting-ai/llm'
import { StoreError, type AppendResult, type StoreEngine } from '@meeting-ai/store'
import type { Registry } from 'prom-client'
import type { WorkerLogger } from '../logger.ts'
import { createWorkerMetrics, type WorkerMetrics } from '../metrics.ts'
import { AnalysisScheduler, type AnalysisSettings } from './analysis-scheduler.ts'
import { deadLetterFor } from './dead-letter.ts'
import { parseSttEvent, type ParseResult } from './parse-event.ts'

/** One event as a source hands it over. */
export interface RawEvent {
  /** Parsed JSON, JSON text or bytes. */
  body: unknown
  /** Where it came from, for the dead-letter entry: `partition:sequence`, a stream entry id, `http:<index>`. */
  position: string
  /** Dedupe key when the event carries neither segmentId nor eventId. */
  fallbackDedupeKey: string
  /** `body` is parsed JSON (HTTP): strings and bytes in it are not decoded again. */
  decoded?: boolean
}

export interface IngestOutcome {
  accepted: number
  duplicates: number
  /** index = position of the event in the batch. */
  rejected: IngestRejection[]
}

export interface SegmentPipeline {
  /**
   * Parse + dead-letter invalid + atomic append (dedupe, window, counter) of the valid events,
   * one call per meeting in the batch, each meeting's events in order; schedules analysis
   * (never awaits the LLM). Throws StoreError if the store fails; other events of the batch
   * may be written all the same (append is idempotent so a retry is safe).
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

/** A batch's valid events of one meeting, in batch order: its group (atomic on its own) in the batch's one store call. */
interface MeetingGroup {
  meetingId: string
  segments: Segment[]
  /** Source position of its first event, for the log line of a failed append. */
  firstPosition: string
  write: Promise<AppendResult[]> | undefined
}

/** What became of one event of the batch: its dead-letter write, or its place in its meeting's group. */
type Step =
  | { ok: false, rejection: Extract<ParseResult, { ok: false }>, write: Promise<void> }
  | { ok: true, segment: Segment, group: MeetingGroup, slot: number }

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

  /** One store call for every meeting of the batch; a meeting's failure is logged and counted on its own. */
  function appendGroups (groups: MeetingGroup[], source: string): void {
    const writes = store.windows.appendGroups(groups.map((group) => group.segments))
    groups.forEach((group, index) => {
      group.write = (writes[index] as Promise<AppendResult[]>).catch((error: unknown) => {
        metrics.storeErrors.inc({ operation: 'append' })
        // Not checkpointed or acked: the source delivers them again.
        logger.error({ err: error, meetingId: group.meetingId, source, position: group.firstPosition, events: group.segments.length }, 'window append failed; the events will be delivered again')
        throw error instanceof StoreError ? error : new StoreError('window append failed', 'STORE_UNAVAILABLE', { cause: error })
      })
      group.write.catch(() => {})
    })
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
      // The batch's valid events are grouped by meeting, each meeting's in batch order, and the
      // groups go to the store in ONE call (one script run on Redis), each meeting's step atomic
      // on its own (bench/ingest: the per-call cost in Redis and Node was most of the cost of a
      // batch that mixes meetings). Dead letters are sent alongside, not awaited one by one:
      // node-redis writes them on its one command connection and Redis runs them in that order,
      // so a meeting's segments keep their order across batches too. Outcomes are then read in
      // event order; the first failure is thrown (writes after it may have happened: append is
      // idempotent, the redelivery is a duplicate).
      const steps: Step[] = new Array(events.length)
      const groups = new Map<string, MeetingGroup>()
      for (let index = 0; index < events.length; index++) {
        const event = events[index] as RawEvent
        const parsed = parseSttEvent(event.body, { zone: config.sttTimestampZone, fallbackDedupeKey: event.fallbackDedupeKey, decoded: event.decoded === true })
        if (!parsed.ok) {
          const write = deadLetter(source, event, parsed.code, parsed.detail)
          // Handled below in order; this keeps a later failure from being reported as unhandled.
          write.catch(() => {})
          steps[index] = { ok: false, rejection: parsed, write }
          continue
        }
        const meetingId = parsed.segment.meetingId
        let group = groups.get(meetingId)
        if (group === undefined) {
          group = { meetingId, segments: [], firstPosition: event.position, write: undefined }
          groups.set(meetingId, group)
        }
        steps[index] = { ok: true, segment: parsed.segment, group, slot: group.segments.length }
        group.segments.push(parsed.segment)
      }
      if (groups.size > 0) appendGroups([...groups.values()], source)
      let accepted = 0
      let duplicates = 0
      try {
        for (let index = 0; index < steps.length; index++) {
          const step = steps[index] as Step
          if (!step.ok) {
            await step.write
            outcome.rejected.push({ index, code: step.rejection.code, detail: step.rejection.detail })
            continue
          }
          const result = (await step.group.write as AppendResult[])[step.slot]
          if (result === undefined) throw new StoreError('window append: no result for an event', 'STORE_UNEXPECTED_REPLY')
          if (result.status === 'duplicate') duplicates += 1
          else accepted += 1
          // Also on a redelivery: the worker that took the original may have died before analysing.
          if (result.pending >= config.analysisThreshold) scheduler.request(step.segment.meetingId)
        }
      } finally {
        // Counted once per batch and outcome (prom-client resolves the labels per inc), and also
        // for the events before a failure, as when they were counted one by one.
        if (accepted > 0) metrics.eventsIn.inc({ source, outcome: 'accepted' }, accepted)
        if (duplicates > 0) metrics.eventsIn.inc({ source, outcome: 'duplicate' }, duplicates)
        if (outcome.rejected.length > 0) metrics.eventsIn.inc({ source, outcome: 'rejected' }, outcome.rejected.length)
      }
      outcome.accepted = accepted
      outcome.duplicates = duplicates
      return outcome
    },
    drain: async () => await scheduler.drain(),
    async close () {
      closed = true
      await scheduler.close()
    }
  }
}
