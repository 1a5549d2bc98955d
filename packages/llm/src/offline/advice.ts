import { josa } from 'es-hangul'
import { hasHangul } from '../text/words.ts'
import { KOREAN_SPOKEN_OPENER, KOREAN_YES } from '../text/stop-words.ts'
import { KOREAN_CONNECTIVE_ENDING } from '../text/korean-titles.ts'
import { todoTitle } from './todos.ts'
import { inPastTense, koreanIndirectQuestion } from './speech-acts/index.ts'
import { formalHortative } from './speech-acts/korean.ts'

/*
 * Live advice phrased from what a sentence does: the action, the question's topic, what was
 * decided or the threat named, cut out of the sentence by its grammatical form and put into a
 * sentence a participant can act on. The sentence itself travels beside it as the evidence.
 * Every function here reads one sentence: the cost is its length.
 */

export type Language = 'ko' | 'en'

export const MAX_WORDS = 14

/** At most MAX_WORDS words, an ellipsis where cut; no final punctuation. */
function shorten (text: string): string {
  const words = text.trim().replace(/[\s.!?？。,;:]+$/u, '').split(/\s+/)
  return words.length <= MAX_WORDS ? words.join(' ') : `${words.slice(0, MAX_WORDS).join(' ')}…`
}

const lowerFirst = (text: string): string => /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text

// ---------------------------------------------------------------------------------- English

// "… needs to be updated", "… should be signed off": the doer is left out, the subject is what is acted on.
const EN_PASSIVE_DUTY = /^(?:(?:and|so|but|also)\s+)?(.+?)\s+(?:needs?|has|have|should|must|ought)\s+(?:to\s+)?(?:still\s+)?be\s+([a-z]+(?:ed|en|t))\b(.*)$/i

// A reason or condition after the action ("… before launch because the SDK collects …") is not part of it.
const EN_REASON = /(?:,\s*|\s+)(?:because|since|so that|as soon as|once|unless|although|though|given that|which|if|as|otherwise|or else)\b.*$/i

const EN_DUTY_VERB = /\b(?:should|must|needs? to|ha(?:s|ve) to|ought to)\s+(?:also\s+|still\s+|really\s+|probably\s+)?(?!be\b|have\b)([a-z][\s\S]*?)[.!]?$/i

/** The action as a verb phrase after "who will": from the clause's reading, else from the engine's todo title. */
export function englishAction (sentence: string, clauseAction: string | undefined): string | undefined {
  const passive = EN_PASSIVE_DUTY.exec(sentence.trim())
  if (passive !== undefined && passive !== null && (clauseAction === undefined || /^be\b/.test(clauseAction))) {
    // "The venue is booked, and the catering order has to be confirmed": the subject is the last clause's.
    const subject = passive[1]!.split(/(?:,|;)\s*(?:and|but|so)?\s+/i).at(-1)!
    return shorten(`get ${lowerFirst(subject)} ${passive[2]!}${passive[3]!}`)
  }
  if (clauseAction !== undefined && !/^(?:be|been|have|do)\b/.test(clauseAction)) return shorten(clauseAction.replace(EN_REASON, ''))
  const title = todoTitle(sentence)
  if (title !== undefined) return shorten(lowerFirst(title.replace(/\s*\([^)]*\)$/, '')))
  // "Someone should also reply to the beta testers, they are waiting": the verb phrase after the modal of duty.
  const duty = EN_DUTY_VERB.exec(sentence.trim())?.[1]
  return duty === undefined ? undefined : shorten(duty.replace(/,\s.*$/, '').replace(EN_REASON, ''))
}

const EN_PROPOSAL_QUESTION = /^(?:what if|what about|how about|why don't|why not)\b/i
// Interrogatives that can open an embedded question as they stand ("who will own the migration").
const EN_WH = /^(?:who|whom|whose|what|which|when|where|why|how)\b/i
// A yes/no question: auxiliary, then a pronoun subject ("do we have …" → "whether we have …").
const EN_YES_NO = /^(do|does|did|is|are|was|were|will|would|can|could|should|shall|has|have|had)\s+(we|you|they|i|it|he|she|there|this|that|everyone|anyone)\b\s*(.*)$/i

/** The question as an embedded clause ("who will own the migration", "whether we have a date"), if its form allows. */
function embeddedQuestion (question: string): string | undefined {
  const text = question.trim().replace(/^(?:(?:so|and|but|also|ok|okay|then|quick question)[,\s]+)+/i, '').replace(/[\s?？.!]+$/u, '')
  // "What if we print the badges ourselves?", "How about Friday?": a proposal in a question's form, no question to embed.
  if (EN_PROPOSAL_QUESTION.test(text)) return undefined
  if (EN_WH.test(text)) return lowerFirst(text)
  const yesNo = EN_YES_NO.exec(text)
  if (yesNo === null) return undefined
  const [, auxiliary, subject, rest] = yesNo as unknown as [string, string, string, string]
  const aux = auxiliary.toLowerCase()
  const who = subject === 'I' || subject === 'i' ? 'we' : subject.toLowerCase()
  // "do we have" → "we have"; "can we ship" → "we can ship".
  return /^do|did|does$/.test(aux) ? `whether ${who} ${rest}` : `whether ${who} ${aux} ${rest}`
}

// What says that something was settled, or proposed before the assent that settled it ("We should cap the
// workshop at twenty people." ← "Agreed."): the decision is what follows.
const EN_DECISION_FRAME = /^(?:(?:so|ok|okay|then|alright|right|and|fine)[,\s]+)*(?:decided|decision|agreed|approved)\s*[:\-–]\s*|^(?:(?:so|ok|okay|then|alright|right|and|fine)[,\s]+)*(?:(?:we|everyone|the team|all of us|they|I think we)(?:'ve| have)?\s+(?:all\s+|just\s+)?(?:agreed|decided|agree|decide|settled|chose|choose|approved|confirmed)(?:\s+(?:on|to|that))?|let's|let us|(?:I think\s+)?we\s+(?:should|could|can|will|must)|we'll)\s+/i

const EN_RISK_FRAME = /^(?:(?:but|and|so|also|one thing)[,\s]+)*(?:(?:there(?:'s| is) a|the (?:main |big |biggest )?|my |our |one )?(?:risk|concern|worry|blocker)(?: here)?\s*(?:is|:)?\s*(?:that\s+)?|(?:i'm|i am|we're|we are)\s+(?:a bit |really |quite )?(?:worried|concerned)\s+(?:that|about)\s+|(?:what|the thing that|one thing that)\s+(?:worries|concerns|scares|bothers)\s+(?:me|us)(?:\s+most)?\s+is\s+(?:that\s+)?)/i

// A duty to settle something followed by what is to be settled: "need to decide whether …", "have to figure out who …".
// Or one said to be still unsettled: "we still haven't decided who covers on-call".
const EN_OPEN_DUTY = /\b(?:(?:need|needs|have|has|got|must|should)\s+(?:to\s+)?(?:still\s+)?(?:settle|decide|figure out|find out|agree(?:\s+on)?|confirm|work out|determine|clarify|check|sort out|pin down)|(?:haven't|have not|hasn't|has not|didn't|did not|not|never)\s+(?:yet\s+)?(?:decided|settled|agreed(?:\s+on)?|figured out|worked out|confirmed|determined|clarified)|(?:not sure|unsure|don't know|do not know|unclear|no idea|undecided))\s+((?:whether|if|who|what|which|when|where|how)\b.+)$/i
// An indirect question (-ㄹ지, -는지, -인지) before a verb of settling it under a duty or as still open;
// "…괜찮을지 몰라도", "…될지 모르지만" concede it on the way to another point; "…올지도 몰라요" says it may happen.
const KO_OPEN_DUTY = /^(.*\S(?:지|지를|지도|지는))\s+(?:먼저\s+|빨리\s+|아직\s+|잘\s+)?(?:정해야|결정해야|확인해야|논의해야|합의해야|정하지|결정하지|정해지지|확정해야|정리해야|(?<!지도\s+(?:\S+\s+)?)(?:모르(?!겠지만|지만)|몰라(?!도)|미정))/

/**
 * What is to be settled, when the sentence says a question must be settled rather than asking
 * it: "whether we keep guest checkout", "게스트 결제를 유지할지".
 */
export function embeddedOpenQuestion (clause: string): string | undefined {
  if (hasHangul(clause)) {
    const korean = KO_OPEN_DUTY.exec(clause.trim())?.[1]?.replace(/^(?:그리고|그럼|또|또한|일단|우선|그리고 또)\s+/, '').replace(/(?:를|도|는)$/, '')
    return korean === undefined || korean.trim() === '' ? undefined : korean.trim()
  }
  const english = EN_OPEN_DUTY.exec(clause.trim())?.[1]
  return english === undefined ? undefined : english.replace(/^if\b/i, 'whether').replace(/[\s.!?]+$/u, '')
}

/**
 * A question about who does something, as the thing to be done: "Who will own the migration?" →
 * "who will own the migration"; "랜딩 페이지 일정을 누가 요청하죠?" → "랜딩 페이지 일정". Undefined for other questions.
 */
export function ownerQuestion (question: string): string | undefined {
  if (hasHangul(question)) return /(?:^|\s)(?:누가|누구)(?=\s|$)/.test(question) ? koreanObject(question) : undefined
  const text = question.trim().replace(/^(?:(?:so|and|but|also|ok|okay|then)[,\s]+)+/i, '').replace(/[\s?？.!]+$/u, '').replace(EN_TRAILING_ADVERB, '')
  if (!/^who\s+\w/i.test(text)) return undefined
  // "who can draft a saved reply" → "draft a saved reply"; "who owns the migration" → "own the migration":
  // the task in the base form, so the advice says it in its own words rather than repeating the question.
  const modal = /^who\s+(?:will|is going to|'s going to|can|could|should|wants to)\s+(.+)$/i.exec(text)?.[1]
  if (modal !== undefined) return modal
  const finite = /^who\s+(?!(?:is|was|has|does)\b)(\w+?s)\s+(.+)$/i.exec(text)
  if (finite === null) return undefined
  return `${baseForm(finite[1]!)} ${finite[2]!}`
}

// A sentence adverb after a comma at the end ("Who changes the log retention, though?") is not part of the task.
const EN_TRAILING_ADVERB = /,\s*(?:though|then|anyway|again|too|exactly|actually|now)$/i

/**
 * The base form of a third-person present verb: -es comes off only after a sibilant or -o
 * (fixes → fix, goes → go), -ies becomes -y (copies → copy), else -s comes off (changes → change, owns → own).
 */
export function baseForm (verb: string): string {
  if (/ies$/i.test(verb)) return verb.replace(/ies$/i, 'y')
  if (/(?:sh|ch|ss|x|z|o)es$/i.test(verb)) return verb.slice(0, -2)
  return verb.replace(/s$/i, '')
}

// "The new escalation policy isn't decided yet", "we haven't agreed on the launch date": what is still unsettled.
const EN_UNSETTLED = /^(?:(?:and|but|so|also|still)[,\s]+)*(.+?)\s+(?:is|are|has|have)(?:\s+still)?\s*(?:n't|not)\s+(?:been\s+)?(?:yet\s+)?(?:decided|settled|agreed(?:\s+on)?|confirmed|finali[sz]ed|signed off|approved|fixed)\b/i
const EN_UNSETTLED_OBJECT = /\b(?:haven't|have not|hasn't|has not|didn't|did not)\s+(?:yet\s+)?(?:decided|settled|agreed on|confirmed|finali[sz]ed|picked|chosen)\s+((?:the|a|an|our|which|on)\b.+)$/i
// "강제 업데이트 여부는 아직 결정되지 않았습니다", "출시일이 아직 안 정해졌어요": the topic or subject before the unsettled predicate.
const KO_UNSETTLED = /^(.+?)(?:은|는|이|가)\s+(?:아직\s+)?(?:(?:결정|확정|합의|정해|정리)(?:되|하)?지\s*(?:않|못)|안\s+(?:정해|결정|확정)|미정|미확정|못\s+정)/

/**
 * What a sentence says is not settled yet, as a noun phrase: "the new escalation policy for
 * enterprise customers", "강제 업데이트 여부". Undefined when the sentence names nothing.
 */
export function unsettledSubject (clause: string): string | undefined {
  const text = clause.trim().replace(/[.!。~]+$/u, '')
  if (hasHangul(text)) {
    const subject = KO_UNSETTLED.exec(text)?.[1]?.replace(KO_OPENER, '').trim()
    return subject === undefined || subject === '' || /^(?:그건|그거|이건|이거|그게|이게)$/.test(subject) ? undefined : subject
  }
  const english = (EN_UNSETTLED.exec(text)?.[1] ?? EN_UNSETTLED_OBJECT.exec(text)?.[1])?.replace(/^on\s+/i, '').replace(/,.*$/, '').trim()
  if (english === undefined || /^(?:it|this|that|we|they|i|you|nothing|anything)$/i.test(english)) return undefined
  return lowerFirst(english)
}

// "We still don't have anyone for the New Year's Eve shift", "nobody has taken the release notes": a duty with nobody to do it
// ("nobody is on the call yet" only says who has joined).
const EN_NOBODY_FOR = /\b(?:(?:do|does|did)(?:n't|\s+not)\s+(?:yet\s+)?have|(?:have|has|got)\s+no|there(?:'s|\s+is)\s+no|haven't\s+got)\s+(?:anyone|anybody|someone|one|an owner|a volunteer|cover)\s+(?:yet\s+)?for\s+(.+)$|\b(?:no one|nobody|no-one)\s+(?:is\s+|has\s+)?(?:for|covering|owns|signed up for|taken)\s+(.+)$/i
// "신규 채널 운영 담당자가 아직 없어요", "회고 진행할 사람이 없습니다": the topic before a missing person.
const KO_NOBODY_FOR = /^(.+?)\s*(?:담당자?|맡을\s*사람|할\s*사람|진행자)(?:이|가|는)?\s+(?:아직\s+)?(?:없|미정|안\s*정해)/

/**
 * What a sentence says nobody is there for, as a noun phrase ("the New Year's Eve shift", "신규 채널 운영");
 * undefined when the sentence says no such thing.
 */
export function unstaffedDuty (clause: string): string | undefined {
  const text = clause.trim().replace(/[.!。~]+$/u, '')
  if (hasHangul(text)) {
    const topic = KO_NOBODY_FOR.exec(text)?.[1]?.replace(KO_OPENER, '').replace(/(?:은|는|의)$/, '').trim()
    return topic === undefined || topic === '' || vaguePhrase(topic) ? undefined : topic
  }
  const match = EN_NOBODY_FOR.exec(text)
  const thing = (match?.[1] ?? match?.[2])?.replace(EN_REASON, '').replace(/,.*$/, '').replace(/\s+(?:yet|still|either|right now|at the moment)$/i, '').trim()
  return thing === undefined || thing === '' || vaguePhrase(thing) ? undefined : thing
}

// "We also need a game day to rehearse a gateway failure": a need for something nobody has taken on.
const EN_NEED_THING = /^(?:(?:and|but|so|also)[,\s]+)*(?:we|the team|they)\s+(?:also\s+|still\s+|really\s+)?need\s+((?:a|an|the|some|more|another)\s+.+)$/i

/** What a "we need a …" sentence asks for, as a noun phrase; undefined for other sentences. */
export function neededThing (clause: string): string | undefined {
  const thing = EN_NEED_THING.exec(clause.trim().replace(/[.!]+$/u, ''))?.[1]
  return thing === undefined ? undefined : shorten(thing.replace(EN_REASON, ''))
}

// A definite noun phrase (one or two words) and a to-infinitive: someone else to do something.
const EN_DOER_TO = /^the\s+[\w-]+(?:\s+[\w-]+)?\s+to\s+\w+/i

// A pronoun that stands for what was said before: advice built on it names nothing.
const EN_PRONOUN_OBJECT = /^(?:who\s+(?:\w+\s+)?)?\w+\s+(?:that|it|this|them|those|these)(?:\s+(?:out|up|over|off|offline|later|again|now|today|first))*$/i
const EN_ENDS_IN_PRONOUN = /\b(?:that|it|this|them|those|these)$/i
const KO_PRONOUN = /^(?:그|이|저)(?:분|분들|거|것|건|게|쪽|사람|사람들|런\s*거|부분|얘기)$|^(?:그거|이거|저거|거기|여기)/

/**
 * Whether a phrase cut out of a sentence for advice stands only for something said before
 * ("figure that out offline", "who there owns it", "그분들", "그거"): advice on it would name nothing.
 */
export function vaguePhrase (phrase: string): boolean {
  const text = phrase.trim().replace(/[\s.!?？]+$/u, '')
  if (hasHangul(text)) return KO_PRONOUN.test(text)
  // "(the part is on order,) not sure when": an interrogative alone names nothing to settle.
  return /^(?:when|who|how|why|what|where|which|whether|if)$/i.test(text) || EN_PRONOUN_OBJECT.test(text) || (EN_ENDS_IN_PRONOUN.test(text) && text.split(/\s+/).filter((w) => w.length > 3 && !/^(?:that|this|them|those|these|there|which|whether|where)$/i.test(w)).length < 2)
}

/**
 * Whether an open point asks what is or was so, a fact to find out, rather than what is to be done:
 * "누가 열어 뒀는지", "포함되는지" (-는지, -ㄴ지) against "누가 할지" (-ㄹ지); "who left it open"
 * against "who covers on-call".
 */
export function asksWhatHappened (point: string): boolean {
  if (hasHangul(point)) return koreanIndirectQuestion(/([\uAC00-\uD7A3])지$/.exec(point)?.[1]) === 'fact'
  return inPastTense(point)
}

/** The topic a Korean question is about, when it names one ("배포 일정은 언제로 할까요?" → "배포 일정"). */
export function koreanQuestionTopic (question: string): string | undefined {
  return koreanTopic(question)
}

const english = {
  owner: (action: string) => `Decide who will ${action}`,
  question: (question: string) => {
    const embedded = embeddedQuestion(question)
    return embedded === undefined ? `Get an answer before moving on: ${shorten(question)}?` : `Get an answer on ${shorten(embedded)} before moving on`
  },
  openPoint: (point: string) => asksWhatHappened(point) ? `Find out ${shorten(point)} before moving on` : /^who\b/i.test(point) ? `Decide ${shorten(point)}` : `Settle ${shorten(point)} before moving on`,
  ownerOf: (task: string) => `Name an owner to ${shorten(task)}`,
  unsettled: (subject: string) => `Settle ${shorten(subject)} or name who decides it, and by when`,
  // "We need the landlord to fix the heating": the one named before "to" is to do it, and someone must ask them.
  need: (thing: string) => EN_DOER_TO.test(thing) ? `Decide who will ask ${thing}` : `Decide who will set up ${thing}`,
  unstaffed: (duty: string) => `Find someone for ${shorten(duty)}`,
  decision: (sentence: string) => `Record the decision: ${shorten(sentence.trim().replace(/^(?:(?:yes|yeah|ok|okay|so|right|alright|fine|good|great)[,\s]+)+/i, '').replace(EN_DECISION_FRAME, ''))}`,
  risk: (sentence: string) => `Agree who handles this risk and how: ${shorten(lowerFirst(sentence.trim().replace(EN_RISK_FRAME, '')))}`,
  // "Forty-two chairs booked." ← "I thought we said fifty.": what was said, set against what someone remembers.
  mismatch: (said: string, recalled: string) => `Settle which is right before moving on: ${shorten(lowerFirst(said.trim().replace(/[.!?]+$/, '')))}, or ${shorten(recalled.trim().replace(/[.!?]+$/, ''))}?`,
  // "Record the decision on parking: …": the topic the meeting is on, when the words recorded do not name it.
  onTopic: (content: string, topic: string) => content
    .replace(/^Record the decision: /, `Record the decision on ${topic}: `)
    .replace(/^Agree who handles this risk and how: /, `Agree who handles this risk to ${topic} and how: `)
    .replace(/^(Decide who will .*|Name an owner to .*|Find someone for .*)$/, `$1 (${topic})`)
    .replace(/^Get an answer before moving on: /, `Get an answer on ${topic} before moving on: `)
}

// ---------------------------------------------------------------------------------- Korean

// Clause connectives: the action is in the last clause ("…수집하기 때문에 …업데이트해야 합니다").
const KO_CLAUSE_BREAK = /^.*(?:때문에|니까|는데|지만|해서|어서|아서|돼서|져서|워서|와서|봐서|줘서|려서|쳐서|셔서|므로|면서|으면|하면|되면|고)\s+/
// Obligation and volition endings after a verbal noun or verb stem, and what is left of them.
const KO_ENDING = /\s*(?:(?:을|를)\s*)?(?:해야|하도록|하기로|할|하겠|해|드리|드릴|하|해\s*주|해주|부탁)[\s\S]*$|(?<=[\uAC00-\uD7A3])(?:어야|아야|여야|야)\s*(?:합니다|해요|함|한다|하고|돼요|됩니다|해)[\s\S]*$/

const KO_HORTATIVE_CLOSE = /(?:^|\s)\S*(?:하|해|보|가|두|주|줘|봐)자$/
// A connective or filler opening the sentence ("그리고 …", "네 …"): not part of the action.
// 네 said as yes, the words after it the point ("네 명" is four people).
const KO_YES_WORD = new RegExp(String.raw`^${KOREAN_YES}(?:\s|$)`)
const KO_OPENER = new RegExp(String.raw`^(?:그리고|그럼|그러면|또|또한|일단|우선|아|${KOREAN_YES}|자)\s+`)

/** The action as a short noun phrase ("개인정보 처리방침 업데이트"), or undefined when none reads out. */
export function koreanAction (sentence: string): string | undefined {
  // "비상 방송은 개관 전에 한 번 해 보자", "퇴근 전에 둘이 같이 보자": the group's hortative on a verb names no task to hand out.
  const closing = sentence.trim().replace(/[.!。~]+$/u, '')
  if (KO_HORTATIVE_CLOSE.test(closing) || formalHortative(closing)) return undefined
  if (/[?？]\s*$/.test(sentence) || KO_INTERROGATIVE_WORD.test(sentence)) return koreanObject(sentence)
  const title = todoTitle(sentence)?.replace(/\s*\([^)]*\)$/, '')
  let text = (title ?? sentence).trim().replace(/[.!。~]+$/u, '')
  const lastClause = text.replace(KO_CLAUSE_BREAK, '')
  // The last clause holds the action unless it is the verb alone ("…만들어서 공유").
  if (lastClause.split(/\s+/).length >= 2) text = lastClause
  // "…일정을 맞춰야 할 것 같아요" → "…일정을 맞춰야"; "견적 받아 주세요" → "견적 받아 주": the verb kept as said.
  const verbal = KO_DUTY_VERB.exec(text) ?? KO_REQUEST_VERB.exec(text)
  if (verbal !== null) {
    const kept = text.slice(0, verbal.index + verbal[1]!.length).replace(KO_OPENER, '')
      .replace(/(?:^|\s)(?:제가|저는|내가|나는|저희가)(?=\s)|(?:^|\s)[\uAC00-\uD7A3]{2,4}\s*(?:님|씨)(?:이|가|께서)?(?=\s)/g, ' ').trim()
    const words = kept.split(/\s+/)
    return words.length < 2 ? undefined : lastWords(words)
  }
  if (title === undefined) {
    const cut = text.replace(KO_ENDING, '')
    if (cut === text || cut.trim() === '') return undefined
    text = cut
  }
  text = text.replace(KO_OPENER, '')
  // "처리방침을 업데이트" → "처리방침 업데이트": the object particle before a verbal noun.
  text = text.replace(/(\S+?)(?:을|를)\s+(\S+)$/, '$1 $2')
  const words = text.split(/\s+/).filter((w) => w !== '')
  if (words.length === 0) return undefined
  return lastWords(words)
}

// A counter or bound noun ("번째", "개", "명") needs the number word before it: "세 번째 샘플", never "번째 샘플".
const KO_BOUND_START = /^(?:번째|째|개|명|건|번|차|회|곳|대|장|권|통)(?![\uAC00-\uD7A3])/
// A demonstrative topic ("그건", "이거") stands for what was said before: the action is what follows it.
const KO_DEMONSTRATIVE_TOPIC = /^(?:그건|이건|저건|그거|이거|그게|이게)$/

/** The last six words of a Korean action phrase, from a word that can open one. */
function lastWords (words: readonly string[]): string {
  let start = Math.max(0, words.length - 6)
  while (start > 0 && KO_BOUND_START.test(words[start]!)) start--
  while (start < words.length - 2 && KO_DEMONSTRATIVE_TOPIC.test(words[start]!)) start++
  return words.slice(start).join(' ')
}

const KO_CONNECTIVE_END = new RegExp(`${KOREAN_CONNECTIVE_ENDING}$`)
const KO_INTERROGATIVE_WORD = /(?:^|\s)(?:누가|누구|언제|어디|무엇|뭐|뭘|무슨|어떤|어떻게|왜|얼마|몇|어느)(?=\s|$)/
const KO_PARTICLE_END = /(?<=[\uAC00-\uD7A3])(?:을|를|은|는|이|가|도)$/

/** What a "who takes it?" sentence is about: the noun phrase its object or topic particle marks, before the interrogative. */
function koreanObject (sentence: string): string | undefined {
  const before = sentence.split(KO_INTERROGATIVE_WORD)[0]!.trim().split(/\s+/)
  // "야간 되는 사람 누가 있어요?": -는 and -은 after a verb stem make a modifier, not a topic.
  const at = before.findLastIndex((word, i) => KO_PARTICLE_END.test(word) && !KO_ADNOMINAL.test(word) && !KO_AFTER_ADNOMINAL.test(before[i + 1] ?? ''))
  if (at < 0) return undefined
  const phrase = [before[at]!.replace(KO_PARTICLE_END, '')]
  for (let i = at - 1; i >= 0 && phrase.length < 4; i--) {
    const word = before[i]!
    // A word closed by a particle or by a verb's connective (-고 after a verb: "하고", "했고"; not a noun's 고: "재고", "창고").
    if (!/^[\uAC00-\uD7A3A-Za-z0-9]+$/.test(word) || /(?:을|를|은|는|이|가|에|서|데|면|도|로)$/.test(word) || KO_CONNECTIVE_END.test(word) || /^(?:그리고|그럼|그러면|또|아직|일단|우선)$/.test(word)) break
    phrase.unshift(word)
  }
  return phrase.join(' ')
}

// An obligation ending ("업데이트해야 합니다", "맞춰야 할 것 같아요"), the verb up to -야 captured.
// "단가가 맞아야 해서요": a must-form before -서 gives a reason; it states no duty.
const KO_DUTY_VERB = /([\uAC00-\uD7A3]야)\s*(?:합니다|해요|함|한다|돼요|됩니다|해(?!서)|하고|할\s*(?:것|듯)|하겠|겠)[\s\S]*$/

/** Whether a Korean clause states a duty by its ending ("…업데이트해야 합니다"). */
export function isKoreanDuty (clause: string): boolean {
  return KO_DUTY_VERB.test(clause)
}
const KO_REQUEST_VERB = /([\uAC00-\uD7A3]\s*주)(?:세요|시기 바랍니다|십시오|시겠어요|실래요)[.!]?$/

// Interrogative words and the predicate: the topic is what comes before them.
const KO_INTERROGATIVE = /^(?:누가|누구|언제|어디|어디서|무엇|뭐|뭘|무슨|어떤|어떻게|왜|얼마|몇|어느)/

// A word that ends a clause inside the question ("…해 보면", "…인데요,", "민호야,"): the topic starts after it.
const KO_CLAUSE_END = /(?:[,，]|(?:면|고|서|데|데요|니까|는데|지만|아|야))$/
// -는/-은 after a verb or adjective stem is adnominal ("있는 자료", "했던 일"), not the topic particle; so is
// one before a dependent noun ("보내는 건", "받은 거", "하는 데"), and a name before 님 or 씨 ("다은 님") is no topic.
const KO_ADNOMINAL = /(?:하|되|있|없|않|시|했|됐|였|었|았|겠|려)(?:는|은)$/
const KO_AFTER_ADNOMINAL = /^(?:(?:거|것|건|게|걸|걸로|수|데|동안|때|중|분|적|만큼|대로|듯|줄|지)(?:지|야|예요|에요|죠|요|니|냐|나|가)?(?![\uAC00-\uD7A3])|님|씨)/

/**
 * The noun phrase a Korean question is about ("배포 일정은 언제로 할까요?" → "배포 일정", "남은 좌석이
 * 몇 개죠?" → "남은 좌석", "배너는?" → "배너"): the phrase its topic particle (은/는) marks before the
 * interrogative or the predicate, or the subject or object just before an interrogative word. A
 * yes/no question about an event ("그냥 두면 비용 늘지 않아?") names no such phrase: undefined.
 */
function koreanTopic (question: string): string | undefined {
  const words = question.trim().replace(/[\s?？.!]+$/u, '').split(/\s+/)
  const asking = words.findIndex((word) => KO_INTERROGATIVE.test(word))
  // "배너는?", "로그 보관 기간은요?": the phrase alone, asked about by its particle.
  const elliptical = asking < 0 && /[\uAC00-\uD7A3A-Za-z0-9](?:은|는)요?$/.test(words.at(-1)!)
  const before = asking >= 0 ? words.slice(0, asking) : elliptical ? [...words.slice(0, -1), words.at(-1)!.replace(/요$/, '')] : words.slice(0, -1)
  let at = before.findLastIndex((word, i) => /[\uAC00-\uD7A3A-Za-z0-9](?:은|는)$/.test(word) && !KO_ADNOMINAL.test(word) &&
    !KO_AFTER_ADNOMINAL.test(before[i + 1] ?? words[i + 1] ?? ''))
  if (at < 0 && asking >= 0 && asking === before.length && /[\uAC00-\uD7A3](?:이|가|을|를)$/.test(before.at(-1) ?? '')) at = before.length - 1
  if (at < 0) return undefined
  let from = at
  while (from > 0 && !KO_CLAUSE_END.test(before[from - 1]!) && at - from < 4) from--
  const phrase = before.slice(from, at + 1)
  while (phrase.length > 0 && (/^(?:그럼|그러면|그리고|혹시|근데|그런데|참|아|저|자|음)$/.test(phrase[0]!) || (phrase[0] === '네' && KO_YES_WORD.test(phrase.slice(0, 2).join(' '))))) phrase.shift()
  if (phrase.length === 0) return undefined
  const last = phrase.length - 1
  phrase[last] = phrase[last]!.replace(/(?<=[\uAC00-\uD7A3A-Za-z0-9])(?:에서는|에는|으로는|로는|은|는|이|가|을|를)$/, '')
  const topic = phrase.join(' ').trim()
  return topic === '' ? undefined : topic
}

const KO_DECISION_TAIL = /((?:결정|확정|합의|승인|채택|선정))(?:하겠|했|하였|합|됐|되었|됨|함|해|하죠|하시|입니다)[\s\S]*$|((?:하기|가기|쓰기|기))로\s*(?:했|하였|함|합|해|하죠|하겠|하자|할게)[\s\S]*$|(?<=는)\s*걸로\s*(?:하|합|가|갑|해)[\s\S]*$/
// A choice said as a hortative ("5천만 원으로 가죠", "목요일로 하자", "B안으로 갑시다"): recorded as "…로 결정".
const KO_CHOICE_TAIL = /(로)\s*(?:가죠|하죠|가자|하자|갑시다|합시다|가시죠|하시죠)$/
// Any other hortative -자 ("14일로 미루자", "2.4 버전으로 넘기자"): recorded as "…미루기로 결정".
// Only after a value chosen with -(으)로, as the clause analysis reads it: -자 alone also ends nouns (담당자).
const KO_HORTATIVE_TAIL = /(?<=\S(?:으로|로)\s+(?:\S+\s+)?[\uAC00-\uD7A3]*)([\uAC00-\uD7A3])자$/
// A frame announcing the risk ("걱정되는 부분은 …", "문제는 …", "가장 큰 리스크는 …"): the risk is what follows it.
const KO_RISK_FRAME = /^(?:하나\s+)?(?:걱정되는|우려되는|신경 쓰이는)\s+(?:부분은|건|게|점은|것은)\s+|^(?:가장\s+)?(?:큰\s+)?(?:리스크|위험|문제)(?:는|은)\s+/
const KO_RISK_TAIL = /(?<=(?:리스크|위험|우려|걱정|가능성|문제))(?:이|가)?\s*(?:있|큽|커|됩|돼|생길)[\s\S]*$/

/** Korean object particle by the last syllable; Latin letters and digits take both. */
function withObject (word: string): string {
  return /[\uAC00-\uD7A3]$/.test(word) ? josa(word, '을/를') : `${word}(을)를`
}

const korean = {
  owner: (action: string) => action.endsWith('야') ? `누가 ${action} 할지 정하세요` : action.endsWith('주') ? `누가 ${action}ㄹ지 정하세요`.replace('주ㄹ지', '줄지') : `${withObject(action)} 누가 맡을지 정하세요`,
  question: (question: string) => {
    const topic = koreanTopic(question)
    return topic === undefined ? `넘어가기 전에 이 질문의 답을 정하세요: ${shorten(question)}?` : `넘어가기 전에 ${shorten(topic)}에 대한 답을 정하세요`
  },
  openPoint: (point: string) => `넘어가기 전에 ${shorten(point)} ${asksWhatHappened(point) ? '확인하세요' : '정하세요'}`,
  ownerOf: (object: string) => `${withObject(shorten(object))} 누가 맡을지 정하세요`,
  unsettled: (subject: string) => `${withObject(shorten(subject))} 언제 누가 정할지 정하세요`,
  need: (thing: string) => `${withObject(shorten(thing))} 누가 맡을지 정하세요`,
  unstaffed: (duty: string) => `${shorten(duty)} 맡을 사람을 정하세요`,
  decision: (sentence: string) => {
    // "…가는 걸 제안해요", "…미루는 게 어떨까 해요": a proposal accepted is decided as what it proposed.
    // "제안드리는 게, 격주로 …하는 거예요": the frame of a proposal is not part of what is decided.
    const text = sentence.trim().replace(/[.!。~]+$/u, '').replace(KOREAN_SPOKEN_OPENER, '').replace(/^(?:그래서|그러면|그럼)\s+/, '')
      .replace(/^(?:제가\s+)?제안(?:드리는|하는|드릴)\s*(?:게|건|것은)[,\s]+/u, '')
      .replace(/(?<=[는은])\s*(?:걸|것을|게|것이)\s*(?:제안(?:해요|합니다|드려요|드립니다|해|함)|(?:어떨까|어떨지)\s*(?:해요|합니다|싶어요|싶습니다)|좋겠(?:어요|습니다|다))$/u, ' 것으로 결정')
    const what = text.replace(KO_DECISION_TAIL, (_m, noun: string | undefined, form: string | undefined) => noun ?? (form === undefined ? ' 것으로 결정' : `${form}로 결정`))
      .replace(KO_CHOICE_TAIL, '$1 결정').replace(KO_HORTATIVE_TAIL, '$1기로 결정').trim()
    return `결정 사항을 회의록에 남기세요: ${shorten(what === '' ? text : what)}`
  },
  risk: (sentence: string) => {
    // "걱정되는 부분은 인증서 갱신이 늦어질 수 있다는 점입니다" → "인증서 갱신이 늦어질 수 있다는 점".
    const threat = sentence.trim().replace(/[.!。~]+$/u, '').replace(KOREAN_SPOKEN_OPENER, '').replace(KO_RISK_FRAME, '')
      .replace(/(다는|라는)\s*점입니다$/, '$1 점').replace(/(?<=[\uAC00-\uD7A3])입니다$/, '')
    return `리스크 대응 방안과 담당자를 정하세요: ${shorten(threat.replace(KO_RISK_TAIL, ''))}`
  },
  mismatch: (said: string, recalled: string) => `넘어가기 전에 어느 쪽이 맞는지 확인하세요: ${shorten(said.trim().replace(/[.!?？]+$/u, ''))} / ${shorten(recalled.trim().replace(/[.!?？]+$/u, ''))}`,
  // "주차 결정 사항을 …", "전단지는 누가 새로 만들지 정하세요": the topic as a compound's first noun, or as the topic of whom to name.
  onTopic: (content: string, topic: string) => {
    if (/^(?:결정 사항을 회의록에 남기세요|리스크 대응 방안과 담당자를 정하세요): /.test(content)) return `${topic} ${content}`
    if (/^누가 .+지 정하세요$|누가 맡을지 정하세요$|맡을 사람을 정하세요$/.test(content)) return `${josa(topic, '은/는')} ${content}`
    return content.replace(/^넘어가기 전에 이 질문의 답을 정하세요: /, `넘어가기 전에 ${topic} 관련 질문의 답을 정하세요: `)
  }
}

export const ADVICE: Record<Language, typeof english> = { en: english, ko: korean }

/** The action of a sentence in the meeting's language's form (verb phrase in English, noun phrase in Korean). */
export function actionPhrase (sentence: string, clauseAction: string | undefined, sentenceIsKorean: boolean): string | undefined {
  return sentenceIsKorean ? koreanAction(sentence) : englishAction(sentence, clauseAction)
}
