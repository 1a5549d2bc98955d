import { contentStems, hasHangul } from '../text/words.ts'
import { isRisk } from './cues.ts'
import { koreanIndirectQuestion } from './speech-acts/index.ts'

/*
 * A threat to the plan stated by the form of a clause, beside the risk words the clause
 * analysers read ("risk", "blocker", "지연"): something will or may go wrong (a modal or a
 * present tense on a verb of failing), something is too much or too little for what it is
 * needed for, or the speaker doubts that an event outside the group's hands will happen in
 * time ("I'm not sure legal will sign off", "결과가 이번 주 안에 날지는 모르겠어요"). A report of
 * what already went wrong ("Card payments failed for an hour") is history, not a threat.
 */

// Verbs of things going wrong, in the forms a present or a future takes them.
const EN_FAILING = '(?:saturate|break|fail|slip|miss|crash|overload|exceed|expire|run out|lose|kill|time out|fall behind)'
// "the load test will saturate it", "we might miss the window", "that could kill it".
const EN_MODAL_FAILURE = new RegExp(`\\b(?:will|'ll|might|may|could|would|is going to|are going to)\\s+(?:probably\\s+|likely\\s+|easily\\s+)?${EN_FAILING}\\b`, 'i')
// "the offline mode still crashes", "the certificate expires on Monday", "it keeps failing".
const EN_PRESENT_FAILURE = /\b(?:crashes|breaks|fails|expires|times out|keeps? (?:failing|crashing|breaking|slipping|re-?running))\b/i
// "the alert threshold is too lax", "that is tight", "we are short on testers".
const EN_MISFIT = /\b(?:is|are|was|'s|'re|looks?|seems?)\s+(?:(?:still|also|really|a bit|way|far|pretty|quite)\s+)?(?:too\s+\w+|tight|not enough|short (?:on|of)|at risk|on the edge)\b/i
// "I'm not sure legal will sign off", "I doubt the vendor can deliver": doubt that a plan holds.
const EN_DOUBT = /\b(?:(?:not sure|unsure|doubt)(?:\s+that)?\s+(?!whether\b|if\b)[\w' -]{1,40}?\s+(?:will|'ll|can|could|is going to|are going to|would)\b|don't think\s+[\w' -]{1,40}?\s+(?:holds?|works?|makes? it|(?:is|are) going to work))/i
const EN_NEGATED = /\b(?:no|not|never|nothing|without)\s+(?:\w+\s+)?(?:risk|problem|issue|blocker|block|worr)/i

// Nouns and verbs of things going wrong; jamo-free forms that any stem takes before them.
// A noun of failing counts as the predicate ("만료돼서", "실패하면", "오류가 나요", "만료라서"), not inside a
// compound ("발송 실패 재시도 로직").
const KO_FAILING = /(?:만료|실패|오류|에러|크래시|장애|초과)(?:[되돼하할해]|[이가]\s|(?:이)?라서|입니다|예요|이에요|$)|(?:끊기|끊겨|터지|터질|깨지|깨질|밀리|밀릴|밀려|빠듯|모자라|모자랄)/
// "…안 나오면 …못 끝낼 것 같습니다": a condition under which the work cannot be finished.
const KO_CANNOT_FINISH = /(?:^|\s)못\s*(?:끝낼|끝내|맞출|맞추|지킬|지키|나갈|나가|할)\S*\s*(?:것|수도|듯)/
// "결과가 …날지는 모르겠어요": a thing (subject particle) whose event is in doubt.
// The -(으)ㄹ지 lives in the verb's last syllable (날지, 될지), so the pattern reads any syllable before 지.
const KO_EVENT_DOUBT = /\S+[이가]\s+(?:\S+\s+){0,4}\S*[\uAC00-\uD7A3](?:지는|지도|지)\s+(?:아직\s+|잘\s+)?(?:모르|몰라|모름|미지수)/
// -(으)ㄹ지 on a verb of outcome (될지, 끝날지, 나올지, 맞출 수 있을지): nobody chooses whether it happens.
const KO_OUTCOME_DOUBT = /(?:될|끝날|나올|올|맞출\s*수\s*있을|지킬\s*수\s*있을|가능할)지(?:는|도)?\s+(?:아직\s+|잘\s+)?(?:모르|몰라|모름|미지수)/
// A condition of something not done, missing or late, and what follows from it: "If we don't commit before then,
// we pay the new rate", "이거 안 바꾸면 테스트를 못 합니다", "락이 없으면 정산이 두 번 나가요", "늦으면 일정이 밀려서".
// A plan of the speaker's for that case ("If they don't answer, I'll call them") is a contingency, not a threat.
const EN_IF_NOT = /\b(?:if|unless)\s+(?:we|you|they|he|she|it|this|that|the\s+\w+|\w+)\s+(?:(?:don't|doesn't|do not|does not|can't|cannot|won't|didn't|aren't|isn't|haven't|hasn't|fail to|miss)\b[^,]*|(?:is|are)\s+(?:late|delayed|not\s+\w+)[^,]*),\s*(?!(?:then\s+)?(?:i|i'll|i will|let's|let me)\b)(?:then\s+)?\w+\s+\w+/i
const EN_UNLESS = /^(?:unless)\b/i
const KO_IF_NOT = /(?:(?:^|\s)(?:안|못)\s+\S+면|지\s*(?:않|못하)으면|없으면|없이\s+\S*면|늦으면|늦어지면|밀리면|놓치면|넘기면)\s+(?:\S+\s+)*\S+/
// "…없으면 예약 안 받습니다": what the speaker's side will not do in that case is a rule, not a threat.
// "자재 안 오면 다른 업체로 다시 알아보는 걸로 하죠", "견적 차이 안 나면 기존 업체로 갑시다": the group's plan for that case, said as a hortative.
// "안 되면 다음 주로 넘기고", "…수업 취소 공지하고 환불하고요": the plan for that case, listed with a trailing -고 on a
// verb one does; an event that befalls (passive -리-/-히-/-기-, inchoative -지-: "공사가 밀리고") or a lack ("방법이 없고") stays a threat.
const KO_PLAN_LISTED = /(?:하|[^리히기지없않\s])고요?[.!~]?$/
const KO_OWN_PLAN = /(?:(?:^|\s)(?:제가|내가|저희가)\s.*)?(?:ㄹ게요|할게|겠습니다|겠어요|할게요|볼게요|드릴게요)[.!]?$|(?:^|\s)(?:제가|내가)\s|(?:^|\s)안\s+(?:합니다|해요|받습니다|받아요|씁니다|써요)[.!]?$|지\s+않습니다[.!]?$|(?:하죠|합시다|하자|갑시다|가죠|가자|봅시다|보죠|보자|걸로\s*(?:해요|해))[.!~]?$/

/** Whether a sentence states what goes wrong if something is not done in time (see EN_IF_NOT, KO_IF_NOT). */
export function threatensIfNot (sentence: string): boolean {
  const text = sentence.trim()
  if (hasHangul(text)) return KO_IF_NOT.test(text) && !KO_OWN_PLAN.test(text) && !KO_PLAN_LISTED.test(text) && !/[?？]$/.test(text)
  return (EN_IF_NOT.test(text) || EN_UNLESS.test(text)) && !/[?]$/.test(text)
}

const KO_NEGATED = /(?:없(?:습니다|어요|음|다)|아닙니다|아니에요|안\s+(?:돼|됩|될))\s*[.!]?$/

// "걱정되는 부분은 …지원되지 않는다는 점입니다", "What worries me is that …": a frame that names what
// follows as the threat, whatever negation the threat itself holds.
const KO_RISK_FRAME = /(?:걱정되는|우려되는|걱정인|염려되는|위험한|문제가 되는)\s*(?:부분|점|건|것|게)(?:은|는|이)?\s|^(?:(?:그런데|근데|다만|그리고|하지만|그게)\s+)?(?:문제는|걱정은|우려는|리스크는)\s/
const EN_RISK_FRAME = /\b(?:what (?:worries|concerns|scares) (?:me|us)|(?:my|our|the (?:main|big|biggest|real|only))\s+(?:worry|concern|risk|problem|issue) is|the thing that worries me)\b/i

// "That's the real gap", "그게 문제예요": the sentence before is named a problem.
const EN_NAMED_PROBLEM = /^(?:(?:but|and|so|yes|yeah|well)[,\s]+)*(?:that|this|it)(?:'s|\s+is)\s+(?:the\s+|a\s+|our\s+)?(?:real\s+|big\s+|main\s+|actual\s+|whole\s+)?(?:gap|problem|issue|bottleneck|catch)\b/i
const KO_NAMED_PROBLEM = /^(?:그게|그건|이게|이건)\s+(?:진짜\s+|제일\s+|큰\s+)?(?:문제|구멍|병목)/
// "랜딩 페이지 개발이 아직 시작도 안 됐습니다", "the vendor still hasn't sent the contract": work that has not
// started or arrived while the plan counts on it. Not a choice still open ("아직 못 정했는데"): that is an open point.
const KO_NOT_YET = /아직\s+(?:\S+\s+){0,2}?(?:안|못)\s*(?!정|결정|확정)\S+|아직\s+\S*(?<!정하|결정되|확정되|정해)지\s*(?:않|못)/
const EN_NOT_YET = /\b(?:still\s+(?:hasn't|haven't|isn't|aren't|has not|have not|is not|are not|doesn't|don't)\s+(?:been\s+)?(?:started|begun|arrived|landed|sent|shipped|delivered|come in|ready|signed)|(?:hasn't|haven't|has not|have not|isn't|aren't)\s+(?:even\s+)?(?:started|begun|arrived|landed|come in)\s+(?:yet)?)\b/i

/** Whether the clause states a threat by its form (see the module comment). */
export function statesThreat (clause: string): boolean {
  if (KO_RISK_FRAME.test(clause) || EN_RISK_FRAME.test(clause) || EN_NAMED_PROBLEM.test(clause.trim()) || KO_NAMED_PROBLEM.test(clause.trim())) return true
  if (hasHangul(clause)) {
    if (KO_NOT_YET.test(clause)) return true
    if (KO_NEGATED.test(clause.trim())) return false
    return (KO_FAILING.test(clause) && !/(?:했|됐|었|았)(?:습니다|어요|음|다)?[.!]?$/.test(clause.trim())) || KO_CANNOT_FINISH.test(clause) ||
      doubtsEvent(clause)
  }
  if (EN_NOT_YET.test(clause)) return true
  if (EN_NEGATED.test(clause)) return false
  return EN_MODAL_FAILURE.test(clause) || EN_PRESENT_FAILURE.test(clause) || EN_MISFIT.test(clause) || EN_DOUBT.test(clause)
}

/**
 * Whether a Korean -ㄹ지 clause doubts an event rather than leaving a choice open: "심사 결과가
 * …날지는 모르겠어요" (the result is the subject) is a risk, "…갱신할지 아직 모르겠어요" (nobody
 * but the group renews) is an open point.
 */
export function doubtsEvent (clause: string): boolean {
  if (!hasHangul(clause)) return false
  const doubt = KO_EVENT_DOUBT.exec(clause) ?? KO_OUTCOME_DOUBT.exec(clause)
  if (doubt === null || /(?:는데|지만|고)\s+\S*지(?:는|도)?\s+(?:아직\s+)?(?:모르|몰라)/.test(clause)) return false
  const [, subject, verbEnd, particle] = KO_DOUBTED_FORM.exec(doubt[0]) ?? []
  // "누가 열어 뒀는지", "결제가 됐는지" ask what is or was so, a fact to find out; only what is to come
  // ("날지", "될지") doubts an event. "누가 …할지" asks for an owner.
  if (koreanIndirectQuestion(verbEnd) !== 'prospect' || (subject !== undefined && KO_WHO_OR_WHAT.test(subject))) return false
  // "다시 올지도 몰라요": -ㄹ지도 모르다 says a thing may happen, a threat only when what may happen is a failure ("안 나올지도").
  return particle !== '도' || /(?:^|\s)(?:안|못)\s/.test(clause)
}
// The doubted verb's last syllable and the particle on -지, and the subject where the form has one.
const KO_DOUBTED_FORM = /^(?:(\S+[이가])\s+)?.*([\uAC00-\uD7A3])지(는|도)?\s+(?:아직\s+|잘\s+)?(?:모르|몰라|모름|미지수)/
const KO_WHO_OR_WHAT = /^(?:누가|뭐가|무엇이|어디가|어느\s*게|언제가)$/

// A clause whose subject is a demonstrative ("That's a real risk", "That is tight", "그게 문제예요")
// speaks of the sentence before it.
const OPENERS = String.raw`(?:(?:but|and|so|yes|yeah|well|ok|okay|agreed|right|fine|good|great)[,\s]+)*`
const ANAPHORIC = new RegExp(String.raw`^${OPENERS}(?:that|this|it)(?:'s|\s+is|\s+could|\s+would|\s+might|\s+will)\b|^(?:그게|그건|그거|이게|이건|이거)\s`, 'i')
const DEMONSTRATIVE_SUBJECT = new RegExp(String.raw`^${OPENERS}(?:that|this|it)(?:'s|\s+is)?\s*|^(?:그게|그건|그거|이게|이건|이거)\s+`, 'i')

/** Whether the clause speaks of the sentence before it by a demonstrative subject. */
export function pointsBack (clause: string): boolean {
  return ANAPHORIC.test(clause.trim())
}

/**
 * The threat a clause names, with the sentence before it in place of a demonstrative subject:
 * "That is tight if legal takes two weeks" after "The signing target is the end of the month"
 * → "The signing target is the end of the month: tight if legal takes two weeks".
 */
export function threatSubject (clause: string, before: string | undefined): string {
  // "그건 걱정이네요", "That's a worry": the clause only calls what was said a risk.
  return withAntecedent(clause, before, { onlyNames: (rest) => [...contentStems(rest)].every((stem) => isRisk(stem)) })
}

/**
 * A clause with the sentence before it in place of its demonstrative subject: "Agreed, that's our
 * standing rule" after "Someone stays at the gate and relays" → "Someone stays at the gate
 * and relays: our standing rule" (`restFirst`: "our standing rule: Someone stays …"). Where the
 * rest of the clause only names what kind of thing was said (`onlyNames`), the sentence before is all there is.
 */
export function withAntecedent (clause: string, before: string | undefined, { onlyNames = () => false, restFirst = false }: { onlyNames?: (rest: string) => boolean, restFirst?: boolean } = {}): string {
  const text = clause.trim()
  if (before === undefined || !ANAPHORIC.test(text)) return text
  const rest = text.replace(DEMONSTRATIVE_SUBJECT, '').replace(/[.!。~]+$/u, '')
  const antecedent = before.trim().replace(/[.!。~]+$/u, '')
  if (contentStems(rest).size > 0 && onlyNames(rest)) return antecedent
  return restFirst ? `${rest}: ${antecedent}` : `${antecedent}: ${rest}`
}
