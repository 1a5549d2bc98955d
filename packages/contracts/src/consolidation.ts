import Type, { type Static } from 'typebox'
import { EpochMillis, MeetingId } from './ids.ts'

export const Agenda = Type.Object({
  agendaNumber: Type.Integer({ minimum: 1, maximum: 1000 }),
  title: Type.String({ minLength: 1, maxLength: 500 })
}, { $id: 'Agenda' })
export type Agenda = Static<typeof Agenda>

export const ParticipantMinutes = Type.Object({
  userId: Type.String({ minLength: 1, maxLength: 128, description: 'A string or an integer, normalised to a string' }),
  userName: Type.Optional(Type.String({ maxLength: 256 })),
  content: Type.String({ maxLength: 500_000, description: 'The minutes this participant recorded' })
}, { $id: 'ParticipantMinutes' })
export type ParticipantMinutes = Static<typeof ParticipantMinutes>

export const ConsolidateRequest = Type.Object({
  meetingId: MeetingId,
  meetingTitle: Type.Optional(Type.String({ maxLength: 500 })),
  agendas: Type.Optional(Type.Array(Agenda, { maxItems: 100, description: 'Optional: without agendas the service derives them' })),
  participantMinutes: Type.Array(ParticipantMinutes, { minItems: 1, maxItems: 200 }),
  language: Type.Optional(Type.String({ minLength: 2, maxLength: 35, description: 'BCP-47 tag of the answer language; absent: the language of the minutes' }))
}, {
  $id: 'ConsolidateRequest',
  description: 'Per-participant minutes of one meeting. Unknown fields are ignored; null is treated like an absent optional field.',
  examples: [{
    meetingId: 'm-42',
    meetingTitle: 'Q4 planning',
    agendas: [{ agendaNumber: 1, title: 'Budget' }],
    participantMinutes: [{ userId: 'u1', userName: 'Kim', content: 'Budget: we agreed to cut travel by 10%. Kim will send the revised budget by Friday.' }],
    language: 'en'
  }]
})
export type ConsolidateRequest = Static<typeof ConsolidateRequest>

export const Todo = Type.Object({
  title: Type.String()
}, { $id: 'Todo', description: 'One action item: a title only (no assignee, no due date)' })
export type Todo = Static<typeof Todo>

export const AgendaSummary = Type.Object({
  agendaNumber: Type.Integer(),
  agendaTitle: Type.String(),
  summaryShort: Type.String(),
  summary: Type.String(),
  decisions: Type.Array(Type.String()),
  pending: Type.Array(Type.String(), { description: 'Open points and statements that conflict between participants' })
}, { $id: 'AgendaSummary' })
export type AgendaSummary = Static<typeof AgendaSummary>

export const ConsolidateResponse = Type.Object({
  meetingId: Type.String(),
  keywords: Type.Array(Type.String()),
  agendaSummaries: Type.Array(AgendaSummary),
  todos: Type.Array(Todo),
  generatedAt: EpochMillis,
  model: Type.String({ description: 'Engine and model that produced the answer, e.g. openai:gpt-4o-mini or offline:extractive-v1' }),
  partial: Type.Boolean({ description: 'true when the time budget forced a fallback for part of the answer' }),
  notes: Type.Array(Type.String(), { description: 'Which parts fell back to the offline engine or were left out (then partial is true), and what the offline engine could not honour of the request: instructions, a language other than English or Korean, translation of quoted minutes, a regeneration that came out the same (these do not make the answer partial)' })
}, {
  $id: 'ConsolidateResponse',
  examples: [{
    meetingId: 'm-42',
    keywords: ['budget', 'travel'],
    agendaSummaries: [{ agendaNumber: 1, agendaTitle: 'Budget', summaryShort: 'Travel budget cut by 10%.', summary: 'The team agreed to cut travel by 10%; Kim revises the budget.', decisions: ['Cut travel by 10%'], pending: [] }],
    todos: [{ title: 'Send the revised budget by Friday' }],
    generatedAt: 1795424400000,
    model: 'offline:extractive-v1',
    partial: false,
    notes: []
  }]
})
export type ConsolidateResponse = Static<typeof ConsolidateResponse>

export const RegenerateRequest = Type.Object({
  agendaNumber: Type.Optional(Type.Integer({ minimum: 1, description: 'Regenerate only this agenda item (the LLM is asked for it alone); every other agenda item, the todos and the keywords are returned as stored. 404 AGENDA_NOT_FOUND when the meeting has no such item' })),
  instructions: Type.Optional(Type.String({ maxLength: 2000, description: 'Extra guidance for the summary, e.g. "shorter, focus on decisions", passed to the LLM prompt (it cannot change the answer format). The offline engine cannot follow it and says so in notes' })),
  language: Type.Optional(Type.String({ minLength: 2, maxLength: 35, description: 'BCP-47 tag of the answer language, passed to the LLM prompt; absent: the stored request\'s language, else the language of the minutes. The offline engine writes only English and Korean and does not translate quoted minutes; notes say when that applies' }))
}, { $id: 'RegenerateRequest', description: 'Optional: an empty or absent body regenerates the whole answer from the stored request' })
export type RegenerateRequest = Static<typeof RegenerateRequest>

export const StreamTokenResponse = Type.Object({
  token: Type.String(),
  expiresAt: EpochMillis
}, { $id: 'StreamTokenResponse', description: 'A token that lets a browser open the suggestion stream of one meeting (`?token=`)' })
export type StreamTokenResponse = Static<typeof StreamTokenResponse>
