export type TextLanguage = 'ko' | 'en'

const HANGUL = /[\uAC00-\uD7A3\u1100-\u11FF\u3130-\u318F]/g
const LATIN = /[A-Za-z]/g

/** Korean when Hangul letters make up a fair share of the letters; the offline engine knows two languages. */
export function detectLanguage (text: string): TextLanguage {
  const hangul = text.match(HANGUL)?.length ?? 0
  const latin = text.match(LATIN)?.length ?? 0
  // A Hangul syllable carries about as much as three Latin letters.
  return hangul * 3 >= latin && hangul > 0 ? 'ko' : 'en'
}

/** The language of template phrases: the requested one when the engine knows it, else the text's. */
export function outputLanguage (requested: string | undefined, text: string): TextLanguage {
  const primary = requested?.toLowerCase().split(/[-_]/)[0]
  if (primary === 'ko' || primary === 'en') return primary
  return detectLanguage(text)
}
