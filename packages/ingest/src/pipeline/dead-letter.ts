import type { DeadLetter } from '@meeting-ai/store'

/** Raw bodies kept in the dead-letter stream are capped: enough to debug, not a second store. */
export const DEAD_LETTER_RAW_MAX_BYTES = 4096

export function deadLetterFor (options: { source: string, position: string, code: string, reason: string, raw: unknown, at: number }): DeadLetter {
  return {
    source: options.source,
    position: options.position,
    code: options.code,
    reason: options.reason,
    raw: capRaw(options.raw),
    at: options.at
  }
}

function capRaw (raw: unknown): string {
  let text: string
  if (typeof raw === 'string') text = raw
  else if (raw instanceof Uint8Array) text = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('utf8')
  else {
    try {
      text = JSON.stringify(raw) ?? String(raw)
    } catch (error) {
      // Hostile bodies (nesting deep enough to overflow the stack) cannot be serialised;
      // String() would overflow the same way, so keep a description instead.
      text = `[unserialisable ${Array.isArray(raw) ? 'array' : typeof raw}: ${(error as Error).message}]`
    }
  }
  const bytes = Buffer.from(text, 'utf8')
  if (bytes.length <= DEAD_LETTER_RAW_MAX_BYTES) return text
  // Cut on a character boundary so the stored string stays valid UTF-8.
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, DEAD_LETTER_RAW_MAX_BYTES)).replace(/\uFFFD$/, '') + '…[truncated]'
}
