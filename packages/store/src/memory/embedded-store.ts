import { MemoryCheckpointStore } from '../checkpoints/memory-checkpoint-store.ts'
import { MemoryConsolidationResultStore } from '../results/memory-result-store.ts'
import { DEFAULT_RESULT_TTL_S } from '../results/types.ts'
import type { Store, StoreLimits, StoreLogger } from '../types.ts'
import { MemoryAnalysisLocks } from './analysis-locks.ts'
import { MemoryDeadLetterStore } from './dead-letters.ts'
import { MeetingTable } from './meeting-table.ts'
import { MemorySuggestionBus } from './suggestion-bus.ts'
import { MemorySuggestionLog } from './suggestion-log.ts'
import { MemorySegmentWindowStore } from './window-store.ts'

export interface EmbeddedStoreOptions {
  limits: StoreLimits
  logger: StoreLogger
  /** RESULT_TTL_S of the consolidation result store; default 7 days. */
  resultTtlS?: number
  /** Most meetings kept at once; past it the least recently active one is dropped. */
  maxMeetings?: number
  /** Most dead letters kept. */
  maxDeadLetters?: number
  /** How often expired meetings are swept; default min(TTL, 60 s). */
  sweepIntervalMs?: number
  /** The clock for expiry, leases and replay ids (tests pass a fake one). */
  now?: () => number
}

export interface EmbeddedStore extends Store {
  readonly kind: 'embedded'
  readonly bus: MemorySuggestionBus
  readonly checkpoints: MemoryCheckpointStore
  readonly results: MemoryConsolidationResultStore
  /** Meetings currently kept. */
  readonly meetingCount: number
  /** Meetings dropped because `maxMeetings` was reached. */
  readonly evictions: number
  /** Drops expired meetings now (the timer does it too); returns how many. */
  sweepExpired (): number
}

export const DEFAULT_MAX_MEETINGS = 1000
export const DEFAULT_MAX_DEAD_LETTERS = 10_000
const MAX_SWEEP_INTERVAL_MS = 60_000

/**
 * Every storage concern kept in this process's memory, for the all-in-one process on a
 * machine without Redis. Same semantics as the Redis store where a single process can
 * tell (see test/contract/), nothing shared between processes and nothing kept on restart.
 */
export function createEmbeddedStore (options: EmbeddedStoreOptions): EmbeddedStore {
  const now = options.now ?? Date.now
  const ttlMs = options.limits.meetingTtlS * 1000
  const meetings = new MeetingTable({ ttlMs, maxMeetings: options.maxMeetings ?? DEFAULT_MAX_MEETINGS, now, logger: options.logger })
  const bus = new MemorySuggestionBus(options.logger)
  const locks = new MemoryAnalysisLocks(meetings, now)
  const deadLetters = new MemoryDeadLetterStore(options.maxDeadLetters ?? DEFAULT_MAX_DEAD_LETTERS)
  const sweeper = setInterval(() => meetings.sweep(), options.sweepIntervalMs ?? Math.min(ttlMs, MAX_SWEEP_INTERVAL_MS))
  // The sweep must never be what keeps the process alive.
  sweeper.unref()
  return {
    kind: 'embedded',
    windows: new MemorySegmentWindowStore(meetings, options.limits.windowSegments),
    locks,
    suggestions: new MemorySuggestionLog(meetings, locks, bus, options.limits.replayMaxLen, now),
    bus,
    deadLetters,
    checkpoints: new MemoryCheckpointStore(),
    results: new MemoryConsolidationResultStore({ resultTtlS: options.resultTtlS ?? DEFAULT_RESULT_TTL_S }, { now }),
    // One process, no replica: nothing to wait for.
    replication: { enabled: false, async after () {} },
    get meetingCount () { return meetings.size },
    get evictions () { return meetings.evictions },
    sweepExpired: () => meetings.sweep(),
    async ping () {},
    async close () {
      clearInterval(sweeper)
      meetings.clear()
      bus.clear()
      deadLetters.clear()
    }
  }
}
