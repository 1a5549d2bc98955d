import { readFile } from 'node:fs/promises'
import { toEpochMillis } from '@meeting-ai/ingest'

/** A recorded meeting: STT events and when, relative to the first, each was spoken. */
export interface Recording {
  meetingId: string
  events: Array<{ offsetMs: number, event: Record<string, unknown> }>
}

export class RecordingError extends Error {
  readonly code = 'RECORDING_INVALID'
  constructor (message: string) {
    super(message)
    this.name = 'RecordingError'
  }
}

const DEFAULT_GAP_MS = 5000

/**
 * `sample:en` / `sample:ko` (the testkit sample meetings), or a JSON file holding either an
 * array of STT events or `{ meetingId?, segments | events: [...] }`. Timing comes from the
 * events' own timestamps (read in `zone`), else `offsetMs`, else one event every 5 s.
 */
export async function loadRecording (spec: string, zone: string): Promise<Recording> {
  if (spec.startsWith('sample:')) return await loadSample(spec.slice('sample:'.length))
  let parsed: unknown
  try {
    parsed = JSON.parse(await readFile(spec, 'utf8'))
  } catch (error) {
    throw new RecordingError(`cannot read recording ${spec}: ${(error as Error).message}`)
  }
  const container = (Array.isArray(parsed) ? { events: parsed } : parsed) as { meetingId?: unknown, segments?: unknown, events?: unknown }
  const list = container.segments ?? container.events
  if (!Array.isArray(list) || list.length === 0) throw new RecordingError(`recording ${spec} has no events (expected an array, or an object with segments or events)`)
  const events = list.map((item: unknown) => ({ ...(item as Record<string, unknown>) }))
  const meetingId = String(container.meetingId ?? events[0]?.meetingId ?? 'replay')
  return { meetingId, events: withOffsets(events, zone) }
}

async function loadSample (name: string): Promise<Recording> {
  // The samples live in the testkit (a dev dependency): loaded only when asked for.
  const samples = await import('@meeting-ai/samples')
  const sample = name === 'en' ? samples.englishLaunchMeeting : name === 'ko' ? samples.koreanLaunchMeeting : undefined
  if (sample === undefined) throw new RecordingError(`unknown sample ${JSON.stringify(name)}: use sample:en or sample:ko`)
  const events = sample.segments.map((segment) => ({ ...segment, language: sample.language } as Record<string, unknown>))
  // The samples' zone-less timestamps are written in UTC.
  return { meetingId: sample.meetingId, events: withOffsets(events, 'UTC') }
}

function withOffsets (events: Array<Record<string, unknown>>, zone: string): Recording['events'] {
  const times = events.map((event, index) => {
    if (typeof event.offsetMs === 'number') return event.offsetMs
    if (event.timestamp !== undefined) {
      try {
        return toEpochMillis(event.timestamp, zone)
      } catch {
        // Replayed as it is: the worker dead-letters it, which is what a recording of bad input is for.
      }
    }
    return index * DEFAULT_GAP_MS
  })
  const first = Math.min(...times)
  return events.map((event, index) => {
    const { offsetMs: _offset, ...rest } = event
    return { offsetMs: Math.max(0, (times[index] as number) - first), event: rest }
  })
}
