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

const segmenters = new Map<string, Intl.Segmenter>()
function segmenter (locale: string): Intl.Segmenter {
  let s = segmenters.get(locale)
  if (s === undefined) {
    s = new Intl.Segmenter(locale, { granularity: 'word' })
    segmenters.set(locale, s)
  }
  return s
}

const HANGUL = /[\uAC00-\uD7A3]/
const NUMBER_LIKE = /^[\d.,:%/-]+$/

/** A light English stemmer: enough that "budgets" and "budget" count as one word. */
function englishStem (word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (word.length > 4 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) return word.slice(0, -1)
  return word
}

/** The words of a text, segmented by Intl.Segmenter, with Korean particles stripped. */
export function words (text: string): Word[] {
  const result: Word[] = []
  const locale = HANGUL.test(text) ? 'ko' : 'en'
  for (const part of segmenter(locale).segment(text)) {
    if (part.isWordLike !== true) continue
    const raw = part.segment.toLowerCase().replace(/^'+|'+$/g, '')
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
export function contentStems (text: string): Set<string> {
  const stems = new Set<string>()
  for (const word of words(text)) if (!word.stop) stems.add(word.stem)
  return stems
}
