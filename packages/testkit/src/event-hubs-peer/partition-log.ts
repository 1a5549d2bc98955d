import type { Message } from 'rhea'

/** One event as the peer stores it, with the system properties the service assigns. */
export interface StoredEvent {
  partitionId: string
  sequenceNumber: number
  /** Byte position in the partition, as the service reports it: a decimal string. */
  offset: string
  enqueuedTime: Date
  partitionKey?: string
  /** The event's AMQP message as the producer sent it (body, properties, annotations). */
  message: Message
  /** Size counted into the partition's offsets. */
  size: number
}

export interface PartitionProperties {
  beginningSequenceNumber: number
  lastEnqueuedSequenceNumber: number
  lastEnqueuedOffset: string
  lastEnqueuedTimeUtc: Date
  isEmpty: boolean
}

/**
 * An append-only partition. Nothing expires, so sequence numbers equal
 * indexes; offsets are cumulative sizes, so a client that mixes the two up
 * reads the wrong events.
 */
export class PartitionLog {
  readonly partitionId: string
  readonly #events: StoredEvent[] = []
  #nextOffset = 0

  constructor (partitionId: string) {
    this.partitionId = partitionId
  }

  get length (): number {
    return this.#events.length
  }

  at (index: number): StoredEvent | undefined {
    return this.#events[index]
  }

  all (): readonly StoredEvent[] {
    return this.#events
  }

  append (message: Message, size: number, partitionKey: string | undefined, now: Date): StoredEvent {
    const event: StoredEvent = {
      partitionId: this.partitionId,
      sequenceNumber: this.#events.length,
      offset: String(this.#nextOffset),
      enqueuedTime: now,
      message,
      size
    }
    if (partitionKey !== undefined) event.partitionKey = partitionKey
    this.#nextOffset += Math.max(size, 1)
    this.#events.push(event)
    return event
  }

  /** Index of the first event matching `predicate`, or the end of the log. */
  firstIndexWhere (predicate: (event: StoredEvent) => boolean): number {
    const index = this.#events.findIndex(predicate)
    return index === -1 ? this.#events.length : index
  }

  properties (): PartitionProperties {
    const last = this.#events.at(-1)
    return {
      beginningSequenceNumber: this.#events[0]?.sequenceNumber ?? 0,
      lastEnqueuedSequenceNumber: last?.sequenceNumber ?? -1,
      lastEnqueuedOffset: last?.offset ?? '-1',
      lastEnqueuedTimeUtc: last?.enqueuedTime ?? new Date(0),
      isEmpty: last === undefined
    }
  }
}
