import { contentStems } from './words.ts'

export function jaccard (a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0
  let shared = 0
  for (const item of a) if (b.has(item)) shared++
  return shared / (a.size + b.size - shared)
}

/** Two stems match when equal or when one is a prefix of the other (Korean compounds: 예산 / 예산안). */
function stemsMatch (a: string, b: string): boolean {
  if (a === b) return true
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  return short.length >= 2 && long.startsWith(short) && long.length - short.length <= 2
}

/** Stems of `needle` found (by stemsMatch) among `haystack`. */
export function overlap (needle: ReadonlySet<string>, haystack: ReadonlySet<string>): number {
  let found = 0
  for (const a of needle) {
    if (haystack.has(a)) {
      found++
      continue
    }
    for (const b of haystack) {
      if (stemsMatch(a, b)) {
        found++
        break
      }
    }
  }
  return found
}

/** Jaccard with prefix matching between two stem sets. */
export function stemSimilarity (sa: ReadonlySet<string>, sb: ReadonlySet<string>): number {
  if (sa.size === 0 || sb.size === 0) return 0
  const shared = overlap(sa, sb)
  return shared / (sa.size + sb.size - shared)
}

/** Jaccard on content stems with prefix matching; 1 for texts that say the same thing. */
export function textSimilarity (a: string, b: string): number {
  return stemSimilarity(contentStems(a), contentStems(b))
}

export const NEAR_DUPLICATE = 0.6

/**
 * Keys under which a stem is indexed and looked up: itself and itself less one or two final
 * characters (at least two left). Two stems match by stemsMatch exactly when one's keys hold
 * the other, so an index on these finds every similar text without comparing all pairs.
 */
function matchKeys (stem: string): string[] {
  const keys = [stem]
  for (let cut = 1; cut <= 2 && stem.length - cut >= 2; cut++) keys.push(stem.slice(0, -cut))
  return keys
}

/**
 * An index of texts by stem, answering "which earlier texts could be similar to this one":
 * similarity needs shared stems, so texts sharing too few are never compared.
 */
export class SimilarityIndex {
  readonly #postings = new Map<string, number[]>()
  #size = 0
  // Scratch counters reused across queries, cleared after each (only the entries touched).
  #hits = new Int32Array(0)
  #lastStem = new Int32Array(0)

  add (id: number, stems: ReadonlySet<string>): void {
    this.#size = Math.max(this.#size, id + 1)
    for (const stem of stems) {
      for (const key of matchKeys(stem)) {
        const list = this.#postings.get(key)
        if (list === undefined) this.#postings.set(key, [id])
        else if (list[list.length - 1] !== id) list.push(id)
      }
    }
  }

  /**
   * Ids (from `fromId` on) that may share at least `minShared` stems with `stems` (an upper
   * bound is counted), ascending.
   */
  candidates (stems: ReadonlySet<string>, minShared = 1, fromId = 0): number[] {
    // Ids are small dense integers: count in arrays rather than maps (this is the hot loop).
    if (this.#hits.length < this.#size) {
      this.#hits = new Int32Array(this.#size * 2)
      this.#lastStem = new Int32Array(this.#size * 2)
    }
    const hits = this.#hits
    const lastStem = this.#lastStem
    const touched: number[] = []
    let stemNumber = 0
    for (const stem of stems) {
      stemNumber++
      for (const key of matchKeys(stem)) {
        const list = this.#postings.get(key)
        if (list === undefined) continue
        for (let k = list.length - 1; k >= 0 && list[k]! >= fromId; k--) {
          const id = list[k]!
          if (lastStem[id] === stemNumber) continue
          lastStem[id] = stemNumber
          if (hits[id] === 0) touched.push(id)
          hits[id] = hits[id]! + 1
        }
      }
    }
    const ids = touched.filter((id) => hits[id]! >= minShared)
    for (const id of touched) {
      hits[id] = 0
      lastStem[id] = 0
    }
    return ids.sort((a, b) => a - b)
  }
}

/**
 * Keeps the first of every group of near-duplicate texts (Jaccard >= threshold), in order;
 * with `limit`, stops once that many are kept (ranked input: the rest would not be shown).
 */
export function dedupeTexts (texts: Iterable<string>, threshold = NEAR_DUPLICATE, prefer?: (a: string, b: string) => boolean, limit = Infinity): string[] {
  const kept: string[] = []
  const byLowerCase = new Map<string, number>()
  const index = new SimilarityIndex()
  for (const text of texts) {
    if (kept.length >= limit) break
    const trimmed = text.trim()
    if (trimmed === '') continue
    const lower = trimmed.toLowerCase()
    const stems = contentStems(trimmed)
    let found = byLowerCase.get(lower)
    if (threshold > 0) {
      // Jaccard >= threshold needs at least threshold × |stems| shared stems.
      for (const id of index.candidates(stems, Math.max(1, Math.ceil(threshold * stems.size - 1e-9)))) {
        if (found !== undefined && id >= found) break
        if (stemSimilarity(contentStems(kept[id]!), stems) >= threshold) {
          found = id
          break
        }
      }
    }
    if (found === undefined) {
      byLowerCase.set(lower, kept.length)
      index.add(kept.length, stems)
      kept.push(trimmed)
    } else if (prefer?.(trimmed, kept[found]!) === true) {
      kept[found] = trimmed
      byLowerCase.set(lower, found)
      index.add(found, stems)
    }
  }
  return kept
}
