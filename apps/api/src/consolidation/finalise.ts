import type { Agenda, AgendaSummary, ConsolidateResponse, Todo } from '@meeting-ai/contracts'
import type { ConsolidationDraft } from '@meeting-ai/llm'

const MAX_KEYWORDS = 20
// Character-bigram Dice at or above this: the same item said twice (wording, articles, punctuation).
const NEAR_DUPLICATE = 0.85

/** Case, width, punctuation and spacing do not make two items different. */
export function normaliseText (text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[\p{P}\p{S}]+/gu, ' ').replace(/\s+/g, ' ').trim()
}

function bigrams (text: string): Map<string, number> {
  const compact = text.replaceAll(' ', '')
  const counts = new Map<string, number>()
  for (let i = 0; i < compact.length - 1; i++) {
    const gram = compact.slice(i, i + 2)
    counts.set(gram, (counts.get(gram) ?? 0) + 1)
  }
  return counts
}

/** Dice coefficient on character bigrams: works the same for Korean (no word stems needed) and English. */
export function similarity (a: string, b: string): number {
  const na = normaliseText(a)
  const nb = normaliseText(b)
  if (na === nb) return 1
  const ga = bigrams(na)
  const gb = bigrams(nb)
  let total = 0
  let shared = 0
  for (const count of ga.values()) total += count
  for (const [gram, count] of gb) {
    total += count
    shared += Math.min(count, ga.get(gram) ?? 0)
  }
  return total === 0 ? 0 : (2 * shared) / total
}

interface Item {
  text: string
  normal: string
  /** The bigram multiset as a set (the k-th occurrence of a bigram is its own token), as token ranks, rarest first. */
  tokens: Int32Array
}

function tokensOf (normal: string): string[] {
  const tokens: string[] = []
  for (const [gram, count] of bigrams(normal)) for (let k = 1; k <= count; k++) tokens.push(k === 1 ? gram : `${gram}\u0000${k}`)
  return tokens
}

/** similarity() >= NEAR_DUPLICATE, on ranked tokens: a merge that stops once the threshold is out of reach. */
function nearDuplicate (a: Item, b: Item): boolean {
  if (a.normal === b.normal) return true
  const total = a.tokens.length + b.tokens.length
  if (total === 0) return false
  let shared = 0
  let i = 0
  let j = 0
  while (i < a.tokens.length && j < b.tokens.length) {
    if ((2 * (shared + Math.min(a.tokens.length - i, b.tokens.length - j))) / total < NEAR_DUPLICATE) return false
    const x = a.tokens[i]!
    const y = b.tokens[j]!
    if (x === y) {
      shared++
      i++
      j++
    } else if (x < y) {
      i++
    } else {
      j++
    }
  }
  return (2 * shared) / total >= NEAR_DUPLICATE
}

/*
 * Which earlier items can reach Dice >= t with an item of n tokens: they share at least
 * t/(2-t)·n tokens (Dice with a longer item only needs more), so they share one of the item's
 * n - ceil(t/(2-t)·n) + 1 rarest tokens (prefix filtering), and the positions of the first
 * shared token bound how many more they can share (positional filtering, as in PPJoin).
 * Indexing and probing only those prefixes finds every match without comparing all pairs.
 * Bigrams are few, though, so on thousands of items the rarest ones are still shared widely:
 * an item is compared by wording with the last NEIGHBOURHOOD kept versions (every engine answer
 * of a normal meeting fits, and the engines dedupe their own lists first), and by its
 * normalised text with all of them.
 */
const NEIGHBOURHOOD = 256
function prefixLength (tokens: number): number {
  const minShared = Math.ceil((NEAR_DUPLICATE / (2 - NEAR_DUPLICATE)) * tokens - 1e-9)
  return Math.max(0, tokens - minShared + 1)
}

/** Tokens two items of these sizes must share to be near-duplicates. */
function requiredOverlap (a: number, b: number): number {
  return Math.ceil((NEAR_DUPLICATE * (a + b)) / 2 - 1e-9)
}

function itemsOf (texts: Iterable<string>): Item[] {
  const raw: Array<{ text: string, normal: string, tokens: string[] }> = []
  for (const value of texts) {
    if (typeof value !== 'string') continue
    const text = value.trim()
    const normal = normaliseText(text)
    if (normal !== '') raw.push({ text, normal, tokens: tokensOf(normal) })
  }
  // Ranks by ascending frequency over the whole list: a prefix is the item's rarest tokens.
  const frequency = new Map<string, number>()
  for (const item of raw) for (const token of item.tokens) frequency.set(token, (frequency.get(token) ?? 0) + 1)
  const rank = new Map<string, number>()
  ;[...frequency.keys()].sort((x, y) => frequency.get(x)! - frequency.get(y)! || (x < y ? -1 : 1)).forEach((token, i) => rank.set(token, i))
  return raw.map(({ text, normal, tokens }) => ({ text, normal, tokens: Int32Array.from(tokens, (token) => rank.get(token)!).sort() }))
}

/** One of each group of near-duplicates, at the first one's position, keeping the longer wording. */
export function dedupe (texts: Iterable<string>): string[] {
  const items = itemsOf(texts)
  const kept: Item[] = []
  const byNormal = new Map<string, number[]>()
  // Each version of a kept item is indexed under its own slot: a group whose wording changed
  // (the longer one is kept) is found by its current tokens, and stale slots are skipped.
  const slotOwner: number[] = []
  const currentSlot: number[] = []
  // Per token: the slots whose prefix holds it, and the token's position there.
  const postings = new Map<number, { slots: number[], positions: number[] }>()
  const index = (id: number, item: Item): void => {
    const same = byNormal.get(item.normal)
    if (same === undefined) byNormal.set(item.normal, [id])
    else same.push(id)
    const slot = slotOwner.length
    slotOwner.push(id)
    currentSlot[id] = slot
    const prefix = prefixLength(item.tokens.length)
    for (let position = 0; position < prefix; position++) {
      const token = item.tokens[position]!
      const entries = postings.get(token)
      if (entries === undefined) {
        postings.set(token, { slots: [slot], positions: [position] })
      } else {
        entries.slots.push(slot)
        entries.positions.push(position)
      }
    }
  }
  // Per slot: tokens shared so far with the current item, or -1 once it cannot reach the threshold.
  const shared = new Int32Array(2 * items.length + 1)
  items.forEach((item) => {
    const size = item.tokens.length
    const touched: number[] = []
    const prefix = prefixLength(size)
    const oldest = slotOwner.length - NEIGHBOURHOOD
    for (let i = 0; i < prefix; i++) {
      const entries = postings.get(item.tokens[i]!)
      if (entries === undefined) continue
      for (let k = entries.slots.length - 1; k >= 0 && entries.slots[k]! >= oldest; k--) {
        const slot = entries.slots[k]!
        const count = shared[slot]!
        if (count === -1) continue
        const owner = slotOwner[slot]!
        if (currentSlot[owner] !== slot) continue
        const other = kept[owner]!.tokens.length
        if (count === 0) touched.push(slot)
        const bound = count + 1 + Math.min(size - i - 1, other - entries.positions[k]! - 1)
        shared[slot] = bound >= requiredOverlap(size, other) ? count + 1 : -1
      }
    }
    const candidates = new Set(byNormal.get(item.normal))
    for (const slot of touched) {
      if (shared[slot]! > 0) candidates.add(slotOwner[slot]!)
      shared[slot] = 0
    }
    // The first kept item that matches, as a scan in order would find it.
    const found = [...candidates].sort((a, b) => a - b).find((id) => nearDuplicate(kept[id]!, item))
    if (found === undefined) {
      index(kept.length, item)
      kept.push(item)
    } else if (item.text.length > kept[found]!.text.length) {
      kept[found] = item
      index(found, item)
    }
  })
  return kept.map((item) => item.text)
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
