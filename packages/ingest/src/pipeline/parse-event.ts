import { createHash } from 'node:crypto'
import { compileValidator, stripNulls, SttEvent, type Segment } from '@meeting-ai/contracts'
import { TimestampError } from '../errors.ts'
import { toEpochMillis } from './timestamp.ts'

export type RejectionCode = 'INVALID_EVENT' | 'INVALID_TIMESTAMP' | 'INVALID_JSON'

export type ParseResult =
  | { ok: true, segment: Segment }
  | { ok: false, code: RejectionCode, detail: string }

export interface ParseOptions {
  /** IANA zone for zone-less timestamps (STT_TIMESTAMP_ZONE). */
  zone: string
  /** Dedupe key when the event has neither segmentId nor eventId (hub position, stream entry id). */
  fallbackDedupeKey: string
  /**
   * The body is parsed JSON already (HTTP ingest): a string is then a string item of the batch,
   * not JSON text to decode, and is rejected like any other non-object.
   */
  decoded?: boolean
}

const validator = compileValidator(SttEvent)

/**
 * One inbound STT event (object, JSON text or bytes) to a window segment, or the reason it
 * cannot be one. Never throws: a bad event is data to dead-letter, not an exception.
 */
export function parseSttEvent (raw: unknown, options: ParseOptions): ParseResult {
  const decoded = options.decoded === true ? { ok: true as const, value: raw } : decodeBody(raw)
  if (!decoded.ok) return decoded
  const body = decoded.value
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, code: 'INVALID_EVENT', detail: 'event must be a JSON object' }
  }
  // A shallow copy so the caller's object (HTTP body, hub event) is left as it came.
  const event = stripNulls({ ...(body as Record<string, unknown>) }) as Record<string, unknown>
  for (const field of ['meetingId', 'speakerId'] as const) {
    if (Number.isSafeInteger(event[field])) event[field] = String(event[field])
  }
  if (typeof event.text === 'string') {
    event.text = event.text.trim()
    if (event.text === '') return { ok: false, code: 'INVALID_EVENT', detail: '/text is empty after trimming' }
  }
  if (!validator.check(event)) {
    const detail = validator.errors(event).slice(0, 5).map((error) => `${error.field} ${error.message}`).join('; ')
    return { ok: false, code: 'INVALID_EVENT', detail: detail === '' ? 'event does not match SttEvent' : detail }
  }
  let timestamp: number
  try {
    timestamp = toEpochMillis(event.timestamp, options.zone)
  } catch (error) {
    if (error instanceof TimestampError) return { ok: false, code: 'INVALID_TIMESTAMP', detail: `/timestamp ${error.message}` }
    throw error
  }
  const segment: Segment = {
    meetingId: event.meetingId,
    text: event.text,
    timestamp,
    dedupeKey: event.segmentId ?? event.eventId ?? options.fallbackDedupeKey
  }
  if (event.speakerId !== undefined) segment.speakerId = event.speakerId
  if (event.speakerName !== undefined) segment.speakerName = event.speakerName
  if (event.confidence !== undefined) segment.confidence = event.confidence
  if (event.language !== undefined) segment.language = event.language
  return { ok: true, segment }
}

type Decoded = { ok: true, value: unknown } | { ok: false, code: 'INVALID_JSON', detail: string }

function decodeBody (raw: unknown): Decoded {
  let text: string
  if (typeof raw === 'string') text = raw
  else if (raw instanceof Uint8Array) text = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('utf8')
  else return { ok: true, value: raw }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (error) {
    return { ok: false, code: 'INVALID_JSON', detail: (error as Error).message.slice(0, 200) }
  }
}

/**
 * Dedupe key for an event that has no segmentId/eventId and no hub position (HTTP ingest):
 * the same utterance sent twice hashes the same, two different ones do not.
 */
export function contentDedupeKey (body: unknown): string {
  const record = (body !== null && typeof body === 'object' ? body : {}) as Record<string, unknown>
  const material = JSON.stringify([record.meetingId, record.timestamp, record.speakerId, typeof record.text === 'string' ? record.text.trim() : record.text])
  return `content:${createHash('sha256').update(material).digest('base64url').slice(0, 32)}`
}
