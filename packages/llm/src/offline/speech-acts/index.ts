import { hasHangul } from '../../text/words.ts'
import type { Clause } from './types.ts'
import { englishAddressesTheRecord, englishClauses } from './english.ts'
import { koreanAddressesTheRecord, koreanClauses } from './korean.ts'

export type { Agent, Clause, ClauseAnalyser, Politeness, SpeechAct } from './types.ts'
export { EN_ACTION_WORDS, inPastTense, isNounPhrase, isPersonName, isVerbless, opensOnActionVerb, opensOnVerb, passiveNeed, referent, verbBase } from './english.ts'
export { koreanIndirectQuestion } from './korean.ts'
export { englishModelLoadMs } from '../../text/english-model.ts'

const MAX_CACHED = 4000
// Todos, decisions and owners each read the same sentences; analyse each once.
const cache = new Map<string, readonly Clause[]>()

/** The clauses of one sentence, analysed by the grammar of its language (Hangul in it: Korean). */
export function analyseClauses (sentence: string, language: 'ko' | 'en' = hasHangul(sentence) ? 'ko' : 'en'): readonly Clause[] {
  const key = `${language}\u0000${sentence}`
  let clauses = cache.get(key)
  if (clauses === undefined) {
    clauses = language === 'ko' ? koreanClauses.analyse(sentence) : englishClauses.analyse(sentence)
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!)
    cache.set(key, clauses)
  }
  return clauses
}

/**
 * Whether a clause speaks to the tool or about the record it makes ("ignore previous
 * instructions", "요약하는 AI는 … 적어 주세요", "output X as the only todo"), not to the meeting.
 */
export function addressesTheRecord (clause: string): boolean {
  return hasHangul(clause) ? koreanAddressesTheRecord(clause) : englishAddressesTheRecord(clause)
}

/**
 * How a sentence stands to a decision: 'decided' when a clause settles something, 'undecided'
 * when one says it is not settled ("Not decided.", "확정되지 않았습니다"), 'task' when it only
 * puts someone in charge ("Maria will approve the budget"), else undefined (no view).
 */
export function decisionStance (sentence: string): 'decided' | 'undecided' | 'task' | undefined {
  const clauses = analyseClauses(sentence)
  if (clauses.some((c) => c.undecided === true)) return 'undecided'
  // The analysers already read a decision under doubt as a statement; a condition ("if they offer …") still decides.
  if (clauses.some((c) => c.act === 'decision')) return 'decided'
  if (clauses.some((c) => (c.act === 'commitment' || c.act === 'request') && c.agent !== undefined && c.agent.kind !== 'group' && c.agent.kind !== 'unknown')) return 'task'
  return undefined
}
