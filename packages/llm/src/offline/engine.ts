import type { Agenda } from '@meeting-ai/contracts'
import type {
  AgendaNotes, AnalysisEngine, CallOptions, ChunkAnalysis, ChunkInput, ConsolidationDraft, ReduceInput, SuggestInput, SuggestionDraft
} from '../engine.ts'
import { LlmAbortedError, LlmDeadlineError, LlmError } from '../errors.ts'
import { emit, type EngineMetrics } from '../metrics.ts'
import { outputLanguage } from '../text/language.ts'
import { dedupeTexts, textSimilarity } from '../text/similarity.ts'
import { splitSentences } from '../text/sentences.ts'
import { deriveAgendas, placeSentences, type PlacedSentence } from './agenda-assignment.ts'
import { describeConflict, findConflicts, isConflictNote, type Statement } from './conflicts.ts'
import { extractKeywords } from './keywords.ts'
import { liveSuggestions } from './live-suggestions.ts'
import { agendaNotes, placeDecisions, summariseNotes } from './summarise.ts'
import { detectTodos, todoOwner } from './todos.ts'
import { attendees } from './role-holders.ts'

export const OFFLINE_ENGINE_NAME = 'offline:extractive-v1'

function checkCall (options: CallOptions | undefined): void {
  if (options?.signal?.aborted === true) throw new LlmAbortedError({ cause: options.signal.reason })
  if (options?.deadline !== undefined && Date.now() >= options.deadline) throw new LlmDeadlineError()
}

/**
 * Deterministic extractive analysis with no network and no key: the default when no LLM
 * is configured and the fallback when one fails or the budget runs out. It quotes what
 * participants wrote rather than paraphrasing, so it never invents anything.
 */
export class OfflineEngine implements AnalysisEngine {
  readonly name = OFFLINE_ENGINE_NAME
  readonly external = false
  readonly #metrics: EngineMetrics | undefined

  constructor (options: { metrics?: EngineMetrics } = {}) {
    this.#metrics = options.metrics
  }

  async suggest (input: SuggestInput, options?: CallOptions): Promise<SuggestionDraft[]> {
    return this.#measure('suggest', options, () => this.#suggest(input))
  }

  async analyseChunk (input: ChunkInput, options?: CallOptions): Promise<ChunkAnalysis> {
    return this.#measure('analyseChunk', options, () => this.#analyseChunk(input))
  }

  async reduce (input: ReduceInput, options?: CallOptions): Promise<ConsolidationDraft> {
    return this.#measure('reduce', options, () => this.#reduce(input))
  }

  async #measure<T> (operation: string, options: CallOptions | undefined, work: () => T): Promise<T> {
    const started = Date.now()
    try {
      checkCall(options)
      const result = work()
      emit(this.#metrics, 'onCall', { engine: this.name, operation, durationMs: Date.now() - started, attempts: 0 })
      return result
    } catch (error) {
      const code = error instanceof LlmError ? error.code : undefined
      emit(this.#metrics, 'onCall', { engine: this.name, operation, durationMs: Date.now() - started, attempts: 0, ...(code === undefined ? {} : { errorCode: code }) })
      throw error
    }
  }

  #suggest (input: SuggestInput): SuggestionDraft[] {
    const language = outputLanguage(input.language, input.segments.map((s) => s.text).join(' '))
    return liveSuggestions(input.segments, input.previousSuggestions, language)
  }

  #analyseChunk (input: ChunkInput): ChunkAnalysis {
    const allText = input.minutes.map((m) => m.content).join('\n')
    const language = outputLanguage(input.language, allText)
    const agendas: Agenda[] = input.agendas.length > 0 ? input.agendas : deriveAgendas(input.minutes)
    const placed = placeSentences(input.minutes, agendas)
    const sources = input.minutes.flatMap((m) => splitSentences(m.content).filter((s) => !s.heading).map((s) => ({
      text: s.text, author: m.userId, section: `${m.userId}#${s.line ?? 0}`, ...(s.label === undefined ? {} : { label: s.label })
    })))
    const writers = input.minutes.flatMap((m) => m.userName === undefined ? [] : [m.userName])
    const todos = detectTodos(placed, writers)
    // Whoever the minutes give a task by a first name is a person, not a topic, though they wrote no minutes ("Book the
    // van (Omar)", "(지훈)"); a company that owns one ("(대한설비)", "(Catering)", a word also written in lower case) stays.
    const owners = todos.flatMap((title) => todoOwner(title) ?? [])
      .filter((owner) => /^[\uAC00-\uD7A3]{2,3}$/u.test(owner) || (/^\p{Lu}\p{Ll}+$/u.test(owner) && !new RegExp(`(?<![\\p{L}])${owner.toLowerCase()}(?![\\p{L}])`, 'u').test(allText)))
    const keywords = extractKeywords(sources, {
      limit: keywordLimit(allText),
      boost: [input.meetingTitle ?? '', ...agendas.map((a) => a.title)],
      // Whoever an attendance line lists is a person too, though they wrote nothing and own no task.
      people: [...writers, ...owners, ...attendees(sources.map((s) => s.label === undefined ? s.text : `${s.label}: ${s.text}`), writers)]
    })
    const { byAgenda: conflicts, disputed } = meetingConflicts(placed, agendas, language)
    return {
      keywords: keywords.map((k) => k.text),
      agendaNotes: agendas.map((agenda) => {
        const notes = agendaNotes(agenda, placed, keywords, disputed)
        return { ...notes, pending: [...(conflicts.get(agenda.agendaNumber) ?? []), ...notes.pending] }
      }),
      todos
    }
  }

  #reduce (input: ReduceInput): ConsolidationDraft {
    const sample = input.chunks.flatMap((c) => [...c.todos, ...c.agendaNotes.flatMap((n) => n.points)]).join(' ')
    const language = outputLanguage(input.language, sample)
    const merged = placeDecisions(mergeNotes(input, language))
    return {
      keywords: mergeKeywords(input.chunks.map((c) => c.keywords)),
      agendaSummaries: merged.map((notes) => summariseNotes(notes, language)),
      todos: dedupeTexts(input.chunks.flatMap((c) => c.todos)).map((title) => ({ title })),
      // The todos above and each item's pending (mergeNotes) went through dedupeTexts, its decisions through placeDecisions.
      nearDuplicatesRemoved: true
    }
  }
}

/**
 * Conflicts between participants over the whole chunk rather than within each agenda item:
 * two participants' notes on one subject may be placed under different items, and the line
 * labels ("Store screenshots: Leo delivers them") name the subject. Each conflict goes to the
 * item of its first statement.
 */
function meetingConflicts (placed: PlacedSentence[], agendas: Agenda[], language: 'ko' | 'en'): { byAgenda: Map<number, string[]>, disputed: Set<string> } {
  const agendaOf = new Map<Statement, number | undefined>()
  const statements = placed.map((s) => {
    const statement: Statement = { text: s.text, source: s.author, ...(s.label === undefined ? {} : { label: s.label }) }
    agendaOf.set(statement, s.agendaNumber)
    return statement
  })
  const byAgenda = new Map<number, string[]>()
  const disputed = new Set<string>()
  for (const pair of findConflicts(statements, 4 * Math.max(2, agendas.length))) {
    const agendaNumber = agendaOf.get(pair[0]) ?? agendaOf.get(pair[1]) ?? agendas[0]?.agendaNumber
    if (agendaNumber === undefined) continue
    byAgenda.set(agendaNumber, [...(byAgenda.get(agendaNumber) ?? []), describeConflict(pair, language)])
    for (const statement of pair) disputed.add(statement.text)
  }
  return { byAgenda, disputed }
}

/** Ten keywords for a short meeting, one more per thousand words, at most twenty. */
function keywordLimit (text: string): number {
  const wordCount = text.split(/\s+/).length
  return Math.min(20, Math.max(10, 8 + Math.floor(wordCount / 1000)))
}

/**
 * Keywords ranked by their positions across chunks (Borda count). A long meeting comes in
 * more chunks, each with its own topics: two more keywords per further chunk, at most twenty.
 */
function mergeKeywords (lists: string[][], limit = Math.min(20, Math.max(10, ...lists.map((l) => l.length)) + 2 * Math.max(0, lists.length - 1))): string[] {
  const scores = new Map<string, { text: string, score: number }>()
  for (const list of lists) {
    list.forEach((keyword, i) => {
      const key = keyword.toLowerCase()
      const entry = scores.get(key) ?? { text: keyword, score: 0 }
      entry.score += list.length - i
      scores.set(key, entry)
    })
  }
  return [...scores.values()].sort((a, b) => b.score - a.score).slice(0, limit).map((e) => e.text)
}

/**
 * Open points without repeats. Two conflicts that quote one statement (one writer against two
 * others) read alike but are two disputes: conflicts lose exact repeats only.
 */
function mergePending (pending: string[]): string[] {
  return [...dedupeTexts(pending.filter(isConflictNote), 0), ...dedupeTexts(pending.filter((text) => !isConflictNote(text)))]
}

/** Round-robin over the chunks' ranked lists, so each part's best points come first. */
function interleave (lists: string[][]): string[] {
  const result: string[] = []
  const longest = Math.max(0, ...lists.map((l) => l.length))
  for (let i = 0; i < longest; i++) for (const list of lists) if (list[i] !== undefined) result.push(list[i]!)
  return result
}

/**
 * One AgendaNotes per item across chunks: by number when agendas were given, else derived
 * items with similar titles merged. Conflicts between chunks (different participants'
 * minutes) are surfaced in pending.
 */
function mergeNotes (input: ReduceInput, language: 'ko' | 'en'): AgendaNotes[] {
  const groups: Array<{ agendaNumber: number, agendaTitle: string, parts: Array<{ chunk: number, notes: AgendaNotes }> }> = []
  if (input.agendas.length > 0) {
    for (const agenda of input.agendas) groups.push({ agendaNumber: agenda.agendaNumber, agendaTitle: agenda.title, parts: [] })
  }
  input.chunks.forEach((chunk, c) => {
    for (const notes of chunk.agendaNotes) {
      let group = input.agendas.length > 0
        ? groups.find((g) => g.agendaNumber === notes.agendaNumber)
        : groups.find((g) => g.agendaTitle.toLowerCase() === notes.agendaTitle.toLowerCase() || textSimilarity(g.agendaTitle, notes.agendaTitle) >= 0.5)
      if (group === undefined) {
        if (input.agendas.length > 0) continue
        group = { agendaNumber: groups.length + 1, agendaTitle: notes.agendaTitle, parts: [] }
        groups.push(group)
      }
      group.parts.push({ chunk: c, notes })
    }
  })
  return groups.map((group) => {
    const points = dedupeTexts(interleave(group.parts.map((p) => p.notes.points)), 0.6, (a, b) => a.length > b.length, 40)
    const statements = group.parts.flatMap((p) => p.notes.points.map((text) => ({ text, source: language === 'ko' ? `기록 ${p.chunk + 1}` : `part ${p.chunk + 1}` })))
    const crossChunk = group.parts.length > 1 ? findConflicts(statements).map((pair) => describeConflict(pair, language)) : []
    return {
      agendaNumber: group.agendaNumber,
      agendaTitle: group.agendaTitle,
      points,
      // Every writer's entry: placeDecisions merges one decision restated by several writers.
      decisions: group.parts.flatMap((p) => p.notes.decisions),
      writerPlacedDecisions: group.parts.flatMap((p) => p.notes.writerPlacedDecisions ?? []),
      pending: mergePending([...group.parts.flatMap((p) => p.notes.pending), ...crossChunk])
    }
  })
}
