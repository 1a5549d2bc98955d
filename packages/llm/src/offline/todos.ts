import { nearlySame, nearlySameOverlap, SizedSimilarityIndex } from '../text/similarity.ts'
import { KOREAN_ANY_TITLE, KOREAN_BARE_JOB_TITLE, KOREAN_FULL_NAME_TITLED, KOREAN_KIN_TITLED, KOREAN_NAME, KOREAN_TITLE_AFTER_NAME, KOREAN_TITLE_WORD, koreanNameForms } from '../text/korean-titles.ts'
import { KOREAN_SPOKEN_OPENER } from '../text/stop-words.ts'
import { capitalise, contentStems, hasHangul } from '../text/words.ts'
import { isDocumentTitle } from '../text/sentences.ts'
import { isCalendarName, MONTH_NAME, WEEKDAY_NAME } from '../text/calendar.ts'
import { hasDeadline, isQuestion, isRecapOrLogistics, namesKindOfNote } from './cues.ts'
import { addressesTheRecord, analyseClauses, EN_ACTION_WORDS, isPersonName, isVerbless, opensOnVerb, passiveNeed, referent, verbBase, type Clause } from './speech-acts/index.ts'
import { ACTION_NOUN, KO_CONCESSIVE, KO_CONDITION, KO_CONDITION_OR_REASON, KO_DATE_AFTER_TILDE, KO_DATE_IN_BRACKETS, KO_FIRST_PERSON, KO_DATE_WORD, KO_KNOWING_ASKED, KO_PART_OF_DAY, KO_WITHIN, koreanClauseTexts, koreanClosesOnVerb, koreanEnding, koreanOwnerNote, timeBeforeClosingWord } from './speech-acts/korean.ts'
import { addressedPeople, attendees, ENGLISH_WRITTEN_NAME, koreanParticipant, participantFor, roleHolders } from './role-holders.ts'
import { assemble, combineCharacter, disassemble, disassembleCompleteCharacter, hasBatchim } from 'es-hangul'

export interface AuthoredSentence {
  text: string
  author?: string
  /** Position in the writer's minutes, when known: the first may be the notes' title. */
  index?: number
  /** The label the line started with ("Actions: …", "Flaky checkout test: …"), when it had one. */
  label?: string
  /** The heading of the section the line is under ("Action items", "액션 아이템"), when there is one. */
  sectionHeading?: string
  /** The short bulleted line the line is listed under, one level up ("- 할 일", "• Next steps"), when there is one. */
  listHeading?: string
  /** The line of the writer's minutes it was read from, when known: sentences of one line share it. */
  line?: number
  /** The line opened with a checkbox: open, a task as an action label makes one; ticked, done. */
  checkbox?: 'open' | 'done'
}

// A section of tasks: every line under it is one, whatever its form ("액션 아이템" then "- 배포 체크리스트 작성").
// "Action items", "My to-dos", "Launch follow-ups", "할 일", "행사 준비 관련 할 일": a heading whose head noun names tasks, after at most three words of topic.
// The Korean words that label or head a list of tasks ("할 일", "액션 아이템", "후속 조치" …), one vocabulary as EN_ACTION_WORDS is;
// 과제 heads a list of tasks but labels a challenge as often ("과제: 인력 부족"), so only headings take it.
const KO_ACTION_WORDS = String.raw`액션\s*아이템|액션|할\s*일|후속\s*조치|후속\s*작업|해야\s*할\s*일|담당\s*업무|todo|action`
const ACTION_HEADING = new RegExp(String.raw`^(?:(?:my|our)\s+)?(?:[\w-]+\s+){0,3}(?:${EN_ACTION_WORDS})\s*(?:\(.*\))?$|^(?:제|내|저희|우리)?\s*(?:\S+\s+){0,3}?(?:${KO_ACTION_WORDS}|과제)\s*(?:정리|목록|리스트)?\s*(?:\(.*\))?$`, 'i')

// The section's heading, or the bullet a list hangs from ("- 할 일" over "  · 견적서 발송 → 민지"), names its lines as tasks.
const underActionHeading = (sentence: AuthoredSentence): boolean => [sentence.sectionHeading, sentence.listHeading].some((heading) => heading !== undefined && ACTION_HEADING.test(heading.trim()))
// Under an action heading, or left open in a checklist ("☐ …", "[ ] …"): the line is a task, whatever its form.
const listedAsAction = (sentence: AuthoredSentence): boolean => underActionHeading(sentence) || sentence.checkbox === 'open'

/**
 * Whether the writer put the line down as an action: under an action heading, or after an action label
 * ("Action: Omar - confirm the second sound desk", "액션: …"). Such a line is a task, never a decision.
 */
export function writtenAsAction (sentence: AuthoredSentence): boolean {
  return listedAsAction(sentence) || EN_ACTION_PREFIX.test(sentence.text) || hasActionLabel(sentence) ||
    (sentence.label !== undefined && KO_TASK_LABEL.test(sentence.label.trim()))
}
/**
 * Whether a clause reports an arrangement with a deadline that bounds the doing ("배너 문구는 금요일까지
 * 고치기로 했어요", "…다음 회의 전까지 받기로 함"): a task given, which the todos hold and the decisions do not.
 * Settling a date by moving it ("3월 말까지 미루기로") stays a decision.
 */
export function givenByDeadline (clause: Clause): boolean {
  return clause.act === 'decision' && clause.deadline !== undefined && byDeadline(clause.text, clause.deadline) &&
    !RESCHEDULING.test(clause.text) && !DURATIVE.test(clause.text) && !clause.negated && !clause.uncertain && clause.undecided !== true
}
/** "…까지", "다음 회의 전까지": the deadline bounds the doing (by), not only its moment (before, during). */
function byDeadline (clause: string, deadline: string): boolean {
  const at = clause.indexOf(deadline)
  return /까지/.test(deadline) || (at >= 0 && /^\s*까지/.test(clause.slice(at + deadline.length)))
}
const RESCHEDULING = /(?:미루|미뤄|연기|옮기|옮겨|늦추|늦춰|앞당기|앞당겨|연장)/
// On a verb of keeping a state ("이번 달까지는 기존 요금을 유지하기로"), -까지 says until, not by.
const DURATIVE = /(?:유지|보류|동결|중단|중지|멈추|멈춰|휴무|운영|대기)(?:하|되)?기로/
// A Korean label of tasks (결정 and 담당, which KO_ACTION_LABEL also holds for titles, are not).
const KO_TASK_LABEL = new RegExp(String.raw`^(?:${KO_ACTION_WORDS})$`, 'i')
// The label opening a line, the writer's own ("내 할일:") or the team's ("우리 할 일:") too.
const KO_ACTION_PREFIX = new RegExp(String.raw`^((?:(?:제|내|저희|우리)\s*)?(?:${KO_ACTION_WORDS}))\s*[:：]\s*`, 'i')

/*
 * Todos are found clause by clause: "Staging DB too small, it needs resizing; Aiko to ask
 * infra" holds one action in its last clause, and "I will fix the bug today and add a test"
 * holds two. A title is the action phrase alone (verb first in English, the action noun or
 * verb last in Korean), without the speaker, fillers or the reasons after it, and the owner
 * in brackets when one is named.
 */

const MAX_TITLE = 140

// ---------------------------------------------------------------------------------- English

// Verbs that start an action ("send …", "Chen lowers …"): the present-tense and imperative
// readings need one, the modal reading ("X will …") takes any verb.
const EN_ACTION_VERBS = new Set(`
add align analyse analyze approve arrange ask assign audit book brief bring build buy calculate call cancel check circulate clean
close collect compile complete configure confirm contact coordinate cover create cut debug decide define delete deliver demo deploy
design do document draft drive email e-mail escalate estimate evaluate export file finalise finalize find finish fix follow gather
get give handle hire implement inform install investigate invite issue list log lower measure merge migrate monitor move notify open
order organise organize patch pay pick plan post prepare present prioritise prioritize publish purchase push put quarantine
raise reach record reduce refactor remind remove renew replace report request research reserve resize resolve restart review
rewrite run schedule send set share ship shoot sign start submit summarise summarize sync take talk test track train transfer triage
update upgrade upload validate verify write
`.trim().split(/\s+/))

// A verb in -s after a participant's name that the tagger reads as one (prints, trims, rings), but not one of being, having,
// wanting, perceiving or of something befalling (arrives, lands, costs): "Nell prints the menus today".
const EN_STATE_OR_EVENT = new Set(`
be have seem look sound feel know think believe want need like love prefer mean remain stay become come go arrive
leave land happen depend cost weigh matter say hear see agree expect hope wish own belong contain include work start
begin end finish last wait sit lie fall rise grow return live die win lose miss get
`.trim().split(/\s+/))

function doneByName (verb: string): boolean {
  const base = verbBase(verb)
  return base !== undefined && !EN_STATE_OR_EVENT.has(base)
}

const EN_NOT_A_SUBJECT = new Set(`
The This That These Those It Its There Here What Which Who Whom Whose When Where Why How We You They He She Everyone Everybody
Nobody Anyone Someone Somebody Also And But So If Then Our My Their Your His Her Each Every All Some No Next Last Any Both
Either Neither One Most Many Few Such Please Action Actions Todo Decision Risk Open Note Notes Agreed Decided
`.trim().split(/\s+/))

const EN_PRESENT = /^(?:(?:and|then)\s+)?([A-Z][a-z]+|I)\s+([a-z]+)\b(.*)$/
const EMAIL_HEADER = /^(?:from|to|cc|bcc|sent|date|subject|reply-to|보낸\s*사람|받는\s*사람|제목|참조)$/i
const EN_CONTRACTED_IS = /^\S+\s+\S+['’]s\s+(?:still|not|now|on|off|done|ready|booked|fine|confirmed|sorted|been|going|in|out|up|back|over|set|all|just|already|definitely|probably)\b/i
const EN_IMPERATIVE = /^(?:please\s+)?([a-z]+(?:-[a-z]+)?)\b(.*)$/i
// A time frame makes "Chen lowers the alert" an assignment rather than a description.
const EN_TIME_FRAME = /\b(?:today|tomorrow|tonight|after(?:wards?)?|this (?:week|afternoon|morning|evening|sprint|month|quarter)|next (?:week|sprint|month|monday|tuesday|wednesday|thursday|friday)|by|before|until|due|end of|asap|(?:on|next) (?:monday|tuesday|wednesday|thursday|friday)|(?:in|during|within) (?:the )?(?:next |following |coming )?(?:sprint|week|month|quarter)|(?:on|by) (?:the )?\d{1,2}(?:st|nd|rd|th)\b|(?:on|by) \d{1,2}(?:\/\d{1,2}| (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*))\b/i
const EN_REASONING_LABEL = /\b(?:causes?|reasons?|why|findings?|lessons?(?: learn(?:ed|t))?|learnings?|context|background|observations?|symptoms?|impact)$/i
// The Korean labels of a cause or a finding: "원인: 포인트 충전금 소진 → 알림 미발송", "배경:", "증상:".
const KO_REASONING_LABEL = /(?:원인|이유|배경|증상|영향|현상|경위|교훈)$/
// The Korean labels of what was settled: "확정: …", "결정 사항:".
const KO_SETTLED_LABEL = /^(?:결정|확정|합의|결론|결정\s*사항|합의\s*사항)$/
// A deadline alone after an arrow, with whom to report to ("→ 금요일까지", "→ 토요일 오후까지 저한테").
const KO_ARROWED_DEADLINE = new RegExp(String.raw`\s*(?:→|->)\s*((?:${KO_DATE_WORD})${KO_PART_OF_DAY}\s*까지)(?:\s*(?:저한테|나한테|제게|내게|저에게|나에게))?[.!]?\s*$`, 'u')
// "My actions", "Next steps for me", "TODO me": the writer's own, which a note to self is anyway.
const EN_ACTION_LABEL = new RegExp(String.raw`^(?:my\s+)?(?:${EN_ACTION_WORDS}|owners?|assignments?)(?:\s+(?:for\s+)?me)?$`, 'i')
const KO_ACTION_LABEL = new RegExp(String.raw`^(?:${KO_ACTION_WORDS}|담당|결정)$`, 'i')
/** A line labelled as an action ("Action: …", "Next steps: …") in the writer's own minutes. */
const writersActionLine = (sentence: AuthoredSentence): boolean => EN_ACTION_PREFIX.test(sentence.text) || hasTaskLabel(sentence) || sentence.checkbox === 'open'
// "Owners: Ana for design, Ben for QA": a label of who, not of what.
const EN_PEOPLE_LABEL = /^(?:owners?|assignments?)$/i
// "AI: Dana - add the vendor list": AI, an action item, when a person and a dash follow it.
const hasActionLabel = (sentence: AuthoredSentence): boolean => sentence.label !== undefined &&
  (EN_ACTION_LABEL.test(sentence.label) || (sentence.label.trim() === 'AI' && EN_LEADING_OWNER.test(sentence.text)))
/** An action label that says what is to be done ("Action:", "Next steps:"), not who ("Owners:"). */
const hasTaskLabel = (sentence: AuthoredSentence): boolean => hasActionLabel(sentence) && !EN_PEOPLE_LABEL.test(sentence.label!)
// What follows an action but is not part of it: reasons, conditions, comments.
const EN_TAIL = /(?:,\s*|\s+)(?:once|because|since|so that|as soon as|which|unless|although|though|but|if|so (?:we|i|he|she|they|you|it)|so that we|as (?:we|i|he|she|they|you|it)|given that)\b.*$|\s*[,;:]\s*(?:no owner|still open|not decided).*$/i
// "Decide Thu", "decide after the follow-up": a decision put off names no task.
const EN_PREDICATE_NOT_ACTION = /^(?:be|been|being|have|not|never|probably|likely|maybe|try|see|wait|need|keep|stay|remain|do so)\b|^decide\s+(?:on\s+)?(?:mon|tue|tues|wed|thu|thurs|fri|monday|tuesday|wednesday|thursday|friday|today|tomorrow|next|later|after|then)\b\W*$/i

// "today", "right away": relative to the meeting, no help in a todo list read later.
// Not one of two times written with a slash ("today/tomorrow"), nor a possessor ("today's post"); a bracket it closed loses
// its comma ("(Omar, today)" → "(Omar)").
const EN_IMMEDIATE = /\s+(?:today|tonight|this (?:afternoon|morning|evening)|right away|for now|now|personally)\b(?!\/|['’]s\b)/gi

function baseVerb (verb: string): string {
  if (/ies$/.test(verb)) return `${verb.slice(0, -3)}y`
  if (/(?:sh|ch|x|ss|z|o)es$/.test(verb)) return verb.slice(0, -2)
  return verb.replace(/s$/, '')
}

// A clause with its own subject joined on with "and" ("… and that's the plan", "… and until then we share a
// laptop", "… and Ines's printing the maps") is no part of the task.
const EN_OTHER_SUBJECT_TAIL = /,?\s+and\s+(?:(?:until|till) then,?\s+)?(?:(?:we|they|he|she|it|that|there|this)(?:'s|'re|'ll|'d|\s)|[A-Z][a-z]+(?:'s|\s+(?:is|are|was|will|can|has|had)\s))\s*.*$/

function cleanPredicate (text: string, label: string | undefined): string {
  let result = text.replace(EN_TAIL, '').replace(EN_OTHER_SUBJECT_TAIL, '').replace(/\s+and\s+will\s+(?=[a-z])/g, ' and ').replace(EN_IMMEDIATE, '').replace(/\s*,\s*\)/g, ')').replace(/\s*\(due ([^)]+)\)/i, ' by $1').replace(/[\s.。!！?]+$/u, '').trim()
  // "Flaky checkout test: I will quarantine it": the label names what "it" is; a person's label
  // ("Me: write up the report and send it …", "Sam: …") names who, not what.
  if (label !== undefined && !EN_ACTION_LABEL.test(label) && !/^(?:me|myself|i|us|we|you)$/i.test(label.trim()) && /\b(?:it|them)\b/.test(result)) {
    result = result.replace(/\b(?:it|them)\b/, `the ${label.toLowerCase()}`)
  }
  return result
}

interface Action {
  text: string
  owner?: string
}

// "Next steps - book the hall", "To do: …": the label opening a clause, no part of its task.
const EN_ACTION_LABEL_OPENING = new RegExp(String.raw`^(?:${EN_ACTION_WORDS})\s*[:：-]\s*`, 'i')

function englishClauseActions (clause: string, sentence: AuthoredSentence, actionContext: boolean, people: readonly string[]): Action[] {
  const text = clause.trim().replace(EN_ACTION_LABEL_OPENING, '')
  // "Ana: book them for Tuesday": a person's label names who, not what "them" is.
  const topic = personLabel(sentence.label, people, sentence.author) === undefined ? sentence.label : undefined
  const withOwner = (predicate: string, owner: string | undefined): Action[] => {
    if (EN_PREDICATE_NOT_ACTION.test(predicate)) return []
    return [{ text: cleanPredicate(predicate, topic), ...(owner === undefined ? {} : { owner }) }]
  }
  const present = EN_PRESENT.exec(text)
  if (present !== null && (actionContext || EN_TIME_FRAME.test(text)) && !EN_NOT_A_SUBJECT.has(present[1]!)) {
    const verb = present[1] === 'I' ? present[2]! : baseVerb(present[2]!)
    if ((present[1] === 'I' || present[2]!.endsWith('s')) && (EN_ACTION_VERBS.has(verb) || (personLabel(present[1], people, sentence.author) !== undefined && doneByName(present[2]!)))) {
      return withOwner(`${verb}${present[3]!}`, present[1] === 'I' ? sentence.author : present[1])
    }
  }
  // "Jonas finished the limiter and is writing the load test today": the subject carries over.
  const late = /^([A-Z][a-z]+|I)\s+[a-z]+ed\b.*?\s+and\s+((?:is|am|will)\s+.+)$/.exec(text)
  if (late !== null && !EN_NOT_A_SUBJECT.has(late[1]!)) return clauseActions(analyseClauses(`${late[1]!} ${late[2]!}`, 'en'), sentence)
  // A verb-looking first word followed by a label colon or a finite verb is a noun ("Open question: …",
  // "Test coverage in this area is thin").
  // So is one before a noun with "'s" for is or has ("Open day's still on for Saturday", "Set list's done"), not a possessive ("Check Sam's list").
  if (/^\S+(?:\s+\S+){0,2}\s*[:：]/.test(text) || /\b(?:is|are|was|were|has|have|had)\b/i.test(text) || EN_CONTRACTED_IS.test(text)) return []
  const imperative = EN_IMPERATIVE.exec(text)
  // "Review delays are a risk": a verb-looking word followed by a finite verb is a subject.
  if (imperative !== null && EN_ACTION_VERBS.has(imperative[1]!.toLowerCase()) && !/^\s+\S+\s+(?:is|are|was|were|has|have|had)\b|^\s+(?!(?:the|a|an|this|that|these|those|our|my|your|their|its|all|each)\b)[a-z]+\s+[a-z]+[^s\W]s\s+(?:in|on|at|with|to|for|from)\b/i.test(imperative[2]!) && !/^(?:s|ed|ing)\b/.test(imperative[2]!)) {
    return withOwner(`${imperative[1]!.toLowerCase()}${imperative[2]!}`, undefined)
  }
  return []
}

/** Who a clause puts in charge, as a todo owner: the writer for "I", the name for a named doer. */
function ownerOf (clause: Clause, author: string | undefined): string | undefined {
  const agent = clause.agent
  if (agent === undefined) return undefined
  if (agent.kind === 'speaker') return author
  if (agent.kind === 'named') return agent.name
  if (agent.kind === 'addressee') return agent.name
  return undefined
}

// A view, a negation, a doubt or a point left open: no task in the clause.
const holdsNoTask = (clause: Clause): boolean => clause.act === 'opinion' || clause.negated || clause.uncertain || clause.undecided === true
const takesAction = (clause: Clause): boolean => (clause.act === 'commitment' || clause.act === 'request') && !clause.negated && !clause.uncertain

// "TODO: rotate the API keys", "Action items: …": what follows the label is a task whatever its verb.
const EN_ACTION_PREFIX = new RegExp(String.raw`^(?:${EN_ACTION_WORDS})\s*[:：]`, 'i')

function clauseActions (analysed: readonly Clause[], sentence: AuthoredSentence, labelOwner?: string, people: readonly string[] = []): Action[] {
  const underActionLabel = EN_ACTION_PREFIX.test(sentence.text) || hasActionLabel(sentence) || listedAsAction(sentence)
  const writers = writersActionLine(sentence) && !(sentence.checkbox === 'open' && namesOtherDoer(sentence.text, people, sentence.author))
  // Under an action label a clause that opens on its predicate is a task even where the tagger, reading
  // the whole line, took its verb for a noun ("…; redo the fire drill briefing for new staff; …").
  const listed = (c: Clause): boolean => underActionLabel && c.act === 'statement' && c.agent?.kind === 'unknown' && c.action === c.text.replace(/[.!]+$/u, '').trim() && !c.negated && !c.uncertain && c.undecided !== true
  return analysed.filter((c) => (takesAction(c) || listed(c)) && c.action !== undefined && !EN_PREDICATE_NOT_ACTION.test(c.action) && (
    // A subject-less imperative in notes ("Help center search.") counts on a verb of doing, with a time, or under an action label;
    // a duty put to someone unnamed ("Someone still needs to let the caterer know") is a task on any verb.
    c.agent?.kind !== 'unknown' || EN_ACTION_VERBS.has(c.action.split(/\s+/)[0]!.toLowerCase()) || c.deadline !== undefined || underActionLabel || EN_TIME_FRAME.test(c.action) ||
    /^(?:\S+\s+)?(?:someone|somebody)\b/i.test(c.text.trim())
  )).flatMap((c) => {
    // "Sam: send the contract to legal": a person's label names who does what the line asks.
    // "Action: book the venue" in one's own minutes, naming nobody: a note to self, the writer's task.
    // "Ana will ring the caterer, and she'll send Sam the guest list": he or she is the one the sentence named before.
    const owner = ownerOf(c, sentence.author) ?? (c.agent?.kind === 'unknown' ? pronounDoer(c, analysed) ?? labelOwner ?? (writers ? sentence.author : undefined) : undefined)
    return [{ text: cleanPredicate(c.action!, labelOwner === undefined ? sentence.label : undefined), ...(owner === undefined ? {} : { owner }) }]
  })
}

/** The person a clause opening on he or she points back to: the one person named as a doer in the clauses before it. */
function pronounDoer (clause: Clause, analysed: readonly Clause[]): string | undefined {
  if (!/^(?:(?:and|but|then|so)\s+)?(?:she|he)\b/i.test(clause.text.trim())) return undefined
  const named = new Set(analysed.slice(0, analysed.indexOf(clause)).flatMap((c) => c.agent?.kind === 'named' ? [c.agent.name] : []))
  return named.size === 1 ? [...named][0] : undefined
}

// "and" before another doer with a future: "…, and I'll …", "… and Sam will …".
const EN_NEXT_DOER = /,?\s+and\s+(?=(?:I|we)'ll\s|(?:I|we|[A-Z][a-z]+)\s+will\s)/

// "Ana – book the rehearsal room", "Action: Sam - vendor shortlist by the 12th": a participant's
// name before a dash labels the line as "Ana: …" does.
const EN_LEADING_OWNER = /^(\p{Lu}[\p{L}'-]*\.?(?: \p{Lu}[\p{L}'-]*)?)\s+[-–—]\s+(\S.*)$/u

// A value after a colon: "…: 90,000", "…: $4.2k", "…: ~12%".
const EN_FIGURE_AFTER_COLON = /(?<!\d)[:：]\s*(?:~|approx\.?\s*|about\s+)?[$€£]?\d[\d.,]*\s*(?:k|m|bn|%|percent)?\.?$/i
// An owner in square brackets opening a line of notes: "[PR] …", "[Dana] …".
const EN_BRACKETED_OWNER = /^\[([^\]]{1,30})\]\s+(\S.*)$/u
// An owner left open before the task: "???:", "[??]", "TBD -", "Unassigned:", "Owner?".
const EN_OPEN_OWNER = /^(?:\?{2,}|\[\?+\]|tbd|tba|unassigned|no owner|owner\s*\?)\s*[:–—-]?\s+(?=\S)/i
// A label that puts its point off ("Parked: …", "Tabled: …", "On hold: …"): nobody is to act on it yet.
const EN_DEFERRED_LABEL = /^(?:parked|tabled|deferred|on hold|parking lot|postponed|backlog)$/i

// A noun phrase, a comma, and a commitment acting on "it" or "them".
const EN_NOUN_PHRASE_THEN_IT = /^([^,;:]{2,40}?),\s+((?:I|we)(?:'ll|\s+will|'m going to|\s+am going to)\s.*\b(?:it|them)\b.*)$/
// A day or date closing a note's noun phrase ("final deck Thursday"): when, not what.
const EN_TRAILING_DAY = new RegExp(String.raw`\s+(?:${WEEKDAY_NAME}|today|tomorrow|\d{1,2}\/\d{1,2}|(?:${MONTH_NAME})\.?\s+\d{1,2})\.?$`, 'i')
// "PR", "TWB": a person written by the capitals of their names.
const INITIALS = /^\p{Lu}{2,3}$/u
const EN_OWNER_FIRST_NOTE = new RegExp(String.raw`^(.*?\S)(?:\s*\(\s*(${ENGLISH_WRITTEN_NAME})\s*,\s*([^()]+?)\s*\)|\s+[-–—]\s*(${ENGLISH_WRITTEN_NAME})\s*,\s*([^()]+?))\s*[.]?$`, 'u')
const EN_ARROW_TO_OWNER = new RegExp(String.raw`^(.*?[\p{L}\p{N})])\s*(?:->|→|=>)\s*(${ENGLISH_WRITTEN_NAME})\s*[.]?$`, 'u')
const EN_OWNER_ARROW = /^(me|\p{Lu}{2,3}|\p{Lu}[\p{Ll}'-]+(?: \p{Lu}[\p{Ll}'-]+)?)\s*(?:->|→|=>)\s*(\S.*)$/u
const EN_INITIALS_DOING = /^(?:.*?[\p{L}\p{N})]\s*(?:->|→|=>)\s*)?(\p{Lu}{2,3})\s+([a-z]+(?:ing|s))\s+(\S.*)$/u
// "Parking: AR to ask the landlord", "Boiler – SL to book the engineer": a participant's initials before "to" and a verb.
const EN_INITIALS_TO = /^(?:.*?[\p{L}\p{N})](?:\s*(?:->|→|=>|:)|\s+[-–—])\s*)?(\p{Lu}{2,3})\s+to\s+([a-z]+\b.*)$/u
// "Plumber – Ana to confirm with him": a topic set off by a dash before a named doer's task; the topic is no part of the name.
const EN_DASHED_TOPIC = /^([^–—]{2,40}?)\s+[-–—]\s+((?:\p{Lu}[\p{Ll}'-]+|\p{Lu}{2,3})\s+(?:to|will)\s.+)$/u
const EN_ARROW_COMMITMENT = /^(.*?[\p{L}\p{N})])\s*(?:->|→|=>)\s*((?:I|we|[A-Z][a-z]+)(?:'ll|\s+will|\s+to|'s going to|\s+is going to)\s.+)$/u

/**
 * A line that opens by naming its owner ("[PR] …", "Ana – …"), read with that owner as its label. When nothing in
 * it reads as an action and `asTask`, the rest of the line is the task as written.
 */
function ownersLine (sentence: AuthoredSentence, owner: string, rest: string, asTask: boolean, people: readonly string[]): Action[] {
  const owned = { ...sentence, text: rest, label: owner }
  const actions = englishActions(owned, people)
  return actions.length > 0 || !asTask ? actions : sectionTask(owned, analyseClauses(owned.text, 'en'), people)
}

function englishActions (sentence: AuthoredSentence, people: readonly string[]): Action[] {
  if (sentence.label !== undefined && EN_DEFERRED_LABEL.test(sentence.label.trim())) return []
  // "… and the outreach with the parents' group.": the tail of the sentence before, cut off by a full stop.
  if (/^(?:and|or|plus)\s/.test(sentence.text) && isVerbless(sentence.text)) return []
  // "Reserve fund line for the lift: 45,000": a figure given for a named item states a value.
  if (EN_FIGURE_AFTER_COLON.test(sentence.text)) return []
  const labelled = taskLabelOwner(sentence, people, false)
  if (labelled !== undefined) return sectionTask({ ...sentence, text: labelled.task }, analyseClauses(labelled.task, 'en'), people).map((action) => ({ ...action, owner: labelled.owner }))
  // "???: call the landlord", "TBD - book the minibus": an owner left open; the task stands, nobody has it.
  const openOwner = EN_OPEN_OWNER.exec(sentence.text)
  if (openOwner !== null) return englishActions({ ...sentence, text: sentence.text.slice(openOwner[0].length) }, people).map((action) => ({ text: action.text }))
  // "[PR] Send the revised floor plan", "[Dana] venue floor plan": an owner in brackets opening the line
  // marks an action item as an action heading does; the line is the task even without a verb.
  const bracketed = EN_BRACKETED_OWNER.exec(sentence.text)
  if (bracketed !== null && personLabel(bracketed[1], people, sentence.author) !== undefined) return ownersLine(sentence, bracketed[1]!, bracketed[2]!, true, people)
  // Under an action label the rest of a line "Ana – …" is the task as written, as under an action heading.
  const dashed = EN_LEADING_OWNER.exec(sentence.text)
  if (dashed !== null && personLabel(dashed[1], people, sentence.author) !== undefined) return ownersLine(sentence, dashed[1]!, dashed[2]!, hasActionLabel(sentence), people)
  // "KD → renew the hall insurance", "Ines -> book the minibus", "Me → send the seating plan round": the person before an
  // arrow opening the note has the task after it; initials that are no participant's stand as written.
  const arrowOwner = sentence.label === undefined ? EN_OWNER_ARROW.exec(sentence.text) : null
  const arrowed = arrowOwner === null ? undefined : personLabel(arrowOwner[1], people, sentence.author) ?? (INITIALS.test(arrowOwner[1]!) ? arrowOwner[1] : undefined)
  if (arrowed !== undefined) {
    return englishActions({ ...sentence, text: arrowOwner![2]! }, people).map((action) => ({ ...action, owner: action.owner ?? arrowed }))
  }
  // "Returns list → Ana", "Ask the printer about card stock -> Sam Lee": a participant after an arrow closing the line is
  // given what the line says, as "→ 지훈" closes a Korean note.
  const arrowNote = EN_ARROW_TO_OWNER.exec(sentence.text)
  const notedOwner = arrowNote === null ? undefined : personLabel(arrowNote[2], people, sentence.author)
  if (notedOwner !== undefined) return ownersLine(sentence, notedOwner, arrowNote![1]!, true, people)
  // "Cancel the plumber (Ivo, today)", "Quote for the school – Sam, tomorrow": a bracket or a dash closing the line whose
  // first item is a participant gives them the line; the rest says when, as "(민수, 오늘)" does in Korean.
  const ownerNote = EN_OWNER_FIRST_NOTE.exec(sentence.text)
  const noteOwner = ownerNote === null ? undefined : personLabel(ownerNote[2] ?? ownerNote[4], people, sentence.author)
  if (noteOwner !== undefined) return ownersLine(sentence, noteOwner, `${ownerNote![1]!} ${ownerNote![3] ?? ownerNote![5]!}`, listedAsAction(sentence) || hasActionLabel(sentence), people)
  // "Gutter blocked -> PR clearing it", "TO books the electrician": a participant's initials before a verb in
  // -ing or -s, after an arrow or opening the note, give them the task in the verb's base form.
  const initialled = EN_INITIALS_DOING.exec(sentence.text)
  const base = initialled === null || personLabel(initialled[1], people) === undefined ? undefined : verbBase(initialled[2]!)
  if (base !== undefined) return ownersLine(sentence, initialled![1]!, `${base} ${initialled![3]!}`, true, people)
  const initialsTo = EN_INITIALS_TO.exec(sentence.text)
  if (initialsTo !== null && personLabel(initialsTo[1], people) !== undefined) return ownersLine(sentence, initialsTo[1]!, initialsTo[2]!, true, people)
  const dashedTopic = sentence.label === undefined ? EN_DASHED_TOPIC.exec(sentence.text) : null
  if (dashedTopic !== null && isVerbless(dashedTopic[1]!)) return englishActions({ ...sentence, label: dashedTopic[1]!, text: dashedTopic[2]! }, people)
  // "Venue contract -> Wren will sign it": the point before the arrow is what the commitment after it
  // acts on, as a label before a colon is.
  const arrow = EN_ARROW_COMMITMENT.exec(sentence.text)
  if (arrow !== null && !EN_ARROW_COMMITMENT.test(arrow[1]!)) return englishActions({ ...sentence, text: arrow[2]!, label: arrow[1]! }, people)
  // "final deck Thursday, I'll send it to the board the same evening": a note's opening noun phrase names what "it" is,
  // as a label before a colon does.
  const opened = sentence.label === undefined ? EN_NOUN_PHRASE_THEN_IT.exec(sentence.text) : null
  if (opened !== null && isVerbless(opened[1]!)) {
    const topic = opened[1]!.replace(EN_TRAILING_DAY, '').trim()
    if (topic.split(/\s+/).length <= 4 && contentStems(topic).size > 0) return englishActions({ ...sentence, text: opened[2]!, label: topic }, people)
  }
  // "Ana sends the floor plan by Monday and I'll book the caterer": the second doer's task is theirs.
  const parts = sentence.text.split(EN_NEXT_DOER)
  if (parts.length > 1) return parts.flatMap((text) => englishActions({ ...sentence, text }, people))
  const actionContext = hasActionLabel(sentence) || listedAsAction(sentence)
  const analysed = analyseClauses(sentence.text, 'en')
  // Running the meeting ("let's move on to pricing"), deciding, or instructing the tool is never a todo.
  if (analysed.length > 0 && analysed.every((c) => c.act === 'facilitation' || c.act === 'greeting' || c.act === 'decision' || (c.act === 'statement' && c.agent === undefined && c.action === undefined && addressesTheRecord(c.text)))) return []
  // The clause analysis first: a commitment or request clause with an action verb, its owner the
  // grammatical subject or addressee ("I'll …", "Priya's going to …", "Dana, can you …").
  // Under a label that gives a reason or a finding ("Root cause: …", "Lesson: …"), a bare
  // imperative describes what went wrong or what was learnt; it assigns nothing.
  const reasoning = sentence.label !== undefined && EN_REASONING_LABEL.test(sentence.label)
  const byClause = clauseActions(reasoning ? analysed.filter((c) => c.agent?.kind !== 'unknown') : analysed, sentence, personLabel(sentence.label, people, sentence.author), people)
  if (byClause.length > 0) return byClause
  // Under an action heading a line is a task even as a bare noun phrase ("Pricing page copy (Dana)").
  if (listedAsAction(sentence)) return sectionTask(sentence, analysed, people)
  // Forms the clause reading leaves as statements: a present-tense assignment with a time frame
  // ("Chen lowers the alert this week") or under an action label, and a progressive after a past verb.
  // Under an action label a line with no verb of its own is the task as written, as under an action heading
  // ("Action: refund note to the caterer today - wrong invoice total"); a comment after a dash is no part of
  // what it says of itself.
  const labelledTask = (text = sentence.text, owner = sentence.author): Action[] => {
    if (!hasTaskLabel(sentence)) return []
    // "Action: Priya - venue floor plan today": a person named before a dash has it, participant or not.
    const dashed = EN_LEADING_OWNER.exec(text)
    if (dashed !== null && dashed[1]!.split(/\s+/).every(isPersonName)) return labelledTask(dashed[2]!, dashed[1]!)
    const [task, ...comment] = text.split(/\s[-–—]\s/)
    // A comment with no verb ("- wrong invoice total, no discount") says why; one with a verb ("- add the travel line") is the task too.
    const said = comment.length > 0 && isVerbless(comment.join(' ')) ? task! : text
    return sectionTask({ ...sentence, text: said }, analyseClauses(task!, 'en'), people)
      .map((action) => { const by = action.owner ?? owner; return by === undefined ? action : { ...action, owner: by } })
  }
  if (reasoning) return []
  // "Ivo cancels the plumber today, so we don't pay the call-out fee": a clause of its own that negates or doubts
  // takes nothing from the one before it.
  const clauses = sentence.text.split(/\s*;\s*|,\s+(?=(?:and\s+|so\s+|then\s+)?(?:I|we|[A-Z][a-z]+)\s)/)
    .filter((clause) => !analyseClauses(clause, 'en').some(holdsNoTask))
  if (clauses.length === 0) return labelledTask()
  const found = clauses.flatMap((clause) => englishClauseActions(clause, sentence, actionContext, people))
  if (found.length === 0) return labelledTask()
  return found
    // An owner is a participant or a person named in the sentence, never a capitalised opener.
    .map((action) => action.owner === undefined || action.owner === sentence.author || action.owner.split(/\s+/).every(isPersonName) ? action : { text: action.text })
    // "Sam: send …", "me: review …": a person's label owns an imperative that names nobody.
    .map((action) => {
      const labelOwner = action.owner === undefined ? personLabel(sentence.label, people, sentence.author) ?? (writersActionLine(sentence) ? sentence.author : undefined) : undefined
      return labelOwner === undefined ? action : { ...action, owner: labelOwner }
    })
}

const EN_DONE = /\b(?:done|finished|completed|shipped|merged|closed|resolved)\b/i
const EN_TRAILING_OWNER = new RegExp(String.raw`\s*(?:\(([^()]+)\)|[-–—]\s*(${ENGLISH_WRITTEN_NAME}))\s*[.]?$`, 'u')

/** A line in a section of action items that no clause reads as an action: the line is the task, its owner a named participant. */
function sectionTask (sentence: AuthoredSentence, analysed: readonly Clause[], people: readonly string[]): Action[] {
  if (analysed.some((c) => c.act === 'question' || c.act === 'decision' || c.act === 'facilitation' || c.act === 'greeting' || c.negated || c.uncertain || c.undecided === true)) return []
  if (EN_DONE.test(sentence.text)) return []
  const trailing = EN_TRAILING_OWNER.exec(sentence.text)
  const named = trailing === null ? undefined : personLabel((trailing[1] ?? trailing[2])!.trim(), people)
  const text = (named === undefined ? sentence.text : sentence.text.slice(0, trailing!.index)).replace(/[\s.!]+$/u, '').trim()
  // "[ ] Ring the caterer about Friday" in one's own minutes: an open box that names no other doer is the writer's to tick.
  const owner = named ?? personLabel(sentence.label, people) ?? (sentence.checkbox === 'open' && !namesOtherDoer(text, people, sentence.author) ? sentence.author : undefined)
  return listedTasks(text).map((task) => ({ text: task, ...(owner === undefined ? {} : { owner }) }))
}

// A participant's first name or initials before what they do ("KD fetching them", "Tom to ring", "Ana sends …"), outside
// brackets and not in a clause of time or condition ("when Sam hands in the keys").
const EN_DOER_NAMED = /(?<!\b(?:when|once|if|after|until|before|unless|by|from|with|for)\s+)\b(\p{Lu}[\p{L}'-]*)\s+(?:to\s|will\s|is\s|'s\s|\p{Ll}+(?:ing|s)\b)/gu

/** Whether a line gives its task to someone other than its writer: the group, or another participant as the doer. */
function namesOtherDoer (text: string, people: readonly string[], author: string | undefined): boolean {
  if (/\b(?:we|us|everyone|all|team)\b/i.test(text)) return true
  const others = people.filter((person) => person !== author)
  for (const found of text.replace(/\([^)]*\)/g, '').matchAll(EN_DOER_NAMED)) {
    const name = found[1]!
    if (others.some((person) => person.split(/\s+/)[0] === name || initialsOf(person) === name)) return true
  }
  return false
}

/**
 * The tasks one line of an action list holds: parts after ";" ("swap the badge printer today; check the kiosks by Fri"),
 * or three or more short noun phrases listed with commas ("venue walkthrough, catering order, signage proofs").
 */
function listedTasks (text: string): string[] {
  const parts = text.split(/\s*;\s*/).map((part) => part.trim()).filter((part) => part !== '')
  return parts.flatMap((part) => {
    const items = part.split(/,\s+(?:and\s+)?/)
    return items.length >= 3 && items.every(isShortNounPhrase) ? items : [part]
  })
}

// A noun phrase of at most four words; its last word may be a noun a tagger reads as a verb ("menu update").
function isShortNounPhrase (item: string): boolean {
  const words = item.split(/\s+/)
  return /^[\p{L}\s/&+-]+$/u.test(item) && words.length <= 4 && (isVerbless(item) || (words.length >= 2 && isVerbless(words.slice(0, -1).join(' '))))
}

// ----------------------------------------------------------------------------------- Korean

// A clause that ends on the action itself, written as a noun or a -기 form ("… 신청서 작성.", "견적 받기").
// "18시 배포 목표": an action noun set as a target ends a task as the noun itself does.
const KO_ACTION_END = new RegExp(`(?:${ACTION_NOUN.source}|개발|구현|설계|연동|정하기|선정|완료|게시|재검토|초안|진행|[\\uAC00-\\uD7A3]기(?:로)?)(?:\\s*목표)?[.!]?$`)
const KO_OWNER_MENTION = /(?:제가|저는|저희가|내가|저희 팀이|저희 팀에서|(?:^|\s)[\uAC00-\uD7A3]{2,4}\s*(?:님|씨)(?:이|가|은|는|께서|도)?(?=\s)|(?:^|\s)[\uAC00-\uD7A3]{2,4}\s*(?:님|씨)(?:이|가|께서)(?=\s))/
// A name with its title or 님 or 씨 ("민수 씨", "지현 매니저님"); a job title with 님 alone ("팀장님이") names a role, not the person.
const KO_HONOURED_NAME = `(?!${KOREAN_TITLE_WORD})(${KOREAN_NAME})\\s*(?:${KOREAN_ANY_TITLE}\\s*)?(?:님|씨)`
const KO_NAMED_OWNER = new RegExp(`(?:^|\\s)${KO_HONOURED_NAME}(?:이|가|은|는|께서)?(?=\\s)`)
// Someone named in a Korean line, by a name with a title or an honorific ("하린님", "김민수 기사") or a surname with a
// title ("박 소장"); and the group ("다들", "저희").
const KO_NAMES_SOMEONE = new RegExp(`(?:^|\\s)(?:${KOREAN_NAME}\\s*(?:${KOREAN_ANY_TITLE}|님|씨)|[\\uAC00-\\uD7A3]\\s+${KOREAN_ANY_TITLE})`, 'u')
const KO_GROUP_WORD = /(?:^|\s)(?:우리|저희|다들|모두|각자|전체)(?=\s|$)/u
// A person's name with its title or honorific and particle, cut from a task's title ("지현 매니저님이", "민수씨랑").
// "문 팀장님": a surname alone with the title names the person too.
const NAMED_PERSON_WORDS = new RegExp(`(?:^|\\s)(?:${KOREAN_NAME}\\s*(?:${KOREAN_ANY_TITLE}\\s*님|${KOREAN_BARE_JOB_TITLE}|님|씨)|[\\uAC00-\\uD7A3]\\s+${KOREAN_ANY_TITLE}\\s*님?|${KOREAN_FULL_NAME_TITLED}(?=이|가|은|는|께서|도)|${KOREAN_KIN_TITLED}(?=이|가|은|는|께서|도))(?:이|가|은|는|께서|도|이랑|랑)?(?=\\s|$)`, 'g')
// The speaker, or the speaker's team (저희가), as the one who does it.
const KO_SELF = new RegExp(`(?:^|\\s)(?:${KO_FIRST_PERSON}|저희가)(?=\\s)`)
// Who does it, cut from a task's title: the speaker or the speaker's team.
const KO_DOER_IN_TITLE = new RegExp(`(?:^|\\s)(?:${KO_FIRST_PERSON}|저희가|저희 팀이|저희 팀에서)(?=\\s)`, 'g')
const KO_DATE_DEADLINE = new RegExp(String.raw`(?:${KO_DATE_WORD}|[월화수목금]|다음\s*회의\s*전)${KO_PART_OF_DAY}\s*${KO_WITHIN}|(?:출시|배포|오픈|런칭|회의|마감)\s*전(?:에|까지)|${KO_DATE_AFTER_TILDE}(?=[\s)]|$)|${KO_DATE_IN_BRACKETS}`)
// A time ahead that bounds a terse note as a deadline does: "오늘 재연락", "1월 둘째 주 원격 진행", "다음 주 리허설".
// A weekday alone does not: "일정 금요일 재확인" may put a point off as well as set a task.
const KO_TIME = /(?:^|[\s(（])(?:오늘|내일|모레|이번\s*주|금주|당일|오후|오전|다음\s*주|다음\s*달|월말|\d{1,2}월\s*(?:첫째|둘째|셋째|넷째|마지막)\s*주|\d{1,2}월\s*(?:초|중순|말))(?:에|중|중에|중으로)?(?:[\s)）]|$)/
const EN_UNOWNED = /[\s:;,(–—-]+(?:but\s+)?(?:nobody|no one)(?:['’]s|\s+is|\s+has)?\s+(?:(?:owns|has|took|taken)\s+(?:it|that|this)(?:\s+on)?|taken\s+on\s+(?:it|that|this)|on\s+it|picked\s+(?:it|that|this)\s+up)(?:\s+(?:yet|either))?|[\s:;,(–—-]+(?:owner|assignee)\s*(?:tbd|tbc|unknown|unassigned|\?+)|[\s:;,(–—-]+no (?:owner|volunteers?|takers?)(?:\s+yet)?|[\s:;,(–—-]+(?:still\s+)?(?:not\s+assigned|unassigned)(?:\s+yet)?|\s+(?:still\s+)?has\s+no\s+owner(?:\s+yet)?/i
// "Nobody has picked up the site visit with the insurer yet": the task named after who did not take it.
const EN_NOBODY_TOOK = /^(?:(?:but|and|so)\s+)?(?:nobody|no one)(?:['’]s|\s+has)\s+(?:picked\s+up|taken\s+on|taken|claimed|volunteered\s+for|signed\s+up\s+for)\s+(?:the\s+)?(.+?)(?:\s+(?:yet|either))?[.!]?$/i
const OPEN_HEADING = /미결|미정|열린|open (?:points?|questions?|items?)|pending|unresolved/i
// "담당 미정", "담당자는 정해지지 않았습니다": the task stands, nobody has it yet.
// "담당 미정", "담당자 없음", "- 담당 X": nobody has it.
const KO_UNOWNED = /\s*\(?\s*담당(?:자)?\s*(?:은|는|이|가)?\s*(?:아직\s*)?(?:미정|미배정|없음|정해지지 않|정하지\s*(?:않|못)|(?:안|못)\s*정|[Xx✗](?![\p{L}\d]))/u
// "전단지 배포는 아직 누가 할지 안 정했어요", "의자 반납은 누가 하나요?": the topic is a task, who does it is open.
const KO_WHO_OPEN = /^(.+?)(?:은|는)\s+(?:아직\s+)?누가\s+(?:\S+지(?:는)?\s+(?:아직\s+)?(?:(?:안|못)\s*정|정하지\s*(?:않|못)|미정|모르|몰라)|(?:하나요|할까요|해요|하죠|합니까|할래|해|하지|맡나요|맡을까요|맡죠|맡아요)\s*[?？]?\s*$)/
// A time ahead in brackets after a task, which a title moves to its front: "… 다시 하기 (이번 주)".
const KO_BRACKETED_TIME = String.raw`\(((?:이번|다음)\s*주|이번\s*달|다음\s*달|내일|모레|월말|주말)(?:\s*(?:중|안|내))?\)`
// "… 정리 ~11/30", "… 정리 (금)", "… 다시 하기 (이번 주)", "(오늘)": a time in brackets after the action.
// A day named from today closing a terse note ("배양액 주문 오늘"), or a deadline with 까지 ("보고서 정리 금요일까지",
// "재고 확인 금까지"), is when, written after the task.
const KO_TRAILING_DATE = new RegExp(String.raw`\s*(?:${KO_DATE_AFTER_TILDE}|${KO_DATE_IN_BRACKETS}|${KO_BRACKETED_TIME}|\((?:오늘|금주)(?:\s*(?:중|안|내))?\)|(?<=\S\s)(?:오늘|내일|모레|금주)(?:\s*(?:중|안|내))?|(?<=\S\s)(?:${KO_DATE_WORD})${KO_PART_OF_DAY}\s*까지)\s*$`)
// Difficulties ("… 어려움", "지연 우려") describe a risk, not an action; so does a condition (KO_CONDITION).
const KO_DIFFICULTY = /(?:어려움|어렵|불가|힘듦|않|없음|못함|못 함|지연|우려|리스크|위험)/

/**
 * Whether a Korean clause is a task. The ending decides (see speech-acts/korean.ts): a commitment
 * or request ending on any verb is one, any other ending is not. A clause with no verb ending, a
 * terse note that ends on the action noun ("… 신청서 작성", "견적 받기"), is one when it says who
 * or by when.
 */
// A verb nominalised by -기 ("공지 올리기", "확인받기") lists a thing to do; a report says what was done (올림, 완료).
const KO_GI_TASK = /[\uAC00-\uD7A3](?<![있없같크작많적좋싫쉽어렵])기[.!]?$/

const TRAILING_BRACKETS = /(?:\s*[(（][^()（）]*[)）])+\s*$/u
// "… 다시 세기 – 내일까지": the dash that set the deadline off, left once the deadline is read.
const TRAILING_DASH = /\s+[-–—]\s*$/u

function koreanClauseIsAction (clause: string, analysed: Clause | undefined, ownerNoted: boolean, personLine = false): boolean {
  if (analysed !== undefined && analysed.act !== 'statement') return takesAction(analysed) || givenByDeadline(analysed)
  if (analysed?.negated === true || analysed?.uncertain === true || analysed?.undecided === true) return false
  const text = clause.trim()
  // A deadline written after the action ("… 작성 ~11/30", "… 정리 (금)") is not where the action ends, nor a
  // comment in brackets after it ("안내문 수정(지도 포함)").
  const action = text.replace(KO_TRAILING_DATE, '').replace(TRAILING_BRACKETS, '').replace(TRAILING_DASH, '')
  // "당번은 목요일로 알고 계시기", "참고하기": keeping something in mind is no task.
  if (koreanEnding(action) !== undefined || KO_CONDITION.test(text) || KO_DIFFICULTY.test(text) || KO_KNOWING_ASKED.test(action)) return false
  if (!KO_ACTION_END.test(action)) return false
  // "- 도현: 임시 공지 올리기": a -기 task opening a line under a person's name is theirs, with or without a time
  // (the clauses after it add details to it: "문구는 나한테 확인받기").
  if (personLine && KO_GI_TASK.test(action)) return true
  return ownerNoted || KO_OWNER_MENTION.test(text) || KO_DATE_DEADLINE.test(text) || KO_TIME.test(text)
}

// Stems that end in ㄹ themselves (만들다, 열다, 풀다): 만들게요 → 만들기, where 고칠게요 → 고치기.
const RIEUL_STEM = /^[들열풀늘걸돌밀팔알살놀털벌빌끌]$/

/**
 * The stem of a verb in the plain present -ㄴ다 from the syllable that carries the ㄴ: 보낸 → 보내, 고친 → 고치;
 * a ㄹ-stem drops its ㄹ before the ㄴ (만든다 for 만들다), so 든 gives 들. Undefined without the ㄴ.
 */
function plainPresentStem (syllable: string, wholeWord = false): string | undefined {
  const parts = disassembleCompleteCharacter(syllable)
  if (parts?.jongseong !== 'ㄴ') return undefined
  if (syllable === '든' || (wholeWord && RIEUL_ONLY_PRESENT.test(syllable))) return combineCharacter(parts.choseong, parts.jungseong, 'ㄹ')
  return combineCharacter(parts.choseong, parts.jungseong)
}
// One-syllable plain presents only a ㄹ-stem spells (단다 달다, 연다 열다, 건다 걸다, 논다 놀다): without the ㄹ no verb is left.
const RIEUL_ONLY_PRESENT = /^[단연건논문분운민빈]$/

// Turning a -기 form from a verb stem: 받겠습니다 → 받기, 보낼게요 → 보내기 (drop the ㄹ batchim).
function withoutRieul (syllable: string): string {
  if (RIEUL_STEM.test(syllable)) return syllable
  const parts = disassembleCompleteCharacter(syllable)
  return parts?.jongseong === 'ㄹ' ? combineCharacter(parts.choseong, parts.jungseong) : syllable
}

// The verb of saying after a quotation, in any tense and level: "…한다고 함", "…준다고 했어요", "…맡으신다고 해요".
const SAID = String.raw`(?:\s*(?:함|해요|합니다|한다|하네요|하더라고요|하셨어요|하셨습니다|하심|했어요|했습니다|했음|했다|하셨다))?[.!]?`
// A quoted plain present: honorific ("바꾸신다고") and plain ("한다고", "준다고"; a past "갈았다고" is kept for finish to drop).
const KO_QUOTED_HONORIFIC = new RegExp(String.raw`([\uAC00-\uD7A3])(?:으)?신다고${SAID}$`)
const KO_QUOTED = new RegExp(String.raw`(?<=[\uAC00-\uD7A3])다고${SAID}$`)

const KO_TILDE_DEADLINE = new RegExp(String.raw`(?:^|\s|\()${KO_DATE_AFTER_TILDE}\)?\s*$`)
const KO_TITLE_TIME = new RegExp(String.raw`\s*${KO_BRACKETED_TIME}\s*$`)
// A date in brackets closing a title would read as its owner ("… 정리 (금)"): it is written after a tilde instead.
const KO_TITLE_BRACKETED_DATE = new RegExp(String.raw`\s*${KO_DATE_IN_BRACKETS}\s*$`)

// What closes an arrangement after -기로, contracted or written out, honouring the doer or not ("했습니다", "하였다", "하셨어요").
const KO_GIRO_CLOSE = '(?:함|했음|했습니다|했다|했어요|하였습니다|하였다|하였음|합니다|하셨습니다|하셨어요|하셨다|하셨음|하심)'

function koreanTitle (clause: string): string {
  const whole = clause.trim()
  const dated = KO_TITLE_BRACKETED_DATE.exec(whole)
  if (dated !== null) return `${koreanTitle(whole.slice(0, dated.index))} ~${dated[0].trim().slice(1, -1).replace(/^~\s*/, '')}`
  // "… 다시 하기 (이번 주)": the time in brackets opens the title.
  const bracketed = KO_TITLE_TIME.exec(whole)
  if (bracketed !== null) return `${bracketed[1]!} ${koreanTitle(whole.slice(0, bracketed.index))}`
  let text = whole
    .replace(/^(?:액션|할 일|TODO|todo|담당|후속 조치)\s*[:：]\s*/, '')
    .replace(KOREAN_SPOKEN_OPENER, '')
    .replace(KO_DOER_IN_TITLE, ' ')
    .replace(/\s*\((?:담당|owner)\s*[:：]?[^)]*\)\s*$/i, '')
    .replace(NAMED_PERSON_WORDS, ' ')
    .replace(/[.!。]+$/u, '')
    .replace(/(?:^|\s)(?:오늘(?:\s*(?:오후|오전|중으로|중에|중))?|지금|바로|당장)(?=\s)/g, ' ')
    .trim()
  const written = text
  text = text
    // Reported speech ("견적 요청한다고", "시안 올려 준다고", "맡으신다고" 했어요): the reported act is the task, read as the
    // plain present it quotes; a reported past ("…갈았다고") is done, and stays as written for finish to drop.
    .replace(KO_QUOTED_HONORIFIC, '$1기')
    .replace(KO_QUOTED, (_quoted: string, at: number, whole: string) => pastSyllable(whole[at - 1]!) ? '다고' : '다')
    // "회계 정리는 … 맡습니다": what is taken on is the task, the topic before 맡다.
    .replace(/(?<=[\uAC00-\uD7A3]{2})(?:은|는|도|을|를)\s+맡(?:습니다|아요|음|는다|아)$/, '')
    // Must-forms first: 문서화 해야 함 → 문서화, 마쳐야 합니다 → 마치기; a one-syllable stem with 하 is a verb, not a
    // noun (정해야 합니다 → 정하기).
    .replace(/(?<=(?:^|\s)[\uAC00-\uD7A3])해야\s*(?:함|합니다|한다|해요|됨|됩니다|돼|돼요)$/, '하기')
    .replace(/\s*해야\s*(?:함|합니다|한다|해요|됨|됩니다|돼|돼요)$/, '')
    // 르-irregular first (불러야 → 부르기), then the -어/아 stem of one syllable (마쳐야 → 마치기); -야겠- (봐야겠어요) is a must-form too.
    .replace(/([\uAC00-\uD7A3])([러라])야\s*(?:함|합니다|한다|해요|돼|돼요|됩니다|겠습니다|겠어요|겠어|겠음|겠다)$/, (whole: string, before: string, s: string) => reuIrregular(before, s) ?? whole)
    .replace(/([\uAC00-\uD7A3])야\s*(?:함|합니다|한다|해요|돼|돼요|됩니다|겠습니다|겠어요|겠어|겠음|겠다)$/, (_m, s: string) => `${infinitiveStem(s)}기`)
    // "견적 받아 주실 수 있을까요?": a request asked as a question.
    .replace(/\s*해\s*주실 수 있\S*$/, '')
    .replace(/([\uAC00-\uD7A3])(?:아|어)?\s*주실 수 있\S*$/, '$1기')
    // "창고 정리를 하기로 했다": the noun is the task, without the object particle the separate 하다 took.
    .replace(new RegExp(String.raw`(?<=[\uAC00-\uD7A3]{2})[을를]\s+하기로\s*${KO_GIRO_CLOSE}$`), '')
    .replace(new RegExp(String.raw`(?<!(?:^|\s)[\uAC00-\uD7A3])하기로\s*${KO_GIRO_CLOSE}$`), '')
    .replace(new RegExp(String.raw`기로\s*(?:${KO_GIRO_CLOSE}|했고|했으며|했는데|하였고|하였으며)$`), '기')
    // A terse -기로 ("견적 받기로"): the task is the -기 form.
    .replace(/([\uAC00-\uD7A3])기로$/, '$1기')
    // The honorific -시- of a doer named with 님 ("쓰시기로 했어요") is no part of the task.
    .replace(/([\uAC00-\uD7A3])(?<!주)시기$/, '$1기')
    .replace(/(?:을|를)?\s*(?:하겠습니다|하겠음|하겠어요|하겠다|할게요|해 드리겠습니다|해드리겠습니다)$/, '')
    .replace(/(?:해\s*)?드리겠습니다$/, '드리기')
    .replace(/겠(?:습니다|음|어요|다)$/, '기')
    .replace(/([\uAC00-\uD7A3])을게요?$/, '$1기')
    .replace(/([\uAC00-\uD7A3])게요?$/, (_m, s: string) => `${withoutRieul(s)}기`)
    // 공유드릴게요, 연락 드리겠습니다, 수정해 주시기로 했습니다: the action is the noun before the honorific giving.
    .replace(/(\S+\s*님)께\s*드리기$/, '$1께 전달')
    // "보여 드리기": a verb given as a favour is its own -기 form (보이기); a noun given ("알림을 드리기") is the noun.
    .replace(/([\uAC00-\uD7A3])\s+드리기$/, (whole: string, s: string) => infinitiveStem(s) !== s ? `${infinitiveStem(s)}기` : whole)
    .replace(/(\S)(?:을|를)?\s*드리기$/, '$1')
    // The 합쇼체 request "제출해 주십시오", "봐 주십시오" gives as -주시기 does.
    .replace(/\s*주십시오$/, ' 주시기')
    .replace(/([\uAC00-\uD7A3]{2,})해\s*주시기$/, '$1')
    .replace(/([\uAC00-\uD7A3])(?:어|아)\s*주시기$/, '$1기')
    // "의견을 주시기": 주다 is the verb itself, giving the thing named.
    .replace(/(\S)(?:을|를)\s+주시기$/, '$1 주기')
    // "연락 주십시오": an action noun written apart is given, as "의견을 주시기" is.
    .replace(ACTION_NOUN_GIVEN, ' 주기')
    // 물어봐 주시기 → 물어보기, 써 주시기 → 쓰기: the verb given, as a -기 form.
    .replace(/([\uAC00-\uD7A3])\s*주시기$/, (_m, s: string) => `${infinitiveStem(s)}기`)
    .replace(/\s*(?:할|하는)?\s*(?:거예요|거야|겁니다)$/, '')
    .replace(/\s*(?:합니다|해요)$/, '')
    // The plain present of prose minutes: 요청한다 → 요청, 넣는다 → 넣기, 보낸다 → 보내기, 만든다 → 만들기.
    .replace(/(?<=[\uAC00-\uD7A3]{2})(?:을|를)?\s*한다$/, '')
    .replace(/([\uAC00-\uD7A3])는다$/, '$1기')
    .replace(/([\uAC00-\uD7A3])다$/, (whole: string, s: string, at: number, title: string) => { const stem = plainPresentStem(s, at === 0 || /\s/.test(title[at - 1]!)); return stem === undefined ? whole : `${stem}기` })
    // "수신 거부 목록 추출이 필요합니다": the subject particle goes with 필요.
    .replace(/([\uAC00-\uD7A3])(이|가)?\s+필요(?:함|합니다|해요|한데|하고)?$/, (_m, last: string, particle: string | undefined) => particle === undefined || hasBatchim(last) === (particle === '이') ? last : `${last}${particle}`)
    .replace(/(?:을|를)?\s*(?:하세요|하십시오|하시면 됩니다|하시면 돼요)$/, '')
    // A noun's 하기 goes (확인하기 → 확인); a one-syllable stem's stays (정하기).
    .replace(/(?<!(?:^|\s)[\uAC00-\uD7A3])하기$/, '')
    .replace(/(?:을|를)?\s*함$/, '')
    // Only a clause that ends as written: "서류를 열람할게요" leaves the noun 열람 once 할게요 is gone, no -ㅁ form.
    .replace(/([\uAC00-\uD7A3])$/, (m: string, _s: string, _at: number, whole: string) => written.endsWith(whole.split(' ').at(-1)!) ? withoutMieum(m) : m)
    // The topic particle before the action ("배포 자료는 공유") is not part of the task.
    .replace(/(\S+)(은|는)(\s+\S+)$/, (whole: string, noun: string, particle: string, rest: string) => topicParticle(noun, particle) ? `${noun}${rest}` : whole)
    // A verb's adnominal before 예정 is its -기 form: 잡을 예정 → 잡기, 보낼 예정 → 보내기 (할 예정 leaves the noun).
    .replace(/([\uAC00-\uD7A3])을\s*예정(?:입니다|임|이에요|이다)?$/, '$1기')
    .replace(/([\uAC00-\uD7A3])\s*예정(?:입니다|임|이에요|이다)?$/, (whole: string, s: string) => s !== '할' && disassembleCompleteCharacter(s)?.jongseong === 'ㄹ' ? `${withoutRieul(s)}기` : whole)
    .replace(/\s*(?:할|하는)?\s*예정(?:입니다|임|이에요|이다)?$/, '')
    .replace(/\s*해야\s*(?:함|합니다|한다|해요|됨|됩니다)$/, '')
    .replace(/\s*(?:할|해야 할)\s*것$/, '')
    .replace(/\s+부탁(?:해요|해)?$/, '')
    .replace(/\s*줘$/, '')
    // 반말 "공유해 줘": a 하다 verb's noun is the action ("공유").
    .replace(/([\uAC00-\uD7A3]{2,})해$/, '$1')
    .replace(/^[\uAC00-\uD7A3]{1,3}(?:아|야)\s+(?=\S+\s)/, '')
    .replace(/(?:^|\s)좀(?=\s)/g, '')
    .replace(/\s*(?:을|를)?\s*(?:부탁드립니다|부탁합니다|부탁드려요|해\s*주세요|해\s*주시기 바랍니다|바랍니다)$/, '')
    .replace(/(\S)\s*오세요$/, '$1 오기')
    .replace(/([\uAC00-\uD7A3])(?:으)?세요$/, '$1기')
    // A reason before the task ("세금계산서 발행이 필요하므로 발행 절차를 준비") explains it; the task is what follows.
    .replace(/^.*?(?:므로|때문에|니까|라서|있어서?|없어서?)\s+(?=\S+\s+\S)/, '')
    .trim()
  // A topic particle marks what the sentence is about, not part of the task ("릴리스 노트는 내일까지 공유"). Before a
  // word that takes one itself, -은/-는 is an adnominal ending ("남은 견적은": the remaining quotes), kept.
  // Before a dependent noun ("들어오는 대로", "가는 김에", "쓰는 거"), -는/-은 is always the adnominal ending.
  const words = text.split(' ')
  const topics = words.map((word, i) => {
    const found = /^(.+)(은|는)$/.exec(word)
    return found !== null && !/^[그이저나]$/.test(found[1]!) && !DEPENDENT_NOUN.test(words[i + 1] ?? '') && topicParticle(found[1]!, found[2]!) ? found[1]! : undefined
  })
  return text.split(' ').map((word, i) => topics[i] !== undefined && topics[i + 1] === undefined ? topics[i] : word).join(' ')
}

// Words that make a clause of a few words: a subject pronoun, an auxiliary or modal, an article, "to", a negation, a name's owner.
const CLAUSE_WORD = /\b(?:i|we|you|he|she|it|they|this|that|there|is|are|was|were|be|been|will|would|can|could|should|must|need|needs|has|have|had|do|does|did|the|a|an|to|not|no|all|everyone|let's|please)\b|['’](?:s|re|ve|d|ll|m)\b/i

/**
 * Whether an English sentence opens a paragraph of prose as its topic ("Hall hire. Priya reported …",
 * "Stage lighting. The dimmer rack …"): first on its line, more of the same writer's sentences after it on that line,
 * at most four words, capitalised, closed by a full stop, and no word that makes a clause.
 */
function runInTopic (sentence: AuthoredSentence, previous: AuthoredSentence | undefined, next: AuthoredSentence | undefined): boolean {
  const text = sentence.text.trim()
  if (sentence.line === undefined || sentence.label !== undefined || hasHangul(text) || !/^\p{Lu}[^.?!]*\.$/u.test(text)) return false
  const sameLine = (other: AuthoredSentence | undefined): boolean => other !== undefined && other.author === sentence.author && other.line === sentence.line
  return !sameLine(previous) && sameLine(next) && text.slice(0, -1).split(/\s+/).length <= 4 && !CLAUSE_WORD.test(text)
}

// Nouns that stand only after a modifier (bound nouns), with a particle or none.
const DEPENDENT_NOUN = /^(?:대로|김에|동안|중|줄|만큼|듯|듯이|데|바람에|척|채|대신|것|거|걸|게|건|적|수)(?:이|가|을|를|은|는|도|에|에서|으로|로|만)?$/

// The one-syllable stems of describing verbs (같다, 작다, 많다 …) and of 남다, whose -은 is the
// adnominal ending ("같은 시간", "작은 상자", "남은 견적"): none is a noun that takes a topic particle.
const DESCRIBING_STEM = /^(?:같|많|작|좋|높|낮|넓|좁|짧|깊|얕|적|늦|젊|굵|얇|밝|맑|검|붉|싫|옳|남)$|괜찮$/

// One-syllable stems of verbs of doing that end on a vowel, no noun of their own with 는 after it ("여는 날짜", "오는 손님",
// "보내는 사람" is two): their -는 is the adnominal ending. 차, 배, 비 are nouns too and stay out.
const ACTION_STEM_BEFORE_NEUN = /^(?:가|오|보|사|주|두|타|서|쓰|끄|켜|여|치|내|세|펴|보내|고치|바꾸|나누|가르치|지키|모으|미루|채우|비우|옮기|맡기|알리|드리)$/

// 은 follows a final consonant and 는 a vowel; a 는 after a verb stem (하는, 있는) is an adnominal ending.
function topicParticle (noun: string, particle: string): boolean {
  const last = noun.at(-1)
  if (last === undefined || !hasHangul(last) || /[하되있없않]$/.test(noun) || DESCRIBING_STEM.test(noun) || ACTION_STEM_BEFORE_NEUN.test(noun)) return false
  return hasBatchim(last) === (particle === '은')
}

// An action noun before an honorific giving ("연락 주시기"): the noun is what is given.
const ACTION_NOUN_GIVEN = new RegExp(`(?<=(?:^|\\s)${ACTION_NOUN.source})\\s+주시기$`)

/** A 르-irregular verb's -기 form from its -어/아 form's last two syllables: 불러 → 부르기, 골라 → 고르기. */
function reuIrregular (before: string, syllable: string): string | undefined {
  const first = disassembleCompleteCharacter(before)
  if (first?.jongseong !== 'ㄹ') return undefined
  return `${combineCharacter(first.choseong, first.jungseong)}르기`
}

// The stem of an -아/-어 infinitive: 마쳐 → 마치, 줘 → 주, 봐 → 보, 해 → 하, 써 → 쓰; other syllables stay.
function infinitiveStem (syllable: string): string {
  if (syllable === '해') return '하'
  // es-hangul spells a compound vowel as its parts: 봐 is ㅂㅗㅏ, 줘 is ㅈㅜㅓ.
  const jamo = disassemble(syllable)
  const stem = /^(.)(?:ㅕ)$/.test(jamo) ? `${jamo[0]!}ㅣ` : /^(.)(?:ㅗㅏ|ㅜㅓ)$/.test(jamo) ? jamo.slice(0, 2) : undefined
  if (stem !== undefined) return assemble([stem])
  return jamo === 'ㅆㅓ' ? '쓰' : syllable
}

// A terse -(으)ㅁ note as a -기 form: 고침 → 고치기. Other final syllables stay as written, and so do nouns
// whose last syllable ends in ㅁ (팀, 점검, 열람, 시험): no verb stem plus -ㅁ spells those syllables.
function withoutMieum (syllable: string): string {
  const jamo = disassemble(syllable)
  if (jamo.length !== 3 || !jamo.endsWith('ㅁ') || /[님팀템램럼줌임름점감품금참엄음검험람념범]/.test(syllable)) return syllable
  return `${assemble([jamo.slice(0, 2)])}기`
}

const TIME_WORD = /^(?:\d|[월화수목금토일]요일|오늘|내일|모레|이번|다음|주말|월말|오전|오후)/

/** Content words that are not dates or times. */
function topicStemCount (text: string): number {
  let count = 0
  for (const stem of contentStems(text)) if (!TIME_WORD.test(stem)) count++
  return count
}

/** The noun phrase a clause is about: its words before the numbers and the predicate. */
function subjectOf (clause: string): string {
  const words = clause.trim().split(/\s+/)
  const kept: string[] = []
  for (const [k, word] of words.entries()) {
    // "문의 두 번 오는 건 …": a verb made a noun with 건/것 ends the subject before it.
    if (/\d/.test(word) || /(?:음|함|됨|임|중|다|요)[.]?$/.test(word) || /^(?:건|것|거)$/.test(words[k + 1] ?? '')) break
    kept.push(word.replace(/[은는이가을를]$/, ''))
  }
  return kept.join(' ')
}

/**
 * The participant a line's label names, written as the label has it: "- 서연: …" for 박서연,
 * "김민수 님: …", "Sam: …" for Sam Lee. Only participants count: "Budget:" and "Action:" label a topic.
 */
function personLabel (label: string | undefined, people: readonly string[], author?: string): string | undefined {
  if (label === undefined) return undefined
  const written = label.trim()
  // "me: post-mortem doc by Mon", "나: …": the writer's own line.
  if (author !== undefined && /^(?:me|myself|나|저|본인)$/i.test(written)) return author
  const name = written.replace(/\s*(?:님|씨)$/, '')
  if (/^[\uAC00-\uD7A3]{2,4}$/.test(name)) {
    if (name !== written) return name
    return people.some((person) => person === name || (person.length >= 3 && person.endsWith(name))) ? name : undefined
  }
  // "PR: …", "[TO] …": a participant's initials, when they are nobody else's.
  if (INITIALS.test(written)) {
    const holders = people.filter((person) => initialsOf(person) === written)
    return holders.length === 1 ? holders[0] : undefined
  }
  if (!/^\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)?$/u.test(written)) return undefined
  return people.some((person) => person === written || person.split(/\s+/)[0] === written) ? written : undefined
}

/** "Paula Reyes" → "PR", "Mary-Jane Lee" → "MJL"; undefined for a name not written in Latin capitals. */
function initialsOf (person: string): string | undefined {
  const words = person.split(/[\s-]+/).filter((word) => word !== '')
  return words.length >= 2 && words.every((word) => /^\p{Lu}/u.test(word)) ? words.map((word) => word[0]).join('') : undefined
}

// "… (가람)", "… 태린 담당": a participant's given name as the owner note, which a bare two-syllable word cannot be otherwise.
// "… (민재)", "… 민재 담당", "… - 민재": a participant's given name closing the line.
const GIVEN_NAME_NOTE = /\s*(?:\(\s*([\uAC00-\uD7A3]{2,4})\s*\)|\s([\uAC00-\uD7A3]{2,4})\s*(?:이|가)?\s*담당(?:임|함)?|(?:\s|(?<=[\uAC00-\uD7A3]))[-–—]\s*([\uAC00-\uD7A3]{2,4}))$/

// "… 공지 소영", "업체에 재발주 요청 민재": a participant's given name right after the action noun that closes a terse note.
const GIVEN_NAME_AFTER_ACTION = new RegExp(String.raw`(?<=(?:^|\s)\S*${ACTION_NOUN.source})\s([가-힣]{2,4})$`, 'u')

// "거래처 문의-하늘 이번 주", "안내문 수정 - 지수 금": when it is due, written after the owner's name.
const TIME_AFTER_NAME = new RegExp(String.raw`(?<=[\uAC00-\uD7A3])\s+((?:${KO_DATE_WORD}|(?<![\uAC00-\uD7A3])[월화수목금토일])(?:\s*까지)?)$`, 'u')

function participantNote (line: string, people: readonly string[]): { body: string, owner: string } | undefined {
  const time = TIME_AFTER_NAME.exec(line)
  const noted = time === null ? undefined : participantNote(line.slice(0, time.index), people)
  // In brackets, as notes write a time after the task ("… 확인 (금)").
  if (noted !== undefined) return { body: `${noted.body} (${time![1]!})`, owner: noted.owner }
  const note = GIVEN_NAME_NOTE.exec(line) ?? GIVEN_NAME_AFTER_ACTION.exec(line)
  const written = note?.[1] ?? note?.[2] ?? note?.[3]
  const owner = written === undefined ? undefined : koreanParticipant(written, people)
  // "배너 문구 작성은 태린 담당": the task is the topic before the note.
  return owner === undefined ? undefined : { body: line.slice(0, note!.index).replace(/(?<=[\uAC00-\uD7A3])(?:은|는)$/, ''), owner }
}

// "금요일까지", "내일": a time opening what follows a name.
const TIME_FIRST = new RegExp(String.raw`^(?:${KO_DATE_WORD}|[월화수목금토일])\s*(?:까지|중에|중|내|에)?(?=\s)`, 'u')

/**
 * "가람이가 내일 영상 만들기로", "→ 태린 원인 분석": a clause opened by a participant's name is that
 * person's task. A bare name with no particle counts only after an arrow or comma, where notes put
 * the owner, or before a time ("민수 금요일까지 재연락"); otherwise at the start of a line it may as well be
 * a word that a given name spells.
 */
function participantSubject (clause: string, people: readonly string[], afterSeparator: boolean): { owner: string, rest: string } | undefined {
  // "지수 님이 …" is read with its honorific elsewhere.
  const opener = /^\s*([\uAC00-\uD7A3]{2,6})\s+(?!님|씨)(\S.*)$/u.exec(clause)
  const owner = opener === null ? undefined : koreanParticipant(opener[1]!, people)
  const beforeTime = opener !== null && TIME_FIRST.test(opener[2]!)
  if (owner === undefined || (!afterSeparator && !beforeTime && owner.replace(/\s+/g, '').endsWith(opener![1]!))) return undefined
  return { owner, rest: opener![2]! }
}

// A comma that lists items or joins clauses, not one between numbers ("3, 4번 상자").
const KO_COMMA = String.raw`(?<!\d)[,，]|[,，](?!\s*\d)`
const KO_LIST_COMMA = new RegExp(String.raw`\s*(?:${KO_COMMA})\s*`, 'y')
const KO_CLAUSE_BREAK = new RegExp(String.raw`\s*(?:;|${KO_COMMA}|→|->)\s*`, 'y')

// A listed task's line opening on its doer, named with 님 or 씨 and a subject or topic particle: the name and the rest.
const KO_LISTED_DOER = new RegExp(`^${KO_HONOURED_NAME}(?:이|가|은|는|께서)\\s+(\\S.*)$`, 'u')

// "…: 김민수 과장, 5/2 오전 중", "…: Sam, by Friday": a person opening what follows a label, alone or before a time
// or a comment set off by a comma or a bracket.
const KO_OWNER_OPENING = new RegExp(`^(?!${KOREAN_TITLE_WORD})(${KOREAN_NAME})(${KOREAN_TITLE_AFTER_NAME})?(?:\\s*[·/&]\\s*${KOREAN_NAME}(?:${KOREAN_TITLE_AFTER_NAME})?)*(?=$|\\s*[,，(（])`, 'u')
// The words a writer names themself with in an owner note: "(나)", "- 제가", "…: 본인".
const KO_SELF_WORD = '(?:나|저|본인|내가|제가)'
// "소독 기록: 나, 하루 두 번": the writer naming themself there.
const KO_SELF_OPENING = new RegExp(`^${KO_SELF_WORD}(?=$|\\s*[,，(（])`, 'u')
// A capitalised word opening an owner line that is a time or a status, never a name ("Tomorrow", "TBD", "Done"); weekdays and months
// are calendar names (text/calendar.ts).
const TIME_OR_STATUS_WORD = /^(?:today|tomorrow|tonight|next|asap|tbd|tbc|done)$/i
const EN_OWNER_OPENING = /^(me|\p{Lu}{2,3}|\p{Lu}[\p{Ll}'-]+(?: \p{Lu}[\p{Ll}'-]+)?)(?:\s*(?:&|\+|and|\/)\s*\p{Lu}[\p{Ll}'-]+)*(?=$|\s*[,(]|\s+[-–—]\s)/u

/**
 * "보일러 부품 발주: 김민수, 5/2 오전 중", "Van hire booking: Sam, by Friday": a label naming a task and a
 * person after the colon give that person the task the label names, with what follows the person (its time).
 * Korean reads it under an action heading or when the label closes on an action noun ("보험 신청: 민수");
 * English under an action heading or when the label opens on a verb ("Rotate the door codes: Sam"). A label that
 * is a person is that person's report or tasks, read elsewhere.
 */
function taskLabelOwner (sentence: AuthoredSentence, people: readonly string[], korean: boolean): { owner: string, task: string } | undefined {
  // A label the sentence splitter left in the line, for its brackets or commas ("안내문 초안(그림 포함): 박서연").
  const colon = sentence.label === undefined ? /^([^:：]{2,80}?)\s*[:：]\s*(\S.*)$/u.exec(sentence.text.trim()) : null
  const label = (colon?.[1] ?? sentence.label)?.trim()
  // One word before a name is the person's part in the meeting ("작성: 박서연", "Chair: Sam", "Notes: Ana",
  // "3월 회의 — 정리: 박서연"), not a task.
  if (label === undefined || !/\S\s+\S/u.test(label.split(/\s[-–—|/]\s/u).at(-1)!) || personLabel(label, people, sentence.author) !== undefined) return undefined
  const text = (colon?.[2] ?? sentence.text).trim().replace(/[\s.。]+$/u, '')
  if (korean) {
    const self = KO_SELF_OPENING.exec(text)
    const opening = self ?? KO_OWNER_OPENING.exec(text)
    if (opening === null) return undefined
    const owner = self !== null ? sentence.author : koreanParticipant(opening[1]!, people) ?? (opening[2] === undefined ? undefined : opening[1]!)
    const rest = text.slice(opening[0].length).replace(/^\s*[,，]\s*/, '').trim()
    // A label that names no action ("창고 열쇠 여분: 박서연, 금요일까지") is a task when a time follows the name, or the writer took it.
    if (owner === undefined || (!listedAsAction(sentence) && !KO_ACTION_END.test(label.replace(/\s*\([^)]*\)$/, '')) &&
      self === null && !KO_DATE_DEADLINE.test(rest) && !KO_TIME.test(rest))) return undefined
    if (rest.split(/\s*[,，]\s*/).some((part) => koreanParticipant(part.replace(/\s*\([^)]*\)$/, ''), people) !== undefined)) return undefined
    return { owner, task: `${label} ${rest}`.trim() }
  }
  const opening = EN_OWNER_OPENING.exec(text)
  // Under an action heading, a first name that is nobody's among the writers ("- Remove the contractor from the repo: Leah", someone
  // who spoke but wrote no minutes), when it can only be a name.
  const named = opening !== null && listedAsAction(sentence) && /^\p{Lu}\p{Ll}+$/u.test(opening[1]!) && !isCalendarName(opening[1]!) && !TIME_OR_STATUS_WORD.test(opening[1]!) && isPersonName(opening[1]!) ? opening[1] : undefined
  const owner = opening === null ? undefined : personLabel(opening[1], people, sentence.author) ?? named
  if (owner === undefined || (!listedAsAction(sentence) && !opensOnVerb(label))) return undefined
  const rest = text.slice(opening![0].length).replace(/^\s*,\s*/, '').trim()
  // "Volunteers so far: Sam (after lunch), Ana": a list of people, not one person's task.
  if (rest.split(/\s*,\s*/).some((part) => personLabel(part.replace(/\s*\([^)]*\)$/, ''), people, sentence.author) !== undefined)) return undefined
  return { owner, task: rest === '' ? label : `${label} ${rest.startsWith('(') ? rest : `(${rest})`}` }
}

// "… (제가)", "… (민수, 오늘)": a bracket closing a clause whose first item is its doer.
const CLAUSE_BRACKET_NOTE = /\s*[(（]([^()（）]+)[)）]\s*$/u
// "… (나)", "… - 제가", "… → 본인" closing a line: the writer names themself as its owner.
const KO_SELF_NOTE_CLOSING = new RegExp(String.raw`\s*(?:\((?:${KO_SELF_WORD}|me)\)|\s[-–—]\s*${KO_SELF_WORD}|\s*(?:→|->)\s*${KO_SELF_WORD})$`, 'i')
const KO_SELF_NOTE = new RegExp(`^${KO_SELF_WORD}(?:\\s|$)`)

/**
 * The owner a clause names in the bracket closing it, and the clause without that name ("상세 사진 교체 (민수, 오늘)"
 * gives 민수 and "상세 사진 교체 (오늘)"): the writer themself or a participant.
 */
function clauseOwnerNote (clause: string, people: readonly string[], author: string | undefined): { body: string, owner: string } | undefined {
  const bracket = CLAUSE_BRACKET_NOTE.exec(clause)
  if (bracket === null) return undefined
  const [first, ...rest] = bracket[1]!.trim().split(/\s*[,，]\s*/)
  const owner = KO_SELF_NOTE.test(first!) ? author : koreanParticipant(first!.replace(/\s*(?:님|씨)$/, ''), people)
  if (owner === undefined) return undefined
  return { body: `${clause.slice(0, bracket.index)}${rest.length > 0 ? ` (${rest.join(', ')})` : ''}`, owner }
}

function koreanActions (sentence: AuthoredSentence, people: readonly string[]): Action[] {
  // Under a label of a cause or a finding the line says what went wrong, not what to do.
  if (sentence.label !== undefined && KO_REASONING_LABEL.test(sentence.label.trim())) return []
  // Under a label of what was settled ("확정: 다음 주까지 한솜, 다음 달부터 새 업체") the line states the decision; a doer named in it
  // still has a task ("결정: 민수 님이 금요일까지 견적 받기").
  if (sentence.label !== undefined && KO_SETTLED_LABEL.test(sentence.label.trim()) && !KO_NAMES_SOMEONE.test(sentence.text) && !KO_SELF.test(sentence.text)) return []
  // "소화기 점검 → 토요일 오후까지 저한테": a time after an arrow closing the line bounds the task before it.
  const arrowedTime = KO_ARROWED_DEADLINE.exec(sentence.text)
  if (arrowedTime !== null) return koreanActions({ ...sentence, text: `${sentence.text.slice(0, arrowedTime.index)} ${arrowedTime[1]!}` }, people)
  const labelled = taskLabelOwner(sentence, people, true)
  if (labelled !== undefined) return [{ text: koreanTitle(labelled.task), owner: labelled.owner }]
  // "거래처 문의 - 민호 / 안내문 수정 - 하늘": tasks on one line, each closed by its own owner note.
  const parts = sentence.text.split(/\s+\/\s+/)
  if (parts.length > 1 && parts.every((part) => (koreanOwnerNote(part.trim()) ?? participantNote(part.trim(), people)) !== undefined)) {
    return parts.flatMap((part) => koreanActions({ ...sentence, text: part.trim() }, people))
  }
  // An owner note at the end of the line ("… → 지훈", "(담당: 이지은)") gives every clause before it its owner.
  // "… 초안 전달 (나)": the writer names themself as the owner.
  const trimmed = sentence.text.trim().replace(/[\s.!。]+$/u, '')
  const selfNote = KO_SELF_NOTE_CLOSING.exec(trimmed)
  const note = selfNote !== null && sentence.author !== undefined
    ? { body: trimmed.slice(0, selfNote.index), owner: sentence.author }
    : koreanOwnerNote(trimmed) ?? participantNote(trimmed, people)
  const labelPerson = personLabel(sentence.label, people, sentence.author)
  // "… 우리 팀 담당": the writer's team, so the writer.
  // "- 민수: 기존 자료 정리 (반나절)": a participant's label outweighs a bracket at the end that names no participant.
  const noteNamesNobody = note !== undefined && labelPerson !== undefined && koreanParticipant(note.owner, people) === undefined
  const noted = noteNamesNobody ? labelPerson : (note !== undefined && (/^(?:우리|저희)\s*팀$/.test(note.owner) || KO_SELF_NOTE.test(note.owner)) ? sentence.author : note?.owner) ?? labelPerson
  const clauses = koreanClauseTexts(note?.body ?? sentence.text, KO_CLAUSE_BREAK)
  // Under an action heading every line is a task as written ("- 파일럿 계약 조건 정리: 12월 15일까지").
  if (listedAsAction(sentence)) {
    const body = note?.body ?? sentence.text
    // "• 민수: 견적 요청(금일), 현수막 주문, 일정 확정": a person's label over terse items listed with commas gives
    // each item to them as a task of its own (확정 here names a task, to settle it; the item states no decision).
    const items = labelPerson !== undefined && note === undefined ? koreanClauseTexts(body, KO_LIST_COMMA).filter((item) => item.trim() !== '') : []
    if (items.length >= 2 && items.every((item) => !koreanClosesOnVerb(item.replace(/[\s.!。]+$/u, '')))) {
      return items.map((item) => ({ text: koreanTitle(item.trim()), owner: labelPerson! }))
    }
    const line = sentence.label === undefined || labelPerson !== undefined ? body : `${sentence.label} ${body}`
    const analysed = analyseClauses(line, 'ko')
    if (analysed.some((c) => c.act === 'question' || c.act === 'decision' || c.negated || c.uncertain || c.undecided === true) || /(?:완료|했음|했습니다|됐음|끝남)[.!]?$/.test(line.trim()) ||
      KO_KNOWING_ASKED.test(line.trim().replace(/[.!]+$/, ''))) return []
    // In a participant's own notes a to-do heading that names no team ("할 일", "행사 준비 관련 할 일") lists the writer's tasks.
    // The heading that lists it as a task: the section's, or the bullet or label it hangs from.
    const heading = [sentence.listHeading, sentence.sectionHeading].find((h) => h !== undefined && ACTION_HEADING.test(h.trim())) ?? ''
    // "- 민수 님이 견적 요청": someone named as the line's subject has it, not the writer.
    const doer = noted === undefined ? KO_LISTED_DOER.exec(line) : null
    const owner = noted ?? doer?.[1] ?? (KO_SELF.test(line) || /(?:^|\s)(?:제|내)(?=\s|할)|\bmy\b/i.test(heading) || !/(?:팀|우리|저희|전체|공통|각자|모두)/.test(heading) ? sentence.author : undefined)
    return [{ text: koreanTitle((doer?.[2] ?? line).replace(/\s*[:：]\s*/, ' ')), ...(owner === undefined ? {} : { owner }) }]
  }
  const actions: Action[] = []
  const last = analyseClauses(clauses.at(-1) ?? '', 'ko')[0]
  const subjects = clauses.map((written, i) => participantSubject(written, people, i > 0))
  clauses.forEach((written, i) => {
    if (written.trim() === '') return
    const subject = subjects[i]
    // "발주서 발송(박서연), 잔금 결재(대표님)": a clause's own owner note outweighs the one closing the line.
    const own = subject === undefined ? clauseOwnerNote(written, people, sentence.author) : undefined
    const clause = subject?.rest ?? own?.body ?? written
    const ownerHere = subject?.owner ?? own?.owner ?? noted
    // "가격은 미정, 경쟁사 요금 조사해서 다음 주에 가져감": only the clause that says 미정 is open.
    if (/미정|미확정/.test(clause)) return
    // The ending decides: facilitation, uncertainty and instructions to the tool are not tasks,
    // and a commitment or request ending on any verb is one (고칠게, 공유드리겠습니다, 내가 고침).
    // A clause joined by -고 to the last one ("공지 문안은 임가은 님이 작성하고, …마치기로 했습니다")
    // shares the last one's ending.
    const joined = i < clauses.length - 1 ? sharedEnding(clause, clauses.at(-1)!, last) : undefined
    const read = joined ?? clause
    const analysed = analyseClauses(ownerHere === undefined ? read : `${read} (담당: ${ownerHere})`, 'ko')[0]
    if (analysed !== undefined && (analysed.act === 'facilitation' || analysed.uncertain || (analysed.act === 'statement' && addressesTheRecord(clause)))) return
    // A note names the owner of a task; a person's label ("- 서연: …") heads their report as well, so it needs a time too.
    if (!koreanClauseIsAction(clause, analysed, note !== undefined || subject !== undefined || own !== undefined || (listedAsAction(sentence) && !/완료[.!]?$/.test(clause.trim())), labelPerson !== undefined && i === 0)) return
    // "태호 님, 초안 부탁드려요": a clause that only names someone addresses the request after it.
    const vocative = i > 0 ? /^([\uAC00-\uD7A3]{2,4})\s*(?:님|씨)$/.exec(clauses[i - 1]!.trim())?.[1] : undefined
    const agentName = analysed?.agent !== undefined && (analysed.agent.kind === 'named' || analysed.agent.kind === 'addressee') ? analysed.agent.name : undefined
    // Where the clause's subject is the speaker, a name elsewhere in it is no doer ("…내가 관장님 댁에 들러 서류를 전한다").
    const named = agentName ?? (analysed?.agent?.kind === 'speaker' ? undefined : KO_NAMED_OWNER.exec(clause)?.[1]) ?? vocative
    // "비품 재고 다시 세기 (이번 주)": a -기 to-do with a time, in the writer's own notes and naming nobody, is the writer's.
    // So is an action noun with a deadline after a tilde ("성적서 재요청 ~12/2", "… 회신 (~내일)"), the checklist of one's own notes.
    const undated = clause.replace(KO_TRAILING_DATE, '').replace(TRAILING_DASH, '')
    const ownTodo = ownerHere === undefined && ((KO_GI_TASK.test(undated) && (KO_DATE_DEADLINE.test(clause) || KO_TIME.test(clause))) ||
      (KO_ACTION_END.test(undated) && KO_TILDE_DEADLINE.test(clause)))
    const owner = named ?? (KO_SELF.test(clause) || analysed?.agent?.kind === 'speaker' || ownTodo ? sentence.author : ownerHere)
    let title = koreanTitle(joined === undefined ? clause : read)
    // "회귀 테스트 30% 남음, 화요일까지 완료": what is done is named in the clause before;
    // "로그인 오류: … 내가 오늘 고침": or in the line's label.
    // "랜딩 페이지 개발 일정 미정 → 제가 개발팀에 요청하겠습니다": the open point before names what is asked.
    // "결제 오류 (재현율 50%) → 태린 원인 분석": a task given to someone after an arrow or comma is about the
    // point the line opened with, past the other people's tasks ("→ 가람 로그 정리, 태린 배포").
    const topic = subject !== undefined && i > 0 ? clauses.slice(0, i).findLast((_c, k) => subjects[k] === undefined) : undefined
    const opening = i > 0 ? arrowTopic(trimmed, clauses, written) : undefined
    // A subject cut short by a number ("V2 배너 이미지") is the whole opening phrase, when it has no verb.
    if (topic !== undefined) title = `${sentence.label !== undefined && labelPerson === undefined ? sentence.label : subjectOf(topic.replace(/\s*\([^)]*\)/g, '')) || (opening ?? '')} ${title}`.trim()
    // "3층 프린터 토너 문제 → 민수가 오늘 원인 찾기로", "신청서 양식 → 서식 파일 내가 고침", "의자 파손 여러 개 → 교체 수량 확인 필요":
    // a task after the arrow, taken or not, is about the point the line opened with, when that point is a phrase without
    // a verb and the title names none of it.
    else if (opening !== undefined && ![...contentStems(opening)].some((stem) => contentStems(title).has(stem))) title = `${opening} ${title}`.trim()
    else if (i > 0 && (topicStemCount(title) < 2 || (/미정|미확정/.test(clauses[i - 1]!) && topicStemCount(title) < 3))) title = `${subjectOf(clauses[i - 1]!.replace(/\s*(?:미정|미확정)\S*/, ''))} ${title}`.trim()
    // "배너 시안: 제가 목요일까지 초안 보내겠습니다": Korean leaves out the object the label names, so a
    // title with no object of its own (을/를) that shares no word with its topic label takes the label.
    else if (sentence.label !== undefined && labelPerson === undefined && !KO_ACTION_LABEL.test(sentence.label.trim()) &&
      (topicStemCount(title) < 2 || (!/[을를](?:\s|$)/.test(title) && ![...contentStems(sentence.label)].some((stem) => contentStems(title).has(stem))))) title = `${sentence.label} ${title}`.trim()
    actions.push({ text: title, ...(owner === undefined ? {} : { owner }) })
  })
  return actions
}

/**
 * The line's opening phrase when `clause` comes after an arrow and that phrase has no verb of its own
 * ("2층 배너 이미지 오류 (재현율 50%) → …" gives "2층 배너 이미지 오류"; "… 깨짐 → …", a report, gives none).
 */
function arrowTopic (line: string, clauses: readonly string[], clause: string): string | undefined {
  const arrow = line.search(/→|->/)
  if (arrow < 0 || line.indexOf(clause.trim()) < arrow) return undefined
  const opening = clauses[0]!.replace(/\s*\([^)]*\)/g, '').replace(/^\s*[-•*]\s*/u, '').trim()
  const read = analyseClauses(opening, 'ko')[0]
  if (opening === '' || read === undefined || read.act !== 'statement' || koreanClosesOnVerb(opening) ||
    KO_CONDITION_OR_REASON.test(opening) || KO_CONCESSIVE.test(opening) || opening.split(/\s+/).length > 6) return undefined
  return opening
}

/**
 * A clause ending in the connective -고 ("…작성하고", "회의실은 제가 잡고") read with the ending of
 * the sentence's last clause: "-기로 했습니다" when that one reports an arrangement, "-겠습니다" when
 * it commits. Undefined when the clause is no -고 clause or the last one neither commits nor arranges.
 */
function sharedEnding (clause: string, lastText: string, last: Clause | undefined): string | undefined {
  // -며 / -으며 is the written -고: "…김민수 님이 금요일까지 작성하며, …".
  const stem = /^(.*[\uAC00-\uD7A3])(?:고|(?<=[하되])며)$/.exec(clause.trim().replace(/[.!]+$/u, ''))?.[1]
  if (stem === undefined || last === undefined || /(?:하지|않|없|있|였|었|았|했|이)$/.test(stem)) return undefined
  if (/기로\s*(?:했|하였|함)/.test(lastText)) return `${stem}기로 했습니다`
  if (last.act === 'commitment' || last.act === 'request') return `${stem}겠습니다`
  return undefined
}

// ------------------------------------------------------------------------------------ Titles

function finish (action: Action, korean: boolean): string | undefined {
  let text = action.text.trim().replace(/\s+/g, ' ')
  // An action of one word ("Quarantine it", "Cover") says too little to be a todo on its own.
  if (contentStems(text).size < 2) return undefined
  if (korean && (endsOnPastNominal(text) || reportsDone(text))) return undefined
  if (!korean) text = capitalise(baseFormFirst(text))
  if (text.length > MAX_TITLE) {
    const cut = text.slice(0, MAX_TITLE - 1)
    const space = cut.lastIndexOf(' ')
    text = `${space > MAX_TITLE / 2 ? cut.slice(0, space) : cut}…`
  }
  return action.owner === undefined ? text : `${text} (${action.owner})`
}

/**
 * "형광등 교체 완료", "안내문 발송 완료 (어제)": a Korean note whose predicate is 완료 with no time ahead reports what is done;
 * "…까지 완료", "다음 주 중 납품 완료", "완료 목표" set when it is to be done, and stay tasks.
 */
function reportsDone (title: string): boolean {
  const body = title.replace(/(?:\s*\([^()]*\))+$/u, '')
  return /(?:^|\s)(?:\S+\s+)?완료$/u.test(body) && !KO_WHEN_TO_DO.test(body) && !/[~～]/u.test(title)
}
// When a note's work is to be done: a day ahead, a bound (까지, 전에), a span (…중), or a target or plan. A date alone
// ("9/30 발송 완료") may be when it was done, and does not count.
const KO_WHEN_TO_DO = /까지|(?:^|\s)(?:다음|내일|모레|이번\s*주|금주|오늘|주말)|전에|목표|예정|(?:^|\s)\S*중(?:에|으로)?(?:\s|$)/u

/**
 * "…안을 냈기", "…말씀을 드렸기", "…갈았다고": a verb in the past (-았/었/였, a syllable closed by ㅆ) made into the
 * -기 of a task, or quoted as said. What was done is reported, nothing is still to do.
 */
function endsOnPastNominal (title: string): boolean {
  const last = /([\uAC00-\uD7A3])(?:기|다고)$/u.exec(title)?.[1]
  return last !== undefined && pastSyllable(last)
}
/** A syllable of the past tense (-았/었/였: closed by ㅆ), not 있 (a state) nor the volitional 겠 ("받겠다고"). */
function pastSyllable (syllable: string): boolean {
  return syllable !== '있' && syllable !== '겠' && disassembleCompleteCharacter(syllable)?.jongseong === 'ㅆ'
}

// "re-outputting all plates": a hyphenated verb of doing again in -ing, which the tagger reads apart from its prefix.
const HYPHENATED_PROGRESSIVE = /^(re-)([a-z]+ing)\b/i

/** A title opening on a progressive the clause reading left as written, in the base form every title opens with. */
function baseFormFirst (text: string): string {
  const found = HYPHENATED_PROGRESSIVE.exec(text)
  const base = found === null ? undefined : verbBase(found[2]!)
  return base === undefined ? text : `${found![1]!}${base}${text.slice(found![0].length)}`
}

/** Title of an action sentence (the first action in it), or undefined when it holds none. */
export function todoTitle (sentence: string, author?: string): string | undefined {
  return actionTitles({ text: sentence, ...(author === undefined ? {} : { author }) }, [])[0]
}

// "- 2일차(7/21): 숲 체험하기", "Day 2: forest walk": a numbered part of a programme says what happens then, it assigns nothing.
const PROGRAMME_PART = /^\s*(?:[-•*]\s*)?(?:\d+\s*(?:회차|일차|교시)|(?:day|session|lesson|class)\s+\d+)(?=[\s(:：]|$)/i

function actionTitles (sentence: AuthoredSentence, people: readonly string[]): string[] {
  if (PROGRAMME_PART.test(sentence.label ?? sentence.text)) return []
  // "Pasted from the vendor's form:", "세부 내용은 다음과 같음:": a line closing on a colon announces what follows.
  if (/[:：]$/.test(sentence.text.trim())) return []
  const korean = hasHangul(sentence.text)
  // "할 일: 회의실 예약 변경 요청", "내 할일: …": a Korean action label opening the line lists what follows as a task under it, as a heading would.
  const labelled = korean ? KO_ACTION_PREFIX.exec(sentence.text) : null
  if (labelled !== null) sentence = { ...sentence, text: sentence.text.slice(labelled[0].length), listHeading: labelled[1]!.trim() }
  else if (korean && sentence.label !== undefined && KO_ACTION_PREFIX.test(`${sentence.label.trim()}: `)) {
    const { label, ...unlabelled } = sentence
    sentence = { ...unlabelled, listHeading: label.trim() }
  }
  const actions = korean ? koreanActions(sentence, people) : englishActions(sentence, people)
  return actions.flatMap((action) => finish(action, korean) ?? [])
}

const TRAILING_OWNER = /\s*\(([^()]+)\)$/

/**
 * A Korean noun with the topic particle 은, which follows a closed syllable ("색깔은", "오늘은", "수업일은"); a given
 * name ending in 은 has an open syllable or ㄴ or ㅇ before it ("다은", "정은", "현은"), so those stay names.
 */
function topicMarkedNoun (word: string): boolean {
  const found = /^[\uAC00-\uD7A3]{1,4}([\uAC00-\uD7A3])은$/u.exec(word)
  const final = found === null ? undefined : disassembleCompleteCharacter(found[1]!)?.jongseong
  return final !== undefined && final !== '' && final !== 'ㄴ' && final !== 'ㅇ'
}

// A word that names tasks anywhere in a heading ("Next steps for me", "Launch follow-ups").
const EN_ACTION_WORD = new RegExp(String.raw`\b(?:${EN_ACTION_WORDS})\b`, 'i')
// A task of at most this many content words may need its topic to read alone.
const TERSE_TASK_STEMS = 3

/**
 * "Minibus\n- Sam to book it by Friday": a terse English task under a heading or label that names its topic is written
 * with it, so that it reads alone in the meeting's list ("Minibus: book it by Friday (Sam)"). Not a heading or label that
 * names a kind of note ("Actions", "Notes") or a person, nor a topic the task names already. Korean titles take the
 * line's topic where they are built (a label before the task, the point an arrow follows).
 */
function withWrittenTopic (title: string, topic: string | undefined): string {
  if (topic === undefined) return title
  const owner = TRAILING_OWNER.exec(title)
  const task = owner === null ? title : title.slice(0, owner.index)
  const stems = contentStems(task)
  if (stems.size > TERSE_TASK_STEMS || [...contentStems(topic)].some((stem) => stems.has(stem))) return title
  return `${topic}: ${task.charAt(0).toLowerCase()}${task.slice(1)}${owner?.[0] ?? ''}`
}

/** The topic a line is written under: its label, else its section's heading, when either names one (see withWrittenTopic). */
function writtenTopic (sentence: AuthoredSentence, people: readonly string[]): string | undefined {
  const label = sentence.label !== undefined && !hasActionLabel(sentence) && personLabel(sentence.label, people, sentence.author) === undefined ? sentence.label : undefined
  // A heading's outline number ("1 Locos", "2) Gala") is no part of the topic.
  return [label, sentence.sectionHeading].map((t) => t === undefined ? undefined : hasHangul(t) ? koreanTopic(t, people) : t.trim().replace(/^\d{1,2}[.)]?\s+/, ''))
    .find((t) => t !== undefined && t !== '' && t.split(/\s+/).length <= 5 && !namesKindOfNote(t) && !EN_ACTION_WORD.test(t))
}

// An outline mark before a Korean heading ("[2]", "1.", "③", "■") and a note after it ("(내 제안)", "★").
const KO_OUTLINE_MARK = /^(?:\[?\s*(?:\d{1,2}|[①-⑳])\s*[\].)]\s*|[■□▶▷●○◆◇★☆※#[\]]\s*)+/u
const KO_HEADING_NOTE = /(?:\s*[(（][^)）]*[)）]|\s*[★☆※])+\s*$/u
// A heading that names the meeting and its date ("주간 회의 3/14", "월례 회의 (화)"), a person ("총무 한가람", "서하린 씨"),
// what the writer owes ("이번 주 챙길 일", "팀별 후속 조치") or points at the writer ("← 내 몫") names no topic of a task.
const KO_NO_TOPIC = new RegExp(String.raw`\d{1,2}\s*[/.]\s*\d{1,2}|\d{1,2}월\s*\d{1,2}일|[←→]|(?:씨|님)$|${KO_ACTION_WORDS}|조치|챙길|담당|데일리|스탠드업|주간|안건`, 'iu')

/** A Korean heading or label as the topic of the tasks under it, without its outline mark and notes; undefined when it names none. */
function koreanTopic (heading: string, people: readonly string[]): string | undefined {
  const topic = heading.trim().replace(KO_OUTLINE_MARK, '').replace(KO_HEADING_NOTE, '').trim()
  return topic === '' || KO_NO_TOPIC.test(topic) || people.some((person) => koreanNameForms(person).some((form) => topic.includes(form))) ? undefined : topic
}

/** The owner a todo's title closes on ("Book the van (Omar)" gives Omar), as detectTodos writes it. */
export function todoOwner (title: string): string | undefined {
  return TRAILING_OWNER.exec(title)?.[1]
}
const KO_SURNAME_AND_TITLE = new RegExp(`^([\\uAC00-\\uD7A3])\\s*(${KOREAN_ANY_TITLE})$`, 'u')
const DATE_STEM = /^\d|^(?:월|화|수|목|금|토|일)요일|^(?:오늘|내일|다음|이번|주|월말|today|tomorrow|next|week|by|friday|monday|tuesday|wednesday|thursday)$/i

/** Two ways of writing one person's name: "석진" and "황보석진", "Tom" and "Tom Becker". */
function samePerson (a: string, b: string): boolean {
  if (a === b) return true
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  return short.length >= 2 && (hasHangul(long) ? long.endsWith(short) : long.split(/\s+/)[0] === short)
}

/**
 * The same person's task written twice in different words by two participants ("인상 공지 문안을
 * 쓰기 (가은)" and "가격 인상 공지 문안 작성 (임가은)"): one owner, and at least three shared stems
 * besides dates (two with the same date), half of the shorter wording's.
 */
function sameOwnersTask (a: string, b: string): boolean {
  const ownerA = TRAILING_OWNER.exec(a)?.[1]
  const ownerB = TRAILING_OWNER.exec(b)?.[1]
  if (ownerA === undefined || ownerB === undefined || !samePerson(ownerA, ownerB)) return false
  const taskA = a.replace(TRAILING_OWNER, '')
  const taskB = b.replace(TRAILING_OWNER, '')
  const allA = [...contentStems(taskA)]
  const allB = new Set(contentStems(taskB))
  // "내일 거래처에 연락 (박서연)" and "(서연)": the owner written two ways is no difference in the task.
  if (nearlySame(new Set(allA), allB)) return true
  const stemsA = allA.filter((stem) => !DATE_STEM.test(stem))
  const stemsB = [...allB].filter((stem) => !DATE_STEM.test(stem))
  const shared = stemsA.filter((stem) => allB.has(stem)).length
  // Two shared words are enough only with the same date ("12월 10일까지" in both).
  const sameDate = allA.some((stem) => /^\d/.test(stem) && allB.has(stem))
  // "Visit report (Mira)" and "Write the visit report (Mira Chen)": in English the shorter wording
  // whole inside the longer. Korean stems keep their particles and endings apart, so two can be all a different task shares.
  return (shared >= (sameDate ? 2 : 3) && shared >= 0.5 * Math.min(stemsA.length, stemsB.length)) ||
    (!hasHangul(a) && shared >= 2 && shared === Math.min(stemsA.length, stemsB.length)) ||
    // Half the words of each shared, two at least ("East elevation with taller windows (Paula)" and "Redraw the east
    // elevation by Wednesday (Paula)"); English tasks that open on two different verbs are two ("Recruit 5 pilot
    // schools", "Send pilot schools a survey").
    (shared >= 2 && shared >= 0.5 * Math.max(stemsA.length, stemsB.length) && !twoVerbs(taskA, taskB))
}

// A role as a task's owner: a Korean title, with a few syllables of where before it ("주방장", "영업팀장"), or an
// English word of office ("Secretary", "site lead").
const KOREAN_ROLE_OWNER = new RegExp(`^[\\uAC00-\\uD7A3]{0,4}(?:${KOREAN_ANY_TITLE}|장)$`, 'u')
const isRoleOwner = (owner: string, people: readonly string[]): boolean => !people.some((person) => samePerson(person, owner)) &&
  (hasHangul(owner) ? KOREAN_ROLE_OWNER.test(owner) : /^\p{Lu}?\p{Ll}+(?: \p{Ll}+)?$/u.test(owner) && !isPersonName(owner))

/**
 * A role the minutes never write beside a name is the participant who writes the same task as their own: one
 * writer's "재고 점검표 작성 (내가)" and another's "재고 점검표는 주방장님이 작성" make the first writer 주방장, so every
 * task given to 주방장 is theirs, and the two wordings are one todo. Only when the role's tasks point to one participant alone.
 */
function roleAsPerson (todos: readonly string[], people: readonly string[], mergedBefore: ReadonlyArray<readonly [string, string]>): string[] {
  const isParticipant = (owner: string | undefined): owner is string => owner !== undefined && people.some((person) => samePerson(person, owner))
  const isRole = (owner: string | undefined): owner is string => owner !== undefined && isRoleOwner(owner, people)
  const byRole = todos.filter((todo) => isRole(todoOwner(todo)))
  if (byRole.length === 0 && mergedBefore.length === 0) return [...todos]
  const byPerson = todos.filter((todo) => isParticipant(todoOwner(todo)))
  const found = new Map<string, Set<string>>()
  // A role is never a participant, so each pair has one way round: the role's wording first.
  const pairs: Array<readonly [string, string]> = [
    ...mergedBefore.map(([a, b]) => (isRole(todoOwner(a)) ? [a, b] as const : [b, a] as const)),
    ...byRole.flatMap((a) => byPerson.map((b) => [a, b] as const))
  ]
  for (const [withRole, withPerson] of pairs) {
    const role = todoOwner(withRole)
    const person = todoOwner(withPerson)
    if (!isRole(role) || !isParticipant(person) || hasHangul(person) !== hasHangul(role)) continue
    // The two wordings compared as if one person had both.
    if (sameOwnersTask(withRole, withOwner(withPerson, role))) found.set(role, (found.get(role) ?? new Set()).add(person))
  }
  const holder = new Map([...found].filter(([, persons]) => persons.size === 1 || [...persons].every((p) => [...persons].every((q) => samePerson(p, q))))
    .map(([role, persons]) => [role, [...persons].reduce((x, y) => (y.length > x.length ? y : x))]))
  if (holder.size === 0) return [...todos]
  const merged: string[] = []
  for (const todo of todos) {
    const owner = todoOwner(todo)
    const title = owner !== undefined && holder.has(owner) ? withOwner(todo, holder.get(owner)!) : todo
    const same = merged.findIndex((kept) => sameOwnersTask(kept, title) || nearlySameTodo(kept, title, contentStems(title)))
    if (same < 0) merged.push(title)
    else if (title.length > merged[same]!.length) merged[same] = title
  }
  return merged
}

/** Two English tasks that open on different verbs. */
function twoVerbs (taskA: string, taskB: string): boolean {
  if (hasHangul(taskA) || hasHangul(taskB) || !opensOnVerb(taskA) || !opensOnVerb(taskB)) return false
  const verb = (task: string): string => task.trim().split(/\s+/)[0]!.toLowerCase()
  return verb(taskA) !== verb(taskB)
}

/**
 * Two todos worded nearly the same, owner included: two wordings of one task often differ in their words
 * and share the owner. But one person's two English tasks that open on different verbs ("Recruit 5 pilot
 * schools (Mira Chen)", "Send pilot schools a survey (Mira Chen)") are the same only if their
 * tasks are, without the name they share.
 */
function nearlySameTodo (kept: string, title: string, titleStems: ReadonlySet<string>): boolean {
  if (!nearlySame(contentStems(kept), titleStems)) return false
  const ownerA = TRAILING_OWNER.exec(kept)?.[1]
  const ownerB = TRAILING_OWNER.exec(title)?.[1]
  if (ownerA === undefined || ownerB === undefined || hasHangul(title) || !samePerson(ownerA, ownerB)) return true
  const taskA = kept.replace(TRAILING_OWNER, '')
  const taskB = title.replace(TRAILING_OWNER, '')
  // A title that opens on a noun ("PO to the caterer today") names no verb to tell it apart.
  return !twoVerbs(taskA, taskB) || nearlySame(contentStems(taskA), contentStems(taskB))
}

/**
 * The stems sameOwnersTask can count as shared: the wording's without the owner and without
 * dates other than numbered ones. Every pair it accepts shares two of them, so the index is
 * asked for those alone; asked with the owner and weekday too, every task of the same owner
 * due the same day ("… by Friday (Kim)") came back to be compared.
 */
function ownersTaskStems (title: string): ReadonlySet<string> {
  const stems = new Set<string>()
  for (const stem of contentStems(title.replace(TRAILING_OWNER, ''))) if (/^\d/.test(stem) || !DATE_STEM.test(stem)) stems.add(stem)
  return stems
}

// A Korean deadline said on its own after the task: "…다음 주 금요일까지요." (a postposition with 요 closes an
// elliptical sentence), "…3월 말까지 완성 목표" (a target).
const KO_AFTERTHOUGHT_DEADLINE = new RegExp(String.raw`(?:^|\s)((?:${KO_DATE_WORD})(?:\s+(?:${KO_DATE_WORD}))*)\s*까지(?:요|는요|\s+(?:\S+\s+)?목표(?:입니다|예요|이에요|임)?)[.!~]*$`)

function afterthoughtDeadline (sentence: string): string | undefined {
  const korean = KO_AFTERTHOUGHT_DEADLINE.exec(sentence.trim())
  return korean === null ? undefined : `${korean[1]!}까지`
}

// "Owner: Marco", "Owners: Marco", "Assignee: Ana Ruiz": who has the point before it.
const OWNER_SENTENCE = /^(?:owners?|assignee|assigned to)\s*[:：]\s*(\S.*?)[.!]*$/i

/** The person an English "Owner: …" sentence names, when the sentence is only that. */
function ownerOfLine (sentence: AuthoredSentence, people: readonly string[]): string | undefined {
  const owned = sentence.label === undefined && !hasHangul(sentence.text) ? OWNER_SENTENCE.exec(sentence.text.trim()) : null
  if (owned === null) return undefined
  const name = owned[1]!.trim()
  const words = name.split(/\s+/)
  return personLabel(name, people, sentence.author) ?? (words.length <= 2 && words.every(isPersonName) ? name : undefined)
}

/** The todo with its owner bracket naming `owner` instead. */
function withOwner (todo: string, owner: string): string {
  return `${todo.replace(TRAILING_OWNER, '')} (${owner})`
}

/** A Korean todo's title with a deadline before its final verb: "안내문 만들기" → "안내문 다음 주 금요일까지 만들기". */
function withDeadline (todo: string, deadline: string): string {
  const owner = TRAILING_OWNER.exec(todo)
  const body = owner === null ? todo : todo.slice(0, owner.index)
  return `${timeBeforeClosingWord(body, deadline)}${owner === null ? '' : todo.slice(owner.index)}`
}

// "it" or "them" as the object of a task's verb: not opening it, nor a subject ("… before it goes to print", "it's the
// last one"), nor the empty "it" before what a clause says ("make it clear that …").
const EN_OBJECT_PRONOUN = /(?<=\S\s+)\b(it(?!\s+(?:clear|sure|known|plain|obvious)\b)|them)\b(?!['’]s\b|\s+(?:is|was|will|would|has|had|goes|went|gets|comes|does|did|can|could|are|were|have|'s)\b)/i

// Where the clause before a task ends: "Spare keys → Ben; Ana to label them", "…with Harbour Lettings, and Ben is emailing them".
const EN_CLAUSE_BREAKS = [';', ',', '→', ':', ' and ', ' so ', ' but ', ' then ']
// Whom one calls or meets is a person or a firm ("call them", "agree it between them"), never a thing named before
// ("call it a day" is no call); whom one writes to or pays, "them" only ("email it to the venue" sends a thing). There
// "them" stands for a name, a firm's or people's listed together, that is no participant's.
const EN_TO_PEOPLE = new Set(['call', 'ring', 'phone', 'tell', 'ask', 'contact', 'invite', 'thank', 'remind', 'meet', 'between', 'with', 'among'])
const EN_TO_PEOPLE_IF_PLURAL = new Set(['email', 'text', 'message', 'pay', 'chase', 'for', 'to', 'from'])
// A matter raised or gone over is what happened, not the thing the sentence before opens on ("raise it with the caretaker").
const EN_ON_MATTERS = new Set(['raise', 'discuss', 'review', 'revisit', 'mention', 'flag', 'escalate', 'sort', 'handle', 'see', 'explain', 'report'])

/**
 * An English task acting on "it" or "them" names what it acts on, read from the words before the task in its sentence
 * (the nearest phrase) or from the writer's sentence before (the phrase it opens on): "Spare keys → Ben; Ana to label
 * them by Friday" gives "Label the Spare keys by Friday (Ana)". Left as written when the task itself names something
 * of that number before the pronoun ("order the mop heads and fit them"), or nothing agrees.
 */
function withReferent (title: string, sentence: string, sentenceBefore: string | undefined, people: readonly string[], topic?: string): string {
  if (hasHangul(title) || !EN_OBJECT_PRONOUN.test(title)) return title
  const owner = TRAILING_OWNER.exec(title)
  const task = owner === null ? title : title.slice(0, owner.index)
  // Where the task starts in its sentence: its first two words as written there, else its verb as inflected before the
  // pronoun ("I'm calling them" for "Call them"); what may point back is in the clauses before the task's own.
  const lower = sentence.toLowerCase()
  const verb = task.split(/\s+/)[0]!.toLowerCase()
  const opening = lower.indexOf(task.split(/\s+/).slice(0, 2).join(' ').toLowerCase())
  const taskAt = opening >= 0 || !/^[a-z]+$/.test(verb) ? opening : lower.search(new RegExp(String.raw`\b${verb.replace(/e$/, '')}\w*\s+(?:it|them)\b`))
  const clauseAt = taskAt > 0 ? Math.max(...EN_CLAUSE_BREAKS.map((mark) => lower.lastIndexOf(mark, taskAt))) : -1
  const noParticipant = (name: string): boolean => !people.some((person) => person === name || person.split(/\s+/).includes(name) || name.split(/\s+/).includes(person.split(/\s+/)[0]!))
  // The clauses before the task's own, nearest first, then what the sentence before is about.
  const pointedBack = (plural: boolean, organisation?: (name: string) => boolean): string | undefined =>
    (clauseAt > 0 ? referent(sentence.slice(0, clauseAt), plural, 'nearest', organisation) : undefined) ??
    (sentenceBefore === undefined ? undefined : referent(sentenceBefore, plural, 'topic', organisation))
  const resolved = task.replace(new RegExp(EN_OBJECT_PRONOUN.source, 'gi'), (pronoun: string, _word: string, offset: number) => {
    const plural = pronoun.toLowerCase() === 'them'
    const governor = task.slice(0, offset).trim().split(/\s+/).at(-1)!.toLowerCase()
    if (EN_TO_PEOPLE.has(governor) || (plural && EN_TO_PEOPLE_IF_PLURAL.has(governor))) return plural ? pointedBack(true, noParticipant) ?? pronoun : pronoun
    if (!plural && EN_ON_MATTERS.has(governor)) return pronoun
    if (referent(task.slice(0, offset), plural, 'nearest') !== undefined) return pronoun
    return pointedBack(plural) ?? headingReferent(topic, plural) ?? pronoun
  })
  return owner === null ? resolved : `${resolved}${title.slice(owner.index)}`
}

/**
 * "Minibus" over "- Sam to book it by Friday": what the line is written under is what "it" (or, plural, "them") is,
 * when it is a thing of that number ("the minibus"); a heading in capitals or naming a person is none.
 */
function headingReferent (topic: string | undefined, plural: boolean): string | undefined {
  if (topic === undefined || !/^\p{Lu}?[\p{Ll}\s'-]+$/u.test(topic)) return undefined
  // The whole heading, not a word of it ("Minibus hire" is no minibus).
  const phrase = referent(topic.toLowerCase(), plural, 'topic')
  return phrase !== undefined && phrase.replace(/^(?:the|a|an|our|their|my|this|that|these|those)\s+/i, '') === topic.toLowerCase() ? phrase : undefined
}

/**
 * Todo titles from action phrasing, near-duplicates across participants merged. `people` (the
 * participants' names) lets a line's label name its owner ("- 서연: 오늘 재시도 로직 마무리").
 */
export function detectTodos (sentences: AuthoredSentence[], people: readonly string[] = []): string[] {
  // Who the attendance line lists before who the minutes address with 씨: "가온 씨" is then 류가온, no second person.
  const listed = [...people, ...attendees(sentences.map((s) => s.label === undefined ? s.text : `${s.label}: ${s.text}`), people)]
  people = [...listed, ...addressedPeople(sentences.map((s) => s.text), listed)]
  const kept: string[] = []
  /** The topic each kept wording was written under, by its place in `kept`. */
  const topics: Array<string | undefined> = []
  // Read from the whole text only once an owner needs it: most owners are participants by name.
  let holders: ReadonlyMap<string, string> | undefined
  const index = new SizedSimilarityIndex()
  // Two wordings kept as one: where one names a role and the other a participant, the role may be that participant.
  const rolesTaken: Array<[string, string]> = []
  // The sentence before, by its author, with the places of the todos it gave in `kept`.
  let previous: { sentence: AuthoredSentence, kept: number[] } | undefined
  const writersOwn: Array<{ at: number, author: string }> = []
  for (const [at, sentence] of sentences.entries()) {
    const text = sentence.text
    const before = previous
    previous = undefined
    // "Stage lighting. The dimmer rack failed twice …": a paragraph's topic run in before its prose is no task.
    if (runInTopic(sentence, sentences[at - 1], sentences[at + 1])) continue
    // "> From: Review Panel <panel@…>", "Subject: …": the header of a message pasted into the minutes.
    if (sentence.label !== undefined && EMAIL_HEADER.test(sentence.label.trim())) continue
    // "… Boiler permit to the council before Friday. Owner: Marco": an owner named after a point of the same line gives it to them.
    const lineOwner = ownerOfLine(sentence, people)
    if (lineOwner !== undefined) {
      if (before !== undefined && before.sentence.author === sentence.author && before.sentence.line !== undefined && before.sentence.line === sentence.line) {
        if (before.kept.length > 0) for (const at of before.kept) replaceKept(at, withOwner(kept[at]!, lineOwner))
        else {
          const point = before.sentence
          for (const action of sectionTask(point, analyseClauses(point.text, 'en'), people)) {
            const title = finish({ ...action, owner: lineOwner }, false)
            if (title !== undefined) keep(title)
          }
        }
      }
      continue
    }
    // "☑ 견적 요청", "[x] book the hall": ticked off, done.
    if (sentence.checkbox === 'done') continue
    // "3월 운영회의 정리 (본점)", "Harbor Co - kickoff call 3/2": the notes' title names the meeting, no task.
    if (sentence.index === 0 && (isDocumentTitle(text) || (sentence.label !== undefined && isDocumentTitle(sentence.label)))) continue
    // A recap or logistics line holds a todo only in a clause that commits or asks
    // ("I'll send the invite before the next meeting").
    if (isRecapOrLogistics(text) && !analyseClauses(text).some((c) => takesAction(c) && c.act !== 'facilitation')) continue
    // Under a label that schedules ("다음 회의: 4월 첫째 주 예정", "Next meeting: …") a plan is the meeting's; only someone named takes a task.
    if (sentence.label !== undefined && isRecapOrLogistics(sentence.label) && !analyseClauses(text).some((c) => takesAction(c) && c.act !== 'facilitation' && (c.agent?.kind === 'speaker' || c.agent?.kind === 'named' || c.agent?.kind === 'addressee') && !/예정/.test(c.text))) continue
    // "담당자 미정": an open point about an action, reported in pending rather than as a todo.
    // "배치 분산 락 적용 필요(담당 미정)", "교체 요청 담당은 정해지지 않았습니다": a task nobody has taken, kept without an owner.
    // Under an open-points heading ("[미결 사항]") a line "… 확인 담당" asks for an owner: the task stands, nobody has it.
    const unowned = KO_UNOWNED.exec(text) ?? (OPEN_HEADING.test(sentence.sectionHeading ?? '') ? /\s+담당(?:자)?\s*$/.exec(text.replace(/[.!]+$/u, '')) : null)
    if (unowned !== null) {
      const before = text.slice(0, unowned.index).split(/\s*(?:[,;，]|→|->)\s*/).at(-1)!.replace(/[\s(（\-–—/]+$/u, '')
      // "소화기 정기 점검 업체: 담당자 안 정해짐": the label names what nobody has taken; a noun phrase of its own stands as the task.
      const labelled = before === '' && sentence.label !== undefined && hasHangul(sentence.label) && /\S\s+\S/.test(sentence.label.trim()) && personLabel(sentence.label, people, sentence.author) === undefined
      const task = labelled ? sentence.label!.trim() : before
      // "출석부를 매주 걷을 담당자는 아직 정하지 못했습니다": what the person is for, before 담당자, is a verb's -ㄹ form;
      // the task is to name that person.
      const forWhom = hasHangul(task) && /담당자?\s*(?:은|는|이|가)?\s*(?:아직\s*)?정/.test(text.slice(unowned.index)) && disassembleCompleteCharacter(task.at(-1)!)?.jongseong === 'ㄹ'
      const title = forWhom
        ? finish({ text: `${koreanTitle(task.replace(KOREAN_SPOKEN_OPENER, '').replace(/^(?:앞으로|이제|아직)\s+/, ''))} 담당자 정하기` }, true)
        : hasHangul(task) && (labelled || KO_ACTION_END.test(task.replace(/\s*필요\S*$/, ''))) ? finish({ text: koreanTitle(task) }, true) : undefined
      if (title !== undefined) keep(title)
      continue
    }
    const openTopic = hasHangul(text) ? KO_WHO_OPEN.exec(text.replace(/[.!。]+$/u, ''))?.[1]?.replace(/^[^\p{L}\d]+/u, '').replace(KOREAN_SPOKEN_OPENER, '').trim() : undefined
    if (openTopic !== undefined && (openTopic.split(/\s+/).length >= 2 || KO_ACTION_END.test(openTopic))) {
      const title = finish({ text: koreanTitle(openTopic) }, true)
      if (title !== undefined) keep(title)
      continue
    }
    const untaken = hasHangul(text) ? undefined : EN_NOBODY_TOOK.exec(text.trim())?.[1]
    if (untaken !== undefined && !/^(?:it|that|this|them)$/i.test(untaken)) {
      const title = finish({ text: untaken }, false)
      if (title !== undefined) keep(title)
      continue
    }
    // "CI lint for pool size < 20 in prod: proposed, nobody owns it yet": the task stands, nobody has it.
    const unownedEn = hasHangul(text) ? null : EN_UNOWNED.exec(text)
    if (unownedEn !== null) {
      // A bracket closing the task is a comment on it ("garden tap dripping (washer?)"), not an owner: nobody has it.
      // "Somebody should find a backup hall but nobody's taken it": the duty put to whoever takes it is the task.
      const task = text.slice(0, unownedEn.index).replace(/[\s:;,–—-]+(?:proposed|agreed|suggested)?[\s:;,–—-]*$/i, '').replace(/\s*\([^()]*\)$/, '')
        .replace(/^(?:someone|somebody|anyone|anybody)\s+(?:should|must|ought\s+to|needs\s+to|has\s+to)\s+/i, '').replace(/(?<!,)\s+(?:but|and|so)$/i, '')
        // "We need a second minibus driver, but nobody has taken that on": what is needed is to be got; "we need to …" names the task.
        .replace(/^we\s+(?:still\s+)?need\s+to\s+/i, '').replace(/^we\s+(?:still\s+)?need\s+(?=(?:a|an|another|more|some|the)\s)/i, 'get ').trim()
      // The task is a noun phrase or an imperative before the note, not a sentence about who owns what.
      // "Parking permit question – no owner yet", "Sam's banner idea, no owner": a point named for discussion is no task to own.
      const aTask = contentStems(task).size >= 2 && !/\b(?:is|are|was|were|sits|lives|owns|has)\b|^(?:nobody|no one|we|i|they|it|this|that)\b|,\s*(?:and|but)$/i.test(task) &&
        !/\b(?:question|idea|issue|point|topic|matter|suggestion|proposal|concern)s?$/i.test(task)
      const title = aTask ? finish({ text: task }, false) : undefined
      if (title !== undefined) keep(title)
      continue
    }
    if (/(미정|미확정)/.test(text) && !hasHangul(text)) continue
    // A question is an action only when it asks somebody to do something.
    if (isQuestion(text) && !/\b(?:can|could|would) you\b/i.test(text) && !analyseClauses(text).some((c) => c.act === 'request')) continue
    // The writer's sentence just before, on the line before at most, is what "it" may point back to.
    const told = before !== undefined && before.sentence.author === sentence.author && (before.sentence.line === undefined || sentence.line === undefined || sentence.line - before.sentence.line <= 1) ? before.sentence.text : undefined
    const topic = writtenTopic(sentence, people)
    const read = actionTitles(sentence, people).map((title) => withReferent(title, text, told, people, topic))
    // "The gutter needs clearing before winter": the thing's need is the task, nobody's yet; the sentence's other tasks stay.
    const needed = hasHangul(text) ? undefined : passiveNeed(text)
    const neededTitle = needed === undefined ? undefined : finish({ text: needed }, false)
    const titles = neededTitle === undefined ? read : [neededTitle, ...read.filter((title) => !/\bneeds?\b/i.test(title))]
    // "현장 안내문은 제가 만들게요. 시안 나오면 반영해서 다음 주 금요일까지요.": a deadline said after the task, as a fragment of
    // its own, bounds the task just before it.
    const deadline = titles.length === 0 && before?.sentence.author === sentence.author ? afterthoughtDeadline(text) : undefined
    if (deadline !== undefined && before !== undefined) {
      for (const at of before.kept) if (!hasDeadline(kept[at]!)) replaceKept(at, withDeadline(kept[at]!, deadline))
    }
    const places = titles.map((title) => keep(title, topic))
    // "다음 주 수요일부터 데이터 정리": a Korean task with a time, written as a terse note (no verb ending: "…해야 합니다"
    // states a need) in one's own notes, naming nobody else and not the group, is the writer's. Given once every wording
    // is kept, so that an owner named in another writer's notes wins and two wordings of one task stay one. (English
    // notes put others' tasks in the imperative too.)
    if (sentence.author !== undefined && hasHangul(text) && !KO_NAMES_SOMEONE.test(text) && !KO_GROUP_WORD.test(text) && !koreanClosesOnVerb(text.replace(/[\s.!。]+$/u, ''))) {
      titles.forEach((title, k) => { if (!TRAILING_OWNER.test(title) && hasDeadline(title)) writersOwn.push({ at: places[k]!, author: sentence.author! }) })
    }
    previous = { sentence, kept: places }
  }
  for (const { at, author } of writersOwn) if (!TRAILING_OWNER.test(kept[at]!)) kept[at] = withOwner(kept[at]!, author)
  // The topic a terse task was written under is given once wordings are merged, so that it never keeps two wordings of one task apart.
  const topicOf = new Map(kept.flatMap((title, at) => topics[at] === undefined ? [] : [[title.replace(TRAILING_OWNER, ''), topics[at]!] as const]))
  return roleAsPerson(kept, people, rolesTaken).map((title) => withWrittenTopic(title, topicOf.get(title.replace(TRAILING_OWNER, ''))))

  /*
   * The owner as the participants know them: a participant's name stays as written (a first name
   * already names one, and a longer owner, which counts in the title's words, can make two tasks
   * of one person read as near-duplicates); a title or role ("팀장님이 … 보내 주시기로",
   * "Treasurer to circulate …") becomes the one person the minutes write with it; a family name
   * ("P. Nair to draft …" gives "Nair") the participant it abbreviates; a word that is no person gives none.
   */
  function ownerAsParticipant (owner: string): string | undefined {
    if (personLabel(owner, people) !== undefined) return owner
    // A noun with its topic particle is no owner ("색깔은 실장님이 …" read 색깔은 as the name before the title): none is named.
    if (topicMarkedNoun(owner)) return undefined
    holders ??= roleHolders(sentences.map((sentence) => sentence.text), people)
    return holders.get(owner.toLowerCase()) ?? (/^\p{Lu}[\p{Ll}'-]+$/u.test(owner) ? participantFor(owner, people) : undefined) ?? bySurname(owner) ?? owner
  }

  /**
   * "박팀장", "김 과장": a surname and a title, the one participant with that surname, else the one full name the
   * minutes write with that surname and title ("협력사 도해진 실장" for "도 실장"), participant or not.
   */
  function bySurname (owner: string): string | undefined {
    const found = KO_SURNAME_AND_TITLE.exec(owner)
    if (found === null) return undefined
    const [, surname, title] = found
    const participants = people.filter((person) => /^[\uAC00-\uD7A3]{3}$/u.test(person) && person.startsWith(surname!))
    if (participants.length > 0) return participants.length === 1 ? participants[0] : undefined
    const fullName = new RegExp(`(?<![\\uAC00-\\uD7A3])(${surname}[\\uAC00-\\uD7A3]{2})\\s*${title}`, 'gu')
    const written = new Set(sentences.flatMap((sentence) => [...sentence.text.matchAll(fullName)].map((match) => match[1]!)))
    return written.size === 1 ? [...written][0] : undefined
  }

  function replaceKept (at: number, todo: string): void {
    kept[at] = todo
    index.add(at, contentStems(todo))
  }

  /** Keeps a todo, or the better wording of one already kept, with the topic it was written under; its place in `kept`. */
  function keep (todo: string, topic?: string): number {
    const title = todo.replace(TRAILING_OWNER, (bracket, owner: string) => { const who = ownerAsParticipant(owner); return who === undefined ? '' : bracket.replace(owner, who) })
    const stems = contentStems(title)
    const same = index.candidates(stems, (size) => nearlySameOverlap(stems.size, size)).find((id) => nearlySameTodo(kept[id]!, title, stems)) ??
      index.candidates(ownersTaskStems(title), () => 2).find((id) => sameOwnersTask(kept[id]!, title))
    if (same !== undefined) rolesTaken.push([kept[same]!, title])
    if (same === undefined) {
      index.add(kept.length, stems)
      kept.push(title)
      topics.push(topic)
      return kept.length - 1
    }
    // Between two wordings of the same todo, keep the one with a deadline, then the longer one.
    const current = kept[same]!
    const cd = hasDeadline(title)
    const kd = hasDeadline(current)
    if (cd !== kd ? cd : title.length > current.length) {
      kept[same] = title
      if (topic !== undefined) topics[same] = topic
      index.add(same, stems)
    }
    return same
  }
}
