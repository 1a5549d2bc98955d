import Type, { type Static } from 'typebox'
import { EpochMillis } from './ids.ts'

export const SUGGESTION_KINDS = ['action', 'question', 'decision', 'risk'] as const
export type SuggestionKind = typeof SUGGESTION_KINDS[number]

export const SimpleSuggestion = Type.Object({
  id: Type.String({ description: 'Stable id of this suggestion' }),
  content: Type.String({ description: 'The advice: one short, actionable sentence in the meeting\'s language, e.g. "Decide who prepares the App Store screenshots"' }),
  evidence: Type.Optional(Type.String({ description: 'The transcript words the advice rests on, quoted as said; absent when the engine gives none' })),
  timestamp: { ...EpochMillis, description: 'Epoch ms of the latest segment the suggestion rests on' },
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  // A plain string rather than an enum so that generated clients survive new kinds.
  kind: Type.Optional(Type.String({ description: 'One of action | question | decision | risk; more may be added' })),
  speakerIds: Type.Optional(Type.Array(Type.String()))
}, { $id: 'SimpleSuggestion' })
export type SimpleSuggestion = Static<typeof SimpleSuggestion>

export const RealtimeSuggestionsResponse = Type.Object({
  meetingId: Type.String(),
  suggestions: Type.Array(SimpleSuggestion),
  generatedAt: EpochMillis
}, { $id: 'RealtimeSuggestionsResponse', description: 'Payload of an `ai-suggestion` SSE event' })
export type RealtimeSuggestionsResponse = Static<typeof RealtimeSuggestionsResponse>

/** SSE event names on the suggestion stream. */
export const SSE_EVENTS = { suggestion: 'ai-suggestion', ping: 'ping', reset: 'reset' } as const

/** What the worker publishes on a meeting channel: the replay-stream id and the serialised set. */
export interface PublishedSuggestionSet {
  id: string
  payload: string
}
