import type { Agenda, AgendaSummary, Segment, SimpleSuggestion, Todo } from '@meeting-ai/contracts'

/**
 * The one interface both apps use to ask for analysis. Two engines implement it:
 * the OpenAI-compatible provider (openai/) and the offline extractive engine (offline/).
 * Consolidation of long meetings is map-reduce: `analyseChunk` per chunk of minutes
 * (in parallel), then `reduce` over the chunk analyses.
 */
export interface AnalysisEngine {
  /** e.g. `openai:gpt-4o-mini` or `offline:extractive-v1`; reported as ConsolidateResponse.model. */
  readonly name: string
  /** true for engines that send text off the machine (redaction applies to them). */
  readonly external: boolean

  /** Live suggestions for the current window; [] when nothing is worth saying. */
  suggest (input: SuggestInput, options?: CallOptions): Promise<SuggestionDraft[]>

  /** Map step: what one chunk of minutes says, per agenda item. */
  analyseChunk (input: ChunkInput, options?: CallOptions): Promise<ChunkAnalysis>

  /** Reduce step: one consolidated analysis from chunk analyses (merging duplicates across participants). */
  reduce (input: ReduceInput, options?: CallOptions): Promise<ConsolidationDraft>
}

export interface CallOptions {
  /** Aborts the call (caller disconnected, budget spent). */
  signal?: AbortSignal
  /** Epoch ms after which the call must not be started or retried. */
  deadline?: number
}

export interface SuggestInput {
  meetingId: string
  /** The sliding window, oldest first. */
  segments: Segment[]
  /** Contents already sent for this meeting, so the engine does not repeat itself. */
  previousSuggestions: string[]
  language?: string
}

/** A suggestion before the worker stamps id and timestamp on it. */
export interface SuggestionDraft {
  /** The advice: what the participants should do now. */
  content: string
  /** The transcript words the advice rests on, quoted. */
  evidence?: string
  confidence: number
  kind?: string
  speakerIds?: string[]
}

export interface MinutesPart {
  userId: string
  userName?: string
  content: string
}

export interface ChunkInput {
  meetingTitle?: string
  /** Known agendas; empty when the engine must derive them. */
  agendas: Agenda[]
  minutes: MinutesPart[]
  language?: string
  instructions?: string
  /** Only this agenda item is being regenerated: the others' notes are not wanted. */
  focusAgendaNumber?: number
}

export interface AgendaNotes {
  agendaNumber: number
  agendaTitle: string
  points: string[]
  decisions: string[]
  pending: string[]
  /**
   * Offline engine only: the decisions the writer put under this item themselves (a heading, label
   * or paragraph opening naming it), so that reduce keeps a decision recorded under several items
   * where a writer placed it rather than where it was inferred. Not sent to a model.
   */
  writerPlacedDecisions?: string[]
}

export interface ChunkAnalysis {
  keywords: string[]
  agendaNotes: AgendaNotes[]
  todos: string[]
}

export interface ReduceInput {
  meetingTitle?: string
  agendas: Agenda[]
  chunks: ChunkAnalysis[]
  language?: string
  instructions?: string
  /** Only this agenda item is being regenerated: the others' summaries, the todos and keywords are kept from before. */
  focusAgendaNumber?: number
}

export interface ConsolidationDraft {
  keywords: string[]
  agendaSummaries: AgendaSummary[]
  todos: Todo[]
  /**
   * True when the engine itself removed near-duplicates from the todos and from each summary's
   * decisions and pending, by `dedupeTexts` at `NEAR_DUPLICATE` (the offline engine's reduce):
   * finalise would leave those lists unchanged, so it does not compare their items again.
   * Unset (an LLM's draft, which may hold anything), finalise removes them itself.
   */
  nearDuplicatesRemoved?: boolean
}

export type { SimpleSuggestion }
