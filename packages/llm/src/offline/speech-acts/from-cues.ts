import { hasDeadline, hasOwner, isAction, isDecision, isQuestion, isRecapOrLogistics, isRisk } from '../cues.ts'
import type { Clause, SpeechAct } from './types.ts'

/** A whole-sentence clause classified by the phrase cues; the baseline each language's analyser replaces. */
export function clauseFromCues (sentence: string): Clause {
  let act: SpeechAct = 'statement'
  if (isRecapOrLogistics(sentence)) act = 'facilitation'
  else if (isQuestion(sentence)) act = 'question'
  else if (isDecision(sentence)) act = 'decision'
  else if (isAction(sentence)) act = hasOwner(sentence) ? 'commitment' : 'request'
  return {
    text: sentence,
    act,
    negated: false,
    uncertain: false,
    agent: act === 'commitment' ? { kind: 'unknown' } : undefined,
    deadline: hasDeadline(sentence) ? sentence : undefined,
    risk: isRisk(sentence)
  }
}
