import type { Clause } from './types.ts'
import { englishClauses } from './english.ts'
import { koreanClauses } from './korean.ts'

export type { Agent, Clause, ClauseAnalyser, Politeness, SpeechAct } from './types.ts'

/** The clauses of one sentence, analysed by the grammar of its language. */
export function analyseClauses (sentence: string, language: 'ko' | 'en'): Clause[] {
  return language === 'ko' ? koreanClauses.analyse(sentence) : englishClauses.analyse(sentence)
}
