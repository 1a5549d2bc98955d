import { ENGLISH_STOP_WORDS, GENERIC_WORDS } from '../text/stop-words.ts'
import { KOREAN_JOB_TITLE, KOREAN_NAME, KOREAN_TITLE_WORD } from '../text/korean-titles.ts'
import { contentStems, hasHangul } from '../text/words.ts'
import { overlap, SimilarityIndex } from '../text/similarity.ts'
import { DAY_OF_MONTH, isCalendarName, MONTH_NAME, weekdayUnbracketed } from '../text/calendar.ts'
import { decisionStance, isPersonName } from './speech-acts/index.ts'

export interface Statement {
  text: string
  /** Participant name, or a part label when names are lost (reduce). */
  source: string
  /** The line's label ("Store screenshots: Leo delivers them"): the subject the statement is about. */
  label?: string
}

/*
 * Two participants' minutes conflict when they say different things about the same subject:
 * a different number, date or weekday, a different owner, opposite states ("on time" /
 * "late", "유지" / "연기"), or the same statement with and without a negation. A statement is
 * read clause by clause (a clause holds one subject and what is said of it), and a fact is
 * compared only between clauses about the same subject: their topic words, the line's label
 * included, overlap.
 */

// A number with what it counts: "14 days", "2%", "5명", "3시", "14:07", "the 14th".
// A magnitude written onto the number ("165k", "$2.5M") is part of its value, and what it counts may follow it ("165k base").
const QUANTITY = /(\d{1,2}:\d{2})|(\d+(?:[.,]\d+)*(?:(?:k|m|bn)\b)?)(?:(st|nd|rd|th)\b|\s*(%|퍼센트|percent)|([\uAC00-\uD7A3])|\s+([a-z]+))?/gi
// Weekdays in full or short ("Weds", "THU", "Sat"), and in Korean in full or spoken ("수욜"); each as its first
// three letters or its syllable, so that "Wednesday" and "WED" are one day.
const WEEKDAY = /\b(mon|tue|wed|thu|fri|sat|sun)(?:day|sday|nesday|rsday|urday|s|r|rs)?\b|([월화수목금토일])(?:요일|욜)/gi
// A number after "below"/"over" or before "초과"/"이상" is a threshold: compared with thresholds only.
const BOUND_BEFORE = /\b(?:below|above|over|under|less than|more than|at least|at most|up to|within|exceeds?|beyond)\s*$/i
const BOUND_AFTER = /^\s*(?:초과|이상|미만|이하|넘|over\b|or more\b|or less\b)/i
const LEADING_TIME = /^\W*(\d{1,2}:\d{2})\b/
// "July 17", "Dec 4": the number after a month name is a day of the month.
const MONTH_BEFORE = new RegExp(String.raw`\b(?:${MONTH_NAME})\.?\s+$`, 'i')
const NEGATION = /\b(?:not|no|never|nothing|nobody|none|don't|doesn't|won't|isn't|aren't|wasn't|weren't|cannot|can't)\b|(?:않|안 |못 |없|아니)/i

/*
 * Predicates that exclude each other when said of one subject. Each row is one scale with its
 * two ends; a negated clause takes the other end ("not on time" is late).
 */
const OPPOSITES: Array<[string, RegExp, RegExp]> = [
  ['timing', /\b(?:on time|on schedule|on track|early|in time)\b|정시|제때|일정대로/i, /\b(?:late|delayed|behind(?: schedule)?|overdue|slipp?(?:ed|ing)?)\b|늦|지연/i],
  ['approval', /\b(?:approved|accepted|signed off|green-?lit)\b|승인|통과/i, /\b(?:rejected|declined|refused|turned down|vetoed)\b|반려|거절|기각/i],
  ['scope', /\b(?:in scope|included|kept|stays?|keep(?:ing)?|as planned)\b|포함|유지/i, /\b(?:out of scope|excluded|dropped|removed|cut|cancell?ed|postponed|moved|pushed(?: back)?)\b|제외|취소|연기|미루/i],
  ['direction', /\b(?:increased?|higher|raised?|grew|grow(?:s|ing)?)\b|증가|상승|늘리|늘어/i, /\b(?:decreased?|lower(?:ed)?|fewer|reduced?)\b|감소|하락|줄이|줄어/i],
  ['feasibility', /\b(?:possible|feasible|doable|enough|sufficient)\b|가능|충분/i, /\b(?:impossible|infeasible|not enough|insufficient)\b|불가|부족/i]
]
const DECISION_PREDICATE = /^(?:decid|decision|agree|approv|settl|confirm|finali[sz])|^(?:미?확정|결정|합의|승인|미정)$/
const STATE_WORDS = /^(?:time|schedule|track|early|late|delay|behind|overdue|slip|approv|accept|reject|declin|refus|scope|includ|kept|keep|stay|exclud|drop|remov|cancel|postpon|mov|push|increas|higher|rais|decreas|lower|reduc|possibl|feasibl|enough|sufficient|minute|hour|day|week)/

interface Clause {
  /** Topic stems: what the clause is about (the label's words included, facts and names left out). */
  topic: Set<string>
  /** The clause's own topic stems with the sentence's first clause's (where a sentence names its subject), without the label's. */
  own: Set<string>
  facts: Map<string, Set<string>>
  owners: Set<string>
  states: Map<string, boolean>
  negated: boolean
  /** The clause settles something (true) or says it is not settled (false), when it says either. */
  decided?: boolean
}

interface Prepared {
  s: Statement
  clauses: Clause[]
  /** Every clause's topic, for the index. */
  stems: Set<string>
  /** Whole-statement stems and negation, for the "same sentence, one negated" rule. */
  whole: Set<string>
  negated: boolean
  /** The statement settles something (true) or says it is not settled (false), by its clauses' speech acts. */
  decided?: boolean
  /** Every fact the statement states, in any clause. */
  facts: Map<string, Set<string>>
  /** Has a fact, owner or state of its own: only such statements can disagree on one. */
  factual: boolean
}

function add (map: Map<string, Set<string>>, kind: string, value: string): void {
  const set = map.get(kind) ?? new Set<string>()
  set.add(value)
  map.set(kind, set)
}

const MAGNITUDE: Record<string, number> = { k: 1e3, m: 1e6, bn: 1e9 }

/** "2,150" and "2150" are one number (a comma before three digits groups thousands), "2,5" is 2.5, "2.1k" is 2100. */
function numberValue (written: string): string {
  const plain = written.toLowerCase().replace(/,(?=\d{3}(?!\d))/g, '').replace(',', '.')
  const magnitude = /^(\d+(?:\.\d+)?)(k|m|bn)$/.exec(plain)
  return magnitude === null ? plain : String(Math.round(Number(magnitude[1]) * MAGNITUDE[magnitude[2]!]!))
}

/** A clock time on a twelve-hour dial: "16:30", "4:30" and "04:30" are one time (minutes rarely say whether it is morning). */
function clockValue (written: string): string {
  const [hours, minutes] = written.split(':')
  return `${Number(hours) % 12}:${minutes!}`
}

// A currency sign before the amount: "$2,400 upfront" and "$2,100 total" are both sums of money, whatever follows.
const CURRENCY_BEFORE = /[$€£¥₩]\s?$/
// A Korean number written in two or more units ("4만 1천 명", "5천5백만 원", "6천만 원"), with the space before
// what it counts; one unit alone ("30억", "70만 원") keeps its unit as what it counts, as another writer's "25억" does.
const KOREAN_NUMERAL = /\d+(?:\.\d+)?\s*(?:억|만|천|백)(?:\s*(?:\d+(?:\.\d+)?\s*)?(?:억|만|천|백))+(?:\s+(?=[\uAC00-\uD7A3]))?/g
const KOREAN_PART = /(\d+(?:\.\d+)?)?\s*(억|만|천|백)/g
const KOREAN_UNIT: Record<string, number> = { 억: 1e8, 만: 1e4, 천: 1e3, 백: 1e2 }

/** The value of a Korean number in units: 천 and 백 count within a group of ten thousand, 만 and 억 close one. */
function koreanNumberValue (written: string): number {
  let total = 0
  let group = 0
  for (const [, digits, unit] of written.matchAll(KOREAN_PART)) {
    const value = KOREAN_UNIT[unit!]!
    if (value < 1e4) group += (digits === undefined ? 1 : Number(digits)) * value
    else {
      total += (group + (digits === undefined ? 0 : Number(digits)) || 1) * value
      group = 0
    }
  }
  return Math.round(total + group)
}

/**
 * Korean numbers in two or more units as one number written onto what it counts: "약 4만 1천 명" →
 * "약 41000명", "6천만 원" → "60000000원", so that "4만 1천 명", "1만 4천 명" and "41,000명" compare
 * as 41,000, 14,000 and 41,000 people, and "6천만 원" with "5천5백만 원".
 */
function koreanNumeralsAsDigits (text: string): string {
  return text.replace(KOREAN_NUMERAL, (numeral) => String(koreanNumberValue(numeral)))
}

// A Korean clock time ("19시", "오후 7시", "8시 반", "10시 20분"), never a number of hours (3시간).
const KOREAN_CLOCK = /(?:(오전|오후)\s*)?(\d{1,2})시(?!간)(?:\s*(반|(\d{1,2})분))?/g

/** Korean clock times as the digits "18:00" is written in, so that "19시 점검" and "19:00 점검" are one time and "20시" another. */
function koreanClockAsDigits (text: string): string {
  return text.replace(KOREAN_CLOCK, (whole, half: string | undefined, hour: string, minutes: string | undefined, minute: string | undefined) => {
    const h = Number(hour) + (half === '오후' && Number(hour) < 12 ? 12 : 0)
    if (h > 24) return whole
    const m = minutes === '반' ? 30 : Number(minute ?? 0)
    return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`
  })
}

/**
 * Numbers by what they count ("day", "%", "명", "time", "date"), weekdays, each kind marked
 * as a threshold when a comparison word goes with it: 14 days is compared with 30 days, never
 * with 2% or Wednesday, and "below 20" never with "pool size 5".
 */
function facts (written: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>()
  let text = koreanClockAsDigits(koreanNumeralsAsDigits(written))
  // A date counts as its day of the month, however written, and is not read again as a number.
  for (const pattern of DAY_OF_MONTH) {
    text = text.replace(pattern, (whole: string, day: string) => {
      add(found, 'date', String(Number(day)))
      return ' '.repeat(whole.length)
    })
  }
  for (const m of text.matchAll(QUANTITY)) {
    const [whole, time, value, ordinal, percent, hangul, word] = m
    const at = m.index
    let kind: string
    if (time !== undefined) kind = 'time'
    else if (CURRENCY_BEFORE.test(text.slice(Math.max(0, at - 2), at))) kind = 'money'
    else if (ordinal !== undefined || MONTH_BEFORE.test(text.slice(Math.max(0, at - 12), at))) kind = 'date'
    else if (percent !== undefined) kind = '%'
    else if (hangul !== undefined) kind = hangul
    else if (word !== undefined && !ENGLISH_STOP_WORDS.has(word.toLowerCase())) kind = contentStems(word).values().next().value ?? 'number'
    else kind = 'number'
    const bound = BOUND_BEFORE.test(text.slice(Math.max(0, at - 14), at)) || BOUND_AFTER.test(text.slice(at + whole.length, at + whole.length + 8))
    add(found, bound ? `bound ${kind}` : kind, time === undefined ? numberValue(value ?? whole) : clockValue(time))
  }
  for (const m of text.matchAll(WEEKDAY)) {
    // "sat", "sun" in lower case are the verb and the star.
    if (m[1] !== undefined && /^(?:sat|sun)$/.test(m[0])) continue
    add(found, 'weekday', m[1]?.toLowerCase() ?? m[2]!)
  }
  return found
}

// A name addressed with 님/씨, a title between them or not ("하준 님", "장우석 팀장님"): the name, never the title.
const KOREAN_NAMED = new RegExp(`(?<![\\uAC00-\\uD7A3])(?!${KOREAN_TITLE_WORD})(${KOREAN_NAME})\\s*(?:${KOREAN_JOB_TITLE}\\s*)?(?:님|씨)`, 'g')
const KOREAN_SELF = /(?:^|\s)(?:제가|내가|저는|나는|제|내)(?=\s|$)/
// "외주 QA 업체가 진행": an organisation as the subject that does it.
const KOREAN_ORGANISATION = /([\uAC00-\uD7A3A-Za-z]*(?:업체|팀|회사|벤더|파트너사))(?:가|이|에서|이서)?(?=\s|$)/g
const ENGLISH_SELF = /^(?:i|i'll|i'm|i've|i'd)$/i
// Where an English clause names who does it after the task: "… by Victor", "owner: Raj".
const ENGLISH_OWNER_CUE = /^(?:by|owner|owners|assigned|assignee)$/i
// What follows a doer at the head of a clause: a modal or "to" (note form), "is …ing", a verb in -s, "from the … team".
const ENGLISH_DOER_NEXT = /^(?!(?:has|is|was|does|needs|seems|looks)$)(?:will|'ll|shall|can|to|takes|owns|handles|from|and|or|[a-z]+(?:s|ed))$/

/**
 * Who the clause says acts: a person named as its subject (a name that is never written in
 * lower case in the minutes, followed by a verb) or after "by"/"owner", the writer for "I" /
 * "제가", a person with 님/씨 or an organisation ("외주 QA 업체가") in Korean.
 */
function ownersOf (clause: string, source: string, lowerCase: ReadonlySet<string>): Set<string> {
  const owners = new Set<string>()
  if (hasHangul(clause)) {
    for (const m of clause.matchAll(KOREAN_NAMED)) owners.add(m[1]!)
    if (KOREAN_SELF.test(clause)) owners.add(source)
    for (const m of clause.matchAll(KOREAN_ORGANISATION)) if (m[1]!.length >= 2) owners.add(m[1]!)
    return owners
  }
  const tokens = clause.split(/\s+/).map((t) => t.replace(/^[("'[]+|[)"'\].,!?:;]+$/g, '')).filter((t) => t !== '')
  tokens.forEach((token, i) => {
    if (ENGLISH_SELF.test(token) && i <= 1) {
      owners.add(source)
      return
    }
    const next = tokens[i + 1]?.toLowerCase() ?? ''
    const doer = (i <= 1 && (ENGLISH_DOER_NEXT.test(next) || (next === 'is' && /ing$/.test(tokens[i + 2] ?? '')))) || ENGLISH_OWNER_CUE.test(tokens[i - 1] ?? '')
    if (doer && !lowerCase.has(token.toLowerCase()) && !isCalendarName(token) && isPersonName(token)) owners.add(token)
  })
  return owners
}

function statesOf (clause: string, negated: boolean): Map<string, boolean> {
  const states = new Map<string, boolean>()
  for (const [scale, positive, negative] of OPPOSITES) {
    const isPositive = positive.test(clause)
    const isNegative = negative.test(clause)
    // A clause on both ends of a scale ("moved up", "kept the cut") says nothing clear on it.
    if (isPositive === isNegative) continue
    states.set(scale, isPositive !== negated)
  }
  return states
}

// Clause boundaries: ";", ",", "→", ":" and brackets; Korean clauses joined by "-고"/"-며"/"-지만".
// A comma between digits groups thousands ("2,150명") and breaks nothing.
const CLAUSE_BREAK = /\s*(?:[;→()（）]|,(?!\d{3}(?!\d))|:(?!\d)|\s[-–—]\s|(?<=[\uAC00-\uD7A3](?:고|며|지만|는데|으나))\s)\s*/

function nameStems (names: Iterable<string>): Set<string> {
  const stems = new Set<string>()
  for (const name of names) for (const stem of contentStems(name)) stems.add(stem)
  return stems
}

function topicOf (text: string, exclude: ReadonlySet<string>): Set<string> {
  // "card-based", "gift-wrap": a hyphenated compound is about each of its words too ("card settle …").
  const stems = [...contentStems(text)].flatMap((stem) => stem.includes('-') ? [stem, ...stem.split('-').filter((part) => part.length >= 3).flatMap((part) => [...contentStems(part)])] : [stem])
  // A decision predicate ("확정", "agreed") is what is said of the subject, not the subject.
  return new Set(stems.filter((stem) => !/\d/.test(stem) && !/요일$/.test(stem) && !exclude.has(stem) && !GENERIC_WORDS.has(stem) &&
    !STATE_WORDS.test(stem) && !isCalendarName(stem) && !DECISION_PREDICATE.test(stem)))
}

function prepare (s: Statement, lowerCase: ReadonlySet<string>): Prepared {
  const labelTopic = s.label === undefined ? new Set<string>() : topicOf(s.label, new Set())
  const clauses: Clause[] = []
  const unbracketed = weekdayUnbracketed(s.text)
  for (const written of unbracketed.split(CLAUSE_BREAK)) {
    // A clause ending in the copula's connective ("목요일로 확정이고") has the noun as its predicate.
    const piece = written.trim().replace(/([\uAC00-\uD7A3])(?:이고|이며|이지만|인데)$/, '$1')
    if (piece === '') continue
    const negated = NEGATION.test(piece)
    const owners = ownersOf(piece, s.source, lowerCase)
    const own = topicOf(piece, nameStems(owners))
    // "Bake sale, Sat 16 May": a clause of facts alone is said of the subject its sentence opened with.
    const topic = new Set([...(own.size === 0 ? clauses[0]?.own ?? [] : own), ...labelTopic])
    for (const stem of clauses[0]?.own ?? []) own.add(stem)
    const clauseStance = DECISION_WORDING.test(piece) ? decisionStance(piece) : undefined
    clauses.push({
      topic,
      own,
      facts: facts(piece),
      owners,
      states: statesOf(piece, negated),
      negated,
      ...(clauseStance === 'decided' ? { decided: true } : clauseStance === 'undecided' ? { decided: false } : {})
    })
  }
  // A timeline entry ("14:22 alert fired, paged, ack 14:24"): the time it opens with dates each clause that gives none.
  const stamp = LEADING_TIME.exec(s.text)?.[1]
  if (stamp !== undefined) for (const clause of clauses) if (!clause.facts.has('time')) add(clause.facts, 'time', clockValue(stamp))
  const stems = new Set<string>()
  for (const clause of clauses) for (const stem of clause.topic) stems.add(stem)
  const whole = new Set([...contentStems(s.text)].filter((stem) => !/\d/.test(stem) && !/요일$/.test(stem)))
  // A clause that leaves the point open makes the statement undecided; a sentence that also hands out a task
  // ("릴리스는 목요일로 확정이고, 노트는 하린님이 써 주시기로") still settles what its decided clause says.
  const sentenceStance = DECISION_WORDING.test(s.text) ? decisionStance(s.text) : undefined
  const stance = clauses.some((c) => c.decided === false)
    ? 'undecided'
    : sentenceStance === 'decided' || sentenceStance === 'undecided' || !clauses.some((c) => c.decided === true) ? sentenceStance : 'decided'
  const all = new Map<string, Set<string>>()
  for (const clause of clauses) for (const [kind, values] of clause.facts) for (const value of values) add(all, kind, value)
  return {
    s,
    clauses,
    facts: all,
    stems,
    whole,
    negated: NEGATION.test(s.text),
    ...(stance === 'decided' ? { decided: true } : stance === 'undecided' ? { decided: false } : {}),
    factual: stance === 'decided' || stance === 'undecided' || clauses.some((c) => c.facts.size > 0 || c.owners.size > 0 || c.states.size > 0)
  }
}

/**
 * The strongest kind on which two clauses state different values, 0 when none: each clause's
 * value is missing from the other statement altogether (notes that list "3.0" and "3.1" both do
 * not disagree on either). A bare number counts less than one with what it counts.
 */
function factsDisagree (x: Map<string, Set<string>>, y: Map<string, Set<string>>, allA: Map<string, Set<string>>, allB: Map<string, Set<string>>): number {
  let strength = 0
  for (const [kind, values] of x) {
    const other = y.get(kind)
    if (other === undefined || [...values].some((v) => other.has(v))) continue
    const inB = allB.get(kind)
    const inA = allA.get(kind)
    if ([...values].some((v) => inB?.has(v) === true) || [...other].some((v) => inA?.has(v) === true)) continue
    strength = Math.max(strength, kind === 'number' ? 0.6 : 1)
  }
  return strength
}

/** "은지" and "송은지", "Grace" and "grace": the same person written two ways. */
function samePerson (a: string, b: string): boolean {
  const x = a.toLowerCase()
  const y = b.toLowerCase()
  return x === y || (Math.min(x.length, y.length) >= 2 && (x.endsWith(y) || y.endsWith(x) || x.startsWith(y) || y.startsWith(x)))
}

function ownersDisagree (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size === 0 || b.size === 0) return false
  for (const x of a) for (const y of b) if (samePerson(x, y)) return false
  return true
}

function statesDisagree (a: ReadonlyMap<string, boolean>, b: ReadonlyMap<string, boolean>): boolean {
  for (const [scale, value] of a) if (b.has(scale) && b.get(scale) !== value) return true
  return false
}

/**
 * How closely two clauses are about one subject, 0 when they are not: at least two shared
 * topic words, or one that makes up half of the shorter clause's topic ("Detection was on
 * time" / "detection was 12 minutes late").
 */
function sameSubject (x: Clause, y: Clause, recurring: ReadonlySet<string>): number {
  const a = x.topic
  const b = y.topic
  if (a.size === 0 || b.size === 0) return 0
  // Each clause naming a topic of the minutes that the other lacks ("Progress on crash rate …" /
  // "Progress on onboarding emails …"): the same sentence said of two subjects, no conflict.
  const lacks = (mine: ReadonlySet<string>, other: ReadonlySet<string>) => [...mine].some((stem) => recurring.has(stem) && overlap(new Set([stem]), other) === 0)
  // The other's own words count too: they hold its sentence's first clause ("재고 실사는 …" is read as "재고" and
  // "실사는 …", a -고 taken for a connective).
  if (lacks(x.own, new Set([...b, ...y.own])) && lacks(y.own, new Set([...a, ...x.own]))) return 0
  const shared = overlap(a, b)
  if (shared === 0) return 0
  const containment = shared / Math.min(a.size, b.size)
  if (shared < 2 && containment < 0.5) return 0
  return containment * 0.5 + shared / (a.size + b.size - shared)
}

/** How strongly a and b contradict each other, 0 when they do not. */
function contradiction (a: Prepared, b: Prepared, recurring: ReadonlySet<string>): number {
  let best = 0
  if (a.factual && b.factual) {
    // One participant records a decision that another records as not taken.
    const decision = a.decided !== undefined && b.decided !== undefined && a.decided !== b.decided ? 0.8 : 0
    for (const x of a.clauses) {
      for (const y of b.clauses) {
        const disagree = Math.max(factsDisagree(x.facts, y.facts, a.facts, b.facts), ownersDisagree(x.owners, y.owners) ? 1 : 0, statesDisagree(x.states, y.states) ? 0.8 : 0, decision)
        if (disagree === 0) continue
        const subject = sameSubject(x, y, recurring) * disagree
        if (subject > best) best = subject
      }
    }
  }
  // A negation flips meaning only between statements that are otherwise nearly the same.
  if (a.negated !== b.negated) {
    const shared = overlap(a.whole, b.whole)
    const similarity = shared / (a.whole.size + b.whole.size - shared || 1)
    if (shared >= 2 && similarity >= 0.6 && similarity > best) best = similarity
  }
  return best
}

// Only a statement with decision wording can take a stance on one: the clause analysis (a tagger
// run per sentence) is spent on those alone.
const DECISION_WORDING = /\b(?:decid|decision|agree|approv|settl|chose|choos|finali[sz]|confirm|sign|pick|go(?:ing)? with)|결정|확정|합의|승인|채택|선정|미정|정하지|정해지지/i

const MAX_CONFLICTS = 8
// Statements are compared with earlier ones within this distance, and with at most
// MAX_COMPARED of them (the nearest first): the work per statement is bounded, so the search
// grows linearly with the minutes however many statements share a common word.
const WINDOW = 400
const MAX_COMPARED = 48

/**
 * Pairs of statements from different sources about the same subject that disagree on a
 * number, a date, an owner, a state or a negation.
 */
export function findConflicts (statements: Statement[], limit = MAX_CONFLICTS): Array<[Statement, Statement]> {
  const found: Array<{ i: number, j: number, strength: number }> = []
  // Words written in lower case somewhere are common nouns, never a person ("Config migrations need …").
  const lowerCase = new Set<string>()
  for (const s of statements) for (const m of s.text.matchAll(/(?<![\p{L}])\p{Ll}+/gu)) lowerCase.add(m[0])
  const prepared = statements.map((s) => prepare(s, lowerCase))
  // Topic words said in more than one statement: the subjects the minutes keep coming back to.
  const seen = new Set<string>()
  const recurring = new Set<string>()
  for (const p of prepared) {
    const own = new Set<string>()
    for (const clause of p.clauses) for (const stem of clause.own) own.add(stem)
    for (const stem of own) {
      if (seen.has(stem)) recurring.add(stem)
      seen.add(stem)
    }
  }
  // Only statements sharing topic words can conflict: the index spares comparing all pairs.
  const index = new SimilarityIndex()
  prepared.forEach((b, j) => {
    const candidates = index.candidates(b.stems, 1, j - WINDOW)
    // Each statement is reported against the one it contradicts most closely, not every other.
    let best: { i: number, strength: number } | undefined
    for (let k = candidates.length - 1, compared = 0; k >= 0 && compared < MAX_COMPARED; k--) {
      const i = candidates[k]!
      const a = prepared[i]!
      if (a.s.source === b.s.source) continue
      if (!(a.factual && b.factual) && a.negated === b.negated) continue
      compared++
      const strength = contradiction(a, b, recurring)
      if (strength > 0 && (best === undefined || strength > best.strength)) best = { i, strength }
    }
    if (best !== undefined) found.push({ i: best.i, j, strength: best.strength })
    index.add(j, b.stems)
  })
  // The closest pairs are the clearest contradictions; a handful is what a reader can check.
  return found
    .sort((x, y) => y.strength - x.strength || x.i - y.i || x.j - y.j)
    .slice(0, limit)
    .sort((x, y) => x.i - y.i || x.j - y.j)
    .map(({ i, j }) => [prepared[i]!.s, prepared[j]!.s])
}

const CONFLICT_PREFIX = { ko: '참석자 간 기록 불일치 (확인 필요): ', en: 'Conflicting notes (to confirm): ' }

function quoted (s: Statement): string {
  return s.label === undefined ? s.text : `${s.label}: ${s.text}`
}

export function describeConflict ([a, b]: [Statement, Statement], language: 'ko' | 'en'): string {
  return language === 'ko'
    ? `${CONFLICT_PREFIX.ko}${a.source}: "${quoted(a)}" / ${b.source}: "${quoted(b)}"`
    : `${CONFLICT_PREFIX.en}${a.source}: "${quoted(a)}" vs ${b.source}: "${quoted(b)}"`
}

/** Whether an open point is a conflict as describeConflict words it. */
export function isConflictNote (text: string): boolean {
  return text.startsWith(CONFLICT_PREFIX.en) || text.startsWith(CONFLICT_PREFIX.ko)
}
