/*
 * How an answer is compared with a label. Deliberately independent of the engines' own text
 * code (packages/llm/src/text), so that an engine cannot grade itself with its own tokenizer.
 *
 * Tokens: NFKC, lower case, words by Intl.Segmenter (locale ko when the text has Hangul);
 * Korean words lose their trailing particle or 하다/되다 ending (예산안을 → 예산안,
 * 공유하기로 → 공유) and whole verb forms (했습니다) go; English words lose a plural or -ing/-ed ending; stop words go; numbers stay.
 * Two tokens are equal when identical, or when both are Korean and one starts with the other
 * sharing at least two syllables (예산 ~ 예산안, 수정 ~ 수정본).
 */

const HANGUL = /[\uAC00-\uD7A3]/

const EN_STOP = new Set(`a an the and or but of to in on at for by with from into onto over under about as is are was were be been being
have has had do does did will would shall should can could may might must it its this that these those there here we you i he she they
me us him her them my our your his their not no yes so if then than too very just also all any each every some such only own same other
let let's please okay ok up out off again once more most much many who whom which what when where why how new`.split(/\s+/))

const KO_STOP = new Set([
  '그리고', '그런데', '그래서', '하지만', '또는', '및', '등', '것', '수', '때', '중', '더', '좀', '잘', '안', '못', '저', '제가', '저는', '우리', '저희',
  '이번', '그', '이', '저것', '그것', '네', '예', '아니요', '님', '씨', '부분', '관련', '경우', '정도', '위해', '대해', '통해', '하기', '함', '하기로', '있음', '없음'
])

// Longest first; a stem keeps at least one syllable (two for the 하다 endings).
const KO_HADA = ['하겠습니다', '하였습니다', '했습니다', '합니다', '하기로', '하도록', '해야', '하기', '하고', '하는', '하며', '하면', '해서', '했고', '했음', '할', '함', '한', '된다', '됩니다', '되는', '되어', '됨', '됐다'].sort((a, b) => b.length - a.length)
const KO_PARTICLES = ['에서는', '으로는', '에서도', '까지는', '부터는', '이라고', '에서', '에게', '으로', '까지', '부터', '처럼', '보다', '마다', '라고', '과의', '와의', '에는', '에도',
  '의', '은', '는', '이', '가', '을', '를', '에', '로', '와', '과', '도', '만', '요'].sort((a, b) => b.length - a.length)

// An inflected verb left whole (했습니다, 있어요): no content of its own.
const KO_VERB_FORM = /(습니다|니다|세요|어요|아요|에요|했음|했다|있음|없음)$/

function stripKorean (word: string): string {
  for (const ending of KO_HADA) {
    if (word.length - ending.length >= 2 && word.endsWith(ending)) return word.slice(0, -ending.length)
  }
  for (const ending of KO_PARTICLES) {
    if (word.length - ending.length >= 1 && word.endsWith(ending)) return word.slice(0, -ending.length)
  }
  return word
}

function stemEnglish (word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3)
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2)
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1)
  return word
}

const segmenters = new Map<string, Intl.Segmenter>()

/** Normalised content tokens of a text (deduplicated, in order). */
export function tokens (text: string): string[] {
  const normalised = text.normalize('NFKC').toLowerCase()
  const locale = HANGUL.test(normalised) ? 'ko' : 'en'
  let segmenter = segmenters.get(locale)
  if (segmenter === undefined) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'word' })
    segmenters.set(locale, segmenter)
  }
  const out: string[] = []
  for (const part of segmenter.segment(normalised)) {
    if (part.isWordLike !== true) continue
    const raw = part.segment.replace(/^'+|'+$/g, '').replace(/'s$/, '')
    if (raw === '') continue
    let token: string
    if (HANGUL.test(raw)) {
      token = stripKorean(raw)
      if (KO_STOP.has(token) || KO_STOP.has(raw) || KO_VERB_FORM.test(token)) continue
    } else {
      if (EN_STOP.has(raw)) continue
      token = /^\d/.test(raw) ? raw : stemEnglish(raw)
      if (token.length < 2 && !/^\d/.test(token)) continue
    }
    if (!out.includes(token)) out.push(token)
  }
  return out
}

/** English tokens folded once more for the meaning rules: a final silent e and a doubled final consonant go (approve ~ approv, slipp ~ slip). */
function foldStem (token: string): string {
  if (!/^[a-z]+$/.test(token)) return token
  let t = token
  if (t.length > 4 && t.endsWith('e')) t = t.slice(0, -1)
  if (t.length > 3 && /([b-df-hj-np-tv-z])\1$/.test(t)) t = t.slice(0, -1)
  return t
}

// Spelled-out English numbers, as speech gives them, compared with the digits a label uses.
const EN_NUMBERS: Record<string, string> = Object.fromEntries([
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
  'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'
].map((word, value) => [word, String(value)]))

// Abbreviated weekdays and months as notes write them (after the plural rule: thurs → thur).
const EN_ABBREVIATIONS: Record<string, string> = {
  mon: 'monday',
  tue: 'tuesday',
  wed: 'wednesday',
  thu: 'thursday',
  thur: 'thursday',
  fri: 'friday',
  sat: 'saturday',
  sun: 'sunday',
  jan: 'january',
  feb: 'february',
  mar: 'march',
  apr: 'april',
  jun: 'june',
  jul: 'july',
  aug: 'august',
  sep: 'september',
  sept: 'september',
  oct: 'october',
  nov: 'november',
  dec: 'december'
}

const KO_MULTIPLIERS: Record<string, number> = { 천: 1e3, 만: 1e4, 억: 1e8 }

/** One spelling for a number: no thousands separators (2,000), Korean multipliers applied (2천 → 2000, 3.5만 → 35000). */
function plainNumbers (text: string): string {
  let out = text.normalize('NFKC')
  for (let previous = ''; previous !== out;) {
    previous = out
    out = out.replace(/(\d),(\d{3})(?!\d)/g, '$1$2')
  }
  return out.replace(/(\d+(?:\.\d+)?)\s*([천만억])/g, (_, number: string, unit: string) => String(Math.round(Number(number) * KO_MULTIPLIERS[unit]!)))
}

/** Tokens for the meaning rules (todos, suggestions about a moment): numbers, number words and abbreviations spelt one way. */
export function meaningTokens (text: string): string[] {
  return [...new Set(tokens(plainNumbers(text)).map((token) => EN_NUMBERS[token] ?? foldStem(EN_ABBREVIATIONS[token] ?? token)))]
}

export function tokenEquals (a: string, b: string): boolean {
  if (a === b) return true
  if (!HANGUL.test(a) || !HANGUL.test(b)) return false
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  return short.length >= 2 && long.startsWith(short)
}

/** How many tokens of `a` have an equal token in `b`, each token of `b` used once. */
export function overlap (a: readonly string[], b: readonly string[]): number {
  const used = new Set<number>()
  let count = 0
  for (const token of a) {
    const index = b.findIndex((other, i) => !used.has(i) && tokenEquals(token, other))
    if (index >= 0) {
      used.add(index)
      count += 1
    }
  }
  return count
}

export interface Similarity {
  jaccard: number
  /** Shared tokens over the shorter side's tokens. */
  containment: number
  /** Shared tokens over the first side's (the label's) tokens. */
  coverage: number
  shared: number
}

export function similarity (label: readonly string[], answer: readonly string[]): Similarity {
  const shared = overlap(label, answer)
  const union = label.length + answer.length - shared
  const shorter = Math.min(label.length, answer.length)
  return {
    jaccard: union === 0 ? 0 : shared / union,
    containment: shorter === 0 ? 0 : shared / shorter,
    coverage: label.length === 0 ? 0 : shared / label.length,
    shared
  }
}

/**
 * The meaning rule: an answer (a todo, a decision entry, a suggestion) states a label when it
 * carries at least half of the label's meaning tokens, and at least two of them (one when the label
 * has one). Checked against judges who paired labelled and returned todos and decisions by meaning
 * (judgements/, `pnpm eval:agreement`, eval/RESULTS.md). Returns the strength (the mean of that
 * coverage and the Jaccard, so that the closer of two answers wins), 0 when it does not state it.
 */
export const MEANING_COVERAGE = 0.5

export function statesLabel (label: readonly string[], answer: readonly string[]): number {
  const s = similarity(label, answer)
  if (label.length === 0 || s.coverage < MEANING_COVERAGE || s.shared < Math.min(2, label.length)) return 0
  return (s.coverage + s.jaccard) / 2
}

/** A label stated inside a longer text (a summary, a pending point): coverage of the label >= `min`. */
export function statedIn (label: readonly string[], text: readonly string[], min: number): boolean {
  return label.length > 0 && similarity(label, text).coverage >= min
}

export interface Pairing {
  /** labelIndex → answerIndex */
  pairs: Array<[number, number]>
  unmatchedAnswers: number[]
}

/** One-to-one greedy matching: strongest pair first, each label and each answer used once. */
export function greedyMatch (labels: readonly string[][], answers: readonly string[][], match: (label: readonly string[], answer: readonly string[]) => number): Pairing {
  const candidates: Array<[number, number, number]> = []
  for (const [li, label] of labels.entries()) {
    for (const [ai, answer] of answers.entries()) {
      const strength = match(label, answer)
      if (strength > 0) candidates.push([strength, li, ai])
    }
  }
  candidates.sort((x, y) => y[0] - x[0] || x[1] - y[1] || x[2] - y[2])
  const usedLabels = new Set<number>()
  const usedAnswers = new Set<number>()
  const pairs: Array<[number, number]> = []
  for (const [, li, ai] of candidates) {
    if (usedLabels.has(li) || usedAnswers.has(ai)) continue
    usedLabels.add(li)
    usedAnswers.add(ai)
    pairs.push([li, ai])
  }
  return { pairs, unmatchedAnswers: answers.map((_, i) => i).filter((i) => !usedAnswers.has(i)) }
}

/**
 * Keyword rule: a labelled keyword (`a|b` = alternatives) is hit when some returned keyword has
 * the same tokens, or one side's tokens are all found in the other and cover at least half of it.
 */
export function keywordHit (label: string, returned: readonly string[]): boolean {
  const alternatives = label.split('|').map((alt) => tokens(alt)).filter((t) => t.length > 0)
  return returned.some((keyword) => {
    const k = tokens(keyword)
    if (k.length === 0) return false
    return alternatives.some((alt) => {
      const shared = overlap(alt, k)
      const inner = Math.min(alt.length, k.length)
      const outer = Math.max(alt.length, k.length)
      return shared === inner && shared / outer >= 0.5
    })
  })
}
