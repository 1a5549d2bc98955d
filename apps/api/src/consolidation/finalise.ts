import type { Agenda, AgendaSummary, ConsolidateResponse, Todo } from '@meeting-ai/contracts'
import type { ConsolidationDraft } from '@meeting-ai/llm'
import { dedupeTexts, NEAR_DUPLICATE } from '@meeting-ai/llm/text'

const MAX_KEYWORDS = 20

/**
 * One of each group of near-duplicates (the text-similarity module's measure and threshold,
 * the same the engines dedupe by), at the first one's position, keeping the longer wording.
 */
export function dedupe (texts: Iterable<unknown>): string[] {
  const strings = [...texts].filter((text): text is string => typeof text === 'string')
  return dedupeTexts(strings, NEAR_DUPLICATE, (candidate, kept) => candidate.length > kept.length)
}

function notDiscussed (language: string | undefined, sample: string): { short: string, long: string } {
  const korean = language !== undefined ? language.toLowerCase().startsWith('ko') : /[\uAC00-\uD7A3]/.test(sample)
  return korean
    ? { short: '논의 내용 없음', long: '회의록에서 이 안건에 대한 논의를 찾지 못했습니다.' }
    : { short: 'Not discussed.', long: 'The minutes record no discussion of this agenda item.' }
}

export interface FinaliseContext {
  meetingId: string
  /** The agendas of the request: each one gets a summary, under the caller's title. */
  agendas: Agenda[]
  language?: string
  /** Some text of the minutes, to pick the language of filler text when none was asked for. */
  languageSample: string
  model: string
  partial: boolean
  notes: string[]
}

/**
 * The engine's draft as the wire answer. Engines already merge across participants; this is
 * the service's own guarantee whatever the engine returned: no duplicate todo (normalised
 * titles), Todo reduced to `{ title }`, one summary per agenda item in order, every field present.
 */
export function finalise (draft: ConsolidationDraft, context: FinaliseContext): ConsolidateResponse {
  const byNumber = new Map<number, AgendaSummary>()
  for (const summary of draft.agendaSummaries) {
    const existing = byNumber.get(summary.agendaNumber)
    if (existing === undefined) {
      byNumber.set(summary.agendaNumber, { ...summary })
      continue
    }
    // Two entries for one item: keep both texts, never drop one silently.
    byNumber.set(summary.agendaNumber, {
      ...existing,
      summary: `${existing.summary} ${summary.summary}`.trim(),
      decisions: [...existing.decisions, ...summary.decisions],
      pending: [...existing.pending, ...summary.pending]
    })
  }
  const filler = notDiscussed(context.language, context.languageSample)
  for (const agenda of context.agendas) {
    const summary = byNumber.get(agenda.agendaNumber)
    if (summary === undefined) {
      byNumber.set(agenda.agendaNumber, { agendaNumber: agenda.agendaNumber, agendaTitle: agenda.title, summaryShort: filler.short, summary: filler.long, decisions: [], pending: [] })
    } else {
      summary.agendaTitle = agenda.title
    }
  }
  const agendaSummaries = [...byNumber.values()]
    .sort((a, b) => a.agendaNumber - b.agendaNumber)
    .map((s): AgendaSummary => ({
      agendaNumber: s.agendaNumber,
      agendaTitle: String(s.agendaTitle ?? '').trim(),
      summaryShort: String(s.summaryShort ?? '').trim(),
      summary: String(s.summary ?? '').trim(),
      decisions: dedupe(s.decisions ?? []),
      pending: dedupe(s.pending ?? [])
    }))
  const todos: Todo[] = dedupe(draft.todos.map((todo) => todo.title)).map((title) => ({ title }))
  return {
    meetingId: context.meetingId,
    keywords: dedupe(draft.keywords).slice(0, MAX_KEYWORDS),
    agendaSummaries,
    todos,
    generatedAt: Date.now(),
    model: context.model,
    partial: context.partial,
    notes: context.notes
  }
}
