import { randomUUID } from 'node:crypto'
import type { PartitionCheckpoint, PartitionCheckpointStore, PartitionOwnership } from '../types.ts'
import { checkpointRecord, groupId, groupOf, toCheckpoint, toOwnership } from './records.ts'
import type { CheckpointRecord, OwnershipRecord } from './records.ts'

/**
 * The same contract as RedisCheckpointStore, kept in this process: for the
 * embedded store, where one process is the only consumer.
 */
export class MemoryCheckpointStore implements PartitionCheckpointStore {
  readonly #ownership = new Map<string, Map<string, OwnershipRecord>>()
  readonly #checkpoints = new Map<string, Map<string, CheckpointRecord>>()

  async listOwnership (fullyQualifiedNamespace: string, eventHubName: string, consumerGroup: string): Promise<PartitionOwnership[]> {
    const group = { fullyQualifiedNamespace, eventHubName, consumerGroup }
    const records = this.#ownership.get(groupId(group)) ?? new Map<string, OwnershipRecord>()
    return [...records].map(([partitionId, record]) => toOwnership(group, partitionId, record))
  }

  async claimOwnership (partitionOwnership: PartitionOwnership[]): Promise<PartitionOwnership[]> {
    const claimed: PartitionOwnership[] = []
    for (const claim of partitionOwnership) {
      const id = groupId(groupOf(claim))
      const records = this.#ownership.get(id) ?? new Map<string, OwnershipRecord>()
      this.#ownership.set(id, records)
      const current = records.get(claim.partitionId)
      const matches = claim.etag === undefined || claim.etag === '' ? current === undefined : current?.etag === claim.etag
      if (!matches) continue
      const record: OwnershipRecord = { ownerId: claim.ownerId, etag: randomUUID(), lastModifiedTimeInMs: Date.now() }
      records.set(claim.partitionId, record)
      claimed.push({ ...claim, etag: record.etag, lastModifiedTimeInMs: record.lastModifiedTimeInMs })
    }
    return claimed
  }

  async listCheckpoints (fullyQualifiedNamespace: string, eventHubName: string, consumerGroup: string): Promise<PartitionCheckpoint[]> {
    const group = { fullyQualifiedNamespace, eventHubName, consumerGroup }
    const records = this.#checkpoints.get(groupId(group)) ?? new Map<string, CheckpointRecord>()
    return [...records].map(([partitionId, record]) => toCheckpoint(group, partitionId, record))
  }

  async updateCheckpoint (checkpoint: PartitionCheckpoint): Promise<void> {
    const record = checkpointRecord(checkpoint)
    const id = groupId(checkpoint)
    const records = this.#checkpoints.get(id) ?? new Map<string, CheckpointRecord>()
    this.#checkpoints.set(id, records)
    records.set(checkpoint.partitionId, record)
  }
}
