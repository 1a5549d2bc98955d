import type { AnalysisLease, AnalysisLocks } from '../types.ts'
import type { MeetingTable } from './meeting-table.ts'

/**
 * Leases with fencing tokens, as RedisAnalysisLocks. The token counter is one per store
 * rather than per meeting: it never restarts when a meeting expires, so a lease from before
 * an expiry can never match a later holder's token.
 */
export class MemoryAnalysisLocks implements AnalysisLocks {
  private lastToken = 0

  constructor (private readonly meetings: MeetingTable, private readonly now: () => number) {}

  async acquire (meetingId: string, ttlMs: number): Promise<AnalysisLease | null> {
    const held = this.meetings.get(meetingId)?.lock
    if (held !== undefined && held.expiresAt > this.now()) return null
    const state = this.meetings.get(meetingId) ?? this.meetings.touch(meetingId)
    const token = ++this.lastToken
    state.lock = { token, expiresAt: this.now() + ttlMs }
    return { meetingId, token }
  }

  async renew (lease: AnalysisLease, ttlMs: number): Promise<boolean> {
    if (!this.holds(lease)) return false
    const state = this.meetings.get(lease.meetingId)
    if (state?.lock === undefined) return false
    state.lock.expiresAt = this.now() + ttlMs
    return true
  }

  async release (lease: AnalysisLease): Promise<void> {
    const state = this.meetings.get(lease.meetingId)
    if (state !== undefined && this.holds(lease)) state.lock = undefined
  }

  /** Whether `lease` is the current, unexpired holder (the check publish makes). */
  holds (lease: AnalysisLease): boolean {
    const lock = this.meetings.get(lease.meetingId)?.lock
    return lock !== undefined && lock.token === lease.token && lock.expiresAt > this.now()
  }
}
