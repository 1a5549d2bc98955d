import type { RealtimeSuggestionsResponse, Segment } from '@meeting-ai/contracts'
import type { ConsolidationResultStore } from './results/types.ts'

/**
 * One interface per storage concern. Each has a Redis implementation (redis/) for every
 * deployment and an in-memory one (memory/) for the single-process embedded store; the
 * contract suites in test/ run against both so they cannot drift.
 */

export type AppendStatus = 'appended' | 'duplicate'

export interface AppendResult {
  status: AppendStatus
  /** New segments since the last completed analysis (after this append). */
  pending: number
}

/** Per-meeting sliding window of segments plus the "new since last analysis" counter. */
export interface SegmentWindowStore {
  /**
   * Dedupe marker, append, trim to the window size and pending counter in one atomic step,
   * so a redelivered event is never counted twice and a crash never leaves half a write.
   */
  append (segment: Segment): Promise<AppendResult>
  /**
   * `append` of consecutive segments of ONE meeting in one atomic step (one Redis call): the
   * results, in order, are exactly those of appending them one after the other, duplicates
   * inside the list included. Throws RangeError when the segments belong to several meetings.
   */
  appendMany (segments: readonly Segment[]): Promise<AppendResult[]>
  /**
   * `appendMany` of several meetings at once (one group per meeting, no meeting in two groups)
   * in one store call - one Redis round trip and script run for a whole mixed batch instead of
   * one per meeting. One promise per group, settled as `appendMany(group)` would be: each
   * meeting's step is atomic on its own, and a meeting whose step fails rejects only its own
   * promise. Invalid groups (empty, several meetings, a meeting twice) reject every promise
   * with RangeError and write nothing.
   */
  appendGroups (groups: ReadonlyArray<readonly Segment[]>): Array<Promise<AppendResult[]>>
  /** The window, oldest first. */
  read (meetingId: string): Promise<Segment[]>
  pending (meetingId: string): Promise<number>
  /**
   * After an analysis: subtract the count it started from (not reset to 0), so segments that
   * arrived while it ran still count toward the next one. Returns what is left pending.
   */
  consume (meetingId: string, analysed: number): Promise<number>
}

export interface AnalysisLease {
  meetingId: string
  /** Fencing token from a per-meeting INCR; publish checks it is still the current holder. */
  token: number
}

/** At most one analysis in flight per meeting across all workers. */
export interface AnalysisLocks {
  acquire (meetingId: string, ttlMs: number): Promise<AnalysisLease | null>
  /** false when the lease was lost (expired and taken by another worker). */
  renew (lease: AnalysisLease, ttlMs: number): Promise<boolean>
  release (lease: AnalysisLease): Promise<void>
}

export interface ReplayEntry {
  /** Stream entry id `<ms>-<seq>`; the SSE `id:`. */
  id: string
  /** The serialised RealtimeSuggestionsResponse, sent to viewers as is. */
  payload: string
}

/** Capped per-meeting replay stream of published suggestion sets, and the live channel. */
export interface SuggestionLog {
  /**
   * Appends the set to the replay stream and publishes `{ id, payload }` on the meeting's
   * channel, in that order and atomically, only while `lease` is still the current holder.
   * Returns the entry id, or null when the lease was fenced out (nothing written).
   */
  publish (set: RealtimeSuggestionsResponse, lease: AnalysisLease | null): Promise<string | null>
  /** Entries with id strictly greater than `afterId` ('0' = from the start), oldest first. */
  readAfter (meetingId: string, afterId: string, limit?: number): Promise<ReplayEntry[]>
  /** Id of the oldest kept entry, or null when the stream is empty. */
  oldestId (meetingId: string): Promise<string | null>
  /** Contents of the most recent suggestions sent for the meeting, newest first. */
  recentContents (meetingId: string, max: number): Promise<string[]>
}

export type BusListener = (entry: ReplayEntry) => void

/** Live fan-out of published sets to API processes. */
export interface SuggestionBus {
  /** Resolves once the subscription is confirmed, so a replay read afterwards cannot miss an entry. */
  subscribe (meetingId: string, listener: BusListener): Promise<void>
  unsubscribe (meetingId: string, listener: BusListener): Promise<void>
  /**
   * Called after the bus reconnects; messages published meanwhile must be recovered by replay.
   * `meetingIds`, when given, are the only meetings whose subscription was interrupted (a
   * cluster slot moved); otherwise all were.
   */
  onReconnect (listener: (meetingIds?: readonly string[]) => void): void
}

/** One Event Hubs consumer group: the scope of ownership and checkpoint records. */
export interface ConsumerGroupRef {
  fullyQualifiedNamespace: string
  eventHubName: string
  consumerGroup: string
}

/** Which processor reads a partition; an empty ownerId gives the partition up. */
export interface PartitionOwnership extends ConsumerGroupRef {
  partitionId: string
  ownerId: string
  /** Set by the store on a successful claim (the store's clock). */
  lastModifiedTimeInMs?: number
  /** Compare-and-set token: a claim must carry the current one (none for a partition never claimed). */
  etag?: string
}

/** Where a partition's processing resumes: the last event fully written. */
export interface PartitionCheckpoint extends ConsumerGroupRef {
  partitionId: string
  sequenceNumber: number
  offset: string
}

/**
 * Partition ownership and checkpoints of the Event Hubs source, for several processors that
 * share a consumer group. Shaped so that an implementation is also the SDK's CheckpointStore
 * (the worker hands it to EventHubConsumerClient as is).
 */
export interface PartitionCheckpointStore {
  listOwnership (fullyQualifiedNamespace: string, eventHubName: string, consumerGroup: string): Promise<PartitionOwnership[]>
  /** The claims won: those whose etag matched the stored one, each with its new etag. */
  claimOwnership (partitionOwnership: PartitionOwnership[]): Promise<PartitionOwnership[]>
  listCheckpoints (fullyQualifiedNamespace: string, eventHubName: string, consumerGroup: string): Promise<PartitionCheckpoint[]>
  updateCheckpoint (checkpoint: PartitionCheckpoint): Promise<void>
}

export interface DeadLetter {
  source: string
  position: string
  reason: string
  code: string
  /** Raw body, capped. */
  raw: string
  at: number
}

export interface DeadLetterStore {
  add (entry: DeadLetter): Promise<void>
  count (): Promise<number>
  list (max: number): Promise<DeadLetter[]>
}

/** One entry of the STT stream: its id and its fields (the event JSON is in `event`). */
export interface StreamEntry {
  id: string
  message: Record<string, string>
}

export interface StreamBatch {
  key: string
  messages: StreamEntry[]
}

/**
 * One consumer of a consumer group on the sharded STT stream. An entry stays pending until
 * acknowledged; entries left pending by a consumer that died are claimed by another.
 */
export interface SegmentStreamReader {
  /** Makes the group on every shard (from the stream's start) unless it exists. */
  ensureGroups (): Promise<void>
  /**
   * Entries after `id` per stream: '>' for new ones, or an id to re-read this consumer's own
   * pending entries. Waits up to `blockMs` for new ones when given; null when none came.
   */
  readGroup (streams: Array<{ key: string, id: string }>, options: { count: number, blockMs?: number }): Promise<StreamBatch[] | null>
  /** Takes over entries pending at least `minIdleMs`; iterate with `nextCursor` until it is '0-0'. */
  claimStale (key: string, minIdleMs: number, cursor: string, count: number): Promise<{ nextCursor: string, messages: StreamEntry[] }>
  ack (key: string, ids: string[]): Promise<void>
  /** Drops the connection at once, ending a blocked read with an error. */
  close (): void
}

/** The producer side of the STT stream. */
export interface SegmentStreamWriter {
  /** Appends the event to its meeting's shard; returns the entry id. */
  append (meetingId: string, event: unknown): Promise<string>
  close (): Promise<void>
}

/** Everything one process needs from its store. */
export interface Store {
  readonly kind: 'redis' | 'embedded'
  readonly windows: SegmentWindowStore
  readonly locks: AnalysisLocks
  readonly suggestions: SuggestionLog
  readonly bus: SuggestionBus
  readonly deadLetters: DeadLetterStore
  /** Event Hubs partition ownership and checkpoints. */
  readonly checkpoints: PartitionCheckpointStore
  /** Consolidation requests and results. */
  readonly results: ConsolidationResultStore
  /** Waits for replicas to hold a batch's writes before its source is acknowledged (REDIS_WAIT_REPLICAS). */
  readonly replication: ReplicationWait
  /** Rejects (fast) when the store cannot answer. */
  ping (): Promise<void>
  close (): Promise<void>
}

/** What an ingest batch wrote: its meetings' windows, and the dead letters when it had invalid events. */
export interface BatchWrites {
  meetingIds: readonly string[]
  deadLetters: boolean
}

/**
 * The bound on what a failover can lose: the caller writes a batch, then awaits `after` with
 * what it wrote, and acknowledges the batch's source only once that resolved.
 */
export interface ReplicationWait {
  /** Whether `after` waits at all (REDIS_WAIT_REPLICAS > 0 on Redis; never on the embedded store). */
  readonly enabled: boolean
  /**
   * Resolves once the configured number of replicas hold every write this store made so far on
   * the master(s) that `written` went to. Rejects with StoreError STORE_REPLICATION_SHORT when fewer confirm
   * within the timeout (the writes stand on the master but may die with it), and with
   * STORE_UNAVAILABLE when the WAIT itself fails.
   */
  after (written: BatchWrites): Promise<void>
}

export interface StoreLimits {
  windowSegments: number
  meetingTtlS: number
  replayMaxLen: number
}

/** The slice of pino the store logs through, so the store does not depend on a logger package. */
export interface StoreLogger {
  info (obj: object, msg: string): void
  warn (obj: object, msg: string): void
  error (obj: object, msg: string): void
}
