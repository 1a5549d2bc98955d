import { randomUUID } from 'node:crypto'
import type { RealtimeSuggestionsResponse, Segment, SimpleSuggestion } from '@meeting-ai/contracts'
import type { SuggestionDraft } from '@meeting-ai/llm'

/**
 * Engine drafts to the wire set: each suggestion gets its own id and the timestamp of the
 * latest segment it rests on (the window's newest; the engine does not say which one).
 */
export function toSuggestionSet (meetingId: string, drafts: SuggestionDraft[], window: Segment[], now: number): RealtimeSuggestionsResponse {
  const latest = window.reduce((max, segment) => Math.max(max, segment.timestamp), 0)
  return {
    meetingId,
    generatedAt: now,
    suggestions: drafts.map((draft): SimpleSuggestion => {
      const suggestion: SimpleSuggestion = {
        id: randomUUID(),
        content: draft.content,
        timestamp: latest,
        confidence: Math.min(1, Math.max(0, Number.isFinite(draft.confidence) ? draft.confidence : 0.5))
      }
      if (draft.evidence !== undefined && draft.evidence !== '') suggestion.evidence = draft.evidence
      if (draft.kind !== undefined) suggestion.kind = draft.kind
      if (draft.speakerIds !== undefined && draft.speakerIds.length > 0) suggestion.speakerIds = draft.speakerIds
      return suggestion
    })
  }
}
