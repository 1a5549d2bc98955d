import rhea from 'rhea'
import type { Message } from 'rhea'

/** Message format of an Event Hubs batch: one AMQP message whose data sections each hold an encoded event. */
export const batchMessageFormat = 0x80013700

export const partitionKeyAnnotation = 'x-opt-partition-key'

export interface IncomingEvent {
  message: Message
  size: number
  partitionKey?: string
}

interface Section { typecode?: number, content?: unknown, multiple?: boolean }

/**
 * Turns one transfer from a producer into the events it carries. A batch
 * (format 0x80013700) arrives undecoded: decode the envelope, then each data
 * section again. A plain message (format 0) is one event.
 */
export function unpackTransfer (payload: Message | Buffer, format: number | undefined): IncomingEvent[] {
  if (format === batchMessageFormat && Buffer.isBuffer(payload)) {
    const envelope = decodeMessage(payload)
    const envelopeKey = partitionKeyOf(envelope)
    return dataSections(envelope.body).map((content) => {
      const message = decodeMessage(content)
      const event: IncomingEvent = { message, size: content.length }
      const key = partitionKeyOf(message) ?? envelopeKey
      if (key !== undefined) event.partitionKey = key
      return event
    })
  }
  if (Buffer.isBuffer(payload)) {
    const message = decodeMessage(payload)
    return [withKey({ message, size: payload.length }, message)]
  }
  const size = rhea.message.encode(payload).length
  return [withKey({ message: payload, size }, payload)]
}

function decodeMessage (bytes: Buffer): Message {
  // rhea types a decoded message without a body; one without a body section is still a message.
  return { body: undefined, ...rhea.message.decode(bytes) }
}

function withKey (event: IncomingEvent, message: Message): IncomingEvent {
  const key = partitionKeyOf(message)
  if (key !== undefined) event.partitionKey = key
  return event
}

function partitionKeyOf (message: Message): string | undefined {
  const key: unknown = message.message_annotations?.[partitionKeyAnnotation]
  return key === undefined || key === null ? undefined : String(key)
}

function dataSections (body: unknown): Buffer[] {
  const section = body as Section | undefined
  if (section === undefined || section === null || !('content' in section)) return []
  if (section.multiple === true && Array.isArray(section.content)) {
    return section.content.map((entry: Section | Buffer) => Buffer.isBuffer(entry) ? entry : asBuffer(entry.content))
  }
  return [asBuffer(section.content)]
}

function asBuffer (content: unknown): Buffer {
  if (Buffer.isBuffer(content)) return content
  if (content instanceof Uint8Array) return Buffer.from(content)
  throw new TypeError('A batch data section does not hold binary content.')
}
