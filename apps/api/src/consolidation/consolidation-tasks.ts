import type { ConsolidateResponse } from '@meeting-ai/contracts'
import type { ConsolidationDraft, MinutesPart } from '@meeting-ai/llm'
import { chunkMinutes, type MinutesChunk } from './chunking.ts'
import { finalise, type FinaliseContext } from './finalise.ts'

// Runs inside an analysis-pool worker thread (see AnalysisPool): the consolidation steps
// around the engine calls, whose cost grows with the length of the minutes.

export function chunk (input: { minutes: MinutesPart[], maxChars: number }): MinutesChunk[] {
  return chunkMinutes(input.minutes, input.maxChars)
}

export function finaliseDraft (input: { draft: ConsolidationDraft, context: FinaliseContext }): ConsolidateResponse {
  return finalise(input.draft, input.context)
}
