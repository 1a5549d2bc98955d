import type { Segment } from '@meeting-ai/contracts'
import { refuseInvalidGroups } from '../append-groups.ts'
import { StoreError } from '../errors.ts'
import { meetingKeys } from '../keys.ts'
import type { AppendResult, SegmentWindowStore, StoreLimits } from '../types.ts'
import { isClusterClient, type RedisCommands } from './connection.ts'
import { LuaScript } from './lua-script.ts'

/**
 * Appends segments of one or more meetings, each meeting's in order, in one call
 * (scripts/append-segments.lua lists its KEYS, ARGV and reply). When several meetings share
 * the call, a meeting whose step failed gets its error (caught with pcall, so the other
 * meetings still get theirs; a single meeting's error is the call's error). The limits are
 * part of the script's text (one script per store), not arguments: every argument costs
 * node-redis an encoding and the event loop garbage per call.
 *
 * The meetings of one call are in different hash tags, so different Cluster slots: on a
 * cluster each meeting gets a call of its own (a script may touch one slot only); node-redis
 * pipelines the calls to each node, so a batch still costs one round trip per node.
 *
 * Cost per call and meeting, not per segment, wherever it can be: one SADD per segment (the
 * dedupe decides per segment), then one RPUSH of only the segments that can stay in the
 * window and one INCRBY. The list is trimmed back to the window only once it holds twice the
 * window (an LTRIM every `size` single appends, not one per call); `read` takes the newest
 * `size`. The three keys get their expiry together (so one key's PTTL
 * speaks for all three) and only when less than `ttl` is left, set to `ttl + slack`: keys live
 * at least `ttl` after the meeting's last new segment, at most `ttl + slack`, and a busy
 * meeting pays one PTTL per call instead of three EXPIREs. Duplicates only write nothing and
 * refresh nothing.
 */
function appendScript (limits: StoreLimits): LuaScript {
  const size = Math.trunc(limits.windowSegments)
  const ttlMs = Math.trunc(limits.meetingTtlS) * 1000
  const expiryS = Math.trunc(limits.meetingTtlS) + expirySlackS(limits.meetingTtlS)
  return LuaScript.load('append-segments', { size, trimAt: 2 * size, ttlMs, expiryS })
}

const CONSUME = LuaScript.load('consume-pending')

/** Extra lifetime given on each refresh: a tenth of the TTL, so a meeting refreshes its expiry at most ten times per TTL. */
export function expirySlackS (ttlS: number): number {
  return Math.max(1, Math.floor(ttlS / 10))
}

export class RedisSegmentWindowStore implements SegmentWindowStore {
  readonly #append: LuaScript
  readonly #windowSegments: number

  constructor (
    private readonly client: RedisCommands,
    private readonly prefix: string,
    limits: StoreLimits
  ) {
    this.#append = appendScript(limits)
    this.#windowSegments = Math.trunc(limits.windowSegments)
  }

  async append (segment: Segment): Promise<AppendResult> {
    const [result] = await this.appendMany([segment])
    if (result === undefined) throw new StoreError('append: empty reply', 'STORE_UNEXPECTED_REPLY')
    return result
  }

  async appendMany (segments: readonly Segment[]): Promise<AppendResult[]> {
    // One group: appendGroups refuses (RangeError) a list of several meetings.
    return segments.length === 0 ? [] : await (this.appendGroups([segments])[0] as Promise<AppendResult[]>)
  }

  appendGroups (groups: ReadonlyArray<readonly Segment[]>): Array<Promise<AppendResult[]>> {
    if (groups.length === 0) return []
    const refused = refuseInvalidGroups(groups)
    if (refused !== undefined) return refused
    if (groups.length > 1 && isClusterClient(this.client)) return groups.map(async (group) => await this.#appendInOneCall([group])[0] as AppendResult[])
    return this.#appendInOneCall(groups)
  }

  /** One script call for `groups` (valid: one meeting each); on a cluster, only ever one group. */
  #appendInOneCall (groups: ReadonlyArray<readonly Segment[]>): Array<Promise<AppendResult[]>> {
    const keys: string[] = []
    const args: string[] = []
    for (const group of groups) {
      const meeting = meetingKeys(this.prefix, (group[0] as Segment).meetingId)
      keys.push(meeting.window, meeting.pending, meeting.dedupe)
      args.push(String(group.length))
      for (const segment of group) args.push(segment.dedupeKey, JSON.stringify(segment))
    }
    const call = this.#append.run(this.client, keys, args)
    return groups.map(async (group, index) => {
      const reply = await call
      const mine = Array.isArray(reply) && reply.length === groups.length ? reply[index] : undefined
      if (typeof mine === 'string') throw new StoreError(`append of meeting ${group[0]?.meetingId ?? '?'} failed in Redis: ${mine}`, 'STORE_UNAVAILABLE')
      if (!Array.isArray(mine) || mine.length !== group.length * 2) {
        throw new StoreError(`append: expected ${group.length * 2} numbers for meeting ${index + 1} of ${groups.length}`, 'STORE_UNEXPECTED_REPLY')
      }
      const results: AppendResult[] = new Array(group.length)
      for (let i = 0; i < group.length; i++) {
        results[i] = { status: mine[2 * i] === 1 ? 'appended' : 'duplicate', pending: Number(mine[2 * i + 1]) }
      }
      return results
    })
  }

  async read (meetingId: string): Promise<Segment[]> {
    // The list may hold up to twice the window between trims (see appendScript).
    const items = await this.client.lRange(meetingKeys(this.prefix, meetingId).window, -this.#windowSegments, -1)
    return items.map((item) => JSON.parse(item) as Segment)
  }

  async pending (meetingId: string): Promise<number> {
    return Number(await this.client.get(meetingKeys(this.prefix, meetingId).pending) ?? 0)
  }

  async consume (meetingId: string, analysed: number): Promise<number> {
    return Number(await CONSUME.run(this.client, [meetingKeys(this.prefix, meetingId).pending], [String(analysed)]))
  }
}
