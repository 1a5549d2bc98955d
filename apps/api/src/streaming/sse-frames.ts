import { SSE_EVENTS } from '@meeting-ai/contracts'

/**
 * SSE wire frames, built once and written as the same Buffer to every viewer: a suggestion
 * set is framed once per meeting, not once per connection, and the ping frame is a constant.
 */

/** `data:` lines; a payload that contains newlines (never JSON.stringify's output) stays one event. */
function dataLines (data: string): string {
  return data.includes('\n') || data.includes('\r')
    ? data.split(/\r\n|\r|\n/).map((line) => `data: ${line}\n`).join('')
    : `data: ${data}\n`
}

export function suggestionFrame (id: string, payload: string): Buffer {
  return Buffer.from(`id: ${id}\nevent: ${SSE_EVENTS.suggestion}\n${dataLines(payload)}\n`)
}

export function retryFrame (retryMs: number): Buffer {
  return Buffer.from(`retry: ${Math.max(0, Math.round(retryMs))}\n\n`)
}

/**
 * Sent before a replay from the start when the client's Last-Event-ID is older than what the
 * trimmed replay stream still holds: the client should drop what it shows and rebuild.
 */
export function resetFrame (lastEventId: string, oldestKeptId: string): Buffer {
  return Buffer.from(`event: ${SSE_EVENTS.reset}\n${dataLines(JSON.stringify({ lastEventId, oldestId: oldestKeptId }))}\n`)
}

export const PING_FRAME: Buffer = Buffer.from(`event: ${SSE_EVENTS.ping}\ndata: {}\n\n`)

/** A comment line: ignored by EventSource, tells a human with curl why the stream closed. */
export function commentFrame (text: string): Buffer {
  return Buffer.from(`: ${text.replace(/[\r\n]+/g, ' ')}\n\n`)
}
