import { clauseFromCues } from './from-cues.ts'
import type { ClauseAnalyser } from './types.ts'

export const englishClauses: ClauseAnalyser = {
  analyse: (sentence) => [clauseFromCues(sentence)]
}
