import { meetingKeys } from '../keys.ts'
import type { AnalysisLease, AnalysisLocks, StoreLimits } from '../types.ts'
import type { RedisClient } from './connection.ts'
import { LuaScript } from './lua-script.ts'

// KEYS: lock, fence. ARGV: ttl ms, fence ttl s. Returns the new token, or 0 when held.
const ACQUIRE = new LuaScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local token = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], token, 'PX', ARGV[1])
redis.call('EXPIRE', KEYS[2], ARGV[2])
return token
`)

// KEYS: lock. ARGV: token, ttl ms.
const RENEW = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
`)

// KEYS: lock. ARGV: token.
const RELEASE = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
`)

export class RedisAnalysisLocks implements AnalysisLocks {
  constructor (
    private readonly client: RedisClient,
    private readonly prefix: string,
    private readonly limits: StoreLimits
  ) {}

  async acquire (meetingId: string, ttlMs: number): Promise<AnalysisLease | null> {
    const keys = meetingKeys(this.prefix, meetingId)
    const token = Number(await ACQUIRE.run(this.client, [keys.lock, keys.fence], [String(ttlMs), String(this.limits.meetingTtlS)]))
    return token > 0 ? { meetingId, token } : null
  }

  async renew (lease: AnalysisLease, ttlMs: number): Promise<boolean> {
    const keys = meetingKeys(this.prefix, lease.meetingId)
    return Number(await RENEW.run(this.client, [keys.lock], [String(lease.token), String(ttlMs)])) === 1
  }

  async release (lease: AnalysisLease): Promise<void> {
    const keys = meetingKeys(this.prefix, lease.meetingId)
    await RELEASE.run(this.client, [keys.lock], [String(lease.token)])
  }
}
