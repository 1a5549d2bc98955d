import type { Segment } from '@meeting-ai/contracts'
import { refuseInvalidGroups } from '../append-groups.ts'
import type { AppendResult, SegmentWindowStore } from '../types.ts'
import type { MeetingTable } from './meeting-table.ts'

/**
 * Dedupe keys remembered per meeting. Redis keeps them all for the meeting's TTL; here a
 * cap keeps a pathological meeting from growing without bound, and a redelivery is always
 * of a recent event, so forgetting the oldest keys first is safe.
 */
const MAX_DEDUPE_KEYS_PER_MEETING = 100_000

export class MemorySegmentWindowStore implements SegmentWindowStore {
  constructor (private readonly meetings: MeetingTable, private readonly windowSegments: number) {}

  async append (segment: Segment): Promise<AppendResult> {
    return this.#appendOne(segment)
  }

  async appendMany (segments: readonly Segment[]): Promise<AppendResult[]> {
    // One group: appendGroups refuses (RangeError) a list of several meetings.
    return segments.length === 0 ? [] : await (this.appendGroups([segments])[0] as Promise<AppendResult[]>)
  }

  appendGroups (groups: ReadonlyArray<readonly Segment[]>): Array<Promise<AppendResult[]>> {
    // Each group synchronous from its first segment to its last: atomic, as each meeting's step
    // of the one Lua call is.
    return refuseInvalidGroups(groups) ?? groups.map(async (group) => group.map((segment) => this.#appendOne(segment)))
  }

  #appendOne (segment: Segment): AppendResult {
    const existing = this.meetings.get(segment.meetingId)
    // As in the Lua script, a duplicate does not refresh the meeting's expiry.
    if (existing?.dedupe.has(segment.dedupeKey) === true) return { status: 'duplicate', pending: existing.pending }
    const state = this.meetings.touch(segment.meetingId)
    state.dedupe.add(segment.dedupeKey)
    if (state.dedupe.size > MAX_DEDUPE_KEYS_PER_MEETING) {
      const oldest = state.dedupe.values().next().value
      if (oldest !== undefined) state.dedupe.delete(oldest)
    }
    // A copy, so a caller mutating its segment afterwards cannot change the window (Redis stores JSON).
    state.window.push(structuredClone(segment))
    if (state.window.length > this.windowSegments) state.window.splice(0, state.window.length - this.windowSegments)
    state.pending++
    return { status: 'appended', pending: state.pending }
  }

  async read (meetingId: string): Promise<Segment[]> {
    return structuredClone(this.meetings.get(meetingId)?.window ?? [])
  }

  async pending (meetingId: string): Promise<number> {
    return this.meetings.get(meetingId)?.pending ?? 0
  }

  async consume (meetingId: string, analysed: number): Promise<number> {
    const state = this.meetings.get(meetingId)
    if (state === undefined) return 0
    state.pending = Math.max(0, state.pending - analysed)
    return state.pending
  }
}
