import calculateSlot from 'cluster-key-slot'
import { StoreError } from '../errors.ts'
import { deadLetterKey, meetingKeys } from '../keys.ts'
import type { BatchWrites, ReplicationWait } from '../types.ts'
import { isClusterClient, type RedisClusterClient, type RedisCommands } from './connection.ts'

/** REDIS_WAIT_REPLICAS and REDIS_WAIT_TIMEOUT_MS. */
export interface ReplicationSettings {
  /** Replicas that must confirm a batch's writes before its source is acknowledged; 0 = no WAIT. */
  replicas: number
  /** How long one WAIT blocks before it answers with the replicas that confirmed so far. */
  timeoutMs: number
}

export const DEFAULT_REPLICATION: ReplicationSettings = { replicas: 0, timeoutMs: 1000 }

/**
 * Bounds what a master's death can take: asynchronous replication loses a dead master's writes
 * that had not reached a replica, so a source acknowledged right after the write could never
 * deliver them again. WAIT blocks the connection that wrote until `replicas` replicas hold
 * everything written on it, or until the timeout.
 *
 * WAIT counts the writes of the connection it is sent on: the store's command connection (one
 * per master on a cluster), which also carried the batch's writes. On a cluster each master
 * that took writes gets one WAIT, routed by one of the written keys of its slots, not one per
 * key. Fewer replicas than asked is a StoreError: the caller must not acknowledge the batch,
 * so the source delivers it again (the repeat writes nothing new, dedupe, and waits again).
 */
export class RedisReplicationWait implements ReplicationWait {
  readonly #args: string[]

  constructor (private readonly client: RedisCommands, private readonly prefix: string, private readonly settings: ReplicationSettings) {
    this.#args = ['WAIT', String(settings.replicas), String(settings.timeoutMs)]
  }

  get enabled (): boolean {
    return this.settings.replicas > 0
  }

  async after (written: BatchWrites): Promise<void> {
    if (!this.enabled) return
    const keys = written.meetingIds.map((meetingId) => meetingKeys(this.prefix, meetingId).window)
    if (written.deadLetters) keys.push(deadLetterKey(this.prefix))
    if (keys.length === 0) return
    const { client } = this
    const targets = isClusterClient(client) ? oneKeyPerMaster(client, keys) : [undefined]
    const replies = await Promise.all(targets.map(async (key) => {
      try {
        const reply = isClusterClient(client)
          ? await client.sendCommand(key, false, this.#args)
          : await client.sendCommand(this.#args)
        return { key, confirmed: Number(reply) }
      } catch (error) {
        throw new StoreError(`WAIT for ${this.settings.replicas} replica(s)${key === undefined ? '' : ` on the master of ${key}`} failed`, 'STORE_UNAVAILABLE', { cause: error })
      }
    }))
    const short = replies.filter((reply) => !(reply.confirmed >= this.settings.replicas))
    if (short.length > 0) {
      const where = short.map((reply) => `${reply.confirmed}${reply.key === undefined ? '' : ` (master of ${reply.key})`}`).join(', ')
      throw new StoreError(`WAIT: fewer than ${this.settings.replicas} replica(s) confirmed the writes within ${this.settings.timeoutMs} ms: ${where}`, 'STORE_REPLICATION_SHORT')
    }
  }
}

/** One key per master among `keys` (the first of each), by the cluster client's current slot map. */
function oneKeyPerMaster (cluster: RedisClusterClient, keys: readonly string[]): string[] {
  const byMaster = new Map<string, string>()
  for (const key of keys) {
    const slot = calculateSlot(key)
    // No master known for the slot (map being rebuilt): the key is its own target; sendCommand routes it.
    const id = cluster.slots[slot]?.master.address ?? `slot:${slot}`
    if (!byMaster.has(id)) byMaster.set(id, key)
  }
  return [...byMaster.values()]
}
