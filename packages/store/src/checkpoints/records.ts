import type { ConsumerGroupRef, PartitionCheckpoint, PartitionOwnership } from '../types.ts'
import { CheckpointStoreError } from './errors.ts'

/** What is stored per partition; the namespace, hub and group are in the key. */
export interface OwnershipRecord {
  ownerId: string
  etag: string
  lastModifiedTimeInMs: number
}

export interface CheckpointRecord {
  sequenceNumber: number
  offset: string
}

export function toOwnership (group: ConsumerGroupRef, partitionId: string, record: OwnershipRecord): PartitionOwnership {
  return { ...group, partitionId, ownerId: record.ownerId, etag: record.etag, lastModifiedTimeInMs: record.lastModifiedTimeInMs }
}

export function toCheckpoint (group: ConsumerGroupRef, partitionId: string, record: CheckpointRecord): PartitionCheckpoint {
  return { ...group, partitionId, sequenceNumber: record.sequenceNumber, offset: record.offset }
}

export function checkpointRecord (checkpoint: PartitionCheckpoint): CheckpointRecord {
  if (typeof checkpoint.sequenceNumber !== 'number' || !Number.isInteger(checkpoint.sequenceNumber)) {
    throw new CheckpointStoreError('INVALID_CHECKPOINT', `Checkpoint for partition ${checkpoint.partitionId} has no integer sequenceNumber`)
  }
  if (checkpoint.offset === undefined || checkpoint.offset === null || String(checkpoint.offset) === '') {
    throw new CheckpointStoreError('INVALID_CHECKPOINT', `Checkpoint for partition ${checkpoint.partitionId} has no offset`)
  }
  return { sequenceNumber: checkpoint.sequenceNumber, offset: String(checkpoint.offset) }
}

/** Claims in one call may span consumer groups in theory; the processor always sends one group. */
export function groupOf (ownership: PartitionOwnership): ConsumerGroupRef {
  return {
    fullyQualifiedNamespace: ownership.fullyQualifiedNamespace,
    eventHubName: ownership.eventHubName,
    consumerGroup: ownership.consumerGroup
  }
}

export function groupId (group: ConsumerGroupRef): string {
  return JSON.stringify([group.fullyQualifiedNamespace.toLowerCase(), group.eventHubName.toLowerCase(), group.consumerGroup.toLowerCase()])
}
