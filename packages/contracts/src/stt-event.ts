import Type, { type Static } from 'typebox'
import { MeetingId } from './ids.ts'

/**
 * The sending side serialises a Java LocalDateTime as [y, M, d, H, m] with optional
 * seconds and nanoseconds; ISO-8601 strings and epoch numbers are accepted too.
 */
export const SttTimestamp = Type.Union([
  Type.Array(Type.Integer(), { minItems: 5, maxItems: 7, description: 'LocalDateTime components [year, month, day, hour, minute, second?, nanos?], read in STT_TIMESTAMP_ZONE' }),
  Type.String({ minLength: 1, maxLength: 64, description: 'ISO-8601 date-time; without an offset it is read in STT_TIMESTAMP_ZONE' }),
  Type.Number({ description: 'Epoch time: below 1e11 or with a fraction it is seconds, otherwise milliseconds' })
])

export const SttEvent = Type.Object({
  meetingId: MeetingId,
  text: Type.String({ minLength: 1, maxLength: 10_000, description: 'Recognised text; trimmed, empty after trimming is rejected' }),
  timestamp: SttTimestamp,
  segmentId: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: 'Dedupe key for redelivery' })),
  eventId: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: 'Dedupe key when segmentId is absent' })),
  speakerId: Type.Optional(Type.String({ maxLength: 128 })),
  speakerName: Type.Optional(Type.String({ maxLength: 256 })),
  confidence: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  language: Type.Optional(Type.String({ minLength: 2, maxLength: 35, description: 'BCP-47 language tag' }))
}, { $id: 'SttEvent', description: 'One unit of speech-to-text output for a meeting. Unknown fields are ignored.' })
export type SttEvent = Static<typeof SttEvent>

/** A validated segment as the window keeps it: timestamp already converted to epoch ms. */
export const Segment = Type.Object({
  meetingId: Type.String(),
  text: Type.String(),
  timestamp: Type.Integer({ format: 'int64' }),
  dedupeKey: Type.String(),
  speakerId: Type.Optional(Type.String()),
  speakerName: Type.Optional(Type.String()),
  confidence: Type.Optional(Type.Number()),
  language: Type.Optional(Type.String())
}, { $id: 'Segment' })
export type Segment = Static<typeof Segment>

export const MAX_INGEST_BATCH = 500

export const IngestRejection = Type.Object({
  index: Type.Integer({ minimum: 0 }),
  code: Type.String({ description: 'Machine-readable reason, e.g. INVALID_EVENT, INVALID_TIMESTAMP' }),
  detail: Type.String()
}, { $id: 'IngestRejection' })
export type IngestRejection = Static<typeof IngestRejection>

export const IngestResponse = Type.Object({
  accepted: Type.Integer({ minimum: 0 }),
  duplicates: Type.Integer({ minimum: 0 }),
  rejected: Type.Array(IngestRejection)
}, { $id: 'IngestResponse', description: 'Outcome of an HTTP ingest: events accepted into windows, redeliveries skipped, and the rejected ones by index' })
export type IngestResponse = Static<typeof IngestResponse>
