import type { ReduceInput } from '../engine.ts'
import { answerShapes } from '../answer-schemas.ts'
import { agendaBody, requesterGuidance } from './chunk.v1.ts'
import { DATA_RULE, fenceData, languageRule, schemaRule, type Prompt } from './framing.ts'

export const REDUCE_PROMPT_VERSION = 'reduce.v1'

const INSTRUCTIONS = `You consolidate notes that were extracted from the minutes of one meeting, part by part, into the final meeting analysis.
- agendaSummaries: one entry per agenda item. When agenda items are given, exactly one entry for each, with its number and title; otherwise merge the derived items that mean the same topic and number them from 1.
  summaryShort: one sentence. summary: 2-5 sentences covering the points. decisions: what was decided. pending: open items and conflicting statements between participants (name both versions, do not pick one).
- todos: every concrete action item once (merge duplicates that different participants wrote), each a short imperative title.
- keywords: 3-10 topic words or short phrases, most important first, no duplicates.
Use only what the notes say; do not invent facts.`

export function buildReducePrompt (input: ReduceInput): Prompt {
  const sections = [
    { label: 'Meeting title', body: input.meetingTitle ?? '(none)' },
    { label: 'Agenda', body: agendaBody(input.agendas) },
    { label: 'Extracted notes (JSON, one object per part of the minutes)', body: JSON.stringify(input.chunks, (key, value: unknown) => key === 'writerPlacedDecisions' ? undefined : value, 1) }
  ]
  const extra = requesterGuidance(input)
  // The chunk notes are written in the minutes' language, so they stand for the minutes here.
  return {
    version: REDUCE_PROMPT_VERSION,
    messages: [
      { role: 'system', content: [INSTRUCTIONS + extra, DATA_RULE, languageRule(input.language, 'minutes'), schemaRule(answerShapes.reduce.schema)].join('\n\n') },
      { role: 'user', content: fenceData(sections) }
    ]
  }
}
