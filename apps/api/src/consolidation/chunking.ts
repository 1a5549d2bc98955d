import type { MinutesPart } from '@meeting-ai/llm'
import { segmentSentences } from '@meeting-ai/llm/text'

/** One map-step call: whole minutes of small participants packed together, or part of a long one. */
export interface MinutesChunk {
  index: number
  minutes: MinutesPart[]
  /** Human-readable names of what the chunk holds, for `notes` when it falls back. */
  label: string
  chars: number
}

const HEADING = /^\s*(#{1,6}\s+\S.*|[[【].{1,40}[\]】]|.{1,60}[:：])\s*$/

/**
 * Cuts text longer than `max` on paragraph, then line, then sentence, then hard boundaries,
 * into as many pieces as it takes and of about equal size: 25,000 characters at a 24,000 limit
 * become two halves, not 24,000 and a 1,000-character tail (a call of its own with little
 * context, and a piece twice the size of its neighbours to analyse).
 */
function splitText (text: string, max: number): string[] {
  if (text.length <= max) return [text]
  const units: string[] = []
  for (const paragraph of text.split(/(?<=\n\s*\n)/)) {
    if (paragraph.length <= max) {
      units.push(paragraph)
      continue
    }
    for (const line of paragraph.split(/(?<=\n)/)) {
      if (line.length <= max) {
        units.push(line)
        continue
      }
      for (const sentence of segmentSentences(line)) {
        if (sentence.length <= max) units.push(sentence)
        else for (let i = 0; i < sentence.length; i += max) units.push(sentence.slice(i, i + max))
      }
    }
  }
  const pieces: string[] = []
  const wanted = Math.ceil(text.length / max)
  let current = ''
  let heading: string | undefined
  // Characters of the text before the unit at hand: a piece ends at the unit boundary nearest
  // its share of the text (k / wanted of it), so the cuts do not drift apart.
  let position = 0
  for (const unit of units) {
    const share = pieces.length + 1 < wanted ? (pieces.length + 1) * text.length / wanted : Number.POSITIVE_INFINITY
    if ((current.length + unit.length > max || position + unit.length / 2 > share) && current.trim() !== '') {
      pieces.push(current)
      // A continuation keeps the section heading it started under, so the model can still place it on its agenda.
      current = heading !== undefined && heading.length + unit.length < max && !unit.startsWith(heading) ? `${heading}\n` : ''
    }
    current += unit
    position += unit.length
    const firstLine = unit.split('\n', 1)[0] ?? ''
    if (HEADING.test(firstLine)) heading = firstLine.trim()
  }
  if (current.trim() !== '') pieces.push(current)
  return pieces
}

const nameOf = (part: MinutesPart): string => part.userName !== undefined && part.userName !== '' ? `${part.userName} (${part.userId})` : part.userId

/**
 * Splits the minutes into chunks of at most `maxChars` characters, each participant's text on
 * paragraph or sentence boundaries, then packs consecutive pieces into as few calls as fit:
 * fewer calls both finish sooner and let the model merge participants' overlapping notes.
 */
export function chunkMinutes (minutes: MinutesPart[], maxChars: number): MinutesChunk[] {
  const pieces: Array<{ part: MinutesPart, label: string }> = []
  for (const part of minutes) {
    const texts = splitText(part.content, maxChars)
    texts.forEach((content, i) => {
      const label = texts.length === 1 ? `minutes of ${nameOf(part)}` : `minutes of ${nameOf(part)}, part ${i + 1} of ${texts.length}`
      pieces.push({ part: { ...part, content }, label })
    })
  }
  const chunks: MinutesChunk[] = []
  let open: { minutes: MinutesPart[], labels: string[], chars: number } | undefined
  for (const piece of pieces) {
    const size = piece.part.content.length
    if (open === undefined || open.chars + size > maxChars) {
      if (open !== undefined) chunks.push({ index: chunks.length, minutes: open.minutes, label: open.labels.join('; '), chars: open.chars })
      open = { minutes: [], labels: [], chars: 0 }
    }
    open.minutes.push(piece.part)
    open.labels.push(piece.label)
    open.chars += size
  }
  if (open !== undefined) chunks.push({ index: chunks.length, minutes: open.minutes, label: open.labels.join('; '), chars: open.chars })
  return chunks
}
