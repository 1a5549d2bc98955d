import type { Segment } from '@meeting-ai/contracts'
import { refuseInvalidGroups } from '../append-groups.ts'
import { StoreError } from '../errors.ts'
import { meetingKeys } from '../keys.ts'
import type { AppendResult, SegmentWindowStore, StoreLimits } from '../types.ts'
import type { RedisClient } from './connection.ts'
import { LuaScript } from './lua-script.ts'

/**
 * Appends segments of one or more meetings, each meeting's in order, in one call.
 * KEYS: per meeting its window, pending and dedupe keys. ARGV: per meeting its segment count,
 * then per segment its dedupe key and its JSON. Reply: per meeting, per segment 1 (appended)
 * or 0 (duplicate) and pending after it - or, when several meetings share the call, the error
 * of a meeting whose step failed (caught with pcall, so the other meetings still get theirs;
 * a single meeting's error is the call's error). The limits are part of the script's text (one
 * script per store), not arguments: every argument costs node-redis an encoding and the event
 * loop garbage per call (bench/ingest, mixed mode).
 *
 * The meetings of one call are in different hash tags, so different Cluster slots: this store
 * runs on one Redis server (a Cluster port would call once per slot instead).
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
  return new LuaScript(`
local size, trimAt, ttlMs, expiryS = ${size}, ${2 * size}, ${ttlMs}, ${expiryS}

local function refreshExpiry (window, pending, dedupe)
  if redis.call('PTTL', window) < ttlMs then
    redis.call('EXPIRE', window, expiryS)
    redis.call('EXPIRE', pending, expiryS)
    redis.call('EXPIRE', dedupe, expiryS)
  end
end

-- One meeting: its keys, where its arguments start (after its count) and its segment count.
local function appendMeeting (window, pending, dedupe, at, count)
  if count == 1 then
    -- One segment (the common case at many live meetings): the same steps without the
    -- tables, which cost more than the commands here.
    if redis.call('SADD', dedupe, ARGV[at]) == 0 then
      return {0, tonumber(redis.call('GET', pending) or '0')}
    end
    if redis.call('RPUSH', window, ARGV[at + 1]) > trimAt then redis.call('LTRIM', window, -size, -1) end
    local total = redis.call('INCR', pending)
    refreshExpiry(window, pending, dedupe)
    return {1, total}
  end
  local fresh = {}
  local order = {}
  for i = 1, count do
    if redis.call('SADD', dedupe, ARGV[at + 2 * i - 2]) == 1 then
      fresh[#fresh + 1] = ARGV[at + 2 * i - 1]
      order[i] = #fresh
    else
      order[i] = -#fresh
    end
  end
  local total
  if #fresh == 0 then
    total = tonumber(redis.call('GET', pending) or '0')
  else
    local from = math.max(1, #fresh - size + 1)
    local length = 0
    while from <= #fresh do
      local to = math.min(#fresh, from + 999)
      length = redis.call('RPUSH', window, unpack(fresh, from, to))
      from = to + 1
    end
    if length > trimAt then redis.call('LTRIM', window, -size, -1) end
    total = redis.call('INCRBY', pending, #fresh)
    refreshExpiry(window, pending, dedupe)
  end
  local base = total - #fresh
  local reply = {}
  for i = 1, count do
    if order[i] > 0 then
      reply[2 * i - 1] = 1
      reply[2 * i] = base + order[i]
    else
      reply[2 * i - 1] = 0
      reply[2 * i] = base - order[i]
    end
  end
  return reply
end

local meetings = #KEYS / 3
if meetings == 1 then
  return {appendMeeting(KEYS[1], KEYS[2], KEYS[3], 2, tonumber(ARGV[1]))}
end
local replies = {}
local at = 1
for m = 1, meetings do
  local count = tonumber(ARGV[at])
  local ok, result = pcall(appendMeeting, KEYS[3 * m - 2], KEYS[3 * m - 1], KEYS[3 * m], at + 1, count)
  if ok then
    replies[m] = result
  elseif type(result) == 'table' then
    replies[m] = tostring(result.err)
  else
    replies[m] = tostring(result)
  end
  at = at + 1 + 2 * count
end
return replies
`)
}

// KEYS: pending. ARGV: count analysed.
const CONSUME = new LuaScript(`
local left = redis.call('DECRBY', KEYS[1], ARGV[1])
if left < 0 then
  redis.call('SET', KEYS[1], 0, 'KEEPTTL')
  left = 0
end
return left
`)

/** Extra lifetime given on each refresh: a tenth of the TTL, so a meeting refreshes its expiry at most ten times per TTL. */
export function expirySlackS (ttlS: number): number {
  return Math.max(1, Math.floor(ttlS / 10))
}

export class RedisSegmentWindowStore implements SegmentWindowStore {
  readonly #append: LuaScript
  readonly #windowSegments: number

  constructor (
    private readonly client: RedisClient,
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
