import { memoPerString } from '../memo.ts'
import { koreanStem } from './korean-stem.ts'
import { ENGLISH_STOP_WORDS, KOREAN_STOP_WORDS } from './stop-words.ts'

export interface Word {
  /** As written (particles stripped for Korean), for display. */
  surface: string
  /** Normalised form words are counted and compared by. */
  stem: string
  /** Stop word, number or too short: no topic of its own. */
  stop: boolean
}

/*
 * Word-like runs of letters and digits, joined across an apostrophe, a decimal point or a
 * hyphen ("don't", "3.0", "on-call"): what Intl.Segmenter's word granularity yields for English and for Korean
 * (whose words are space-separated eojeol), at a fraction of its cost on long minutes.
 */
const WORD_LIKE = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu

const HANGUL = /[\uAC00-\uD7A3]/

/** The text with its first letter in upper case, for an English title or task. */
export function capitalise (text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** Whether the text holds a Hangul syllable: what decides that a sentence is read as Korean. */
export function hasHangul (text: string): boolean {
  return HANGUL.test(text)
}
const NUMBER_LIKE = /^[\d.,:%/-]+$/

function undouble (stem: string): string {
  return /([bdgmnprt])\1$/.test(stem) ? stem.slice(0, -1) : stem
}

/** A light English stemmer: enough that "budgets" and "budget" count as one word. */
function englishStem (word: string): string {
  let stem = word
  if (stem.length > 4 && stem.endsWith('ies')) stem = `${stem.slice(0, -3)}y`
  else if (stem.length > 4 && stem.endsWith('s') && !stem.endsWith('ss') && !stem.endsWith('us') && !stem.endsWith('is')) stem = stem.slice(0, -1)
  // "updating", "updated" and "update" are one word; so are "planned" and "plan".
  if (stem.length > 5 && stem.endsWith('ing')) stem = undouble(stem.slice(0, -3))
  else if (stem.length > 4 && stem.endsWith('ed') && !stem.endsWith('eed')) stem = undouble(stem.slice(0, -2))
  else if (stem.length > 4 && stem.endsWith('e')) stem = stem.slice(0, -1)
  return stem
}

/*
 * Segmentation is the costly step and the same sentence is looked at many times (keywords,
 * placement, ranking, dedupe, conflicts), so results are memoised per text. The caches are
 * bounded and simply dropped when full: the sentences, todos and points of a meeting at the
 * body limit (1M characters) fit, and a thread's heap stays flat across meetings (counted in
 * entries only, 50,000 sentences of 600 characters held about half a gigabyte).
 */
const CACHE_LIMIT = 50_000
const CACHE_KEY_CHARS = 2_000_000
const wordsOf = memoPerString((text) => Object.freeze(segmentWords(text)) as readonly Word[], CACHE_LIMIT, CACHE_KEY_CHARS)
const contentStemsOf = memoPerString((text): ReadonlySet<string> => {
  const stems = new Set<string>()
  for (const word of words(text)) if (!word.stop) stems.add(word.stem)
  return stems
}, CACHE_LIMIT, CACHE_KEY_CHARS)

/** The words of a text, with Korean particles stripped. */
export function words (text: string): readonly Word[] {
  return wordsOf(text)
}

function segmentWords (text: string): Word[] {
  const result: Word[] = []
  for (const match of text.matchAll(WORD_LIKE)) {
    const raw = match[0].toLowerCase().replace(/’/g, "'")
    if (raw === '') continue
    if (HANGUL.test(raw)) {
      const stem = koreanStem(raw)
      if (stem === undefined) {
        result.push({ surface: raw, stem: raw, stop: true })
        continue
      }
      result.push({ surface: stem, stem, stop: stem.length < 2 || KOREAN_STOP_WORDS.has(stem) })
      continue
    }
    const possessiveless = raw.replace(/'s$/, '')
    const stem = englishStem(possessiveless)
    const stop = possessiveless.length < 3 || NUMBER_LIKE.test(possessiveless) || ENGLISH_STOP_WORDS.has(possessiveless) || ENGLISH_STOP_WORDS.has(stem)
    result.push({ surface: possessiveless, stem, stop })
  }
  return result
}

/** The topic-bearing stems of a text, for similarity and matching. */
export function contentStems (text: string): ReadonlySet<string> {
  return contentStemsOf(text)
}
