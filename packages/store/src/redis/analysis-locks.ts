import { meetingKeys } from '../keys.ts'
import type { AnalysisLease, AnalysisLocks, StoreLimits } from '../types.ts'
import type { RedisCommands } from './connection.ts'
import { LuaScript } from './lua-script.ts'

const ACQUIRE = LuaScript.load('acquire-lock')
const RENEW = LuaScript.load('renew-lock')
const RELEASE = LuaScript.load('release-if-owner')

export class RedisAnalysisLocks implements AnalysisLocks {
  constructor (
    private readonly client: RedisCommands,
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
