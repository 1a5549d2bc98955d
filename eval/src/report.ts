import type { EvalReport, MeetingResult, Overall } from './evaluate.ts'
import { totalCalls } from './evaluate.ts'

function pct (value: number | null): string {
  return value === null ? '-' : value.toFixed(2)
}

function table (header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)))
  const line = (cells: string[]): string => `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`
  return [line(header), `|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...rows.map(line)].join('\n')
}

const HEADER = ['meeting', 'todo P', 'todo R', 'dup', 'owner P', 'owner ∉', 'kw hit', 'agenda', 'dec found', 'dec P', 'conflicts', 'useful', 'caught', 'quiet', 'near P', 'near R', 'repeat', 'schema ok', 'inject', 'cons ms', 'live ms', 'LLM calls']

function fraction (num: number, den: number): string {
  return den === 0 ? '-' : `${num}/${den}`
}

function meetingRow (r: MeetingResult): string[] {
  return [
    r.id,
    pct(r.todos.precision),
    pct(r.todos.recall),
    String(r.todos.duplicates),
    fraction(r.owners.right, r.owners.checked),
    String(r.owners.notParticipant),
    pct(r.keywords.rate),
    r.decisions.agendaAccuracy === null ? '-' : `${r.decisions.rightAgenda}/${r.decisions.withAgenda}`,
    `${r.decisions.found}/${r.decisions.labelled}`,
    fraction(r.decisionPrecision.matched, r.decisionPrecision.returned),
    r.conflicts === null ? '-' : `${r.conflicts.surfaced}/${r.conflicts.labelled}`,
    pct(r.suggestions.usefulRate),
    pct(r.suggestions.caughtRate),
    r.suggestions.inQuiet === null ? '-' : String(r.suggestions.inQuiet),
    pct(r.suggestions.precision),
    pct(r.suggestions.recall),
    String(r.suggestions.repeated),
    `${r.schema.checked - r.schema.failed}/${r.schema.checked}`,
    r.injection.markers.length === 0 ? '-' : String(r.injection.outputs),
    String(r.consolidation.ms),
    String(r.live.ms),
    `${totalCalls(r.consolidation.calls)}+${totalCalls(r.live.calls)}`
  ]
}

function overallRow (label: string, o: Overall): string[] {
  return [
    label,
    pct(o.todoPrecision),
    pct(o.todoRecall),
    String(o.duplicateTodos),
    pct(o.ownerPrecision),
    String(o.ownersNotParticipant),
    pct(o.keywordHitRate),
    pct(o.agendaAccuracy),
    pct(o.decisionsFound),
    pct(o.decisionPrecision),
    pct(o.conflictsSurfaced),
    pct(o.suggestionUseful),
    pct(o.momentsCaught),
    String(o.suggestionsInQuiet),
    pct(o.suggestionPrecision),
    pct(o.suggestionRecall),
    String(o.repeatedSuggestions),
    pct(o.schemaValidRate),
    String(o.injectionOutputs),
    `max ${o.consolidationMsMax}`,
    '',
    String(o.llmCalls)
  ]
}

/** USD per million tokens, input and output, as the provider's price list gives them. */
export interface TokenPrice {
  inputPerMillion: number
  outputPerMillion: number
}

/**
 * Provider-reported tokens per meeting-hour (hours = first to last STT segment of each
 * meeting), and their cost at `price`. Live suggestions scale with the hour; consolidation
 * with the minutes' length, which this set ties to the meeting's length.
 */
export function formatTokens (overall: Overall, price?: TokenPrice): string {
  if (overall.promptTokens + overall.completionTokens === 0) return 'tokens: none reported (the offline engine sends nothing)'
  const hours = overall.meetingMinutes / 60
  const perHour = (tokens: number) => Math.round(tokens / hours)
  const line = `tokens: ${overall.promptTokens} prompt + ${overall.completionTokens} completion over ${hours.toFixed(2)} meeting-hours = ${perHour(overall.promptTokens)} + ${perHour(overall.completionTokens)} per meeting-hour`
  if (price === undefined) return `${line} (--price <input>,<output> in USD per 1M tokens prints the cost)`
  const cost = (overall.promptTokens * price.inputPerMillion + overall.completionTokens * price.outputPerMillion) / 1e6
  return `${line}; at $${price.inputPerMillion} / $${price.outputPerMillion} per 1M: $${cost.toFixed(4)} for the run, $${(cost / hours).toFixed(4)} per meeting-hour`
}

/** The figures as a Markdown table: one row per meeting, then pooled rows per language and overall. */
export function formatReport (report: EvalReport): string {
  const rows = report.meetings.map(meetingRow)
  rows.push(overallRow('ko (pooled)', report.byLanguage.ko), overallRow('en (pooled)', report.byLanguage.en), overallRow('ALL (pooled)', report.overall))
  return [
    `engine ${report.engine} · consolidation via ${report.consolidationPath === 'service' ? 'the service (POST /api/v1/transcripts/consolidate, in-process)' : report.consolidationPath === 'direct' ? 'the engine directly (analyseChunk + reduce)' : 'mixed paths'} · live pipeline on the ${report.store} store · ${report.startedAt} · node ${report.node}`,
    '',
    table(HEADER, rows),
    '',
    'todo P/R: one-to-one greedy matching, Jaccard >= 0.5 or containment >= 0.75 (2+ shared tokens), tasks without their owners (scored in owner P). dup: returned todos matching an earlier one.',
    'owner P: matched todos whose trailing "(owner)" is the labelled owner (none where nobody took it). owner ∉: todos naming an owner who is no participant.',
    'agenda: labelled decisions stated in the summary of their agenda. dec P: `decisions` entries stating a labelled decision, one each (repeats, pending points, actions do not count).',
    'useful / caught: suggestions within [from, to+3] of a moment that state its content (about or advice) and whose own words (transcript quotes removed) are advice; moments with one.',
    'quiet: suggestions published inside a labelled quiet passage (greeting, transition, question answered at once) that count for no moment.',
    'near P/R: the earlier proximity rule, published within [from, to+3] segments with the same kind or content.',
    'inject: answer items carrying an injected marker. LLM calls: consolidation + live engine calls.'
  ].join('\n')
}

/** Where each meeting falls short, for the reader chasing a figure. */
export function formatDetails (report: EvalReport): string {
  const out: string[] = []
  for (const r of report.meetings) {
    out.push(`## ${r.id} (${r.language}, ${r.words} words, ${r.segments} segments; consolidation ${r.consolidation.status} ${r.consolidation.model ?? ''}${r.consolidation.partial ? ' PARTIAL' : ''})`)
    if (r.todos.missed.length > 0) out.push(`  todos missed: ${r.todos.missed.map((t) => JSON.stringify(t)).join('; ')}`)
    if (r.todos.unmatched.length > 0) out.push(`  todos returned without a label: ${r.todos.unmatched.map((t) => JSON.stringify(t)).join('; ')}`)
    if (r.keywords.missed.length > 0) out.push(`  keywords missed: ${r.keywords.missed.join(', ')} (returned: ${r.keywords.returned.join(', ')})`)
    if (r.decisions.notFound.length > 0) out.push(`  decisions not in any summary: ${r.decisions.notFound.map((t) => JSON.stringify(t)).join('; ')}`)
    if (r.decisions.misplaced.length > 0) out.push(`  decisions under the wrong agenda: ${r.decisions.misplaced.join('; ')}`)
    if (r.conflicts !== null && r.conflicts.missed.length > 0) out.push(`  conflicts not surfaced: ${r.conflicts.missed.join('; ')}`)
    const kinds = Object.entries(r.suggestions.byKind).map(([kind, v]) => `${kind} ${v.hit}/${v.moments}`).join(', ')
    out.push(`  suggestions: ${r.suggestions.published} in ${r.suggestions.sets} sets, ${r.suggestions.advice} in an advice form; moments caught by kind: ${kinds}`)
    if (r.suggestions.nearNotUseful.length > 0) out.push(`  near a moment but not useful: ${r.suggestions.nearNotUseful.join(' | ')}`)
    if (r.suggestions.quietSuggestions.length > 0) out.push(`  in a quiet passage: ${r.suggestions.quietSuggestions.join(' | ')}`)
    if (r.decisionPrecision.unmatched.length > 0) out.push(`  decisions entries not counted: ${r.decisionPrecision.unmatched.join(' | ')}`)
    if (r.owners.wrongOwners.length > 0) out.push(`  owners not right: ${r.owners.wrongOwners.join(' | ')}`)
    if (r.injection.where.length > 0) out.push(`  injected marker in: ${r.injection.where.join(' | ')}`)
    if (r.schema.errors.length > 0) out.push(`  schema: ${r.schema.errors.join('; ')}`)
    if (r.consolidation.notes.length > 0) out.push(`  notes: ${r.consolidation.notes.join('; ')}`)
  }
  return out.join('\n')
}
