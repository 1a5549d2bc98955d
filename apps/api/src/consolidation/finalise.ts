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
 *
 * A draft marked `nearDuplicatesRemoved` (the offline engine's reduce) has had its todos,
 * decisions and pending deduplicated by the same measure and threshold, and a second pass over
 * such a list keeps every item: those lists are taken as they are, except an item's lists
 * merged here from two entries. Comparing every todo again cost as much as the reduce's own
 * dedupe, a part that grows faster than the minutes.
 */
export function finalise (draft: ConsolidationDraft, context: FinaliseContext): ConsolidateResponse {
  const byNumber = new Map<number, AgendaSummary>()
  const merged = new Set<number>()
  const deduplicated = draft.nearDuplicatesRemoved === true
  for (const summary of draft.agendaSummaries) {
    const existing = byNumber.get(summary.agendaNumber)
    if (existing === undefined) {
      byNumber.set(summary.agendaNumber, { ...summary })
      continue
    }
    merged.add(summary.agendaNumber)
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
      decisions: deduplicated && !merged.has(s.agendaNumber) ? s.decisions ?? [] : dedupe(s.decisions ?? []),
      pending: deduplicated && !merged.has(s.agendaNumber) ? s.pending ?? [] : dedupe(s.pending ?? [])
    }))
  const titles = draft.todos.map((todo) => todo.title)
  const todos: Todo[] = (deduplicated ? titles : dedupe(titles)).map((title) => ({ title }))
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
