import { randomUUID } from 'node:crypto'
import { loadConfig, type Config } from '@meeting-ai/config'
import { compileValidator, ConsolidateResponse, RealtimeSuggestionsResponse } from '@meeting-ai/contracts'
import { createEngine, type LlmSettings } from '@meeting-ai/llm'
import { CallCounter, type CallCounts } from './call-counter.ts'
import { minutesWordCount, type EvalMeeting } from './dataset.ts'
import { MeetingRunner, type ConsolidationPath, type StoreKind } from './run-meeting.ts'
import {
  scoreConflicts, scoreDecisionPrecision, scoreDecisions, scoreInjection, scoreKeywords, pairTodos, scoreOwners, scoreSuggestions, scoreTodos,
  type ConflictScore, type DecisionPrecisionScore, type DecisionScore, type InjectionScore, type KeywordScore, type OwnerScore, type SuggestionScore, type TodoScore
} from './scoring.ts'

export type EngineChoice = 'offline' | 'openai'

export interface EvalOptions {
  engine: EngineChoice
  store: StoreKind
  path: ConsolidationPath
  /** Environment the engine settings (LLM_*) and REDIS_URL are read from. */
  env?: NodeJS.ProcessEnv
}

export interface MeetingResult {
  id: string
  language: 'ko' | 'en'
  tags: string[]
  words: number
  segments: number
  /** Minutes from the first to the last STT segment: the meeting's length, for cost per meeting-hour. */
  spanMinutes: number
  consolidation: {
    path: ConsolidationPath
    status: number
    model: string | null
    partial: boolean
    notes: string[]
    ms: number
    calls: CallCounts
  }
  live: { ms: number, calls: CallCounts, rejected: number }
  todos: TodoScore
  owners: OwnerScore
  keywords: KeywordScore
  decisions: DecisionScore
  decisionPrecision: DecisionPrecisionScore
  conflicts: ConflictScore | null
  suggestions: SuggestionScore
  schema: { checked: number, failed: number, errors: string[] }
  injection: InjectionScore
}

export interface Overall {
  meetings: number
  todoPrecision: number
  todoRecall: number
  duplicateTodos: number
  /** Matched todos whose owner is the labelled one; null without owner labels. */
  ownerPrecision: number | null
  /** Returned todos naming an owner who is no participant of the meeting. */
  ownersNotParticipant: number
  keywordHitRate: number
  agendaAccuracy: number | null
  decisionsFound: number
  /** Entries in `decisions` that state a labelled decision (one each; no repeats, pending points or actions). */
  decisionPrecision: number | null
  conflictsSurfaced: number | null
  /** Proximity rule: published near a labelled moment with its kind or content. */
  suggestionPrecision: number | null
  suggestionRecall: number | null
  /** By meaning: about a labelled moment and advice a participant could act on. */
  suggestionUseful: number | null
  momentsCaught: number | null
  /** Suggestions inside labelled quiet passages (greetings, transitions, answered questions) that count for no moment. */
  suggestionsInQuiet: number
  /** Meetings whose live pipeline published no suggestion set at all. */
  silentMeetings: number
  repeatedSuggestions: number
  schemaValidRate: number
  schemaFailures: number
  injectionOutputs: number
  consolidationMsMax: number
  llmCalls: number
  promptTokens: number
  completionTokens: number
  meetingMinutes: number
}

export interface EvalReport {
  engine: string
  consolidationPath: ConsolidationPath | 'mixed'
  store: StoreKind
  startedAt: string
  node: string
  meetings: MeetingResult[]
  overall: Overall
  byLanguage: Record<'ko' | 'en', Overall>
}

const responseValidator = compileValidator(ConsolidateResponse)
const setValidator = compileValidator(RealtimeSuggestionsResponse)

function configFor (options: EvalOptions): Config {
  const env = options.env ?? process.env
  return loadConfig({ ...env, LLM_ENGINE: options.engine, LOG_LEVEL: 'warn', CONSOLIDATE_BUDGET_MS: env.CONSOLIDATE_BUDGET_MS ?? '25000' })
}

export async function evaluateMeetings (meetings: EvalMeeting[], options: EvalOptions, onMeeting?: (result: MeetingResult) => void): Promise<EvalReport> {
  const config = configFor(options)
  const calls = new CallCounter()
  const engine = createEngine({ ...(config as LlmSettings), metrics: calls.metrics })
  const runner = new MeetingRunner({ config, engine, calls, store: options.store, prefix: `eval:${randomUUID()}:`, path: options.path })
  const startedAt = new Date().toISOString()
  const results: MeetingResult[] = []
  try {
    for (const meeting of meetings) {
      const result = await evaluateOne(runner, meeting)
      results.push(result)
      onMeeting?.(result)
    }
  } finally {
    await runner.close()
  }
  const paths = new Set(results.map((r) => r.consolidation.path))
  return {
    engine: engine.name,
    consolidationPath: paths.size === 1 ? [...paths][0]! : 'mixed',
    store: options.store,
    startedAt,
    node: process.version,
    meetings: results,
    overall: summarise(results),
    byLanguage: { ko: summarise(results.filter((r) => r.language === 'ko')), en: summarise(results.filter((r) => r.language === 'en')) }
  }
}

async function evaluateOne (runner: MeetingRunner, meeting: EvalMeeting): Promise<MeetingResult> {
  const consolidation = await runner.consolidate(meeting)
  const live = await runner.live(meeting)
  const schemaErrors: string[] = []
  let checked = 1
  if (consolidation.status !== 200) schemaErrors.push(`consolidation answered ${consolidation.status}: ${JSON.stringify(consolidation.body).slice(0, 200)}`)
  else if (!responseValidator.check(consolidation.body)) schemaErrors.push(...responseValidator.errors(consolidation.body).map((e) => `consolidation ${e.field} ${e.message}`))
  for (const [i, payload] of live.payloads.entries()) {
    checked += 1
    if (!setValidator.check(payload)) schemaErrors.push(...setValidator.errors(payload).map((e) => `suggestion set ${i} ${e.field} ${e.message}`))
  }
  const response = consolidation.response !== null && responseValidator.check(consolidation.response) ? consolidation.response : null
  const scored: ConsolidateResponse = response ?? { meetingId: meeting.id, keywords: [], agendaSummaries: [], todos: [], generatedAt: 0, model: '', partial: false, notes: [] }
  const paired = pairTodos(meeting, scored)
  return {
    id: meeting.id,
    language: meeting.language,
    tags: meeting.tags,
    words: minutesWordCount(meeting),
    segments: meeting.segments.length,
    spanMinutes: segmentSpanMinutes(meeting),
    consolidation: {
      path: consolidation.path,
      status: consolidation.status,
      model: response?.model ?? null,
      partial: response?.partial ?? false,
      notes: response?.notes ?? [],
      ms: Math.round(consolidation.ms),
      calls: roundCalls(consolidation.calls)
    },
    live: { ms: Math.round(live.ms), calls: roundCalls(live.calls), rejected: live.rejected },
    // No usable answer scores as an empty one: every label missed.
    todos: scoreTodos(meeting, scored, paired),
    owners: scoreOwners(meeting, scored, paired),
    keywords: scoreKeywords(meeting, scored),
    decisions: scoreDecisions(meeting, scored),
    decisionPrecision: scoreDecisionPrecision(meeting, scored),
    conflicts: meeting.labels.conflicts.length === 0 ? null : scoreConflicts(meeting, scored),
    suggestions: scoreSuggestions(meeting, live.published),
    schema: { checked, failed: schemaErrors.length === 0 ? 0 : countFailed(consolidation.status, consolidation.body, live.payloads), errors: schemaErrors.slice(0, 20) },
    injection: scoreInjection(meeting, response, live.published)
  }
}

function countFailed (status: number, body: unknown, payloads: unknown[]): number {
  let failed = status !== 200 || !responseValidator.check(body) ? 1 : 0
  for (const payload of payloads) if (!setValidator.check(payload)) failed += 1
  return failed
}

function roundCalls (calls: CallCounts): CallCounts {
  return { ...calls, ms: Math.round(calls.ms) }
}

function ratio (num: number, den: number): number {
  return den === 0 ? 0 : num / den
}

/** Pooled (micro-averaged) figures: every todo, keyword, decision and moment weighs the same. */
export function summarise (results: MeetingResult[]): Overall {
  const sum = (f: (r: MeetingResult) => number): number => results.reduce((acc, r) => acc + f(r), 0)
  const todoReturned = sum((r) => r.todos.returned)
  const todoMatched = sum((r) => r.todos.matched)
  const todoLabelled = sum((r) => r.todos.labelled)
  const withAgenda = sum((r) => r.decisions.withAgenda)
  const conflicts = sum((r) => r.conflicts?.labelled ?? 0)
  const published = sum((r) => r.suggestions.published)
  const moments = sum((r) => r.suggestions.moments)
  const checked = sum((r) => r.schema.checked)
  const ownersChecked = sum((r) => r.owners.checked)
  const decisionsReturned = sum((r) => r.decisionPrecision.returned)
  const failed = sum((r) => r.schema.failed)
  return {
    meetings: results.length,
    todoPrecision: ratio(todoMatched, todoReturned),
    todoRecall: ratio(todoMatched, todoLabelled),
    duplicateTodos: sum((r) => r.todos.duplicates),
    ownerPrecision: ownersChecked === 0 ? null : ratio(sum((r) => r.owners.right), ownersChecked),
    ownersNotParticipant: sum((r) => r.owners.notParticipant),
    keywordHitRate: ratio(sum((r) => r.keywords.hit), sum((r) => r.keywords.labelled)),
    agendaAccuracy: withAgenda === 0 ? null : ratio(sum((r) => r.decisions.rightAgenda), withAgenda),
    decisionsFound: ratio(sum((r) => r.decisions.found), sum((r) => r.decisions.labelled)),
    decisionPrecision: decisionsReturned === 0 ? null : ratio(sum((r) => r.decisionPrecision.matched), decisionsReturned),
    conflictsSurfaced: conflicts === 0 ? null : ratio(sum((r) => r.conflicts?.surfaced ?? 0), conflicts),
    suggestionPrecision: published === 0 ? null : ratio(sum((r) => r.suggestions.matched), published),
    suggestionRecall: moments === 0 ? null : ratio(sum((r) => r.suggestions.momentsHit), moments),
    suggestionUseful: published === 0 ? null : ratio(sum((r) => r.suggestions.useful), published),
    momentsCaught: moments === 0 ? null : ratio(sum((r) => r.suggestions.momentsCaught), moments),
    suggestionsInQuiet: sum((r) => r.suggestions.inQuiet ?? 0),
    silentMeetings: results.filter((r) => r.suggestions.published === 0).length,
    repeatedSuggestions: sum((r) => r.suggestions.repeated),
    schemaValidRate: ratio(checked - failed, checked),
    schemaFailures: failed,
    injectionOutputs: sum((r) => r.injection.outputs),
    consolidationMsMax: results.reduce((max, r) => Math.max(max, r.consolidation.ms), 0),
    llmCalls: sum((r) => totalCalls(r.consolidation.calls) + totalCalls(r.live.calls)),
    promptTokens: sum((r) => r.consolidation.calls.promptTokens + r.live.calls.promptTokens),
    completionTokens: sum((r) => r.consolidation.calls.completionTokens + r.live.calls.completionTokens),
    meetingMinutes: sum((r) => r.spanMinutes)
  }
}

/** LocalDateTime arrays [y, M, d, H, m, s?, nanos?] of the first and last segment, in minutes apart. */
function segmentSpanMinutes (meeting: EvalMeeting): number {
  const at = (parts: number[]) => Date.UTC(parts[0]!, parts[1]! - 1, parts[2], parts[3], parts[4], parts[5] ?? 0)
  const first = meeting.segments[0]
  const last = meeting.segments.at(-1)
  return first === undefined || last === undefined ? 0 : Math.round((at(last.timestamp) - at(first.timestamp)) / 6000) / 10
}

export function totalCalls (calls: CallCounts): number {
  return calls.suggest + calls.analyseChunk + calls.reduce
}
