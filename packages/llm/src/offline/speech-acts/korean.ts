import { clauseFromCues } from './from-cues.ts'
import type { ClauseAnalyser } from './types.ts'

export const koreanClauses: ClauseAnalyser = {
  analyse: (sentence) => [clauseFromCues(sentence)]
}
