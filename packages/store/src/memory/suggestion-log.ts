import type { RealtimeSuggestionsResponse } from '@meeting-ai/contracts'
import { contentsOf } from '../recent-contents.ts'
import { compareStreamIds } from '../stream-id.ts'
import type { AnalysisLease, ReplayEntry, SuggestionLog } from '../types.ts'
import type { MemoryAnalysisLocks } from './analysis-locks.ts'
import type { MemorySuggestionBus } from './suggestion-bus.ts'
import type { MeetingState, MeetingTable } from './meeting-table.ts'

/** XADD's id rule: the clock's ms, or the last ms with the next seq when the clock has not moved on. */
function nextId (state: MeetingState, now: number): string {
  if (now > state.lastId.ms) state.lastId = { ms: now, seq: 0 }
  else state.lastId = { ms: state.lastId.ms, seq: state.lastId.seq + 1 }
  return `${state.lastId.ms}-${state.lastId.seq}`
}

/** The replay stream with Redis stream ids, so Last-Event-ID works the same on both stores. */
export class MemorySuggestionLog implements SuggestionLog {
  constructor (
    private readonly meetings: MeetingTable,
    private readonly locks: MemoryAnalysisLocks,
    private readonly bus: MemorySuggestionBus,
    private readonly replayMaxLen: number,
    private readonly now: () => number
  ) {}

  async publish (set: RealtimeSuggestionsResponse, lease: AnalysisLease | null): Promise<string | null> {
    if (lease !== null && !this.locks.holds(lease)) return null
    const state = this.meetings.touch(set.meetingId)
    const entry: ReplayEntry = { id: nextId(state, this.now()), payload: JSON.stringify(set) }
    state.replay.push(entry)
    if (state.replay.length > this.replayMaxLen) state.replay.splice(0, state.replay.length - this.replayMaxLen)
    this.bus.deliver(set.meetingId, entry)
    return entry.id
  }

  async readAfter (meetingId: string, afterId: string, limit = 1000): Promise<ReplayEntry[]> {
    const replay = this.meetings.get(meetingId)?.replay ?? []
    const fromStart = afterId === '0' || afterId === '0-0'
    const entries: ReplayEntry[] = []
    for (const entry of replay) {
      if (entries.length >= limit) break
      if (fromStart || compareStreamIds(entry.id, afterId) > 0) entries.push({ ...entry })
    }
    return entries
  }

  async oldestId (meetingId: string): Promise<string | null> {
    return this.meetings.get(meetingId)?.replay[0]?.id ?? null
  }

  async recentContents (meetingId: string, max: number): Promise<string[]> {
    const replay = this.meetings.get(meetingId)?.replay ?? []
    return contentsOf(replay.slice(-max).reverse(), max)
  }
}
