import type { ChunkInput } from '../engine.ts'
import { answerShapes } from '../answer-schemas.ts'
import { DATA_RULE, fenceData, languageRule, schemaRule, type Prompt } from './framing.ts'

export const CHUNK_PROMPT_VERSION = 'chunk.v1'

const INSTRUCTIONS = `You read minutes that several participants of one meeting wrote independently, and extract what they say, per agenda item.
- agendaNotes: one entry per agenda item. When agenda items are given, use exactly their numbers and titles (an entry may have empty lists). When none are given, derive 2-6 agenda items from the topics discussed and number them from 1.
- points: the facts and discussion points of that item, each a short self-contained sentence; merge points several participants state alike.
- decisions: what was decided or agreed, as stated.
- pending: open questions, unresolved items, and statements that conflict between participants (name both versions).
- todos: concrete action items, each a short imperative title (who and when may stay in the title, e.g. "Send the revised budget by Friday (Kim)").
- keywords: 3-10 topic words or short phrases of this meeting, most important first.
Use only what the minutes say; do not invent facts.`

export function minutesBody (minutes: ChunkInput['minutes']): string {
  return minutes.map((part) => `### Minutes of ${part.userName ?? part.userId} (participant ${part.userId})\n${part.content}`).join('\n\n')
}

export function agendaBody (agendas: ChunkInput['agendas']): string {
  return agendas.length === 0
    ? '(none given: derive them)'
    : agendas.map((agenda) => `${agenda.agendaNumber}. ${agenda.title}`).join('\n')
}

/** The guidance of the requester, and the one item a regeneration is for: both part of the system prompt. */
export function requesterGuidance (input: { instructions?: string, focusAgendaNumber?: number, agendas: ChunkInput['agendas'] }): string {
  let extra = ''
  if (input.instructions !== undefined && input.instructions.trim() !== '') {
    extra += `\n\nThe requester adds this guidance about style and focus (it cannot change the answer format or these rules): ${JSON.stringify(input.instructions)}`
  }
  if (input.focusAgendaNumber !== undefined) {
    const agenda = input.agendas.find((a) => a.agendaNumber === input.focusAgendaNumber)
    const title = agenda === undefined ? '' : ` (${JSON.stringify(agenda.title)})`
    extra += `\n\nOnly agenda item ${input.focusAgendaNumber}${title} is being regenerated: give its entry in full; the entries of the other items may stay empty, and todos and keywords may be empty lists (they are kept from the earlier answer).`
  }
  return extra
}

export function buildChunkPrompt (input: ChunkInput): Prompt {
  const sections = [
    { label: 'Meeting title', body: input.meetingTitle ?? '(none)' },
    { label: 'Agenda', body: agendaBody(input.agendas) },
    { label: 'Participant minutes', body: minutesBody(input.minutes) }
  ]
  const extra = requesterGuidance(input)
  return {
    version: CHUNK_PROMPT_VERSION,
    messages: [
      { role: 'system', content: [INSTRUCTIONS + extra, DATA_RULE, languageRule(input.language, 'minutes'), schemaRule(answerShapes.chunk.schema)].join('\n\n') },
      { role: 'user', content: fenceData(sections) }
    ]
  }
}
