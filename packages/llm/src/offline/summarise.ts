import type { Agenda, AgendaSummary } from '@meeting-ai/contracts'
import type { AgendaNotes } from '../engine.ts'
import { dedupeTexts, nearlySame, nearlySameOverlap, overlap, SizedSimilarityIndex, StemKeys } from '../text/similarity.ts'
import { contentStems, hasHangul } from '../text/words.ts'
import { clockTimes, daysOfMonth, isCalendarName, koreanDaysAlone } from '../text/calendar.ts'
import { isAction, isDecision, isMeetingProcedure, isPending, isQuestion, namesKindOfNote } from './cues.ts'
import { analyseClauses, decisionStance } from './speech-acts/index.ts'
import type { PlacedSentence } from './agenda-assignment.ts'
import type { Keyword } from './keywords.ts'
import { givenByDeadline, writtenAsAction } from './todos.ts'

const MAX_POINTS = 40

function sentenceScore (text: string, titleStems: ReadonlySet<string>, keywordStems: Map<string, number>): number {
  const stems = contentStems(text)
  if (stems.size === 0) return 0
  let score = 2 * overlap(titleStems, stems)
  for (const stem of stems) score += keywordStems.get(stem) ?? 0
  // Long sentences collect keywords by size alone; normalise gently.
  score /= Math.sqrt(stems.size)
  if (isDecision(text)) score += 1.5
  if (isAction(text)) score += 0.5
  return score
}

/**
 * A decision by its grammar: not a question, not "Not decided." (that is pending), not a task
 * given to someone ("Maria will approve the budget"), not a fragment ("approved."), and either
 * a decision clause or the decision wording.
 */
function statesDecision (text: string): boolean {
  if (isQuestion(text) || contentStems(text).size < 2) return false
  // "9th Marcus Bell (confirmed)": a decision word only in a trailing bracket tags a status; nothing was settled here.
  const status = STATUS_TAG.exec(text)
  if (status !== null && decisionStance(text.slice(0, status.index)) !== 'decided') return false
  if (isMeetingProcedure(text)) return false
  if (superseded(text)) return false
  // "남은 견적은 박서연 님이 금요일까지 받으며 …정리하기로 했습니다": a deadline makes it a task given (todos
  // hold it); settling a date by moving it ("3월 말까지 미루기로") stays a decision.
  if (analyseClauses(text).some(givenByDeadline)) return false
  return decisionStance(text) === 'decided'
}
/**
 * "처음에는 정기 공연을 금요일에 하기로 했습니다", "We initially agreed to print the flyers in-house", "we briefly
 * agreed to it", "My first thought was …, and everyone agreed": a decision
 * the sentence itself marks as the first one, with no turn in it to what replaced it, was reversed
 * later in the meeting; the decision is what replaced it. A sentence that carries both ("처음엔 토요일로
 * 했다가 평일로 변경", "at first we agreed, but …") still states the final one.
 */
function superseded (text: string): boolean {
  const first = INITIALLY.exec(text)
  // "보일러는 처음에는 수리하기로 했는데, …결정을 바꿨다", "We initially agreed to repaint the hall, but reversed that": the turn names nothing new.
  return first !== null && (!TURNED.test(text.slice(first.index + first[0].length)) || ONLY_REVERSED.test(text.trim()))
}
const ONLY_REVERSED = /(?:결정|계획|그건|그것)(?:을|를|이|은)?\s*(?:다시\s*)?(?:바꿨|바꾸었|번복|철회|뒤집)\S*[.!]?$|\b(?:reversed|overturned|scrapped|dropped|changed)\s+(?:that|it|this|our minds?)(?:\s+later)?[.!]?$/i
const INITIALLY = /(?:^|[\s(])처음(?:에는|엔|에)(?=\s)|\b(?:initially|at first|originally|my first (?:thought|idea|plan|suggestion)|briefly(?= (?:agreed|decided|settled)))\b/i
// What turns a first decision into another: a contrast or a sequence ("했으나", "했다가", "but", "→"), or a verb of change.
const TURNED = /(?:으나|지만|는데|다가|려다)(?=[\s,])|→|->|(?:바꾸|바꿨|바꿔|바뀌|바뀐|변경|정정|수정|철회|취소|보류|다시|미루|미뤘|당기|당겼|당겨|옮기|옮겼|낮추|낮췄|줄이|줄였|늘리|늘렸)|\b(?:but|however|until|instead|then|chang\w*|revers\w*|switch\w*|mov\w+)\b/i
const STATUS_TAG = /\s*\((?:[^()]*\s)?(?:confirmed|approved|agreed|decided|signed|확정|승인|합의|결정)\)\s*[.!]?$/i

// A Korean topic or subject of its own: a noun with 은/는 that is not a pronoun ("출시일은", not "그건").
const KO_OWN_TOPIC = /(?:^|\s)(?!(?:그건|이건|저건|저는|나는|우리는|저희는|그거는|이거는)(?:\s|$))[\uAC00-\uD7A3A-Za-z0-9]+(?:은|는)(?=\s)/

/**
 * A Korean decision that names only what was settled ("결국 1,500만으로 가기로 했어요") with the topic its
 * line or section was written under ("행사 예산: 결국 1,500만으로 가기로 했어요"): alone it says nothing of
 * what the 1,500만 is. A decision with a topic of its own, or under a heading that names a kind of note, is
 * left as written.
 */
function withTopic (sentence: PlacedSentence, text: string): string {
  if (!hasHangul(text) || KO_OWN_TOPIC.test(text)) return text
  // A line's label may be a person's name ("- 서연: …"), which says whose notes, not what about.
  const label = sentence.label !== undefined && !personLabelLike(sentence.label) ? sentence.label : undefined
  const topic = [label, sentence.sectionHeading].find((t) => t !== undefined && t.trim() !== '' && !namesKindOfNote(t))
  if (topic === undefined) return text
  const stems = contentStems(text)
  if ([...contentStems(topic)].some((stem) => stems.has(stem))) return text
  return `${topic.trim()}: ${text}`
}

// "음악회 일정은 이렇게 확정했다.", "We settled it as follows:": a decision that points to what follows it.
const ANNOUNCED_DECISION = /(?:이렇게|이대로|다음과\s*같이|아래와\s*같이|아래처럼|다음처럼)\s*(?:확정|결정|정했|정리했|합의)|\b(?:as follows|like this)\b/i

/** A decision that announces what was settled, with the writer's next sentence of the same line, which says it. */
function announcedDecision (sentence: PlacedSentence, sentences: readonly PlacedSentence[]): string {
  if (!ANNOUNCED_DECISION.test(sentence.text)) return sentence.text
  const next = sentences.find((s) => s.author === sentence.author && s.index === sentence.index + 1 && s.line === sentence.line)
  return next === undefined ? sentence.text : `${sentence.text.trim().replace(/[.:：]+$/u, '')}: ${next.text}`
}

/** Whether a label is only a name ("김태윤", "서연 님", "Nora"). */
function personLabelLike (text: string): boolean {
  return /^[\uAC00-\uD7A3]{2,4}(?:\s*(?:님|씨))?$|^\p{Lu}\p{Ll}+(?:\s\p{Lu}\p{Ll}+)?$/u.test(text.trim())
}

/**
 * A decision sentence without the tasks written into it: "we agreed to archive unused macros;
 * Jun will run the script on Thursday" decides only its first clause (the task is a todo).
 */
function decisionText (text: string): string {
  const clauses = analyseClauses(text)
  let kept = text
  for (const clause of clauses) {
    if (clause.act !== 'commitment' && clause.act !== 'request') continue
    const at = kept.indexOf(clause.text)
    if (at <= 0) continue
    kept = `${kept.slice(0, at).replace(/[\s;,]*(?:and\s+)?$/u, '')}${kept.slice(at + clause.text.length)}`
  }
  if (kept === text) return text
  // A task written in brackets ("… (Lena's changing it today)") leaves its brackets behind.
  const trimmed = kept.replace(/\s*[(（]\s*[)）]/gu, '').replace(/[\s.;,]+$/u, '')
  return `${trimmed.charAt(0).toUpperCase()}${trimmed.slice(1)}.`
}

/**
 * The same decision restated ("We agreed to X", "After discussion we decided to X", "Agreed: X")
 * is one decision: compared on what was settled, without the words that say it was settled.
 */
export function distinctDecisions (texts: string[]): string[] {
  return distinctWithCores(texts).map((entry) => entry.text)
}

/** distinctDecisions, each kept text with its core (placeDecisions compares them again). */
function distinctWithCores (texts: string[], keys = new StemKeys()): Array<{ text: string, core: DecisionCore }> {
  const kept: Array<{ text: string, core: DecisionCore }> = []
  const cores = new DecisionCores(keys)
  for (const text of texts) {
    const core = decisionCore(text)
    if (cores.matching(core).length > 0) continue
    // "결국 1,500만으로 가기로 했어요" after "행사 예산은 1,500만 원으로 정했습니다": the same amount settled
    // again; the fuller wording stays.
    const amounts = decisionAmounts(text)
    const sameAmount = cores.withAmount(amounts)
    if (sameAmount !== undefined) {
      if (text.length > kept[sameAmount]!.text.length) kept[sameAmount] = { text, core }
      continue
    }
    cores.add(core, amounts)
    kept.push({ text, core })
  }
  return kept
}

// A number with a currency or a unit of amount: "15억", "45,000원", "$7,500", "120석", "40개", "15%".
const AMOUNT = /(?:[$€£₩]\s?)?\d[\d,.]*(?:\s?(?:억|만|천|원|달러|석|개|명|건|%|퍼센트|k\b|m\b|percent\b|seats?\b))*/giu
// What makes a number a date or a time rather than an amount: "3월 14일", "5월 2일", "10:30", "the 4th".
const DATE_OR_TIME_AFTER = /^\s?(?:월|일|시|분|년|주|요일|st\b|nd\b|rd\b|th\b|am\b|pm\b|[:/])/iu

/**
 * The amounts a decision settles, written alike ("45,000원" → "45000원", "15억 원" → "15억"):
 * numbers with a currency or a unit, at least 10, and bare numbers of at least 100 that are not
 * years. Dates and times say when, not what, and small counts ("1명") recur in unrelated decisions.
 */
export function decisionAmounts (text: string): string[] {
  const found: string[] = []
  for (const match of text.matchAll(AMOUNT)) {
    const raw = match[0].trim()
    if (DATE_OR_TIME_AFTER.test(text.slice(match.index + match[0].length))) continue
    // "5만 원" is fifty thousand, whatever its digits.
    const won = wonAmount(raw)
    if (won !== undefined) {
      if (Number.parseInt(won) >= 10) found.push(won)
      continue
    }
    const value = Number(raw.replace(/[^\d.]/g, '').replace(/\.$/, ''))
    const marked = /[$€£₩]|\D$/u.test(raw.replace(/[.,]$/, ''))
    if (!Number.isFinite(value) || (marked ? value < 10 : value < 100 || (value >= 1900 && value <= 2100))) continue
    found.push(raw.replace(/[\s,]/g, '').replace(/\.$/, '').toLowerCase())
  }
  return found
}

const KOREAN_MAGNITUDE: Record<string, number> = { 천: 1e3, 만: 1e4, 억: 1e8 }

/**
 * A sum in won as one value, however it is written: "5만 원", "50,000원" and "5만" are 50000원; "15억 원" and
 * "15억" are 1500000000원 (원 after a Korean magnitude is understood). Undefined for other amounts.
 */
function wonAmount (raw: string): string | undefined {
  const found = /^(\d[\d,]*(?:\.\d+)?)\s?(억|만|천)?\s?(원)?$/u.exec(raw.trim().replace(/\.$/, ''))
  if (found === null || (found[2] === undefined && found[3] === undefined)) return undefined
  const value = Number(found[1]!.replace(/,/g, '')) * (found[2] === undefined ? 1 : KOREAN_MAGNITUDE[found[2]]!)
  return Number.isFinite(value) ? `${Math.round(value)}원` : undefined
}

/**
 * Decision cores indexed by stem, so that finding the ones that settle the same thing does not
 * compare every pair: a meeting with thousands of distinct decisions would grow with its square.
 */
class DecisionCores {
  readonly #cores: DecisionCore[] = []
  readonly #index: SizedSimilarityIndex
  readonly #byAmount = new Map<string, number>()
  readonly #byDay = new Map<string, number[]>()
  readonly #byDate: boolean

  /**
   * `byDate` false: only nearly the same words make two decisions one. Across items a date recurs in
   * decisions that settle different things (the opening day under the budget and under the rota).
   */
  constructor (keys?: StemKeys, { byDate = true }: { byDate?: boolean } = {}) {
    this.#index = new SizedSimilarityIndex(keys)
    this.#byDate = byDate
  }

  add (core: DecisionCore, amounts: readonly string[] = []): number {
    const id = this.#cores.length
    this.#index.add(id, core.stems)
    this.#cores.push(core)
    for (const amount of amounts) if (!this.#byAmount.has(amount)) this.#byAmount.set(amount, id)
    if (this.#byDate) {
      for (const day of core.days) {
        const ids = this.#byDay.get(day)
        if (ids === undefined) this.#byDay.set(day, [id])
        else ids.push(id)
      }
    }
    return id
  }

  /** The id of the first core added with one of these amounts. */
  withAmount (amounts: readonly string[]): number | undefined {
    return amounts.map((amount) => this.#byAmount.get(amount)).find((id) => id !== undefined)
  }

  /**
   * Ids of the cores that settle the same as `core`, ascending: nearly the same words, or the same date
   * with two words besides ("벽화 작업 4/12(토) 시작" and "벽화 작업은 4월 12일(토) 착수로 결정").
   */
  matching (core: DecisionCore): number[] {
    const { stems } = core
    const same = new Set(this.#index.candidates(stems, (size) => nearlySameOverlap(stems.size, size)).filter((id) => nearlySame(this.#cores[id]!.stems, stems)))
    for (const day of core.days) {
      for (const id of this.#byDay.get(day) ?? []) {
        let shared = 0
        for (const stem of this.#cores[id]!.stems) if (stems.has(stem) && !dateWord(stem)) shared++
        if (shared >= SAME_DATE_WORDS) same.add(id)
      }
    }
    return [...same].sort((a, b) => a - b)
  }
}

/**
 * The decisions of each item, every writer's entries merged: one decision restated by several
 * writers ("We agreed to X", "Decision: X", "After discussion we decided to X") is kept once per
 * item. A decision restated under most items ("we agreed to keep the status in the shared sheet")
 * is about how the team works, not about any one item: kept once. A decision found under a few
 * items is kept where a writer put it under its item by name (a heading, label or paragraph
 * opening with the item's title) and removed from the items it was only inferred to belong to;
 * without such a writer it stays where it was placed.
 */
export function placeDecisions (items: AgendaNotes[]): AgendaNotes[] {
  // One item: nothing to place, and its distinct decisions are pairwise not the same.
  if (items.length === 1) {
    const { writerPlacedDecisions: _placed, ...rest } = items[0]!
    return [{ ...rest, decisions: distinctDecisions(rest.decisions) }]
  }
  // Every index below holds the same meeting's cores: their stems are interned once.
  const keys = new StemKeys()
  const all = new DecisionCores(keys, { byDate: false })
  const entries: Array<{ text: string, core: DecisionCore, named: boolean }> = []
  const perItem = items.map((item) => {
    const named = new DecisionCores(keys)
    for (const text of item.writerPlacedDecisions ?? []) named.add(decisionCore(text))
    return distinctWithCores(item.decisions, keys).map(({ text, core }) => {
      const entry = { text, core, named: named.matching(core).length > 0 }
      all.add(core)
      entries.push(entry)
      return entry
    })
  })
  const kept = new DecisionCores(keys, { byDate: false })
  return items.map((item, i) => {
    const { writerPlacedDecisions: _placed, ...rest } = item
    return {
      ...rest,
      decisions: perItem[i]!.flatMap((entry) => {
        const same = all.matching(entry.core).map((id) => entries[id]!)
        if (same.length <= 1) return [entry.text]
        // Where it stays, the decision is worded as fully as any writer put it.
        const fullest = same.reduce((a, b) => b.core.stems.size > a.core.stems.size ? b : a).text
        const named = same.filter((e) => e.named)
        if (same.length >= 3 && same.length > items.length / 2) {
          // About the whole meeting: once, under the first item a writer named for it, else the first.
          if (kept.matching(entry.core).length > 0 || (named.length > 0 && !entry.named)) return []
          kept.add(entry.core)
          return [fullest]
        }
        if (named.length === 0) return [entry.text]
        return entry.named ? [fullest] : []
      })
    }
  })
}

/** What a decision settles: its words less those saying it was settled, and the days of the month it names. */
interface DecisionCore {
  stems: ReadonlySet<string>
  days: readonly string[]
}
// Words two decisions naming the same date must share besides it to settle the same thing.
const SAME_DATE_WORDS = 2
// Words of the date itself ("3월", "14일", "june", "sat"), which two decisions naming it share anyway.
const dateWord = (stem: string): boolean => /\d/.test(stem) || isCalendarName(stem)

function decisionCore (text: string): DecisionCore {
  const body = text.replace(/^[^:：]{1,20}[:：]/, '')
  const frame = contentStems(body)
  const settling = new Set<string>()
  for (const word of text.split(/[\s:：.,]+/)) if (isDecision(word) || /^(?:after|discussion|논의|끝에)$/i.test(word)) for (const stem of contentStems(word)) settling.add(stem)
  // A time settled counts as a date does ("6시 반에 입장 마감" and "오후 6시 30분에 입장 마감" settle one thing).
  return { stems: new Set([...frame].filter((stem) => !settling.has(stem))), days: [...new Set([...daysOfMonth(body), ...koreanDaysAlone(body), ...clockTimes(body).map((time) => `at ${time}`)])] }
}

/**
 * What the minutes say about one agenda item: points ranked by importance (title words,
 * meeting keywords, decisions), decisions, and open points. Conflicts between participants
 * are searched over the whole chunk by the engine (their two sides often sit under different
 * items) and added to the item they concern.
 */
export function agendaNotes (agenda: Agenda, sentences: PlacedSentence[], keywords: Keyword[], disputed: ReadonlySet<string> = new Set()): AgendaNotes {
  const titleStems = contentStems(agenda.title)
  const keywordStems = new Map<string, number>()
  const top = keywords[0]?.score ?? 1
  for (const keyword of keywords) for (const stem of keyword.stems) keywordStems.set(stem, keyword.score / top)

  const mine = sentences.filter((s) => s.agendaNumber === agenda.agendaNumber)
  const ranked = [...mine]
    .map((s) => ({ s, score: sentenceScore(s.text, titleStems, keywordStems) }))
    .sort((a, b) => b.score - a.score || a.s.index - b.s.index)
  // The best points only: a summary quotes a few, and reduce merges them across chunks.
  const points = dedupeTexts(ranked.map((r) => r.s.text), 0.6, (candidate, kept) => candidate.length > kept.length, MAX_POINTS)
  // A statement another writer's notes contradict is pending as a conflict, not decided.
  const deciding = mine.filter((s) => !disputed.has(s.text) && !writtenAsAction(s) && statesDecision(s.text))
  const decisionOf = (s: PlacedSentence): string => withTopic(s, decisionText(announcedDecision(s, mine)))
  const decisions = distinctDecisions(deciding.map(decisionOf))
  const writerPlaced = deciding.filter((s) => s.placedByWriter).map(decisionOf)
  const open = mine.filter((s) => isPending(s.text) || (isQuestion(s.text) && !isAction(s.text))).map((s) => s.text)
  return {
    agendaNumber: agenda.agendaNumber,
    agendaTitle: agenda.title,
    points,
    decisions,
    pending: dedupeTexts(open),
    ...(writerPlaced.length === 0 ? {} : { writerPlacedDecisions: writerPlaced })
  }
}

function sentenceEnd (text: string): string {
  return /[.?!。？！]$/.test(text) || /다$|요$|음$|함$|됨$/.test(text) ? text : `${text}.`
}

function shorten (text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`
}

/** The summary of an item from its ranked points: the best few, in a readable order. */
export function summariseNotes (notes: AgendaNotes, language: 'ko' | 'en'): AgendaSummary {
  const points = notes.points
  const decided = notes.decisions.length
  const openCount = notes.pending.length
  let summaryShort: string
  let summary: string
  if (points.length === 0) {
    summaryShort = language === 'ko' ? '이 안건에 대한 기록이 없습니다.' : 'No notes were recorded for this item.'
    summary = summaryShort
  } else {
    summaryShort = shorten(sentenceEnd(points[0]!), 200)
    const body = points.slice(0, 4).map(sentenceEnd).join(' ')
    const tail = language === 'ko'
      ? [decided > 0 ? `결정 ${decided}건` : '', openCount > 0 ? `미결 ${openCount}건` : ''].filter(Boolean).join(', ')
      : [decided > 0 ? `${decided} decision${decided > 1 ? 's' : ''}` : '', openCount > 0 ? `${openCount} open point${openCount > 1 ? 's' : ''}` : ''].filter(Boolean).join(', ')
    summary = tail === '' ? body : `${body} (${tail})`
  }
  return {
    agendaNumber: notes.agendaNumber,
    agendaTitle: notes.agendaTitle,
    summaryShort,
    summary: shorten(summary, 2000),
    decisions: notes.decisions,
    pending: notes.pending
  }
}
