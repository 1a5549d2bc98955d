export type TextLanguage = 'ko' | 'en'

/** Korean when Hangul letters make up a fair share of the letters; the offline engine knows two languages. */
export function detectLanguage (text: string): TextLanguage {
  // Counted in one pass without building arrays of matches: the reduce asks this of a whole
  // meeting's todos and points, where a match array of every letter was most of its garbage.
  let hangul = 0
  let latin = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) latin++
    else if ((code >= 0xac00 && code <= 0xd7a3) || (code >= 0x1100 && code <= 0x11ff) || (code >= 0x3130 && code <= 0x318f)) hangul++
  }
  // A Hangul syllable carries about as much as three Latin letters.
  return hangul * 3 >= latin && hangul > 0 ? 'ko' : 'en'
}

/** The language of template phrases: the requested one when the engine knows it, else the text's. */
export function outputLanguage (requested: string | undefined, text: string): TextLanguage {
  const primary = requested?.toLowerCase().split(/[-_]/)[0]
  if (primary === 'ko' || primary === 'en') return primary
  return detectLanguage(text)
}
