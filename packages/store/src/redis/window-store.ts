import type { Segment } from '@meeting-ai/contracts'
import { StoreError } from '../errors.ts'
import { meetingKeys } from '../keys.ts'
import type { AppendResult, SegmentWindowStore, StoreLimits } from '../types.ts'
import type { RedisClient } from './connection.ts'
import { LuaScript } from './lua-script.ts'

/**
 * Appends segments of one meeting, in order, in one call (a single append is a list of one).
 * KEYS: window, pending, dedupe (one hash tag: one Cluster slot).
 * ARGV: per segment its dedupe key and its JSON. Reply: per segment 1 (appended) or 0
 * (duplicate) and pending after it. The limits are part of the script's text (one script per
 * store), not arguments: every argument costs node-redis an encoding and the event loop
 * garbage per call (bench/ingest, mixed mode).
 *
 * Cost per call, not per segment, wherever it can be: one SADD per segment (the dedupe decides
 * per segment), then one RPUSH of only the segments that can stay in the window, one LTRIM, one
 * INCRBY. The three keys get their expiry together (so one key's PTTL speaks for all three) and
 * only when less than `ttl` is left, set to `ttl + slack`: keys live at least `ttl` after the
 * meeting's last new segment, at most `ttl + slack`, and a busy meeting pays one PTTL per call
 * instead of three EXPIREs. A call of duplicates only writes nothing and refreshes nothing.
 */
function appendScript (limits: StoreLimits): LuaScript {
  const size = Math.trunc(limits.windowSegments)
  const ttlMs = Math.trunc(limits.meetingTtlS) * 1000
  const expiryS = Math.trunc(limits.meetingTtlS) + expirySlackS(limits.meetingTtlS)
  return new LuaScript(`
local size, ttlMs, expiryS = ${size}, ${ttlMs}, ${expiryS}
local count = #ARGV / 2
if count == 1 then
  -- One segment (a batch with one event of this meeting, the common case at many live
  -- meetings): the same steps without the tables, which cost more than the commands here.
  if redis.call('SADD', KEYS[3], ARGV[1]) == 0 then
    return {0, tonumber(redis.call('GET', KEYS[2]) or '0')}
  end
  redis.call('RPUSH', KEYS[1], ARGV[2])
  redis.call('LTRIM', KEYS[1], -size, -1)
  local pending = redis.call('INCR', KEYS[2])
  if redis.call('PTTL', KEYS[1]) < ttlMs then
    redis.call('EXPIRE', KEYS[1], expiryS)
    redis.call('EXPIRE', KEYS[2], expiryS)
    redis.call('EXPIRE', KEYS[3], expiryS)
  end
  return {1, pending}
end
local fresh = {}
local order = {}
for i = 1, count do
  if redis.call('SADD', KEYS[3], ARGV[2 * i - 1]) == 1 then
    fresh[#fresh + 1] = ARGV[2 * i]
    order[i] = #fresh
  else
    order[i] = -#fresh
  end
end
local total
if #fresh == 0 then
  total = tonumber(redis.call('GET', KEYS[2]) or '0')
else
  local from = math.max(1, #fresh - size + 1)
  while from <= #fresh do
    local to = math.min(#fresh, from + 999)
    redis.call('RPUSH', KEYS[1], unpack(fresh, from, to))
    from = to + 1
  end
  redis.call('LTRIM', KEYS[1], -size, -1)
  total = redis.call('INCRBY', KEYS[2], #fresh)
  if redis.call('PTTL', KEYS[1]) < ttlMs then
    redis.call('EXPIRE', KEYS[1], expiryS)
    redis.call('EXPIRE', KEYS[2], expiryS)
    redis.call('EXPIRE', KEYS[3], expiryS)
  end
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

  constructor (
    private readonly client: RedisClient,
    private readonly prefix: string,
    limits: StoreLimits
  ) {
    this.#append = appendScript(limits)
  }

  async append (segment: Segment): Promise<AppendResult> {
    const [result] = await this.appendMany([segment])
    if (result === undefined) throw new StoreError('append: empty reply', 'STORE_UNEXPECTED_REPLY')
    return result
  }

  async appendMany (segments: readonly Segment[]): Promise<AppendResult[]> {
    const first = segments[0]
    if (first === undefined) return []
    const args: string[] = []
    for (const segment of segments) {
      if (segment.meetingId !== first.meetingId) throw new RangeError('appendMany takes segments of one meeting')
      args.push(segment.dedupeKey, JSON.stringify(segment))
    }
    const keys = meetingKeys(this.prefix, first.meetingId)
    const reply = await this.#append.run(this.client, [keys.window, keys.pending, keys.dedupe], args)
    if (!Array.isArray(reply) || reply.length !== segments.length * 2) {
      throw new StoreError(`append: expected ${segments.length * 2} numbers, got ${Array.isArray(reply) ? reply.length : typeof reply}`, 'STORE_UNEXPECTED_REPLY')
    }
    const results: AppendResult[] = new Array(segments.length)
    for (let i = 0; i < segments.length; i++) {
      results[i] = { status: reply[2 * i] === 1 ? 'appended' : 'duplicate', pending: Number(reply[2 * i + 1]) }
    }
    return results
  }

  async read (meetingId: string): Promise<Segment[]> {
    const items = await this.client.lRange(meetingKeys(this.prefix, meetingId).window, 0, -1)
    return items.map((item) => JSON.parse(item) as Segment)
  }

  async pending (meetingId: string): Promise<number> {
    return Number(await this.client.get(meetingKeys(this.prefix, meetingId).pending) ?? 0)
  }

  async consume (meetingId: string, analysed: number): Promise<number> {
    return Number(await CONSUME.run(this.client, [meetingKeys(this.prefix, meetingId).pending], [String(analysed)]))
  }
}
