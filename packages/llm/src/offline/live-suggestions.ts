import type { Segment } from '@meeting-ai/contracts'
import type { SuggestionDraft } from '../engine.ts'
import { matchKeys, overlap, stemSimilarity, NEAR_DUPLICATE } from '../text/similarity.ts'
import { splitSentences } from '../text/sentences.ts'
import { contentStems, hasHangul } from '../text/words.ts'
import { MONTH_NAME, WEEKDAY_NAME } from '../text/calendar.ts'
import { koreanNameForms } from '../text/korean-titles.ts'
import { isDecision, isMeetingProcedure, isQuestion, isRecapOrLogistics, isRisk } from './cues.ts'
import { ADVICE, MAX_WORDS, actionPhrase, asksWhatHappened, embeddedOpenQuestion, isKoreanDuty, koreanQuestionTopic, neededThing, ownerQuestion, unsettledSubject, unstaffedDuty, vaguePhrase } from './advice.ts'
import { doubtsEvent, pointsBack, statesThreat, threatensIfNot, threatSubject, withAntecedent } from './threats.ts'
import { analyseClauses, decisionStance, isNounPhrase, isVerbless, opensOnActionVerb, type Clause } from './speech-acts/index.ts'
import { KO_FIRST_PERSON, koreanClosesOnVerb } from './speech-acts/korean.ts'

export interface Spoken {
  text: string
  speaker: string
  position: number
}

const KIND_ORDER = ['question', 'action', 'decision', 'risk']

function quote (text: string): string {
  const trimmed = text.trim()
  return trimmed.length > 160 ? `${trimmed.slice(0, 157)}…` : trimmed
}

/** Index of the first entry of an ascending list that is greater than `after`. */
function firstAfter (list: readonly number[], after: number): number {
  let low = 0
  let high = list.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (list[middle]! <= after) low = middle + 1
    else high = middle
  }
  return low
}

// The first range searched after a question, in sentences; it doubles until an answer is found.
const FIRST_REACH = 8

/**
 * Whether a later statement by someone else on the same subject (sharing one stem with a
 * question of one or two stems, two with a longer one), not itself a question, answers each
 * question.
 *
 * Only whether such a statement exists matters, so each question reads the statements after
 * its speaker's run nearest first, over a range that doubles, and stops at the first answer:
 * the cost is the distance to the answer, not every later statement (which made a window of
 * long segments grow with the square of their length). A statement sharing two stems is listed
 * under at least one of them besides the commonest, so that stem's long list is not read. A
 * question nobody answers still reads the later statements under its other stems; those are
 * few (2 % of the questions of a window of 10,000-character segments).
 */
export function answeredQuestions (spoken: readonly Spoken[]): Set<number> {
  const stems = spoken.map((s) => contentStems(s.text))
  const asks = spoken.map((s) => isQuestion(s.text))
  // Statements by key, under the keys some question looks up only (most of a window's words
  // are in no question).
  const statementsByKey = new Map<string, number[]>()
  spoken.forEach((_, i) => {
    if (asks[i] === true) for (const stem of stems[i]!) for (const key of matchKeys(stem)) statementsByKey.set(key, [])
  })
  if (statementsByKey.size === 0) return new Set()
  spoken.forEach((_, j) => {
    if (asks[j] === true) return
    for (const stem of stems[j]!) {
      for (const key of matchKeys(stem)) {
        const list = statementsByKey.get(key)
        if (list !== undefined && list[list.length - 1] !== j) list.push(j)
      }
    }
  })
  // sameSpeakerUntil[i]: the last sentence of the run by i's speaker that i is in (a segment of
  // speech is one speaker's sentences): nothing in it answers i, so the search starts after it.
  const sameSpeakerUntil = new Int32Array(spoken.length)
  for (let i = spoken.length - 1; i >= 0; i--) {
    sameSpeakerUntil[i] = i + 1 < spoken.length && spoken[i + 1]!.speaker === spoken[i]!.speaker ? sameSpeakerUntil[i + 1]! : i
  }
  const answered = new Set<number>()
  // checkedFor[j] = 1 + the question statement j was last checked against, so it is checked once.
  const checkedFor = new Int32Array(spoken.length)
  spoken.forEach((question, i) => {
    if (asks[i] !== true) return
    const questionStems = stems[i]!
    const after = sameSpeakerUntil[i]!
    const needed = questionStems.size <= 2 ? 1 : 2
    const byStem = [...questionStems].map((stem) => {
      const cursors: Array<{ list: number[], next: number }> = []
      let later = 0
      for (const key of matchKeys(stem)) {
        const list = statementsByKey.get(key)!
        const next = firstAfter(list, after)
        if (next < list.length) cursors.push({ list, next })
        later += list.length - next
      }
      return { cursors, later }
    }).sort((a, b) => a.later - b.later)
    let cursors = byStem.slice(0, byStem.length - (needed - 1)).flatMap((s) => s.cursors)
    for (let reach = after + FIRST_REACH; cursors.length > 0; reach = after + 2 * (reach - after)) {
      for (const cursor of cursors) {
        const { list } = cursor
        while (cursor.next < list.length && list[cursor.next]! <= reach) {
          const j = list[cursor.next++]!
          if (checkedFor[j] === i + 1) continue
          checkedFor[j] = i + 1
          if (spoken[j]!.speaker !== question.speaker && overlap(questionStems, stems[j]!) >= needed) {
            answered.add(i)
            return
          }
        }
      }
      cursors = cursors.filter((cursor) => cursor.next < cursor.list.length)
    }
  })
  return answered
}

// The words every piece of advice of a kind shares ("get", "answer", "decide", "정하세요").
const TEMPLATE_STEMS: ReadonlySet<string> = new Set(Object.values(ADVICE).flatMap((phrases) =>
  Object.values(phrases).flatMap((phrase: (subject: string, other: string) => string) => [...contentStems(phrase('x', 'x')), ...contentStems(phrase('what do we have?', 'what do we have?'))])))

/** The stems of an advice less its template's, so that two pieces of advice compare by what they are about. */
function adviceStems (content: string): ReadonlySet<string> {
  const stems = new Set<string>()
  for (const stem of contentStems(content)) if (!TEMPLATE_STEMS.has(stem)) stems.add(stem)
  return stems.size === 0 ? contentStems(content) : stems
}
/**
 * Whether two pieces of advice are about the same subject: most of their words alike, or the
 * words of one (two at least) nearly all in the other ("Decide who will update the privacy
 * policy" and "Agree who handles this risk: the privacy policy update may slip").
 */
function sameSubject (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (stemSimilarity(a, b) >= NEAR_DUPLICATE) return true
  const shared = overlap(a, b)
  return shared >= 2 && shared / Math.min(a.size, b.size) >= SUBJECT_CONTAINED
}
// Share of the smaller advice's words that the other must hold to be about the same subject.
const SUBJECT_CONTAINED = 0.8
const takesAction = (c: Clause): boolean => (c.act === 'commitment' || c.act === 'request') && !c.negated && !c.uncertain
// Someone in particular does it: the speaker, a named person, or the person asked.
const owned = (c: Clause): boolean => c.agent !== undefined && (c.agent.kind === 'speaker' || c.agent.kind === 'named' || c.agent.kind === 'addressee')
// "설문지는 나가실 때 제출하시면 됩니다" (all they need do), "예약 앱 가격도 같이 바꾸셔야 합니다" (the honorific must-form, said to those present),
// "각 지점이 … 붙여 주세요" (each of them): asked of everyone there, so nobody is still to be found.
const KO_ASKED_OF_ALL = /시면\s*(?:됩니다|돼요|되세요)[.!~]?\s*$|셔야\s*(?:합니다|해요|돼요|됩니다)[.!~]?\s*$|(?:^|\s)(?:각|모든|전)\s+\S+(?:이|가|에서|은|는)\s|(?:^|\s)(?:다들|여러분(?:들)?)(?:은|도|이|께서)?\s/
// A duty put to nobody in particular: "someone needs to …", "누군가 …해야".
const SOMEONE_DUTY = /\b(?:someone|somebody)\s+(?:needs?\s+to|has\s+to|must|should|ought\s+to)\b|(?:^|\s)누군가(?:는|가)?\s.*야\s*(?:합니다|해요|돼요|됩니다|해|돼|함)?$/i
// "Someone should …", "We should …", "…업데이트해야 합니다": a duty nobody has taken on.
const EN_DUTY = /\b(?:should|must|need(?:s)? to|ha(?:s|ve) to|ought to)\b/i
// "…쓰기로 하겠습니다", "B안으로 확정하겠습니다" with no person named: the chair settling it for the group.
const KO_GROUP_RESOLVE = /(?:기로|걸로)\s*(?:하겠|하죠|합시다|하자|해요|할게요)|(?:확정|결정|채택|선정)(?:하겠|하죠|합시다|할게요)/
const KO_PERSON = new RegExp(`(?:^|\\s)${KO_FIRST_PERSON}(?=\\s)|[\\uAC00-\\uD7A3]{2,4}\\s*(?:님|씨)(?:이|가|께서)?(?=\\s)`)
// "그건 제가 결정할 수 있는 게 아니라서 …얘기해 봐야 돼요", "저희 보안팀에서 작성해야 하는데": a duty the speaker's side has.
const ownDuty = (c: Clause, sentence: string, korean: boolean): boolean => korean && c.agent?.kind !== 'named' && /(?:^|\s)(?:제가|저는|내가|나는|저희가|저희는|저희\s*\S*(?:에서|팀이))(?=\s|$)/.test(sentence)
const unownedDuty = (c: Clause, korean: boolean): boolean => (c.act === 'opinion' || c.act === 'statement') && !c.negated && !(c.uncertain && !korean) &&
  (korean ? isKoreanDuty(c.text) && c.agent === undefined : EN_DUTY.test(c.text) && (c.agent === undefined || c.agent.kind === 'unknown' || c.agent.kind === 'group'))

// A reply that opens by answering or taking something on: "Yes, …", "Sure", "I can …", "네, …", "제가 …".
const EN_REPLY = /^(?:yes|yeah|yep|yup|sure|no|nope|nah|of course|absolutely|definitely|i can|i'll|i will|i'd|i could|i'm on it|will do|on it|happy to|i think so|i don't think so)\b/i
const KO_REPLY = /^(?:네|넵|예|응|어|아니|아뇨|아니요|그럼요|물론|가능합니다|제가|내가|저희가|저희\s*쪽에서|그건\s*제가)(?=[\s,.!]|$)/
// "다들 들어왔지?", "Anything else?", "막힌 거 더 없지?": a round-the-table check about nobody and nothing in particular.
const EN_ROUND = /^(?:(?:so|and|ok|okay|alright)[,\s]+)*(?:anything|anyone|anybody|any (?:other |more )?(?:questions?|blockers?|updates?|thoughts|comments)|everyone|everybody|all good|questions|thoughts|ready|who's next|(?:honestly,?\s+)?(?:what do (?:you|we|y'all) (?:all |guys )?think|how do (?:you|we) (?:all )?feel)(?: about (?:it|that|this))?(?=\W*$))\b/i
const KO_ROUND = /^(?:(?:그럼|자|이제|그리고)\s+)*(?:다들|모두|혹시\s+)?(?:더|다른|질문|의견|막힌|막히는|다들|모두)(?=\s|$)|(?:없지|없죠|없나요|없어요|없으세요|있나요|있으세요)[?？]?$|^(?:(?:그럼|그래서|솔직히|다들|모두|여러분)\s+)*(?:어때|어때요|어떠세요|어떻습니까|어떻게\s+생각(?:해|해요|하세요|하십니까))[?？]?$/

const HANDS_ON = /^(?:(?:ok|okay|so|and|right|um|hm+)[,\s]+)?(?:\p{Lu}\p{Ll}+|[\uAC00-\uD7A3]{2,4}\s*(?:님|씨)?)\s*[?？]$/u
const EN_TURN_HANDOVER = /^(?:(?:ok|okay|so|and|right)[,\s]+)?\p{Lu}\p{Ll}+,\s+(?:the\s+)?[\p{L}-]+(?:\s+[\p{L}-]+)?\s*[?？]$/u
// "I don't know, maybe thirty a week?", "글쎄요, 한 열 명?": a guess offered with a rising tone answers; it asks nothing.
const EN_GUESS = /^(?:(?:well|um|uh|erm|hmm|so)[,\s]+)*(?:i\s+(?:don't|do not)\s+know|i'm\s+not\s+sure|not\s+sure|dunno|i\s+guess|i\s+reckon|maybe|probably|perhaps)\b[\s,]/i
const KO_GUESS = /^(?:(?:음|어|그)[,\s]+)*(?:글쎄(?:요)?|아마(?:도)?|잘\s*모르겠(?:는데|지만|어요)?|모르겠(?:는데|지만|어요)?)[\s,]/
// "Is Marguerite joining us?", "Are we waiting for Tomasz?": who has come to the meeting, nothing to settle.
const EN_ATTENDANCE = /^(?:(?:so|and|oh|ok|okay)[,\s]+)*(?:is|are)\s+(?:\p{Lu}[\p{Ll}'-]+|everyone|everybody|we\s+all)\s+(?:coming|here|joining|in\s+today|around|on\s+(?:the\s+call|(?:his|her|their)\s+way))\b|^(?:(?:so|and)[,\s]+)*are\s+we\s+waiting\s+(?:for|on)\s+/iu
// A request to speak, with nothing of its own: "Can I add one thing?", "Could I ask something quickly?", "질문 하나 해도 될까요?".
const EN_FLOOR = /^(?:(?:sorry|so|and|oh|quick question|real quick)[,\s]+)*(?:can|could|may)\s+(?:i|we)\s+(?:just\s+|quickly\s+)?(?:raise|add|ask|mention|say|bring up|jump in|chime in|interrupt|come in)(?:\s+(?:something|anything|one thing|a thing|one more thing|a question|a quick question|a point|quickly|here|for a second))*[\s?.!]*$/i
const KO_FLOOR = /^(?:(?:저|혹시|잠깐|근데)\s+)*(?:(?:하나|한\s*가지|질문\s*하나|한\s*마디)(?:만)?\s+)?(?:말씀드려도|여쭤봐도|여쭤도|질문해도|해도|드려도)\s*(?:될까요|되나요|돼요|되죠|됩니까|돼)[\s?？.!]*$/

/** What the sentences after one say about it: answered or taken up by someone else, or nobody has spoken since. */
export interface Followed {
  /** Another speaker's reply opens by answering or taking it on, or a later statement answers the question. */
  takenUp: boolean
  /** Nobody else has spoken after it yet: the analysis after next sees whether it is answered. */
  awaitingReply: boolean
}

// An assent opening a sentence: "Good idea.", "Agreed on …", "Sounds good", "네, 그렇게 하죠", "좋아요",
// "알겠습니다": the speaker accepts what was just asked, proposed or said.
const EN_ASSENT = /^(?:(?:oh|ah|hmm|well)[,\s]+)?(?:good (?:idea|point|call|question)|great idea|sounds good|makes sense|agreed|agree|yes|yeah|okay|ok|fine|fair|good|great|deal|understood|got it)\b/i
const KO_ASSENT = /^(?:네|예|좋아요|좋습니다|좋아|좋죠|알겠습니다|알겠어요|알겠어|그래요|그러죠|그럽시다|맞아요|맞습니다|오케이|동의)/

// "…, then.", "Put it in the hall then": a clause closed by "then" draws the conclusion of what was said.
const EN_CONCLUDING_THEN = /\bthen[.!]*$/i
// Words that open a turn before its clause: "Right, …", "Okay so …", "Yes, please …".
const EN_TURN_OPENER = /^(?:(?:oh|ah|well|ok(?:ay)?|right|alright|so|and|then|yes|yeah|yep|fine|good|great|please|just)\b[,.!\s]*)*/i

/** An English clause that is an imperative: its action opens it, after words that open a turn, and nobody is named. */
function bareImperative (clause: Clause): boolean {
  if (clause.agent?.kind !== 'unknown' || clause.action === undefined) return false
  const firstWord = clause.action.trim().split(/\s+/)[0]!.toLowerCase()
  return clause.text.trim().replace(EN_TURN_OPENER, '').split(/\s+/)[0]!.toLowerCase() === firstWord
}

function opensWithAssent (text: string): boolean {
  const trimmed = text.trim()
  return EN_ASSENT.test(trimmed) || KO_ASSENT.test(trimmed)
}
// "I'm not sure", "모르겠어요": a reply that says it cannot answer leaves the question open.
const EN_NO_ANSWER = /\b(?:not sure|no idea|don't know|do not know|can't say|unclear|let me check|need to check|haven't (?:heard|checked))\b/i
const KO_NO_ANSWER = /(?:모르|몰라|모름|글쎄|확인해\s*봐야|알아봐야|못\s*들었)/
// "If the printer's fixed by then, yes.": a bare yes or no closing the reply, after its condition.
const EN_CLOSING_YES_NO = /[,;]\s*(?:yes|yeah|yep|sure|no|nope)[.!]?$/i
const KO_CLOSING_YES_NO = /[,]\s*(?:네|예|응|아니요|아뇨|아니)[.!]?$/
// A subject and its auxiliary, after at most a yes or a no: "We could", "Yes, it does", "They haven't".
const EN_SUBJECT_AUXILIARY = String.raw`^(?:(?:yes|yeah|yep|no|nope|well|oh)[,\s]+)?(?:i|we|you|they|it|he|she|that)\s+(?:can|could|will|would|do|does|did|should|might|may|have|has|am|are|is|was|were)(?:n't|\s+not)?`
// "We could.", "It does, yes.", "They haven't.": the subject and its auxiliary alone answer a yes-no question.
const EN_SHORT_ANSWER = new RegExp(String.raw`${EN_SUBJECT_AUXILIARY}(?:[,\s]+(?:yes|yeah|no|though|actually|too))?[.!]?$`, 'i')
// "We can, but it trips anyway", "They do, it's on page two": the short answer opening a longer reply.
const EN_SHORT_ANSWER_OPENING = new RegExp(String.raw`${EN_SUBJECT_AUXILIARY}(?:\s*[,;:]|\s+[-–—]\s|\.\s|\s+(?:but|though|although|and)\b)`, 'i')
const EN_CONFIRMATION_TAG = /,\s*(?:right|correct|yes|no|isn't it|aren't we|don't we|didn't we|wasn't it)\s*\?$/i
const KO_CONFIRMATION_TAG = /(?:맞죠|맞지|맞나요|맞습니까|그렇죠|그치|그렇지|아니죠|아니지)\s*[?？]$/
// "Either way, how's the printer?": a short opener set off by a comma comes before the question word.
const EN_WH_INFO = /^(?:(?:so|and|but|oh|ok|okay)[,\s]+)*(?:[\w']+(?:\s[\w']+)?,\s+)?(?:what|how|where|which|why)\b(?!\s+(?:if|about)\b)/i
// "The new scanner was what, four grand?", "And the deposit is due when?": the interrogative left in place.
const EN_WH_IN_PLACE = /\b(?:what|when|where|how much|how many|how long)\s*(?:[,?？]|$)/i
const ALTERNATIVES = /\sor\s[^?？]*[?？]$|(?:^|\s)아니면\s/i
// "접수 마감은 뭘로 할까요?", "주차는 어떻게 돼요?", "신입 적응은 어때요?": a question for information, answered by the
// statement straight after it.
const KO_WH_INFO = /(?:^|\s)(?:뭐|뭘|뭐가|뭐로|뭘로|무엇|무슨|어떻게|어떤|어디|어디서|어느|왜)(?=\s|[?？]|$)|\S(?:은|는)\s+(?:좀\s+)?(?:어때요|어땠어요|어때|어떠세요|어떠셨어요)[?？]?$/
const KO_ECHO = /^\S+(?:\s\S+)?(?:이요|요)[?？]$/
const KO_TOPIC_ONLY = /^(?:(?:그럼|근데|그리고|아)\s+)?(?:\S+\s+){0,2}\S+(?:은|는)[?？]$/
// A question of amount or time ("How much would we save?", "몇 명이에요?", "언제쯤?") is answered by a reply that gives one.
const EN_AMOUNT_QUESTION = /\b(?:how (?:much|many|long|soon|big|often)|when|what time|what date)\b/i
const KO_AMOUNT_QUESTION = /(?:얼마|몇|며칠|언제)/
const ESTIMATE = /(?:정도|쯤|가량|내외|안팎)\s*[?？]$|^(?:(?:um|uh|oh|hmm)[,\s]+)?(?:about|around|roughly|maybe|probably)\s+\S+(?:\s+\S+)?\s*[?？]$/i
// "이천사백이요", "십오만": a Sino-Korean number written in syllables, with a unit syllable (십, 백, 천, 만, 억) in it.
const GIVES_AMOUNT = /\d|(?:^|\s)(?=[일이삼사오육칠팔구]*[십백천만억])[일이삼사오육칠팔구십백천만억]{2,}(?:이요|요|원|이에요|예요|이야|이지|지)?(?=[\s.,!?？]|$)|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|half|dozen|today|tomorrow|tonight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|week|month)s?\b|[일이삼사오육칠팔구십백천만]\s*(?:명|개|건|원|일|주|시간|시|분|퍼센트|%)|(?:^|\s)(?:(?:하나|둘|셋|넷|다섯|여섯|일곱|여덟|아홉)(?=[\s.,!에이도만요]|$)|(?:한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|열한|열두|스무|스물|서른|마흔|쉰)\s*(?:명|개|건|대|번|시간|시|달|군데|곳|팀|조|박스|상자))|(?:오늘|내일|모레|다음\s*주|이번\s*주|[월화수목금토일]요일)/i

/**
 * Whether the first reply by someone else answers question i: it opens by answering or
 * accepting ("Good idea", "좋아요"), gives the amount or time asked for, or (Korean) takes the
 * question's topic as its own (은/는), and does not say it cannot answer. A question about who does something is
 * answered only by someone taking it on (the reply rules of `followed`).
 */
function firstReplyAnswers (question: string, reply: string): boolean {
  const text = reply.trim()
  if (ownerQuestion(question) !== undefined) return false
  const amountAsked = EN_AMOUNT_QUESTION.test(question) || KO_AMOUNT_QUESTION.test(question)
  // "한 20% 정도?", "About thirty?": an amount offered as an estimate, with a question's tone, answers how much.
  if (amountAsked && ESTIMATE.test(text) && GIVES_AMOUNT.test(text)) return true
  if (isQuestion(text) || EN_NO_ANSWER.test(text) || KO_NO_ANSWER.test(text)) return false
  if (opensWithAssent(text) || EN_CLOSING_YES_NO.test(text) || KO_CLOSING_YES_NO.test(text) || (isPolarQuestion(question) && (EN_SHORT_ANSWER.test(text) || EN_SHORT_ANSWER_OPENING.test(text)))) return true
  // "회의실은 3층으로 잡은 거 맞죠?", "…before we print it, right?": a tag asks to confirm what was said, and the
  // statement straight after it by someone else confirms or corrects it.
  if (EN_CONFIRMATION_TAG.test(question.trim()) || KO_CONFIRMATION_TAG.test(question.trim())) return true
  if (amountAsked && GIVES_AMOUNT.test(text)) return true
  // "Do the drivers need a new permit?" ← "Not for vans under 3.5 tonnes.": a yes-no question is
  // answered by the statement straight after it by someone else that says something of its own.
  // In English the statement must speak to it: by a word of the question, or by opening on what was asked about
  // ("It's only the March invoices"); Korean answers drop the subject ("외부 행사는 대상 제외예요").
  if (isPolarQuestion(question) && contentStems(text).size >= 2 && !NOT_YET.test(text) &&
    (hasHangul(text) || EN_ANSWER_OPENING.test(text) || overlap(contentStems(question), contentStems(text)) >= 1)) return true
  // "Is the caterer delivering or are we collecting?" ← "They deliver.": a choice asked between options, taken by the
  // statement after it that names one of them.
  if (ALTERNATIVES.test(question.trim()) && !NOT_YET.test(text) && overlap(contentStems(question), contentStems(text)) >= 1) return true
  // "How was the holiday rush?" ← "Brutal, but good.": a wh-question asks for information, and a statement
  // straight after it by someone else gives it.
  // "…어느 팀이 맡을지도 정해야 하지 않을까요?" asks whether to settle it: the interrogative is inside an indirect question.
  // "So the van goes... which day has the hire firm got?", "Four hundred chairs — where would we store them?": the wh-word opens the last clause.
  const lastClause = question.trim().split(/\.{3}|…|\s[—–-]\s/u).at(-1)!.trim()
  if (EN_WH_INFO.test(question.trim()) || EN_WH_INFO.test(lastClause) || EN_WH_IN_PLACE.test(question.trim()) || (KO_WH_INFO.test(question) && !/지(?:도|는|를|가)?\s/.test(question))) return true
  // "Half past six?", "And the catering?": a few words without a verb echo what was said or ask about a topic;
  // the statement straight after it answers.
  if (!hasHangul(question) && isVerbless(question.trim().replace(/[?？]+$/u, '')) && question.trim().split(/\s+/).length <= 4 && contentStems(text).size > 0) return true
  // "…다음 주에 하면 안 될까요?" ← "그럼 화요일까지로 하죠.": a proposal answered by a decision, the same or another;
  // "…한 달 더 지켜보는 건 어떨까요?" ← "그래, 그렇게 하자.": or by the assent that takes it up.
  if (proposalOf(question) !== undefined && (KO_SETTLING_ASSENT.test(text) || analyseClauses(text).some((c) => c.act === 'decision' && !c.negated))) return true
  // "구성 개선이요?": a one- or two-word echo asks what was just said to be repeated or explained;
  // "배송 지연 건수는?": a topic alone asks what there is to know about it.
  if (KO_ECHO.test(question.trim()) || (KO_TOPIC_ONLY.test(question.trim()) && contentStems(text).size > 0)) return true
  // "15퍼센트 할인은 가능할까요?" ← "15퍼센트는 어렵고요": a reply that opens on the question's topic takes it up.
  const topic = hasHangul(question) ? koreanQuestionTopic(question) : undefined
  // The reply must take it as its own topic (은/는): "배포가 지연될 위험이 있습니다" after "배포 일정은 언제로 할까요?" answers nothing.
  const opening = text.split(/\s+/)[0]!
  return topic !== undefined && /[\uAC00-\uD7A3A-Za-z0-9](?:은|는)$/.test(opening) && overlap(contentStems(topic), contentStems(opening)) >= 1
}

// A question that asks for a choice between named options, or for information by an interrogative word.
const EN_OPEN_QUESTION = /\b(?:or|what|how|where|which|why|who|whom|whose|when)\b/i
const KO_OPEN_QUESTION = /(?:^|\s)(?:누가|누구|언제|어디|무엇|뭐|뭘|뭐가|무슨|어떤|어떻게|왜|얼마|몇|어느|아니면)(?=\s|[?？]|$)|[까요]\s*,\s*\S|(?:어때|어떨|어떠|어떻)/
// "I emailed them, no reply yet", "아직 답이 없어요": the reply says it is still open; "It depends on the
// quote", "Maybe, if …", "시설팀에 물어봐야 알아요": it hedges, and the question stays open.
const NOT_YET = /\b(?:not yet|no\s+(?:\w+\s+)?yet|yet to|still waiting|depends|maybe|perhaps|possibly|probably|might|hard to say|we'll see|need to (?:check|ask|see)|have to (?:check|ask|see))\b|(?:^|\s)(?:아직|아마)(?=\s)|봐야|따라\s*다르|글쎄/i

// "Not for a one-off event", "Only the March invoices", "It's fixed already", "They're on the new version";
// "If it stays under fifty a week, fine": a condition opening the reply answers yes on it.
const EN_ANSWER_OPENING = /^(?:(?:oh|ah|well|um|uh|so|actually)[,\s]+)*(?:not|only|just|already|actually|it|it's|that|that's|this|they|they're|those|there|if)\b/i

/** A yes-no question: no interrogative word and no alternatives ("Do we need …?", "주차권도 지원되나요?"). */
function isPolarQuestion (question: string): boolean {
  const text = question.trim()
  return !(hasHangul(text) ? KO_OPEN_QUESTION : EN_OPEN_QUESTION).test(text) && proposalOf(text) === undefined && embeddedOpenQuestion(text) === undefined
}

/** How the next sentences by other speakers (at most REPLY_REACH of them), and the speaker's own between them, follow sentence i. */
function followed (spoken: readonly Spoken[], i: number, answered: boolean): Followed {
  // The next REPLY_REACH sentences by someone else, and the speaker's own sentences between them, which
  // answer too: "We need the logs compared." ← "Agreed." ← "Then I'll do it."
  const speaker = spoken[i]!.speaker
  const replies: Spoken[] = []
  let others = 0
  for (let k = i + 1; k < spoken.length && others < REPLY_REACH; k++) {
    const sentence = spoken[k]!
    // "Someone needs to book the hall. Anyway, Aisha, you'll run the references?" ← "Yep.": the speaker
    // moved to the next topic before anyone spoke, and replies are about that.
    if (others === 0 && sentence.speaker === speaker && TOPIC_SHIFT.test(sentence.text.trim())) return { takenUp: answered, awaitingReply: false }
    if (sentence.speaker !== speaker) others++
    if (others > 0) replies.push(sentence)
  }
  while (replies.length > 0 && replies.at(-1)!.speaker === speaker) replies.pop()
  const asked = isQuestion(spoken[i]!.text)
  const askedWho = asked && ownerQuestion(spoken[i]!.text) !== undefined
  // "…taxis paid for the early shift?" ← "Priya?" ← "If it stays under fifty, yes.": a name asked hands the question on;
  // the reply after it is the first answer.
  const firstAnswer = replies.findIndex((reply) => !HANDS_ON.test(reply.text.trim()))
  const takenUp = answered || replies.some((reply, k) => {
    const text = reply.text.trim()
    if (k === firstAnswer && asked && firstReplyAnswers(spoken[i]!.text, text)) return true
    // "회의록은 누가 써요?" ← "이번엔 민지 님이 써 줄 수 있어요?": who does it is answered by asking someone by name.
    if (askedWho && analyseClauses(text).some((c) => c.act === 'request' && c.agent?.kind === 'addressee' && c.agent.name !== undefined)) return true
    if (isQuestion(text)) return false
    if (EN_REPLY.test(text) || KO_REPLY.test(text)) return true
    return analyseClauses(text).some((c) => c.act === 'commitment' && !c.negated && c.agent?.kind === 'speaker')
  })
  return { takenUp, awaitingReply: firstAnswer < 0 }
}
// "I thought we said the ninth", "I had it down as setup on the sixteenth": what the speaker remembers (group 1 or 2), set against what was said.
const EN_RECOLLECTION = /(?:^|[.?!,]\s*|\b(?:wait|hang on|but|oh|hm+)[,\s]+)I (?:thought\s+(?:that\s+)?((?:we|you|he|she|they|it|it's|the|this|that|there|our|their|his|her)\b.+)|had it (?:down )?as\s+(.+))$/i
// "금요일이라고 들었는데요", "작년엔 90 아니었나?", "수요일로 알고 있는데요": a Korean recollection, with the value it remembers.
const KO_RECOLLECTION = /(?:(?:이?라고|다고|으로|로)\s*들었|줄\s*알았|(?:으로|로)\s*알고\s*있|아니었)/
const HAS_VALUE = /\d|[일이삼사오육칠팔구십백천만]\s*(?:명|개|건|원|일|주|시|분|퍼센트|%)|[월화수목금토일]요일|(?:열|스무|서른|마흔|쉰)\s*(?:명|개|건)/

/** What a sentence says the speaker remembers otherwise, when it says so: "we said fifty", "저는 금요일이라고 들었는데요". */
function recollection (text: string): string | undefined {
  if (hasHangul(text)) return KO_RECOLLECTION.test(text) && HAS_VALUE.test(text) ? text.trim() : undefined
  const found = EN_RECOLLECTION.exec(text.trim())
  return found?.[1] ?? found?.[2]
}

/** What another speaker said just before a recollection that it sets itself against: a sentence of their turn that gives a value, or its last. */
function contradictedBy (spoken: readonly Spoken[], i: number, recalled: string): string | undefined {
  const speaker = spoken[i]!.speaker
  let at = i - 1
  while (at >= 0 && spoken[at]!.speaker === speaker && i - at <= 2) at--
  if (at < 0 || spoken[at]!.speaker === speaker) return undefined
  const other = spoken[at]!.speaker
  const turn: string[] = []
  for (let k = at; k >= 0 && spoken[k]!.speaker === other && turn.length < 4; k--) turn.unshift(spoken[k]!.text)
  const korean = hasHangul(recalled)
  // A Korean recollection names a value; it is set only against a turn that names one too.
  const valued = turn.filter((t) => HAS_VALUE.test(t) || (!korean && EN_NUMBER_WORD.test(t)))
  if (korean && valued.length === 0) return undefined
  if (valued.length === 0) return turn.at(-1)
  // Of those, the one closest to what is remembered; the turn's first when none is closer (a turn states its value first).
  const stems = contentStems(recalled)
  return valued.reduce((best, t) => overlap(contentStems(t), stems) > overlap(contentStems(best), stems) ? t : best)
}
const EN_NUMBER_WORD = /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\w+teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|first|second|third|(?:four|fif|six|seven|eigh|nin|ten|eleven|twelf|\w+teen|twentie|thirtie)th|half)\b/i

// "Parking.", "Okay, catering.", "Radios first.", "Next, the open day.", "Ines, badges.": a noun phrase said alone opens a topic.
const EN_TOPIC_OPENER = /^(?:(?:ok|okay|right|alright|so|and|now|then|next(?:\s+up)?|first|second|third|fourth|lastly|last(?:\s+(?:thing|one|topic|item))?|one more(?:\s+thing)?|other thing|moving on(?:\s+to)?|on to|on|about|re|regarding|as for|anyway|oh|also|plus|let's (?:move on to|talk about|start with|turn to|do|look at)|start with|\p{Lu}\p{Ll}+(?=,))[,:\s]+)*/iu
const EN_NO_TOPIC = new RegExp(String.raw`^(?:morning|evening|afternoon|hi|hello|hey|thanks|cheers|bye|everyone|all|none|nothing)$|\b(?:${WEEKDAY_NAME}|${MONTH_NAME})\b|^(?:every|each|any|no|some|that|this|those|these|both|not|just|very|so|too|h?m+|u[hm]+|ha+|oh|ah|good|great|perfect|fair|nice|fine|cool|lovely|brilliant|sorry|yes|yeah)\b`, 'i')
// "먼저 주차.", "다음, 전단지 건.", "마지막, 교육.", "그리고 간식이요.", "가람 씨, 명찰부터.": an opener, or 부터, marks a topic.
const KO_TOPIC = /^(?:(?:자|그럼|그러면|이제|다음(?:은)?|그다음(?:은)?|그리고|마지막(?:으로)?|먼저|우선|(?:첫|두|세|네)\s*번째)[,\s]+)+(\S+(?:\s\S+)?)$|^(\S+(?:\s\S+)?)부터(?:요)?$/
// "그럼 주차로 넘어가죠", "주차부터 하죠": the verb that turns the meeting to a topic.
const KO_TOPIC_BY_VERB = /^(?:(?:자|그럼|그러면|이제|다음(?:은)?|먼저|우선)[,\s]+)*(\S+(?:\s\S+)?)(?:으로|로)\s*넘어가(?:겠습니다|죠|자|갈게요|볼게요|요)$|^(?:(?:자|그럼|그러면|이제|먼저|우선)[,\s]+)*(\S+(?:\s\S+)?)부터\s*(?:하자|할게요|하죠|합시다|볼게요|보죠|보자|시작할게요|시작하죠|시작합시다)$/
const KO_VOCATIVE = /^[\uAC00-\uD7A3]{2,4}\s*(?:씨|님|아|야)[,\s]+/
/** How long an announced topic stays the one what is said is about, in sentences. */
const TOPIC_REACH = 12

/** The topic a sentence announces, if it is only that: a noun phrase said alone, or after "next", "다음" and the like. */
function announcedTopic (text: string, speakerNames: ReadonlySet<string>, goesOn: boolean): string | undefined {
  const said = text.trim().replace(/[.!。…~]+$/u, '')
  if (/[?？]/.test(said)) return undefined
  if (hasHangul(said)) {
    const body = said.replace(KO_VOCATIVE, '')
    const found = KO_TOPIC_BY_VERB.exec(body) ?? KO_TOPIC.exec(body)
    const topic = (found?.[1] ?? found?.[2])?.replace(/(?:이요|요)$/, '').replace(/\s*(?:건|얘기|문제)$/, '').trim()
    // Nouns only: a word ending in a particle or a verb ending ("3일로 하고", "끝이네") says something of its own.
    if (topic === undefined || topic === '' || topic.split(/\s+/).some((word) => KO_NOT_A_NOUN.test(word)) || koreanClosesOnVerb(topic)) return undefined
    return contentStems(topic).size === 0 ? undefined : topic
  }
  if (said.split(/\s+/).length > 6) return undefined
  const opened = said.replace(EN_TOPIC_OPENER, '').replace(/,\s*\p{Lu}\p{Ll}+$/u, '')
  const topic = opened.replace(/\s+(?:first|next|then)$/i, '').replace(/^the\s+/i, '').trim()
  // A noun phrase said alone at the end of a turn, without "next" or "first", answers or comments ("Steel.", "Every week.").
  if (!goesOn && topic === said) return undefined
  if (topic === '' || topic.includes(',') || topic.split(/\s+/).length > 3 || EN_NO_TOPIC.test(topic) || speakerNames.has(topic.toLowerCase())) return undefined
  return contentStems(topic).size > 0 && isNounPhrase(topic.toLowerCase()) ? topic : undefined
}
const KO_NOT_A_NOUN = /(?:로|으로|은|는|을|를|에|에서|면|고|네|다|야|서|자|래|죠|거|것|부터)$|^(?:이렇게|그렇게|저렇게)$/

/**
 * The topic last announced at a sentence or within TOPIC_REACH sentences before it (not in reply to a question).
 * Read only for the sentences a card rests on, each announcement once: most windows have few cards.
 */
function topicReader (spoken: readonly Spoken[], segments: readonly Segment[]): (at: number) => string | undefined {
  let speakerNames: ReadonlySet<string> | undefined
  const announced = new Map<number, string | undefined>()
  const announcement = (i: number): string | undefined => {
    if (!announced.has(i)) {
      speakerNames ??= new Set(segments.flatMap((s) => (s.speakerName ?? '').toLowerCase().split(/\s+/).filter((w) => w !== '')))
      const goesOn = spoken[i + 1]?.speaker === spoken[i]!.speaker
      announced.set(i, i > 0 && isQuestion(spoken[i - 1]!.text) ? undefined : announcedTopic(spoken[i]!.text, speakerNames, goesOn))
    }
    return announced.get(i)
  }
  return (at) => {
    for (let k = at; k >= 0 && at - k <= TOPIC_REACH; k--) {
      const topic = announcement(k)
      if (topic !== undefined) return topic
    }
    return undefined
  }
}

// "Anyway, …", "Moving on.", "Next, the budget.", "다음 안건, …", "마지막으로 …": the speaker turns to the next topic.
const TOPIC_SHIFT = /^(?:(?:ok|okay|good|great|right|alright|fine|so)[,.!\s]+)*(?:anyway|moving on|next(?:\s+(?:up|topic|item|one))?|last(?:ly|\s+(?:thing|item|topic|one))|on to)\b|^(?:(?:좋아요?|좋습니다|네|자|그럼|그러면)[,.!\s]+)*(?:다음\s*(?:안건|건|주제|거|은|으로)|마지막(?:으로|\s*안건)|넘어가서)/i

const PERMISSION = /^(?:(?:yes|yeah|yep|sure|ok|okay|fine|great|good|right|then|so)[,\s]+)*(?:(?:please\s+)?(?:go ahead|go for it|carry on|proceed|feel free)|(?:네|예|좋아요|그럼)?[,\s]*(?:진행하세요|진행해\s*주세요|진행해요|그렇게\s*(?:하세요|해요|해\s*주세요)))[.!]*$/i

// A reply comes within the next two sentences by someone else, or it is not a reply to this one.
const REPLY_REACH = 2

// "Hmm.", "Oh, right.", "음.", "아 네.": a sentence of one or two words without a number says nothing "that" could point to.
const INTERJECTION = /^[^\s\d]+(?:[,\s]+[^\s\d]+)?[.!…~]*$/u

/**
 * What "that" in sentence i points back to: the sentence before it when the same speaker said
 * it, else the other speaker's last turn (at most its last two sentences): "Code reviews sat for
 * days. Half my pull requests waited two days." ← "That's a real risk for the release".
 */
function turnBefore (spoken: readonly Spoken[], i: number): string {
  // "Hmm. That's tight.": an interjection of the same speaker is not what "that" points to.
  let at = i - 1
  while (at > 0 && spoken[at]!.speaker === spoken[i]!.speaker && INTERJECTION.test(spoken[at]!.text.trim())) at--
  const previous = spoken[at]!
  if (previous.speaker === spoken[i]!.speaker) return previous.text
  const earlier = spoken[at - 1]
  return earlier !== undefined && earlier.speaker === previous.speaker ? `${earlier.text.trim().replace(/[.!。~]+$/u, '')}; ${previous.text}` : previous.text
}

/**
 * A threat or a decision said in a few words that leave out what it is about ("배송이 밀릴 수도
 * 있어요", "Saturday, agreed") takes the end of the sentence before it, which names that: for a
 * threat a statement, for a decision a question or a statement on the same point.
 */
function elliptical (subject: string, text: string, before: string | undefined, { answering = false }: { answering?: boolean } = {}): string {
  const said = lastSentenceBefore(before)?.trim()
  if (said === undefined) return subject
  const previous = said.replace(/[.!?？。~]+$/u, '')
  if (subject.replace(/[.!。~]+$/u, '') !== text.trim().replace(/[.!。~]+$/u, '') || pointsBack(text) || (contentStems(subject).size > 3 && subject.split(/\s+/).length > SHORT_WORDS) || contentStems(previous).size < 2) return subject
  // A decision settles a point the sentence before named, asked or said; a risk follows a statement.
  if (answering ? overlap(contentStems(previous), contentStems(subject)) === 0 : isQuestion(said)) return subject
  // The end of the sentence before, so that the threat itself stays within the advice's length.
  const room = Math.min(CONTEXT_WORDS, MAX_WORDS - subject.split(/\s+/).length)
  if (room < 3) return subject
  const words = previous.split(/\s+/)
  const context = words.length <= room ? previous : `…${words.slice(-room).join(' ')}`
  return `${context}: ${subject}`
}
const CONTEXT_WORDS = 7
// Korean stems count endings and auxiliaries ("수도", "있어"): a sentence this short names little either way.
const SHORT_WORDS = 5

/** The last sentence of the turn before (turnBefore joins the previous speaker's two with "; "). */
function lastSentenceBefore (before: string | undefined): string | undefined {
  return before?.split('; ').at(-1)
}

interface Context {
  followed: Followed
  /** The sentence before, for a demonstrative ("That is tight"). */
  before?: string
  /** The sentence after by the same speaker, for an announcement ("One more thing that worries me."). */
  after?: string
  /** The speaker's next sentences before anyone else speaks. */
  restOfTurn: readonly string[]
  /** The speaker's sentence just before is an assent of its own ("Fine.", "Okay."). */
  assented?: boolean
  /** The Korean names the speakers go by, full and given ("한지우", "지우"). */
  koreanNames?: ReadonlySet<string>
}

/** The sentences after i by the same speaker, up to TURN_REACH, before anyone else speaks. */
function restOfTurn (spoken: readonly Spoken[], i: number): string[] {
  const rest: string[] = []
  for (let k = i + 1; k < spoken.length && rest.length < TURN_REACH && spoken[k]!.speaker === spoken[i]!.speaker; k++) rest.push(spoken[k]!.text)
  return rest
}
const TURN_REACH = 3

/**
 * "One more thing that worries me.", "하나 걱정되는 게 있는데요": a worry named without what it is
 * about, which the next sentence states. "상자가 3백 개 모자라네", "사흘이면 빠듯한데" name what is short
 * or tight: a threat stated, not announced.
 */
function announcesWorry (clause: string): boolean {
  return WORRY_NOUN.test(clause) && [...contentStems(clause)].every((stem) => WORRY_NOUN.test(stem) || ANNOUNCING_WORD.test(stem))
}
const SHORT_THREAT_STEMS = 3
const WORRY_NOUN = /\b(?:worr\w*|concern\w*|problems?|issues?|risks?|slip)\b|걱정|우려|문제|리스크/i
// The words an announcement is made of besides the worry: "but one more thing", "a bit", "근데 하나 … 있는데요".
const ANNOUNCING_WORD = /^(?:one|thing|more|another|also|bit|main|big|real|honestly|but|and|so|just|하나|있\S*|게|거|것|근데|그런데|그리고|다만|그게|좀)$/i

/**
 * What one sentence asks of the meeting, as advice: a question still open, an action nobody
 * owns, a decision to record, a risk to handle; undefined for greetings, running the meeting,
 * reports, views, questions answered and requests taken up at once. Read from the clause
 * analysis of the sentence.
 */
function adviceFor (text: string, language: 'ko' | 'en', context: Context): { content: string, kind: string, confidence: number } | undefined {
  const { before, after } = context
  const { takenUp, awaitingReply } = context.followed
  const korean = hasHangul(text)
  const clauses = analyseClauses(text, korean ? 'ko' : 'en')
  if (clauses.length === 0 || contentStems(text).size === 0) return undefined
  const advice = ADVICE[language]
  // "Let's move on to the budget", "안녕하세요, 시작하겠습니다": running the meeting holds nothing to act on.
  if (clauses.every((c) => c.act === 'greeting' || c.act === 'facilitation')) return undefined
  const last = clauses[clauses.length - 1]!
  // "Can you check the logs?" asks someone to act: it is read on as a request.
  // "…빼면 안 되니까요." gives a reason (-니까), it asks nothing; "…하셨습니까" asks.
  const reason = korean && !/[?？]\s*$/.test(text) && /(?<!습)니까요?[.!]?\s*$/.test(text)
  // "And launch date?": a bare verb-looking phrase asked with a question mark asks about it; a request
  // put as a question names its doer or a modal ("Can you …?", "Could someone …?").
  const askedPhrase = !korean && last.act === 'request' && /[?？]\s*$/.test(text) && !/\b(?:you|someone|anyone|somebody|anybody|can|could|would|will|please|let's|let us)\b/i.test(last.text)
  if ((isQuestion(text) || last.act === 'question') && (last.act !== 'request' || askedPhrase) && !reason) {
    // "다들 괜찮으세요?", "Any questions?": a question about nothing in particular is not worth a suggestion.
    // One answered or taken up at once needs nothing; one nobody could answer yet waits for the next analysis.
    if (takenUp || awaitingReply || contentStems(last.text).size < 2 || EN_ROUND.test(last.text.trim()) || KO_ROUND.test(last.text.trim().replace(/[?？.!]+$/u, ''))) return undefined
    // "배송은 언제 돼?" ← "검수 돌려야 하니까 내일 오후쯤?", "When can we ship?" ← "Friday, maybe?": an amount
    // or a time offered with a rising tone answers the question before it.
    if (before !== undefined && isQuestion(before) && (EN_AMOUNT_QUESTION.test(before) || KO_AMOUNT_QUESTION.test(before)) && GIVES_AMOUNT.test(last.text)) return undefined
    // "Tamsin, catering?", "Ines, comms?": a name and a topic hand someone the turn to report on it.
    if (EN_TURN_HANDOVER.test(last.text.trim())) return undefined
    // "Can I add one thing?", "하나 말씀드려도 될까요?": asking for the floor; what follows is the point.
    if (EN_FLOOR.test(last.text.trim()) || KO_FLOOR.test(last.text.trim())) return undefined
    if (EN_GUESS.test(text.trim()) || KO_GUESS.test(text.trim()) || EN_ATTENDANCE.test(last.text.trim())) return undefined
    // "포인트 결제도 지원할지도 정해야 하지 않을까요?", "Shouldn't we decide whether …?": what is to be settled, named.
    // "그분들은 어떻게 처리하는 게 좋을까요?": a question about a pronoun names nothing to advise on.
    const topic = korean ? koreanQuestionTopic(last.text) : undefined
    if (topic !== undefined && vaguePhrase(topic)) return undefined
    // "어 다인은 아직 안 왔나?", "다인은?": a question about a speaker, by name, asks after them or hands them the turn (as
    // "Tamsin, catering?" does); it is no point to settle.
    if (topic !== undefined && context.koreanNames?.has(topic.replace(/^(?:어|음|아|그럼|자)[,\s]+/u, '')) === true) return undefined
    const settle = embeddedOpenQuestion(last.text) ?? embeddedOpenQuestion(text)
    if (settle !== undefined && (korean ? language === 'ko' : language === 'en')) return { content: advice.openPoint(settle), kind: 'question', confidence: 0.7 }
    // "Who will own the migration?", "…누가 요청하죠?": what is asked for is an owner.
    const owner = ownerQuestion(last.text) ?? (korean ? ownerQuestion(text) : undefined)
    if (owner !== undefined && (korean ? language === 'ko' : language === 'en')) return { content: advice.ownerOf(owner), kind: 'question', confidence: 0.7 }
    // "다크 모드 버그는 이번 주에 포함할까요, 다음 배포로 미룰까요?": alternatives share the first one's topic.
    const asked = clauses.filter((c) => c.act === 'question')
    return { content: advice.question(korean && asked.length >= 2 ? asked[0]!.text : last.text), kind: 'question', confidence: 0.7 }
  }
  // A risk: a risk word the clause does not negate ("the vendor might slip", never "No worries"),
  // or a threat by form ("the load test will saturate it", "결과가 …날지는 모르겠어요"). Read before
  // the open points, since doubt that an event happens is a risk, not a choice to make.
  // Only a clause that states or judges: "I'll add a check that fails when …", "대시보드를 제가 보겠습니다"
  // take something on, whatever failure words they hold.
  // "If we don't extend, the backlog will grow", "락이 없으면 정산이 두 번 나가요": what follows from something not done.
  const risk = clauses.find((c) => (c.act === 'statement' || c.act === 'opinion') && ((isRisk(c.text) && c.risk) || statesThreat(c.text))) ??
    (threatensIfNot(text) && !clauses.some((c) => c.negated && c.risk === false && isRisk(c.text)) ? last : undefined)
  // "Someone needs to get the visa letter in today, otherwise we'll lose the slot": the duty put to nobody
  // is what to act on; what follows if it is not done says why.
  const dutyFirst = clauses.some((c) => SOMEONE_DUTY.test(c.text) && !c.negated)
  if (risk !== undefined && !dutyFirst && (!korean || !clauses.some((c) => embeddedOpenQuestion(c.text) !== undefined) || doubtsEvent(text))) {
    // "That's a real risk for the release": the threat is what the sentence before it says;
    // "하나 걱정되는 게, 월말 정산 배치도 같은 서버에서 돌거든요": announced, then stated in the same sentence;
    // "One more thing that worries me.": announced here, stated in the next sentence.
    const rest = clauses.slice(clauses.indexOf(risk) + 1).map((c) => c.text.trim()).join(', ')
    const announcing = announcesWorry(risk.text) && !pointsBack(risk.text)
    const announcedHere = announcing && contentStems(rest).size >= 2
    // "사흘이면 빠듯한데. 원단이 아직 안 들어왔어요.": a short threat the speaker's next sentence spells out.
    const spelledOut = after !== undefined && (announcing || (contentStems(risk.text).size <= SHORT_THREAT_STEMS && warns(after)))
    const subject = announcedHere ? rest : spelledOut ? after : threatSubject(clauses.length > 1 && !pointsBack(risk.text) ? text : risk.text, before)
    return { content: advice.risk(elliptical(subject, text, before)), kind: 'risk', confidence: 0.55 }
  }
  // "The escalation policy isn't decided yet", "강제 업데이트 여부는 아직 결정되지 않았습니다": a point still open, named.
  const unsettled = clauses.map((c) => unsettledSubject(c.text)).find((q) => q !== undefined)
  // "포장비는 아직 미정이에요. … 다음 회의 때 같이 정하겠습니다.": when it will be settled is said right after.
  if (unsettled !== undefined && contentStems(unsettled).size >= 1 && !context.restOfTurn.some(settledLater)) return { content: advice.unsettled(unsettled), kind: 'question', confidence: 0.6 }
  // "We need to settle whether we keep guest checkout", "유지할지 정해야 합니다": a question left open, said as a duty.
  const openPoint = clauses.map((c) => embeddedOpenQuestion(c.text)).find((q) => q !== undefined)
  if (openPoint !== undefined && !takenUp && !vaguePhrase(openPoint)) {
    // "…who maintains the mapping table", "누가 할지": what is open is an owner.
    // "who left the door open", "누가 열어 뒀는지": what happened is to be found out, nobody to name.
    const owner = /^(?:who|누가|누구)\b|(?:^|\s)(?:누가|누구)(?:\s|$)/i.test(openPoint) && !asksWhatHappened(openPoint)
    return { content: advice.openPoint(openPoint), kind: owner ? 'action' : 'question', confidence: 0.65 }
  }
  // "We still don't have anyone for the New Year's Eve shift", "운영 담당자가 아직 없어요": someone must be found.
  const unstaffed = clauses.map((c) => unstaffedDuty(c.text)).find((d) => d !== undefined)
  if (unstaffed !== undefined && !takenUp) return { content: advice.unstaffed(unstaffed), kind: 'action', confidence: 0.6 }
  // "From now on any prod config change needs two approvers", "앞으로는 배포 전에 리뷰를 두 명이 합니다": a rule set for the group.
  // "앞으로 모든 대관 신청은 보증금을 먼저 받겠습니다" sets the rule for everyone; "From now on I'll send it" is one person's habit.
  if (RULE_FROM_NOW.test(text) && !clauses.some((c) => c.negated || c.uncertain || (c.act === 'commitment' && c.agent?.kind === 'speaker' && SPEAKER_NAMED.test(c.text)))) {
    // "Agreed, that's our standing rule from now on": the rule is what was said before it.
    const rule = text.replace(RULE_FROM_NOW, ' ').replace(/\s+/g, ' ').replace(/^[\s,]+/, '').replace(/\s+([.!])$/, '$1')
    return { content: advice.decision(withAntecedent(rule, context.before, { restFirst: true })), kind: 'decision', confidence: 0.6 }
  }
  // "Is the caterer still on for Friday?" ← "Yeah, she's fine, confirmed.": a reply to a question for information
  // reports; only a question that proposes ("Shall we …?") is settled by the answer.
  const asked = lastSentenceBefore(before)
  const reportsAnswer = asked !== undefined && isQuestion(asked) && proposalOf(asked) === undefined && (EN_REPLY.test(text.trim()) || KO_REPLY.test(text.trim()) || opensWithAssent(text))
  const stance = decisionStance(text)
  const decisionClause = clauses.find((c) => c.act === 'decision' && !c.uncertain && !c.negated) ??
    (korean ? clauses.find((c) => c.act === 'commitment' && !c.negated && KO_GROUP_RESOLVE.test(c.text) && !KO_PERSON.test(c.text)) : undefined)
  // "Let's go with November 18" decides; it asks nobody to do anything. "Maria will approve the budget" is a task.
  if (!reportsAnswer && stance !== 'undecided' && (decisionClause !== undefined || (!korean && stance !== 'task' && isDecision(text) && !clauses.some((c) => takesAction(c) && owned(c))))) {
    const decided = decisionClause ?? last
    // "…, that is decided", "…, 확정입니다": the clause only marks the rest of the sentence as settled.
    // "출시는 다음 주 수요일, 14일로 미루자": a topic and a date without a verb of their own, cut off by the
    // comma, belong to the decision after them.
    const at = clauses.indexOf(decided)
    // "그럼 등록은 온라인으로 받고, 마감은 금요일로 하죠", "6월 둘째 주 워크숍, 7월 첫 주 발표로 갑시다": clauses joined to it by -고
    // or listed before it without a verb are decided with it.
    let first = at
    if (korean) while (first > 0 && clauses[first - 1]!.act === 'statement' && decidedAlongside(clauses[first - 1]!.text)) first--
    const fragment = first < at ? clauses.slice(first, at).map((c) => c.text.trim().replace(/,$/, '')).join(', ') : undefined
    const what = fragment !== undefined ? `${fragment}, ${decided.text}` : contentStems(decided.text).size >= 2 || clauses.length === 1 ? decided.text : clauses.filter((c) => c !== decided).map((c) => c.text).join(', ')
    return { content: advice.decision(elliptical(what, text, before, { answering: true })), kind: 'decision', confidence: 0.6 }
  }
  // "Yes, let's extend the Saturday hours" after "Could we extend the Saturday hours?", "Let's move it to
  // Friday", "Good, let's make that the policy": a hortative that answers a question just asked, or acts on what
  // was just said, settles it for the group; it hands nobody a task.
  const settling = korean ? undefined : clauses.find((c) => c.act === 'commitment' && c.agent?.kind === 'group' && !c.negated && !c.uncertain && EN_HORTATIVE.test(c.text))
  // "Let's settle that on Monday", "let's talk it through next week": a hortative to deliberate later defers the point.
  if (settling !== undefined && settling.action !== undefined && !EN_DELIBERATE.test(settling.action)) {
    const anaphoric = EN_ANAPHORIC_OBJECT.test(settling.action)
    // "Yes, let's …" after a question on the same thing: the assent answers it and the hortative says how.
    const answers = opensWithAssent(text) && before !== undefined && /[?？]/.test(before) && overlap(contentStems(before), contentStems(settling.action)) >= 1
    // Of the turn before, its last sentence that says something ("I can take that on; Every desk gets a cable check …").
    const proposal = before?.split('; ').reverse().find((part) => !/[?？]/.test(part) && contentStems(part).size >= 3)
    // "make that the policy": the hortative names too little of its own; what it settles is what was said before.
    const own = contentStems(settling.action.replace(EN_ANAPHORIC_OBJECT, '$1')).size >= 3
    // "Let's keep this short" with nothing proposed before it names nothing to record.
    // "Let's cap the raffle at two hundred." ← "Two hundred, fine.": a proposal of its own that another speaker takes up is settled.
    if (answers || (anaphoric && (own || proposal !== undefined)) || (own && !anaphoric && context.followed.takenUp)) {
      return { content: advice.decision(anaphoric && !own && proposal !== undefined ? proposal : settling.text), kind: 'decision', confidence: 0.6 }
    }
  }
  // "온보딩 버디를 아직 못 정했는데, 누가 맡아 줄 수 있을까요?": a request to whoever will, in a question about who.
  const askedOwner = last.act === 'request' && isQuestion(text) ? ownerQuestion(korean ? text : last.text) : undefined
  if (askedOwner !== undefined && (korean ? language === 'ko' : language === 'en')) {
    return takenUp || awaitingReply ? undefined : { content: advice.ownerOf(askedOwner), kind: 'question', confidence: 0.65 }
  }
  // "Yep, go ahead", "네, 진행하세요": permission for what was just proposed, no new task.
  if (PERMISSION.test(text.trim())) return undefined
  const action = clauses.find((c) => takesAction(c)) ?? clauses.find((c) => unownedDuty(c, korean))
  // "그건 제가 하겠습니다", "I'll take it": an answer to who does what was just asked holds no action of its own.
  if (action !== undefined && contentStems(action.text).size >= 2) {
    const phrase = ownerTask(actionPhrase(action.text, action.action, korean), korean)
    if (phrase === undefined) return undefined
    // Someone in particular has it (a task taken on needs no advice, and a due date for every
    // one is noise), or someone took it up at once, or may still: nothing to say yet.
    if (owned(action) || ownDuty(action, text, korean) || KO_ASKED_OF_ALL.test(action.text) || takenUp || awaitingReply) return undefined
    // "Email it to me before it goes out", "Try the other supplier": an imperative naming nobody is said to the one spoken to,
    // who has it. After an assent or closed by "then" ("Fine, put it in the hall then") it settles what was being weighed.
    if (!korean && bareImperative(action)) {
      return context.assented === true || opensWithAssent(text) || EN_CONCLUDING_THEN.test(action.text) ? { content: advice.decision(action.text), kind: 'decision', confidence: 0.6 } : undefined
    }
    return { content: advice.owner(phrase), kind: 'action', confidence: 0.65 }
  }
  const needed = korean ? undefined : clauses.map((c) => neededThing(c.text)).find((n) => n !== undefined)
  if (needed !== undefined && contentStems(needed).size >= 2 && !takenUp && !awaitingReply) return { content: advice.need(needed), kind: 'action', confidence: 0.55 }
  return undefined
}

// A topic (은/는) followed by nouns only, no verb: "그럼 출시는 다음 주 수요일".
const KO_VERBLESS_TOPIC = /^(?:(?:그럼|그러면|자|네)\s+)?\S+(?:은|는)\s+(?:\S+\s+){0,3}\S*(?:요일|\d+일|주|월|날)$/

/**
 * Whether a Korean clause before a decision is decided with it: coordinated by -고 ("등록은 온라인으로 받고"),
 * or a list item without a verb ("6월 둘째 주 워크숍", "회보는 월 1회"). A reason (-니까, -서) or a
 * condition (-면) is not.
 */
function decidedAlongside (clause: string): boolean {
  const text = clause.trim().replace(/[\s,]+$/u, '')
  if (KO_VERBLESS_TOPIC.test(text)) return true
  if (!/[\uAC00-\uD7A3\d]$/u.test(text) || contentStems(text).size === 0) return false
  return /[\uAC00-\uD7A3]고$/u.test(text) ? !/(?:않|없|있|같|좋|싫|크|작|많|적)고$/u.test(text) : !koreanClosesOnVerb(text)
}
/**
 * The task an owner question asks about, from the action phrase cut out of a sentence: "need a …" is to get it, a
 * thing that must be there is to be got ready, a state to bring about is the act that brings it; undefined when the
 * phrase names no task to own.
 */
function ownerTask (phrase: string | undefined, korean: boolean): string | undefined {
  if (phrase === undefined) return undefined
  // "그래서 동의서가 꼭 있어야": a thing that must be there is to be got ready; "입국 전에 가입돼 있어야": the act is 가입.
  // "(we) need a second ladder": what is needed is to be got.
  const needed = korean ? KO_THING_NEEDED.exec(phrase) : null
  const task = needed !== null ? `${needed[1]!} 준비` : korean ? phrase.replace(/(?<=[\uAC00-\uD7A3]{2})(?:돼|되어)\s+있어야$/u, '') : phrase.replace(/^need\s+(?=(?:a|an|the|some|more|another|new|\d+)\s)/i, 'get ')
  if (contentStems(task).size < 1 || vaguePhrase(task)) return undefined
  // "부품은 열 개는 있어야", "그 전에 명단이 나와 있어야", "9시는 돼야": a state that must hold is no task to hand anyone.
  if (korean) return KO_STATE_DUTY.test(task) ? undefined : task
  // "Decide who will says we must …", "… who will want the logs": a phrase cut from a report or a state names no task;
  // "… who will come back to that", "… who will figure it out": talking a point over later is nobody's task.
  return opensOnActionVerb(task) && !EN_TALK_LATER.test(task) ? task : undefined
}

// A duty whose verb is a state (있다, 없다, 되다, the copula): what must be so, not what someone must do.
const KO_STATE_DUTY = /(?:있어|없어|돼|되어|이어|여)야$/
// A noun phrase as the subject of 있어야: "안내문이 꼭 있어야" (there must be a notice); the thing is group 1.
const KO_THING_NEEDED = /^(?:(?:그래서|그리고|그럼)\s+)?(\S+(?:\s\S+){0,3}?)(?:이|가)\s+(?:꼭\s+|반드시\s+)?있어야$/
// Verbs of taking a point up again or thinking it over, after "who will": no task to own.
const EN_TALK_LATER = /^(?:(?:just|um|uh|so)[,\s]+)*(?:come back to|circle back|get back to|revisit|think about|think it over|talk about|discuss|sleep on|park|figure (?:it|that|this|them) out|pick (?:it|that|this|them) up (?:again|later|next))\b/i
// "Let's …", "Yes, let's …", "Good, let us …": a first-person-plural hortative, after at most two opening words.
const EN_HORTATIVE = /^(?:\W*\w+[,\s]+){0,2}let(?:['’]s|\s+us)\s/i
// Verbs of deliberating, noting or coming back to a point: under "let's" they put it off rather than settle it.
const EN_DELIBERATE = /^(?:settle|decide|figure|discuss|revisit|agree|confirm|check|think|see|wait|park|table|circle|come|pick|say|note|talk|look|sleep|follow)\b/i
// A verb phrase whose object points back to what was just said: "move it to Friday", "do that".
const EN_ANAPHORIC_OBJECT = /^(\w+)\s+(?:it|that|this|them)\b/i

// The speaker named as the doer: "I", "I'll", "제가", "내가", "저는".
const SPEAKER_NAMED = new RegExp(`\\b(?:I|I'll|I'm|I've|I'd|me|my)\\b|(?:^|\\s)(?:${KO_FIRST_PERSON}|저희가)(?=\\s)`)

// A rule that holds from now on: the group has settled how it works.
const RULE_FROM_NOW = /\b(?:from now on|going forward|as of (?:today|now|this sprint))\b,?|(?:^|\s)(?:앞으로는?|이제부터는?|다음부터는?)(?=\s)/i

// A proposal put as a question: "Shall we go with the blue palette?", "What if we …?", "…걸로 하면 어떨까요?", "…로 할까요?".
const EN_PROPOSAL = /^(?:(?:so|ok|okay|then|and)[,\s]+)*(?:shall we|should we|how about|what about|what if we|why don't we|can we just)\s+(.+?)[\s?]*$/i
const KO_PROPOSAL = /^(.+?)\s*(?:(?:하면|가면|되면|면)\s*(?:어떨까요|어때요|어떨까|어때|안\s*(?:될까요|돼요|되나요|될까|돼))|(?:할까요|갈까요|하시죠|할래요|하는 건 어때요))[\s?？]*$/
// "…한 달 더 지켜보는 건 어떨까요?", "둘이 같이 가는 게 어때요?": the proposal as a noun phrase, "…한 달 더 지켜보는 것".
const KO_PROPOSAL_NOMINAL = /^(.+?[는은])\s*(?:건|게|것은|것이)\s*(?:어떨까요|어때요|어떨까|어때|어떠세요|어떻습니까|어떻겠습니까)[\s?？]*$/

/** What a proposal question proposes ("go with the blue palette", "6% 넘으면 다시 보는 걸로"), else undefined. */
function proposalOf (question: string): string | undefined {
  const text = question.trim()
  if (!isQuestion(text)) return undefined
  if (hasHangul(text)) {
    const nominal = KO_PROPOSAL_NOMINAL.exec(text)?.[1]
    return (nominal === undefined ? KO_PROPOSAL.exec(text)?.[1] : `${nominal} 것`)?.replace(/^(?:그럼|그러면|그리고|근데)\s+/, '').trim()
  }
  return EN_PROPOSAL.exec(text)?.[1]?.trim()
}

// A motion put to the meeting ("I move we renew …", "I'll move to approve …", "I move that the board …") and
// the chair's word that it carried ("The lease renewal passes.", "Motion carried.", "The motion is adopted.").
const EN_MOTION = /^(?:(?:so|okay|ok|then|and)[,\s]+)*I(?:'ll|\s+will|\s+would\s+like\s+to|'d\s+like\s+to)?\s+move\s+(?:that\s+|to\s+)?(?:we\s+)?(.+?)[.!]*$/i
const EN_CARRIED = /^(?:(?:so|okay|ok|then|and|great)[,\s]+)*(?:the\s+)?[\w-]+(?:\s+[\w-]+){0,3}\s+(?:passes|carries|carried|is\s+carried|is\s+adopted)[.!]*$/i
// How far back (sentences) the motion a vote carried is looked for: the motion, a second, the call and the count.
const MOTION_REACH = 8

/** A sentence that puts a point off to a time it names: "다음 회의 때 같이 정하겠습니다", "We'll decide on Monday". */
function settledLater (sentence: string): boolean {
  return analyseClauses(sentence).some((c) => c.undecided === true && (c.deadline !== undefined || /(?:다음|내일|모레|\d+일|요일|회의|next|tomorrow|monday|tuesday|wednesday|thursday|friday|meeting|week)/i.test(c.text)))
}

/** A sentence that only warns: every clause states or judges, and it names a risk, a threat or what follows if something is not done. */
function warns (text: string): boolean {
  const clauses = analyseClauses(text)
  if (!clauses.every((c) => c.act === 'statement' || c.act === 'opinion')) return false
  return threatensIfNot(text) || clauses.some((c) => statesThreat(c.text) || (c.risk && isRisk(c.text))) || /^(?:if|unless|when)\b/i.test(text.trim())
}

/**
 * How many of the newest segments are advised on. Advice about a sentence said a minute ago
 * comes after the conversation has moved on (and, in a window of 30 segments, after the
 * participants have usually settled it themselves): the older segments of the window are read
 * only to tell whether a question was answered or what an assent agrees to. A little more than
 * the segments between two analyses (ANALYSIS_THRESHOLD, 3 by default), so a sentence crowded
 * out of one set by newer ones can still come in the next.
 */
// A statement put as a proposal: "…로 가는 걸 제안해요", "…하는 게 어떨까 해요", "I'd suggest we …", "I propose …".
const PROPOSAL_FRAME = /(?:제안(?:해요|합니다|드려요|드립니다)|어떨까\s*(?:해요|합니다|싶어요)|좋겠(?:어요|습니다))[.!]?$|^(?:i'd|i would|i)\s+(?:suggest|propose|recommend)\b/i

// "그렇게 하죠", "네, 그걸로 갑시다": a hortative on what was just proposed settles it for the group.
// "그럼 그걸로 확정하자" settles what was just said, whoever said it.
const KO_SETTLING_ASSENT = /^(?:(?:네|예|좋아요|좋습니다|그래|그럼|음)[,.\s]+)*(?:그렇게|그걸로|그거로|이걸로|그 방향으로)\s*(?:(?:확정|결정)\s*)?(?:하죠|합시다|하자|가죠|갑시다|가자|하시죠)[.!]?$/

export const RECENT_SEGMENTS = 4

/**
 * Advice from the transcript window: unanswered questions, actions without an owner or a date,
 * decisions to record, risks; each with the words it rests on as its evidence; newest first,
 * never one already sent. Each sentence is read once (and each question's answer searched
 * within the window's index), so the work grows with the window.
 */
export function liveSuggestions (segments: Segment[], previous: string[], language: 'ko' | 'en', limit = 4, recent = RECENT_SEGMENTS): SuggestionDraft[] {
  const spoken: Spoken[] = []
  // Sentences of segments before this index are context only (answers, proposals), never advised on.
  const firstRecent = Math.max(0, segments.length - recent)
  let firstAdvised = 0
  for (const [index, segment] of segments.entries()) {
    if (index === firstRecent) firstAdvised = spoken.length
    for (const sentence of splitSentences(segment.text)) {
      // "Okay, agreed: first review within a day": said aloud, the label is part of what is said.
      const text = sentence.label === undefined ? sentence.text : `${sentence.label}: ${sentence.text}`
      if (!sentence.heading) spoken.push({ text, speaker: segment.speakerId ?? segment.speakerName ?? '', position: spoken.length })
    }
  }
  const answered = answeredQuestions(spoken)
  // Speakers' Korean names, full and given.
  const koreanNames = new Set(segments.flatMap((segment) => koreanNameForms(segment.speakerName ?? '')))
  const topicAt = topicReader(spoken, segments)
  const drafts: Array<SuggestionDraft & { position: number }> = []
  spoken.forEach((s, i) => {
    if (i < firstAdvised) return
    const speakerIds = s.speaker === '' ? undefined : [s.speaker]
    const base = { position: i, ...(speakerIds === undefined ? {} : { speakerIds }) }
    // "October minutes are approved": the meeting's own procedure is nothing to act on.
    if (isMeetingProcedure(s.text)) return
    // "I move we renew the lease …" … "Second." … "The lease renewal passes.": a motion carried is the decision.
    if (EN_CARRIED.test(s.text.trim())) {
      const motion = spoken.slice(Math.max(0, i - MOTION_REACH), i).reverse().map((p) => EN_MOTION.exec(p.text.trim())?.[1]).find((m) => m !== undefined)
      // Without the motion in view, only "the motion carried" says a vote was taken.
      const decided = motion ?? (/\b(?:motion|resolution)\b/i.test(s.text) ? s.text : undefined)
      if (decided !== undefined && contentStems(decided).size >= 2) drafts.push({ ...base, content: ADVICE[language].decision(decided), evidence: quote(s.text), kind: 'decision', confidence: 0.6 })
      return
    }
    // "네, 동의합니다." / "Agreed.": the assent decides what was proposed just before it.
    // "Agreed on the blue palette.": an assent naming a part of the proposal decides the whole of it.
    const stems = contentStems(s.text)
    const settles = KO_SETTLING_ASSENT.test(s.text.trim())
    const assent = (isDecision(s.text) || settles) && !isQuestion(s.text) && (stems.size < 2 || settles || (opensWithAssent(s.text) && stems.size <= 4))
    // A sentence put as a proposal ("…로 가는 걸 제안해요") before the last statement ("섭외는 제가 할게요"); what
    // "그렇게 하자" settles may also be a proposal put as a question ("…해 보는 건 어떨까요?").
    const before = assent ? spoken.slice(Math.max(0, i - 3), i).reverse().filter((p) => (!isQuestion(p.text) || (settles && proposalOf(p.text) !== undefined)) && contentStems(p.text).size >= 2) : []
    const proposal = before.find((p) => p.speaker !== s.speaker && PROPOSAL_FRAME.test(p.text.trim())) ?? before[0]
    // "If a child slips on the wet floor, that is on us." ← "Agreed.": agreeing with a warning settles nothing.
    const proposes = proposal !== undefined && !warns(proposal.text)
    if (assent && (stems.size < 2 || settles || (proposal !== undefined && proposal.speaker !== s.speaker && overlap(stems, contentStems(proposal.text)) >= 1))) {
      // The proposal is the last statement before it (a "shall we?" after it is no proposal).
      if (proposal !== undefined && proposes && !isRecapOrLogistics(proposal.text)) {
        drafts.push({ ...base, content: ADVICE[language].decision(proposalOf(proposal.text) ?? proposal.text), evidence: `${quote(proposal.text)} ${quote(s.text)}`, kind: 'decision', confidence: 0.6 })
      }
      return
    }
    // "…6% 넘으면 다시 보는 걸로 하면 어떨까요?" ← "좋아요, 6% 넘으면 재검토해요.": a proposal put as a
    // question and accepted by someone else is settled; what was proposed is the decision.
    const asked = i > 0 && opensWithAssent(s.text) && !isQuestion(s.text) ? spoken[i - 1] : undefined
    const proposed = asked !== undefined && asked.speaker !== s.speaker ? proposalOf(asked.text) : undefined
    if (proposed !== undefined && !vaguePhrase(proposed) && contentStems(proposed).size >= 2) {
      drafts.push({ ...base, content: ADVICE[language].decision(proposed), evidence: `${quote(asked!.text)} ${quote(s.text)}`, kind: 'decision', confidence: 0.6 })
      return
    }
    // "Forty-two? I thought we said fifty.", "어, 목요일이요? 저는 금요일이라고 들었는데요.": what someone remembers set
    // against what was just said is a mismatch to settle, whatever else the sentence asks.
    const recalled = recollection(s.text)
    const contradicted = recalled === undefined ? undefined : contradictedBy(spoken, i, recalled)
    if (recalled !== undefined && contradicted !== undefined) {
      drafts.push({ ...base, content: ADVICE[language].mismatch(contradicted, recalled), evidence: `${quote(contradicted)} ${quote(s.text)}`, kind: 'question', confidence: 0.65 })
      return
    }
    // "Let's move on to pricing" runs the meeting; "Let's move it to Friday" acts on something.
    if (isRecapOrLogistics(s.text) && (hasHangul(s.text) || !analyseClauses(s.text).some(takesAction))) return
    const next = spoken[i + 1]
    const advice = adviceFor(s.text, language, {
      followed: followed(spoken, i, answered.has(i)),
      ...(i > 0 ? { before: turnBefore(spoken, i) } : {}),
      ...(next !== undefined && next.speaker === s.speaker ? { after: next.text } : {}),
      restOfTurn: restOfTurn(spoken, i),
      assented: i > 0 && spoken[i - 1]!.speaker === s.speaker && INTERJECTION.test(spoken[i - 1]!.text.trim()) && opensWithAssent(spoken[i - 1]!.text),
      koreanNames
    })
    // "Do we know if the venue has step-free access? A ramp, a lift?": a question that follows one the speaker just
    // asked, in the same turn, asks it again in other words; the first stands for both.
    const lastDraft = drafts.at(-1)
    const sameTurn = lastDraft !== undefined && lastDraft.kind === 'question' && spoken.slice(lastDraft.position, i + 1).every((p) => p.speaker === s.speaker)
    if (advice !== undefined && !(advice.kind === 'question' && sameTurn)) drafts.push({ ...base, ...advice, evidence: quote(s.text) })
  })
  // What is said after a topic was announced is about it, named or not ("Parking." … "We'll go with the council.").
  for (const draft of drafts) {
    const topic = topicAt(draft.position)
    if (topic !== undefined && overlap(contentStems(topic), contentStems(draft.content)) === 0) {
      draft.content = ADVICE[language].onTopic(draft.content, topic)
    }
  }
  const previousStems = previous.map((p) => adviceStems(p))
  // Each draft's stems once: the repeat checks below compare them pair by pair.
  const fresh = drafts.map((d) => ({ ...d, stems: adviceStems(d.content) }))
    .filter((d) => !previous.some((p, k) => p.trim() === d.content || sameSubject(previousStems[k]!, d.stems)))
  // Newest first, one of each kind before a second of any, so questions are not crowded out by actions.
  fresh.sort((a, b) => b.position - a.position)
  const chosen: typeof fresh = []
  for (let round = 1; round <= 2 && chosen.length < limit; round++) {
    const perKind = new Map<string, number>()
    for (const c of chosen) perKind.set(c.kind ?? '', (perKind.get(c.kind ?? '') ?? 0) + 1)
    for (const draft of fresh) {
      if (chosen.length >= limit) break
      if (chosen.includes(draft) || (perKind.get(draft.kind ?? '') ?? 0) >= round) continue
      if (chosen.some((c) => sameSubject(c.stems, draft.stems))) continue
      perKind.set(draft.kind ?? '', (perKind.get(draft.kind ?? '') ?? 0) + 1)
      chosen.push(draft)
    }
  }
  chosen.sort((a, b) => KIND_ORDER.indexOf(a.kind ?? '') - KIND_ORDER.indexOf(b.kind ?? '') || b.position - a.position)
  return chosen.map(({ position: _position, stems: _stems, ...draft }) => draft)
}
