import { randomUUID } from 'node:crypto'
import type { RedisClientType, RedisClusterType } from 'redis'
import { consumerGroupKeys, type ConsumerGroupKeys } from '../keys.ts'
import type { RedisClusterClient } from '../redis/connection.ts'
import { LuaScript } from '../redis/lua-script.ts'
import { CheckpointStoreError } from './errors.ts'
import type { ConsumerGroupRef, PartitionCheckpoint, PartitionCheckpointStore, PartitionOwnership } from '../types.ts'
import { checkpointRecord, groupId, groupOf, toCheckpoint, toOwnership } from './records.ts'
import type { CheckpointRecord, OwnershipRecord } from './records.ts'

/** Any node-redis v5 client or cluster client, whatever modules, scripts or RESP version it was created with. */
export type AnyRedisClient = RedisClientType<any, any, any, any, any> | RedisClusterType<any, any, any, any, any> | RedisClusterClient

const CLAIM_OWNERSHIP = LuaScript.load('claim-ownership')

/**
 * Event Hubs partition ownership and checkpoints in Redis, for several
 * `EventHubConsumerClient`s sharing a consumer group. Ownership claims are
 * an etag compare-and-set in one Lua call.
 */
export class RedisCheckpointStore implements PartitionCheckpointStore {
  readonly #client: AnyRedisClient
  readonly #prefix: string

  /** @param keyPrefix the store's key prefix (REDIS_KEY_PREFIX), e.g. `meeting-ai:`. */
  constructor (client: AnyRedisClient, keyPrefix: string) {
    this.#client = client
    this.#prefix = keyPrefix
  }

  async listOwnership (fullyQualifiedNamespace: string, eventHubName: string, consumerGroup: string): Promise<PartitionOwnership[]> {
    const group = { fullyQualifiedNamespace, eventHubName, consumerGroup }
    const entries = await this.#client.hGetAll(this.#keys(group).ownership) as Record<string, string>
    return Object.entries(entries).map(([partitionId, raw]) => toOwnership(group, partitionId, parseOwnership(raw)))
  }

  async claimOwnership (partitionOwnership: PartitionOwnership[]): Promise<PartitionOwnership[]> {
    const byGroup = new Map<string, PartitionOwnership[]>()
    for (const ownership of partitionOwnership) {
      const id = groupId(groupOf(ownership))
      byGroup.set(id, [...(byGroup.get(id) ?? []), ownership])
    }
    const claimed: PartitionOwnership[] = []
    for (const claims of byGroup.values()) {
      const group = groupOf(claims[0] as PartitionOwnership)
      const newEtags = new Map<string, string>()
      const args: string[] = []
      for (const claim of claims) {
        const etag = randomUUID()
        newEtags.set(claim.partitionId, etag)
        args.push(claim.partitionId, claim.etag ?? '', claim.ownerId, etag)
      }
      const reply = await CLAIM_OWNERSHIP.run(this.#client, [this.#keys(group).ownership], args) as string[]
      for (let i = 0; i < reply.length; i += 2) {
        const partitionId = reply[i] as string
        const claim = claims.find((c) => c.partitionId === partitionId) as PartitionOwnership
        claimed.push({
          ...claim,
          etag: newEtags.get(partitionId) as string,
          lastModifiedTimeInMs: Number(reply[i + 1])
        })
      }
    }
    return claimed
  }

  /** A partition without a checkpoint under the current key falls back to the legacy key (see ConsumerGroupKeys). */
  async listCheckpoints (fullyQualifiedNamespace: string, eventHubName: string, consumerGroup: string): Promise<PartitionCheckpoint[]> {
    const group = { fullyQualifiedNamespace, eventHubName, consumerGroup }
    const keys = this.#keys(group)
    const [legacy, current] = await Promise.all([
      this.#client.hGetAll(keys.legacyCheckpoints) as Promise<Record<string, string>>,
      this.#client.hGetAll(keys.checkpoints) as Promise<Record<string, string>>
    ])
    return Object.entries({ ...legacy, ...current }).map(([partitionId, raw]) => toCheckpoint(group, partitionId, JSON.parse(raw) as CheckpointRecord))
  }

  async updateCheckpoint (checkpoint: PartitionCheckpoint): Promise<void> {
    const record = checkpointRecord(checkpoint)
    await this.#client.hSet(this.#keys(checkpoint).checkpoints, checkpoint.partitionId, JSON.stringify(record))
  }

  #keys (group: ConsumerGroupRef): ConsumerGroupKeys {
    return consumerGroupKeys(this.#prefix, group.fullyQualifiedNamespace, group.eventHubName, group.consumerGroup)
  }
}

function parseOwnership (raw: string): OwnershipRecord {
  const parsed = JSON.parse(raw) as { ownerId?: unknown, etag?: unknown, lastModifiedTimeInMs?: unknown }
  if (typeof parsed.etag !== 'string') throw new CheckpointStoreError('CORRUPT_RECORD', `Ownership record without etag: ${raw}`)
  return {
    ownerId: typeof parsed.ownerId === 'string' ? parsed.ownerId : '',
    etag: parsed.etag,
    lastModifiedTimeInMs: Number(parsed.lastModifiedTimeInMs)
  }
}
