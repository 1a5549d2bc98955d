/**
 * What one clause of a sentence does in the conversation. The offline engine reads todos,
 * decisions, open questions and risks from these instead of from phrase lists, so each language
 * has one analyser that knows its grammar (English: an NLP model; Korean: verb endings).
 */
export type SpeechAct =
  | 'commitment' // the speaker or a named person takes on a task: "I'll send it", "제가 공유드리겠습니다"
  | 'request' // someone is asked to do something: "can you check", "확인 부탁드립니다", imperatives
  | 'question' // asks for information or a choice
  | 'decision' // the group settles something: "we agreed to", "A안으로 확정"
  | 'opinion' // a view or proposal without a commitment: "I think we should", "~하면 좋겠어요"
  | 'facilitation' // running the meeting: openings, transitions, recaps ("let's move on to", "~부터 정리하겠습니다")
  | 'greeting' // hellos, thanks, small talk
  | 'statement' // reports a fact or status

/** Korean speech level of the clause's final ending: 반말 (plain), 해요체 (polite), 합쇼체 (formal). */
export type Politeness = 'plain' | 'polite' | 'formal'

/** Who the clause puts in charge of its action. */
export type Agent =
  | { kind: 'speaker' } // I, 제가, 내가
  | { kind: 'group' } // we, 저희, 우리 (nobody in particular)
  | { kind: 'addressee', name?: string } // you, 민수님 (asked)
  | { kind: 'named', name: string } // a third person named as the doer
  | { kind: 'unknown' } // someone / 누가 / passive

export interface Clause {
  /** The clause as written. */
  text: string
  act: SpeechAct
  /** "we won't", "nothing blocking", "안 할" */
  negated: boolean
  /** "might", "not sure whether", "~ㄹ지 모르" */
  uncertain: boolean
  /** The clause says something is not settled: "not decided yet", "unclear whether legal will approve", "확정되지 않았습니다". */
  undecided?: boolean
  /** Present for commitments, requests and decisions when the clause says who acts. */
  agent?: Agent
  /** The action as a verb phrase, fit for a todo title: "send the pricing deck to Acme", "배포 일정 공유". */
  action?: string
  /** Deadline wording as written: "by Friday", "금요일까지". */
  deadline?: string
  /** Korean clauses only. */
  politeness?: Politeness
  /** The clause states a risk (a concrete threat to a plan), not merely a risk word under negation. */
  risk: boolean
}

export interface ClauseAnalyser {
  /** Splits one sentence into clauses and classifies each. Never throws; unknown forms are 'statement'. */
  analyse: (sentence: string) => Clause[]
}
