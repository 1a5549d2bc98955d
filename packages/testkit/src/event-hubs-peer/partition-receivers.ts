import rhea from 'rhea'
import type { Message, Sender } from 'rhea'
import { AmqpCondition } from './errors.ts'
import type { PartitionLog, StoredEvent } from './partition-log.ts'

/** What tests see of an attached consumer link. */
export interface ReceiverInfo {
  consumerGroup: string
  partitionId: string
  /** Owner level (`com.microsoft:epoch`), absent for a non-epoch receiver. */
  ownerLevel?: number
  connectionId: string
  /** Sequence number of the next event this receiver will be sent. */
  nextSequenceNumber: number
}

export interface AttachedReceiver {
  readonly link: Sender
  readonly info: ReceiverInfo
  readonly log: PartitionLog
  readonly runtimeMetrics: boolean
  nextIndex: number
  /** False until the attach answering the client has been written. */
  ready: boolean
  /** Sent but not yet written by rhea, which only takes credit off when it writes. */
  unwritten: number
}

export type AttachVerdict =
  | { ok: true, displaced: AttachedReceiver[] }
  | { ok: false, description: string }

/**
 * Owner-level rules of Event Hubs for one consumer group and partition: a
 * receiver with an epoch displaces every receiver with an equal or lower
 * epoch and every non-epoch one; a lower epoch, or a non-epoch receiver
 * while an epoch receiver exists, is refused.
 */
export function judgeAttach (existing: readonly AttachedReceiver[], ownerLevel: number | undefined): AttachVerdict {
  const epochs = existing.map((r) => r.info.ownerLevel).filter((e): e is number => e !== undefined)
  const highest = epochs.length > 0 ? Math.max(...epochs) : undefined
  if (ownerLevel === undefined) {
    if (highest !== undefined) {
      return {
        ok: false,
        description: `At least one receiver for the endpoint is created with epoch of '${highest}', and so non-epoch receiver is not allowed. Either reconnect with a higher epoch, or make sure all epoch receivers are closed or disconnected.`
      }
    }
    return { ok: true, displaced: [] }
  }
  if (highest !== undefined && highest > ownerLevel) {
    return {
      ok: false,
      description: `Receiver 'nil' with epoch '${ownerLevel}' cannot be created because a receiver with a higher epoch of '${highest}' already exists.`
    }
  }
  return { ok: true, displaced: [...existing] }
}

export function displacedError (ownerLevel: number, displaced: AttachedReceiver): { condition: string, description: string } {
  const current = displaced.info.ownerLevel
  return {
    condition: AmqpCondition.linkStolen,
    description: current === undefined
      ? `New receiver with epoch of '${ownerLevel}' is created hence current non-epoch receiver is getting disconnected.`
      : `New receiver 'nil' with higher epoch of '${ownerLevel}' is created hence current receiver 'nil' with epoch '${current}' is getting disconnected. If you are recreating the receiver, make sure a higher epoch is used.`
  }
}

/**
 * Sends what the link has credit for, oldest first. With a delivery delay,
 * an event is held back until it has been enqueued for that long; returns
 * how many were sent and how long until the next held-back one is due.
 */
export function pumpReceiver (receiver: AttachedReceiver, delayMs: number, nowMs: number): { sent: number, dueInMs?: number } {
  let sent = 0
  const budget = (receiver.link as unknown as { credit: number }).credit - receiver.unwritten
  while (sent < budget && receiver.nextIndex < receiver.log.length && receiver.link.sendable()) {
    const event = receiver.log.at(receiver.nextIndex)
    if (event === undefined) break
    const dueInMs = event.enqueuedTime.getTime() + delayMs - nowMs
    if (dueInMs > 0) return { sent, dueInMs }
    receiver.link.send(deliveryMessage(event, receiver))
    receiver.nextIndex += 1
    receiver.info.nextSequenceNumber = event.sequenceNumber + 1
    sent += 1
  }
  if (sent > 0) {
    receiver.unwritten += sent
    // rhea writes on its own nextTick, queued by the first send above, so this runs after it.
    process.nextTick(() => { receiver.unwritten -= sent })
  }
  return { sent }
}

function deliveryMessage (event: StoredEvent, receiver: AttachedReceiver): Message {
  const annotations: Record<string, unknown> = {
    ...(event.message.message_annotations ?? {}),
    'x-opt-sequence-number': rhea.types.wrap_long(event.sequenceNumber),
    'x-opt-offset': event.offset,
    'x-opt-enqueued-time': event.enqueuedTime
  }
  if (event.partitionKey !== undefined) annotations['x-opt-partition-key'] = event.partitionKey
  const message: Message = { ...event.message, message_annotations: annotations }
  if (receiver.runtimeMetrics) {
    const p = receiver.log.properties()
    message.delivery_annotations = {
      last_enqueued_sequence_number: rhea.types.wrap_long(p.lastEnqueuedSequenceNumber),
      last_enqueued_offset: p.lastEnqueuedOffset,
      last_enqueued_time_utc: p.lastEnqueuedTimeUtc,
      runtime_info_retrieval_time_utc: new Date()
    }
  }
  return message
}
