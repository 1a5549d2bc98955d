import { GENERIC_WORDS } from '../text/stop-words.ts'
import { words, type Word } from '../text/words.ts'

export interface KeywordSource {
  text: string
  /** Who wrote or said it: a word several people use weighs more. */
  author?: string
  /**
   * The paragraph or section it belongs to. With sections, a word is weighed by how few of
   * them it appears in (inverse document frequency): a topic is discussed in its own part
   * of the meeting, while "quarter" or "target" run through every part.
   */
  section?: string
  /** The line's label ("Checkout redesign: …"): minutes name their topics this way. */
  label?: string
}

export interface Keyword {
  /** Display form: the most frequent surface form (or the phrase). */
  text: string
  /** Stems it stands for (two for a phrase). */
  stems: string[]
  score: number
  /** Sentences that contain it. */
  sentenceCount: number
}

interface Tally {
  sentences: number
  authors: Set<string>
  sections: Set<string>
  surfaces: Map<string, number>
}

function tally (map: Map<string, Tally>, key: string, surface: string, author: string, section: string): void {
  let entry = map.get(key)
  if (entry === undefined) {
    entry = { sentences: 0, authors: new Set(), sections: new Set(), surfaces: new Map() }
    map.set(key, entry)
  }
  entry.sentences++
  entry.authors.add(author)
  entry.sections.add(section)
  entry.surfaces.set(surface, (entry.surfaces.get(surface) ?? 0) + 1)
}

function topSurface (surfaces: Map<string, number>): string {
  let best = ''
  let count = -1
  for (const [surface, n] of surfaces) {
    if (n > count || (n === count && surface.length < best.length)) {
      best = surface
      count = n
    }
  }
  return best
}

const isTopic = (word: Word) => !word.stop && !GENERIC_WORDS.has(word.stem) && !GENERIC_WORDS.has(word.surface) && !/^\d/.test(word.stem)

/**
 * Statistical keywords: stems counted once per sentence, weighted by how many participants
 * use them and by presence in the title or agenda; two-word phrases that recur replace
 * their parts.
 */
export function extractKeywords (sources: KeywordSource[], options: { limit?: number, boost?: string[] } = {}): Keyword[] {
  const limit = options.limit ?? 8
  const unigrams = new Map<string, Tally>()
  const bigrams = new Map<string, Tally>()
  const sections = new Set<string>()
  const names = new Set<string>()
  const labelled = new Set<string>()
  sources.forEach((source, i) => {
    const author = source.author ?? ''
    const section = source.section ?? String(i)
    sections.add(section)
    if (source.label !== undefined) for (const word of words(source.label)) if (isTopic(word)) labelled.add(word.stem)
    const list = words(source.text)
    // "은지 님": a person addressed by name is no topic.
    list.forEach((word, k) => { if (list[k + 1]?.surface === '님' || list[k + 1]?.surface === '씨') names.add(word.stem) })
    const seen = new Set<string>()
    const seenPairs = new Set<string>()
    for (let i = 0; i < list.length; i++) {
      const word = list[i]!
      if (!isTopic(word)) continue
      if (!seen.has(word.stem)) {
        seen.add(word.stem)
        tally(unigrams, word.stem, word.surface, author, section)
      }
      const next = list[i + 1]
      if (next !== undefined && isTopic(next) && next.stem !== word.stem) {
        const key = `${word.stem} ${next.stem}`
        if (!seenPairs.has(key)) {
          seenPairs.add(key)
          tally(bigrams, key, `${word.surface} ${next.surface}`, author, section)
        }
      }
    }
  })
  const boosted = new Set<string>()
  for (const text of options.boost ?? []) for (const word of words(text)) if (isTopic(word)) boosted.add(word.stem)

  const participants = new Set(sources.map((s) => s.author ?? '')).size
  const useSections = sources.some((s) => s.section !== undefined)
  const sectionCount = sections.size
  const weight = (entry: Tally, stems: string[]) => {
    const spread = participants > 1 ? 1 + 0.5 * (entry.authors.size - 1) : 1
    const boost = (stems.some((stem) => boosted.has(stem)) ? 1.5 : 1) * (stems.some((stem) => labelled.has(stem)) ? 1.5 : 1)
    const idf = useSections ? Math.log((sectionCount + 1) / (entry.sections.size + 0.5)) : 1
    return entry.sentences * spread * boost * Math.max(idf, 0.05)
  }

  const candidates: Keyword[] = []
  for (const [key, entry] of bigrams) {
    if (entry.sentences < 2) continue
    const stems = key.split(' ')
    if (stems.some((stem) => names.has(stem))) continue
    const partCounts = stems.map((stem) => unigrams.get(stem)?.sentences ?? 0)
    // A phrase only when its words mostly occur together.
    if (entry.sentences < 0.5 * Math.min(...partCounts)) continue
    candidates.push({ text: topSurface(entry.surfaces), stems, score: weight(entry, stems) * 1.6, sentenceCount: entry.sentences })
  }
  for (const [stem, entry] of unigrams) {
    if ((entry.sentences < 2 && !boosted.has(stem)) || names.has(stem)) continue
    candidates.push({ text: topSurface(entry.surfaces), stems: [stem], score: weight(entry, [stem]), sentenceCount: entry.sentences })
  }
  candidates.sort((a, b) => b.score - a.score || b.sentenceCount - a.sentenceCount || a.text.localeCompare(b.text))
  const result: Keyword[] = []
  for (const candidate of candidates) {
    // A phrase and its own word both in the list say the same thing twice: the phrase wins
    // when it carries most of the word's uses ("marketing budget"), else the word ("launch").
    const clashes = result.filter((kept) => kept.stems.some((stem) => candidate.stems.includes(stem)))
    if (clashes.length === 0) {
      result.push(candidate)
    } else if (candidate.stems.length > 1 && clashes.every((kept) => kept.stems.length === 1 && candidate.sentenceCount >= 0.6 * kept.sentenceCount)) {
      const at = result.indexOf(clashes[0]!)
      result.splice(at, 1, candidate)
      for (const kept of clashes.slice(1)) result.splice(result.indexOf(kept), 1)
    }
    if (result.length >= limit) break
  }
  return result
}
