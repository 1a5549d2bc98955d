import type { Clause } from './types.ts'
import { englishClauses } from './english.ts'
import { koreanClauses } from './korean.ts'

export type { Agent, Clause, ClauseAnalyser, Politeness, SpeechAct } from './types.ts'
export { englishModelLoadMs, isPersonName } from './english.ts'

const HANGUL = /[\uAC00-\uD7A3]/
const MAX_CACHED = 4000
// Todos, decisions and owners each read the same sentences; analyse each once.
const cache = new Map<string, readonly Clause[]>()

/** The clauses of one sentence, analysed by the grammar of its language (Hangul in it: Korean). */
export function analyseClauses (sentence: string, language: 'ko' | 'en' = HANGUL.test(sentence) ? 'ko' : 'en'): readonly Clause[] {
  const key = `${language}\u0000${sentence}`
  let clauses = cache.get(key)
  if (clauses === undefined) {
    clauses = language === 'ko' ? koreanClauses.analyse(sentence) : englishClauses.analyse(sentence)
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!)
    cache.set(key, clauses)
  }
  return clauses
}

/** Whether a sentence settles something: a decision clause neither negated nor uncertain ("Not decided." is not one). */
export function statesDecision (sentence: string): boolean {
  return analyseClauses(sentence).some((c) => c.act === 'decision' && !c.negated && !c.uncertain)
}

/** Whether a clause of the sentence undoes a decision reading: negated or uncertain ("not decided yet", "확정될지 모르겠어요"). */
export function decisionInDoubt (sentence: string): boolean {
  return analyseClauses(sentence).every((c) => c.negated || c.uncertain || c.act === 'question')
}
