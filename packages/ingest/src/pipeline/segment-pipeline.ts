import type { Config } from '@meeting-ai/config'
import type { IngestRejection, Segment } from '@meeting-ai/contracts'
import type { AnalysisEngine } from '@meeting-ai/llm'
import { StoreError, type AppendResult, type Store } from '@meeting-ai/store'
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
   * (never awaits the LLM); with REDIS_WAIT_REPLICAS, resolves only once replicas hold the
   * batch. Throws StoreError if the store fails or the replicas fall short; other events of the batch
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
  store: Store
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
type EventFate =
  | { ok: false, rejection: Extract<ParseResult, { ok: false }>, write: Promise<void> }
  | { ok: true, segment: Segment, group: MeetingGroup, slot: number }

/** A batch after parsing: one fate per event (same index), and the valid events grouped by meeting. */
interface SortedBatch {
  fates: EventFate[]
  groups: MeetingGroup[]
}

/** What every step of an ingest works with. */
interface PipelineParts {
  config: Config
  store: Store
  logger: WorkerLogger
  metrics: WorkerMetrics
  scheduler: AnalysisScheduler
}

// The analysis lease (lockTtlMs) comes from ANALYSIS_LOCK_TTL_MS.
export const DEFAULT_ANALYSIS_SETTINGS = {
  retry: { initialMs: 1000, maxMs: 30_000 },
  previousSuggestions: 20
} as const

export function createSegmentPipeline (options: SegmentPipelineOptions): SegmentPipeline {
  const metrics = createWorkerMetrics(options.registry)
  const parts: PipelineParts = {
    config: options.config,
    store: options.store,
    logger: options.logger,
    metrics,
    scheduler: createAnalysisScheduler(options, metrics)
  }
  let closed = false
  return {
    metrics,
    async ingest (events, source) {
      if (closed) throw new StoreError('segment pipeline is closed', 'STORE_UNAVAILABLE')
      // The batch's valid events are grouped by meeting, each meeting's in batch order, and the
      // groups go to the store in ONE call (one script run on Redis), each meeting's step atomic
      // on its own (bench/ingest: the per-call cost in Redis and Node was most of the cost of a
      // batch that mixes meetings). Dead letters are sent alongside, not awaited one by one:
      // node-redis writes them on its one command connection and Redis runs them in that order,
      // so a meeting's segments keep their order across batches too. Outcomes are then read in
      // event order; the first failure is thrown (writes after it may have happened: append is
      // idempotent, the redelivery is a duplicate).
      const batch = parseAndGroup(parts, events, source)
      if (batch.groups.length > 0) appendGroups(parts, batch.groups, source)
      const outcome = await readOutcomes(parts, batch.fates, source)
      await waitForReplicas(parts, batch, source)
      return outcome
    },
    drain: async () => await parts.scheduler.drain(),
    async close () {
      closed = true
      await parts.scheduler.close()
    }
  }
}

function createAnalysisScheduler (options: SegmentPipelineOptions, metrics: WorkerMetrics): AnalysisScheduler {
  const { config } = options
  return new AnalysisScheduler({
    store: options.store,
    engine: options.engine,
    logger: options.logger,
    metrics,
    settings: {
      threshold: config.analysisThreshold,
      maxConcurrent: config.llmConcurrency,
      ...DEFAULT_ANALYSIS_SETTINGS,
      lockTtlMs: config.analysisLockTtlMs,
      ...options.analysis
    }
  })
}

/** Parses every event; an invalid one is dead-lettered at once (not awaited), a valid one joins its meeting's group. */
function parseAndGroup (parts: PipelineParts, events: RawEvent[], source: string): SortedBatch {
  const { config } = parts
  const fates: EventFate[] = new Array(events.length)
  const groups = new Map<string, MeetingGroup>()
  for (let index = 0; index < events.length; index++) {
    const event = events[index] as RawEvent
    const parsed = parseSttEvent(event.body, { zone: config.sttTimestampZone, fallbackDedupeKey: event.fallbackDedupeKey, decoded: event.decoded === true })
    if (!parsed.ok) {
      const write = deadLetter(parts, source, event, parsed.code, parsed.detail)
      // Handled in readOutcomes in order; this keeps a later failure from being reported as unhandled.
      write.catch(() => {})
      fates[index] = { ok: false, rejection: parsed, write }
      continue
    }
    const meetingId = parsed.segment.meetingId
    let group = groups.get(meetingId)
    if (group === undefined) {
      group = { meetingId, segments: [], firstPosition: event.position, write: undefined }
      groups.set(meetingId, group)
    }
    fates[index] = { ok: true, segment: parsed.segment, group, slot: group.segments.length }
    group.segments.push(parsed.segment)
  }
  return { fates, groups: [...groups.values()] }
}

async function deadLetter (parts: PipelineParts, source: string, event: RawEvent, code: string, detail: string): Promise<void> {
  const { metrics, logger } = parts
  metrics.deadLetters.inc({ source, code })
  // Once, at warn, without the transcript: the raw body is in the dead-letter stream.
  logger.warn({ source, position: event.position, code, detail }, 'invalid STT event dead-lettered')
  try {
    await parts.store.deadLetters.add(deadLetterFor({ source, position: event.position, code, reason: detail, raw: event.body, at: Date.now() }))
  } catch (error) {
    metrics.storeErrors.inc({ operation: 'dead_letter' })
    logger.error({ err: error, source, position: event.position }, 'dead-letter write failed; the event will be delivered again')
    throw error instanceof StoreError ? error : new StoreError('dead-letter write failed', 'STORE_UNAVAILABLE', { cause: error })
  }
}

/** One store call for every meeting of the batch; a meeting's failure is logged and counted on its own. */
function appendGroups (parts: PipelineParts, groups: MeetingGroup[], source: string): void {
  const { metrics, logger } = parts
  const writes = parts.store.windows.appendGroups(groups.map((group) => group.segments))
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

/**
 * REDIS_WAIT_REPLICAS: before the source is acknowledged (this function's caller does that once
 * ingest resolves), replicas must hold the batch, duplicates included: a redelivered batch
 * whose first WAIT came up short wrote nothing new, yet its events may still exist on the
 * master alone. A failure is thrown like a failed append, so the batch is not acknowledged.
 */
async function waitForReplicas (parts: PipelineParts, batch: SortedBatch, source: string): Promise<void> {
  const { replication } = parts.store
  if (!replication.enabled) return
  const deadLetters = batch.fates.some((fate) => !fate.ok)
  try {
    await replication.after({ meetingIds: batch.groups.map((group) => group.meetingId), deadLetters })
  } catch (error) {
    parts.metrics.storeErrors.inc({ operation: 'wait_replicas' })
    parts.logger.error({ err: error, source, meetings: batch.groups.length, events: batch.fates.length }, 'replicas did not confirm the batch; not acknowledged, the source delivers it again')
    throw error instanceof StoreError ? error : new StoreError('waiting for replicas failed', 'STORE_UNAVAILABLE', { cause: error })
  }
}

/**
 * Waits for each event's write in batch order and tallies it; a meeting with enough pending
 * segments is handed to the scheduler. Throws the first failed write.
 */
async function readOutcomes (parts: PipelineParts, fates: EventFate[], source: string): Promise<IngestOutcome> {
  const outcome: IngestOutcome = { accepted: 0, duplicates: 0, rejected: [] }
  try {
    for (let index = 0; index < fates.length; index++) {
      const fate = fates[index] as EventFate
      if (!fate.ok) {
        await fate.write
        outcome.rejected.push({ index, code: fate.rejection.code, detail: fate.rejection.detail })
        continue
      }
      const result = (await fate.group.write as AppendResult[])[fate.slot]
      if (result === undefined) throw new StoreError('window append: no result for an event', 'STORE_UNEXPECTED_REPLY')
      if (result.status === 'duplicate') outcome.duplicates += 1
      else outcome.accepted += 1
      // Also on a redelivery: the worker that took the original may have died before analysing.
      if (result.pending >= parts.config.analysisThreshold) parts.scheduler.request(fate.segment.meetingId)
    }
  } finally {
    countOutcome(parts.metrics, source, outcome)
  }
  return outcome
}

/**
 * Counted once per batch and outcome (prom-client resolves the labels per inc), and also for
 * the events before a failure, as when they were counted one by one.
 */
function countOutcome (metrics: WorkerMetrics, source: string, outcome: IngestOutcome): void {
  if (outcome.accepted > 0) metrics.eventsIn.inc({ source, outcome: 'accepted' }, outcome.accepted)
  if (outcome.duplicates > 0) metrics.eventsIn.inc({ source, outcome: 'duplicate' }, outcome.duplicates)
  if (outcome.rejected.length > 0) metrics.eventsIn.inc({ source, outcome: 'rejected' }, outcome.rejected.length)
}
