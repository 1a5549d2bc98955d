import type { Segment } from '@meeting-ai/contracts'
import type { ReplayEntry, StoreLogger } from '../types.ts'

/** Everything the embedded store keeps for one meeting; the Redis store keeps the same under the meeting's keys. */
export interface MeetingState {
  window: Segment[]
  pending: number
  /** Insertion-ordered, so the oldest keys go first when the per-meeting cap is reached. */
  dedupe: Set<string>
  lock: { token: number, expiresAt: number } | undefined
  replay: ReplayEntry[]
  /** Last replay id handed out, kept apart from `replay` so ids stay monotonic after trimming. */
  lastId: { ms: number, seq: number }
  expiresAt: number
}

export interface MeetingTableOptions {
  ttlMs: number
  maxMeetings: number
  now: () => number
  logger: StoreLogger
}

/**
 * Per-meeting state with the lifetime rules of the Redis keys: a meeting expires `ttlMs`
 * after its last write, and at most `maxMeetings` are kept (the least recently written goes
 * first), so one long-running process stays bounded however many meetings pass through.
 *
 * The Map is kept in last-write order (a touch re-inserts the entry) and every touch sets
 * `expiresAt = now + ttlMs`, so iteration order is expiry order: a sweep stops at the first
 * live meeting and costs only what it removes.
 */
export class MeetingTable {
  private readonly meetings = new Map<string, MeetingState>()
  private evictedCount = 0

  constructor (private readonly options: MeetingTableOptions) {}

  /** The live state of a meeting, or undefined (an expired one is dropped on the way). */
  get (meetingId: string): MeetingState | undefined {
    const state = this.meetings.get(meetingId)
    if (state === undefined) return undefined
    if (state.expiresAt <= this.options.now()) {
      this.meetings.delete(meetingId)
      return undefined
    }
    return state
  }

  /** The state for a write, created when absent, with its expiry pushed out. */
  touch (meetingId: string): MeetingState {
    const now = this.options.now()
    let state = this.get(meetingId)
    if (state === undefined) {
      state = { window: [], pending: 0, dedupe: new Set(), lock: undefined, replay: [], lastId: { ms: 0, seq: -1 }, expiresAt: 0 }
    } else {
      this.meetings.delete(meetingId)
    }
    state.expiresAt = now + this.options.ttlMs
    this.meetings.set(meetingId, state)
    this.evictOverCap(meetingId)
    return state
  }

  /** Drops every expired meeting; returns how many. */
  sweep (): number {
    const now = this.options.now()
    let removed = 0
    for (const [meetingId, state] of this.meetings) {
      if (state.expiresAt > now) break
      this.meetings.delete(meetingId)
      removed++
    }
    return removed
  }

  get size (): number {
    return this.meetings.size
  }

  /** Meetings dropped because the cap was reached (not by expiry). */
  get evictions (): number {
    return this.evictedCount
  }

  clear (): void {
    this.meetings.clear()
  }

  private evictOverCap (keep: string): void {
    while (this.meetings.size > this.options.maxMeetings) {
      const oldest = this.meetings.keys().next().value
      if (oldest === undefined || oldest === keep) return
      this.meetings.delete(oldest)
      this.evictedCount++
      // Losing a meeting's window early is visible to its users: say so every time.
      this.options.logger.warn({ meetingId: oldest, maxMeetings: this.options.maxMeetings }, 'embedded store: meeting cap reached, least recently active meeting dropped')
    }
  }
}
