import { memoPerString } from '../memo.ts'
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

// Above this many stems, overlap looks stems up by key instead of comparing every pair.
const PAIRWISE_LIMIT = 16
const keysOfSet = new WeakMap<ReadonlySet<string>, Set<string>>()

/** Every match key of a set's stems (see matchKeys): a stem matches one of them exactly when it is among these or one of its own keys is in the set. */
function keysOf (stems: ReadonlySet<string>): Set<string> {
  let keys = keysOfSet.get(stems)
  if (keys === undefined) {
    keys = new Set<string>()
    for (const stem of stems) for (const key of matchKeys(stem)) keys.add(key)
    keysOfSet.set(stems, keys)
  }
  return keys
}

/** Stems of `needle` found (by stemsMatch) among `haystack`. */
export function overlap (needle: ReadonlySet<string>, haystack: ReadonlySet<string>): number {
  let found = 0
  if (haystack.size > PAIRWISE_LIMIT) {
    // Long sentences (a 10,000-character segment) hold hundreds of stems: linear, not pairwise.
    const haystackKeys = keysOf(haystack)
    for (const a of needle) if (haystack.has(a) || (a.length >= 2 && haystackKeys.has(a)) || matchKeys(a).some((key) => haystack.has(key))) found++
    return found
  }
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
 * The same item (a todo, a decision) written twice: near-identical wording (Jaccard >= 0.6), or
 * one wording that holds nearly all of the other's words ("Ask infra" within "Ask infra to
 * resize staging").
 */
export function nearlySame (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size === 0 || b.size === 0) return false
  // stemSimilarity(a, b) >= 0.6, with the overlap counted once for both tests.
  const shared = overlap(a, b)
  if (shared / (a.size + b.size - shared) >= 0.6) return true
  return shared >= 2 && shared >= 0.75 * Math.min(a.size, b.size)
}

/** The fewest shared stems with which nearlySame can hold for stem sets of these sizes (for SizedSimilarityIndex). */
export function nearlySameOverlap (a: number, b: number): number {
  return Math.min(Math.ceil(0.375 * (a + b) - 1e-9), Math.max(2, Math.ceil(0.75 * Math.min(a, b) - 1e-9)))
}

/**
 * Keys under which a stem is indexed and looked up: itself and itself less one or two final
 * characters (at least two left). Two stems match by stemsMatch exactly when one's keys hold
 * the other, so an index on these finds every similar text without comparing all pairs.
 * Memoised: a meeting's stems are few and looked up again and again, and a key sliced anew
 * each time was a new string to hash on every Set or Map lookup.
 */
export const matchKeys: (stem: string) => readonly string[] = memoPerString((stem) => {
  const keys = [stem]
  for (let cut = 1; cut <= 2 && stem.length - cut >= 2; cut++) keys.push(stem.slice(0, -cut))
  return Object.freeze(keys)
}, 50_000)

/** A query stem's lookups, by interned key: the lists to read, and how to tell whether one id holds a matching stem. */
export interface StemLookup {
  /** Stems equal to it or one of its shortenings (exact lists). */
  shorter: readonly number[]
  /** It as the shortening of a longer stem (the extension list). */
  self: number
}

/**
 * Stems and their shortenings interned as small integers, with each stem's lookup: what the
 * indexes read their lists by. Indexes over the same texts (one per stem-set size, or the
 * several a merge builds) share one, so a set's keys are hashed once rather than once per index.
 */
export class StemKeys {
  readonly #keyIds = new Map<string, number>()
  // Per interned key: the lookup of the stem it stands for (built on first use).
  readonly #lookups: Array<StemLookup | undefined> = []
  // The lookups of a stem set, kept per Set (contentStems hands out one per text, and dedupe
  // queries a text's set and then adds it): a set is not changed once given to an index.
  readonly #lookupsOfSet = new WeakMap<ReadonlySet<string>, StemLookup[]>()

  #keyId (key: string): number {
    let id = this.#keyIds.get(key)
    if (id === undefined) {
      id = this.#keyIds.size
      this.#keyIds.set(key, id)
    }
    return id
  }

  /** The lookup of each of the set's stems, in the set's order. */
  lookupsOf (stems: ReadonlySet<string>): StemLookup[] {
    let lookups = this.#lookupsOfSet.get(stems)
    if (lookups === undefined) {
      lookups = []
      for (const stem of stems) lookups.push(this.#lookup(stem))
      this.#lookupsOfSet.set(stems, lookups)
    }
    return lookups
  }

  #lookup (stem: string): StemLookup {
    const self = this.#keyId(stem)
    let lookup = this.#lookups[self]
    if (lookup === undefined) {
      lookup = { shorter: matchKeys(stem).map((key) => this.#keyId(key)), self }
      this.#lookups[self] = lookup
    }
    return lookup
  }
}

/**
 * An index of texts by stem, answering "which earlier texts could be similar to this one":
 * similarity needs shared stems, so texts sharing too few are never compared.
 *
 * Stems are listed under themselves (exact) and, apart, under their shortenings (extensions):
 * a stem then finds the stems it matches and nothing else. One table for both made a short
 * key ("ba" of "bake") list every stem that starts with it, so with thousands of distinct
 * words each lookup read lists as long as the input and dedupe grew with its square.
 *
 * Stems and their shortenings are interned as small integers (StemKeys): lists are read
 * by array position and an id's stems are checked by comparing integers. Keyed by string,
 * every lookup hashed and every id kept two Sets, and on a list of 15,000 todos that cost
 * grew with the list (cache misses and collection of the Sets), not only the matches.
 */
export class SimilarityIndex {
  readonly #keys: StemKeys
  // Per interned key: ids listed under it as a stem (exact) and as a shortening (extensions).
  readonly #exact: number[][] = []
  readonly #extensions: number[][] = []
  // Per id: the stems and the shortenings it was added under, to check the stems whose lists are not read.
  readonly #stems: number[][] = []
  readonly #shortenings: number[][] = []
  #size = 0
  // Scratch counters reused across queries, cleared after each (only the entries touched).
  #hits = new Int32Array(0)
  #lastStem = new Int32Array(0)

  /** `keys`: an interning shared with other indexes over the same texts, so each set's keys are looked up once for all. */
  constructor (keys = new StemKeys()) {
    this.#keys = keys
  }

  add (id: number, stems: ReadonlySet<string>): void {
    this.#size = Math.max(this.#size, id + 1)
    const own = this.#stems[id] ?? []
    const shortenings = this.#shortenings[id] ?? []
    this.#stems[id] = own
    this.#shortenings[id] = shortenings
    for (const { shorter, self } of this.#keys.lookupsOf(stems)) {
      if (!own.includes(self)) own.push(self)
      post(this.#exact, self, id)
      for (let k = 1; k < shorter.length; k++) {
        const key = shorter[k]!
        if (!shortenings.includes(key)) shortenings.push(key)
        post(this.#extensions, key, id)
      }
    }
  }

  #lists (lookup: StemLookup): number[][] {
    const lists: number[][] = []
    for (const key of lookup.shorter) {
      const list = this.#exact[key]
      if (list !== undefined) lists.push(list)
    }
    const longer = this.#extensions[lookup.self]
    if (longer !== undefined) lists.push(longer)
    return lists
  }

  #holds (id: number, lookup: StemLookup): boolean {
    const own = this.#stems[id]!
    for (const key of lookup.shorter) if (own.includes(key)) return true
    return this.#shortenings[id]!.includes(lookup.self)
  }

  /**
   * Ids (from `fromId` on) that may share at least `minShared` stems with `stems` (an upper
   * bound is counted), ascending.
   *
   * An id with `minShared` shared stems is in the lists of at least one stem outside any
   * `minShared - 1` others, so the lists of the most common stems ("send", "team" in thousands
   * of decisions) are not read: the ids found elsewhere are checked against those stems one by
   * one. The count is the same as reading every list, at a cost that does not grow with them.
   */
  candidates (stems: ReadonlySet<string>, minShared = 1, fromId = 0): number[] {
    if (stems.size === 0) return []
    // Ids are small dense integers: count in arrays rather than maps (this is the hot loop).
    if (this.#hits.length < this.#size) {
      this.#hits = new Int32Array(this.#size * 2)
      this.#lastStem = new Int32Array(this.#size * 2)
    }
    const hits = this.#hits
    const lastStem = this.#lastStem
    const touched: number[] = []
    const byCost = this.#keys.lookupsOf(stems).map((lookup) => {
      const lists = this.#lists(lookup)
      let cost = 0
      for (const list of lists) cost += list.length
      return { lookup, lists, cost }
    }).sort((a, b) => a.cost - b.cost)
    const skipped = byCost.splice(Math.max(0, byCost.length - Math.max(0, minShared - 1)))
    let stemNumber = 0
    for (const { lists } of byCost) {
      stemNumber++
      for (const list of lists) {
        for (let k = list.length - 1; k >= 0 && list[k]! >= fromId; k--) {
          const id = list[k]!
          if (lastStem[id] === stemNumber) continue
          lastStem[id] = stemNumber
          if (hits[id] === 0) touched.push(id)
          hits[id] = hits[id]! + 1
        }
      }
    }
    const ids: number[] = []
    for (const id of touched) {
      let count = hits[id]!
      // Rarest skipped stem first: most ids miss it, and one miss too many settles the answer.
      for (let k = 0; k < skipped.length && count + skipped.length - k >= minShared; k++) {
        if (this.#holds(id, skipped[k]!.lookup)) count++
      }
      if (count >= minShared) ids.push(id)
      hits[id] = 0
      lastStem[id] = 0
    }
    return ids.length < 2 ? ids : ids.sort((a, b) => a - b)
  }
}

/**
 * A SimilarityIndex per stem-set size, for rules whose required overlap depends on both
 * sizes ("Jaccard >= 0.6, or nearly all of the smaller set"): one index would have to use the
 * smallest requirement of all sizes (2 shared stems), so every earlier text sharing two common
 * words ("team", "Friday") became a candidate. Per size, the requirement is that size's own.
 */
export class SizedSimilarityIndex {
  readonly #bySize = new Map<number, SimilarityIndex>()
  readonly #keys: StemKeys

  /** `keys`: as for SimilarityIndex; the indexes of every size share one in any case. */
  constructor (keys = new StemKeys()) {
    this.#keys = keys
  }

  add (id: number, stems: ReadonlySet<string>): void {
    let index = this.#bySize.get(stems.size)
    if (index === undefined) {
      index = new SimilarityIndex(this.#keys)
      this.#bySize.set(stems.size, index)
    }
    index.add(id, stems)
  }

  /** Ids (from `fromId` on) for which `minShared(size)` of `stems` may match one of theirs, where size is the id's stem count; ascending. */
  candidates (stems: ReadonlySet<string>, minShared: (size: number) => number, fromId = 0): number[] {
    const ids = new Set<number>()
    for (const [size, index] of this.#bySize) {
      const needed = Math.max(1, minShared(size))
      // Counted on the query's side: several of its stems may match one of the id's ("ba", "bak" and "bake").
      if (needed > stems.size) continue
      for (const id of index.candidates(stems, needed, fromId)) ids.add(id)
    }
    return [...ids].sort((a, b) => a - b)
  }
}

function post (lists: number[][], key: number, id: number): void {
  const list = lists[key]
  if (list === undefined) lists[key] = [id]
  else if (list[list.length - 1] !== id) list.push(id)
}

/**
 * Keeps the first of every group of near-duplicate texts (Jaccard >= threshold), in order;
 * with `limit`, stops once that many are kept (ranked input: the rest would not be shown).
 */
export function dedupeTexts (texts: Iterable<string>, threshold = NEAR_DUPLICATE, prefer?: (a: string, b: string) => boolean, limit = Infinity): string[] {
  const kept: string[] = []
  // The stems of each kept text: read for every candidate, and contentStems would look up the whole text again.
  const keptStems: Array<ReadonlySet<string>> = []
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
        if (stemSimilarity(keptStems[id]!, stems) >= threshold) {
          found = id
          break
        }
      }
    }
    if (found === undefined) {
      byLowerCase.set(lower, kept.length)
      index.add(kept.length, stems)
      kept.push(trimmed)
      keptStems.push(stems)
    } else if (prefer?.(trimmed, kept[found]!) === true) {
      kept[found] = trimmed
      keptStems[found] = stems
      byLowerCase.set(lower, found)
      index.add(found, stems)
    }
  }
  return kept
}
