import type { Segment } from '@meeting-ai/contracts'
import { meetingKeys } from '../keys.ts'
import type { AppendResult, SegmentWindowStore, StoreLimits } from '../types.ts'
import type { RedisClient } from './connection.ts'
import { LuaScript } from './lua-script.ts'

// KEYS: window, pending, dedupe. ARGV: dedupe key, segment JSON, window size, ttl seconds.
const APPEND = new LuaScript(`
if redis.call('SADD', KEYS[3], ARGV[1]) == 0 then
  return {0, tonumber(redis.call('GET', KEYS[2]) or '0')}
end
redis.call('RPUSH', KEYS[1], ARGV[2])
redis.call('LTRIM', KEYS[1], -tonumber(ARGV[3]), -1)
local pending = redis.call('INCR', KEYS[2])
redis.call('EXPIRE', KEYS[1], ARGV[4])
redis.call('EXPIRE', KEYS[2], ARGV[4])
redis.call('EXPIRE', KEYS[3], ARGV[4])
return {1, pending}
`)

// KEYS: pending. ARGV: count analysed.
const CONSUME = new LuaScript(`
local left = redis.call('DECRBY', KEYS[1], ARGV[1])
if left < 0 then
  redis.call('SET', KEYS[1], 0, 'KEEPTTL')
  left = 0
end
return left
`)

export class RedisSegmentWindowStore implements SegmentWindowStore {
  constructor (
    private readonly client: RedisClient,
    private readonly prefix: string,
    private readonly limits: StoreLimits
  ) {}

  async append (segment: Segment): Promise<AppendResult> {
    const keys = meetingKeys(this.prefix, segment.meetingId)
    const reply = await APPEND.run(this.client, [keys.window, keys.pending, keys.dedupe], [
      segment.dedupeKey,
      JSON.stringify(segment),
      String(this.limits.windowSegments),
      String(this.limits.meetingTtlS)
    ]) as [number, number]
    return { status: reply[0] === 1 ? 'appended' : 'duplicate', pending: Number(reply[1]) }
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
