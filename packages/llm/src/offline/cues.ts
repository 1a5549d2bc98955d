/*
 * Phrasing that marks a sentence as an action, a decision, an open point, a question or a
 * risk, in English and Korean. Regular expressions over the sentence as written.
 */

import { finalConsonant } from '../text/korean-stem.ts'
import { KOREAN_BARE_JOB_TITLE } from '../text/korean-titles.ts'
import { hasHangul } from '../text/words.ts'

const EN_ACTOR_ACTION = /\b(?:I|i|we|We|you|You|he|He|she|She|they|They|[A-Z][a-z]+)(?:\s+(?:also|still|really|just|all|definitely|then))?\s+(?:will|'ll|is going to|are going to|am going to|needs? to|has to|have to|should|must|is to|are to|to)\s+[a-z]/
const EN_ACTION = /\b(?:action items?|todo|to-do|follow[- ]up|let's|let us|please|can you|could you|would you|assigned to|responsible for|take care of|by (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|eod|end of|next|the end|\d{1,2}(?:st|nd|rd|th)?\b|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*))\b/i
const EN_NEED = /\b(?:we|someone|somebody|they|you)(?:\s+(?:also|still|really|just|all|definitely|then))?\s+(?:need to|needs to|have to|should|must)\b|\bneeds? to be\b|\bsomeone (?:has|needs|should)\b/i
const EN_IMPERATIVE = /^(?:send|prepare|update|schedule|check|review|draft|book|share|email|e-mail|call|fix|create|write|set up|confirm|ask|contact|finali[sz]e|circulate|collect|investigate|run|organi[sz]e|reach out|arrange|publish|submit|test)\b/i

const KO_ACTION = /((?<!좋|어렵|힘들|같|않|없|있|되|늦)겠습니다|[가-힣]게요$|까지|담당(?:하|해|할|은|는|이|:|으로)|부탁|해야|할 것|하겠습니다|하겠음|드리겠|드릴게|할게요|맡기로|맡아|챙겨|챙기기로|예정입니다|할 예정|진행하기로|준비하기로|공유하기로|보내기로|작성하기로|정리하기로|확인하기로|하도록|해 주세요|해주세요|해 주시|해주시|TODO|액션 아이템)/
const KO_COMMIT = /(하기로|기로 했|기로 함)/
const KO_OWNER = new RegExp(`(님|씨|제가|저는|저희 팀|팀에서|팀이|${KOREAN_BARE_JOB_TITLE}|(?:^|\\s)@\\S+)`)

const EN_DECISION = /\b(?:decided|decision|agreed|approved|approve|settled on|go with|going with|confirmed|finali[sz]ed|signed off|will use|chose|chosen)\b/i
const KO_DECISION = /(결정|합의|확정|승인|채택|선정|동의(?:합니다|해요|함|했|하였|하죠)|찬성|(?:하는|가는|쓰는|하기로 한) 걸로 (?:하시죠|하죠|합시다|가죠|해요))/
// "...하기로 했다" without a named person is the group deciding; with one it is a task.
const KO_DECISION_WEAK = /(기로 했|기로 함|으로 가기로|로 가기로)/

const EN_PENDING = /\b(?:tbd|to be decided|to be confirmed|not decided|undecided|open question|unclear|pending|on hold|revisit|not sure|unresolved|waiting (?:for|on)|depends on|no decision|still open|later)\b/i
// 대기 as waiting (승인 대기, 대기 중), not 대기자 (a waiting list) or 대기실.
const KO_PENDING = /(미정|보류|추후|다음 회의|재논의|논의 필요|검토 필요|확인 필요|결정되지|정해지지|불확실|미확정|대기(?![자열실])|아직)/

const EN_RISK = /\b(?:risk\w*|concern\w*|worr\w*|block(?:s|ed|ers?|ing)?|delay(?:ed|s)?|slip(?:s|ped)?|behind schedule|bottleneck|dependency|over budget|shortage|outage|overrun)\b/i
const KO_RISK = /(리스크|위험|우려|걱정|지연|차질|병목|늦어|부족|초과|장애)/

// -나요 asks on a verb stem (되나요); "소리 나요", a word of its own, is the verb 나다 stated.
const KO_QUESTION_END = /(까요|(?<=[\uAC00-\uD7A3])나요|[인는은한던]가요|습니까|니까|을까|ㄹ까|인가|는지|어때요|어떨까|어떻게 생각|는가|나\?|죠\?)[\s?？.]*$/

export function isQuestion (sentence: string): boolean {
  const trimmed = sentence.trim()
  return /[?？]\s*$/.test(trimmed) || (KO_QUESTION_END.test(trimmed) && !givesReason(trimmed))
}

// -(으)니까(요) gives a reason ("이미 말씀드렸으니까요"); only after a ㅂ final (합니까, 됩니까) does 니까 ask.
function givesReason (sentence: string): boolean {
  const found = /(.)니까요?[\s.]*$/.exec(sentence)
  if (found === null) return false
  return finalConsonant(found[1]!) !== 'ㅂ'
}

export function isAction (sentence: string): boolean {
  if (KO_ACTION.test(sentence)) return true
  if (KO_COMMIT.test(sentence) && KO_OWNER.test(sentence) && !KO_DECISION_ONLY.test(sentence)) return true
  return EN_ACTOR_ACTION.test(sentence) || EN_ACTION.test(sentence) || EN_NEED.test(sentence) || EN_IMPERATIVE.test(sentence.trim())
}

// "...로 하기로 합의했습니다": a commitment verb that only states the decision.
const KO_DECISION_ONLY = /(합의|결정|확정)(했|하였|됨|되었)/

export function isDecision (sentence: string): boolean {
  if (EN_DECISION.test(sentence)) return true
  if (KO_DECISION.test(sentence)) return !(KO_OWNER.test(sentence) && KO_ACTION.test(sentence)) || KO_DECISION_ONLY.test(sentence)
  return KO_DECISION_WEAK.test(sentence) && !KO_OWNER.test(sentence)
}

const PROCEDURE = /^(?:(?:the|last|previous|prior|[a-z]{3,9}\.?)\s+)?(?:meeting\s+)?(?:minutes|quorum|agenda)\s+(?:(?:was|were|is|are|has been|have been)\s+)?(?:approved|confirmed|adopted|accepted|established|present)\b[^,;]{0,20}$|^(?:\S+\s+)?(?:회의록|정족수|안건)\S*\s*(?:승인|확인|채택|충족)\S*$/i

/** "Nov minutes approved", "정족수 확인": the meeting's own procedure, not a decision of substance. */
export function isMeetingProcedure (sentence: string): boolean {
  return PROCEDURE.test(sentence.trim().replace(/[.!。]+$/u, ''))
}

/** Recaps and logistics restate or schedule; they are not new actions. */
export function isRecapOrLogistics (sentence: string): boolean {
  return /^(?:to recap|in summary|to sum up|so to summari[sz]e|recap)\b|\bnext meeting\b|\bsame time (?:next|tomorrow)\b|\blet's (?:move|start|begin|go (?:to|through|over)|talk|turn|look at|get started|wrap up|continue)\b/i.test(sentence.trim()) || /^(정리하면|요약하면|정리하자면)|다음 회의|같은 시간에?\s*(?:뵙|봬|봐|만나)|(?:시작|마치|넘어가|진행)하겠습니다|(?:현황|의견|말씀|설명|소개)\s*부탁/.test(sentence.trim())
}

export function isPending (sentence: string): boolean {
  return EN_PENDING.test(sentence) || KO_PENDING.test(sentence)
}

export function isRisk (sentence: string): boolean {
  return EN_RISK.test(sentence) || KO_RISK.test(sentence)
}

/** Whether an action names who does it (a person, "I", "제가"), as opposed to "we need to" or a passive. */
export function hasOwner (sentence: string): boolean {
  if (hasHangul(sentence)) return KO_OWNER.test(sentence) && !/(누가|담당자 미정|담당자가 없|담당자를 정)/.test(sentence)
  if (/\b(?:someone|somebody|anyone|who)\b/i.test(sentence)) return false
  if (/\b(?:i|i'll|i'm)\b/i.test(sentence)) return true
  if (/\b(?:assigned to|owner is|owned by)\s+[A-Z]/.test(sentence)) return true
  // A capitalised name right before the action verb ("Kim will", "Sarah needs to").
  return /\b(?!(?:We|You|They|It|This|That|The|There|Let|Please|Action|Todo|TODO|Someone|Somebody|Everyone|Anyone|Nobody)\b)[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s+(?:will|'ll|is going to|needs to|has to|should|must|to)\b/.test(sentence)
}

/** Deadline wording: "by Friday", "금요일까지". */
export function hasDeadline (sentence: string): boolean {
  return /\b(?:by|before|until|due)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|eod|end of|next|the end|\d)/i.test(sentence) ||
    /(까지|마감|기한|[월화수목금토일]요일|내일|다음 주|\d+일)/.test(sentence)
}

// Headings that name a kind of note rather than a topic: "결정 사항", "회의 메모", "Decisions", "Notes".
const KIND_OF_NOTE = /결정|결론|정리|메모|회의|요약|논의|기타|내용|사항|할\s?일|\b(?:notes?|minutes|summary|decisions?|discussion|misc|other|updates?|actions?|to-?dos?)\b/i

/** Whether a heading or label names a kind of note ("결정 사항", "Notes", "Actions") rather than a topic. */
export function namesKindOfNote (heading: string): boolean {
  return KIND_OF_NOTE.test(heading)
}
