import type { ItemSentence } from 'wink-nlp'
import { memoPerString } from '../memo.ts'
import { englishNlp } from '../text/english-model.ts'
import { finalConsonant, koreanStem } from '../text/korean-stem.ts'
import { KOREAN_JOB_TITLE, KOREAN_TITLE_PARTICLE, koreanNameForms } from '../text/korean-titles.ts'
import { GENERIC_WORDS, KOREAN_STOP_WORDS } from '../text/stop-words.ts'
import { hasHangul, words, type Word } from '../text/words.ts'

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

/** A term of the minutes: a noun or a two-word noun phrase, by its stems and as written. */
interface Term {
  stems: string[]
  surface: string
}

interface Terms {
  nouns: Term[]
  phrases: Term[]
}

/*
 * English nouns and noun phrases from wink-nlp's part-of-speech tags: a topic is something
 * the minutes talk about, so verbs ("dropped", "draft" as in "Raj drafts …"), adverbs and
 * adjectives on their own are none, and a person named as the one who acts is none either.
 * The model is the clause analysis's own instance (text/english-model.ts).
 */
const nlp = englishNlp

interface Tagged { value: string, pos: string, lemma: string }

function tagSentences (text: string): Tagged[][] {
  const its = nlp().its
  const sentences: Tagged[][] = []
  nlp().readDoc(text).sentences().each((sentence: ItemSentence) => {
    const values = sentence.tokens().out(its.value) as string[]
    const tags = sentence.tokens().out(its.pos) as string[]
    // The published types declare its.lemma with a different third parameter than Tokens.out accepts.
    const lemmas = sentence.tokens().out(its.lemma as unknown as typeof its.value) as string[]
    const spaces = sentence.tokens().out(its.precedingSpaces) as string[]
    const merged: Tagged[] = []
    values.forEach((value, i) => {
      // "on-call", "post-mortem": the tokenizer splits at the hyphen; written without spaces it is one word.
      const previous = merged[merged.length - 1]
      if (previous !== undefined && spaces[i] === '' && (value === '-' || previous.value.endsWith('-'))) {
        previous.value += value
        previous.lemma = previous.value.toLowerCase()
        if (value !== '-') previous.pos = tags[i] === 'VERB' ? 'NOUN' : tags[i]!
        return
      }
      merged.push({ value, pos: tags[i]!, lemma: lemmas[i]! })
    })
    sentences.push(merged)
  })
  return sentences
}

// Each sentence is read again by agenda derivation, per-participant chunks and reduce: tag it
// once. Bounded by characters too, as the word caches are (text/words.ts).
const tagEnglish = memoPerString((text) => Object.freeze(tagSentences(text)) as readonly Tagged[][], 20_000, 2_000_000)

const NOMINAL = new Set(['NOUN', 'PROPN'])
// After a person who acts: a verb, a modal, "to" (note form) or "from the … team".
const ACTOR_NEXT = new Set(['VERB', 'AUX', 'PART'])

/** A capitalised word never written in lower case, followed by a verb, a modal, "to" or "from the … team": a person who acts. */
function actsHere (sentence: readonly Tagged[], i: number, lowerCase: ReadonlySet<string>): boolean {
  const token = sentence[i]!
  return token.pos === 'PROPN' && /^\p{Lu}\p{Ll}+$/u.test(token.value) && !lowerCase.has(token.value.toLowerCase()) &&
    (ACTOR_NEXT.has(sentence[i + 1]?.pos ?? '') || sentence[i + 1]?.value === 'from')
}

const POSSESSIVE = /^(?:my|our|your|their|its|his|her)$/i

/*
 * A noun phrase has a nominal head: an adjective after a determiner with no noun or adjective
 * after it ("the alert moves to 2%", "change the alert to …"), or opening a sentence before its
 * verb ("alert fired"), is the head itself, a noun the tagger read as an adjective.
 */
function headlessAdjective (sentence: readonly Tagged[], i: number): boolean {
  const token = sentence[i]!
  if (token.pos !== 'ADJ' || token.lemma !== token.value.toLowerCase()) return false
  const next = sentence[i + 1]
  if (next !== undefined && (NOMINAL.has(next.pos) || next.pos === 'ADJ' || next.pos === 'AUX')) return false
  const previous = sentence[i - 1]
  if (previous === undefined || previous.pos === 'NUM') return next?.pos === 'VERB'
  return previous.pos === 'DET' || (previous.pos === 'PRON' && POSSESSIVE.test(previous.value))
}

function englishTerms (text: string, people: ReadonlySet<string>, lowerCase: ReadonlySet<string>): Terms {
  const nouns: Term[] = []
  const phrases: Term[] = []
  for (const sentence of tagEnglish(text)) {
    let run: Array<{ word: Word, nominal: boolean }> = []
    const close = () => {
      run.forEach((item, k) => {
        if (item.nominal && isTopic(item.word)) nouns.push({ stems: [item.word.stem], surface: item.word.surface })
        const next = run[k + 1]
        // Inside a noun phrase a generic word may name a topic ("game day", "code review"), not on its own.
        if (next !== undefined && next.nominal && next.word.stem !== item.word.stem && (isTopic(item.word) || isTopic(next.word))) {
          phrases.push({ stems: [item.word.stem, next.word.stem], surface: `${item.word.surface} ${next.word.surface}` })
        }
      })
      run = []
    }
    sentence.forEach((token, i) => {
      const word = words(token.value)[0]
      // A hyphenated compound the tagger reads as an adjective ("the post-mortem is public") names a thing unless a noun follows it.
      const nominal = NOMINAL.has(token.pos) || (token.value.includes('-') && !NOMINAL.has(sentence[i + 1]?.pos ?? '')) || headlessAdjective(sentence, i)
      const person = /^\p{Lu}\p{Ll}+$/u.test(token.value) && (people.has(token.value.toLowerCase()) || (token.pos === 'PROPN' && actsHere(sentence, i, lowerCase)))
      // A comparative or superlative ("smaller booth", "fewer interruptions") compares, it does not name a kind of thing.
      const graded = token.pos === 'ADJ' && token.lemma !== token.value.toLowerCase()
      if (word === undefined || word.stop || person || graded || !(nominal || token.pos === 'ADJ')) {
        close()
        return
      }
      run.push({ word, nominal })
    })
    close()
  }
  return { nouns, phrases }
}

const WORD_LIKE = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu
// What is left of a Korean word after its noun: a 하다/되다 ending makes it a predicate ("작성하기로"), not a topic.
const PREDICATE_REST = /^(?:하|되|했|됐|한|할|함|됨|해|돼|시키|시킬|시킨)/
// Titles and forms of address that follow a person's name ("오세훈 매니저", "하린님", "박 팀장님").
const TITLE = new RegExp(`^(?:님|씨|선배|${KOREAN_JOB_TITLE})(?:님)?${KOREAN_TITLE_PARTICLE}?$`)
const HANGUL_NAME = /^[\uAC00-\uD7A3]{2,4}$/

// The final consonant ㅆ marks a past or future tense stem (했어, 됐고, 하겠음): the word is a predicate in any speech level.
function hasTenseStem (word: string): boolean {
  for (const char of word) if (finalConsonant(char) === 'ㅆ') return true
  return false
}

type StemOf = (word: string) => string | undefined

/** `koreanStem` computed once per distinct word: the names, the word counts and the terms all read the same words. */
function koreanStemOnce (): StemOf {
  const stems = new Map<string, string | undefined>()
  return (word) => {
    if (stems.has(word)) return stems.get(word)
    const stem = koreanStem(word)
    stems.set(word, stem)
    return stem
  }
}

/**
 * Korean writes a compound with or without the space ("결제 위젯" and "결제위젯", "배송 조회" and
 * "배송조회"): the word written whole is counted with the phrase it joins, as one term.
 */
function mergeSpacingVariants (unigrams: Map<string, Tally>, bigrams: ReadonlyMap<string, Tally>): void {
  for (const [key, phrase] of bigrams) {
    const [first, second] = key.split(' ')
    if (first === undefined || second === undefined || !hasHangul(key)) continue
    const whole = unigrams.get(first + second)
    if (whole === undefined) continue
    phrase.sentences += whole.sentences
    for (const author of whole.authors) phrase.authors.add(author)
    for (const section of whole.sections) phrase.sections.add(section)
    for (const [surface, n] of whole.surfaces) phrase.surfaces.set(surface, (phrase.surfaces.get(surface) ?? 0) + n)
    unigrams.delete(first + second)
  }
}

/**
 * The people of Korean minutes: each writer by full and given name ("이수아", "수아"; a
 * two-syllable surname such as 남궁 or 황보 leaves "예린"), and anyone the minutes name with a
 * title or form of address ("오세훈 매니저", "박은정 팀장"), wherever else that name stands alone.
 */
function koreanNames (sources: readonly KeywordSource[], writers: readonly string[], stemOf: StemOf): Set<string> {
  const names = new Set<string>()
  for (const writer of writers) for (const form of koreanNameForms(writer)) names.add(form)
  for (const source of sources) {
    if (!hasHangul(source.text)) continue
    const raw = Array.from(source.text.matchAll(WORD_LIKE), (m) => m[0])
    raw.forEach((word, i) => {
      if (HANGUL_NAME.test(word) && stemOf(word) === word && TITLE.test(raw[i + 1] ?? '')) names.add(word)
    })
  }
  return names
}

function isKoreanPerson (word: string, stem: string, next: string, people: ReadonlySet<string>): boolean {
  if (people.has(stem) || TITLE.test(next) || TITLE.test(word.slice(stem.length))) return true
  // The title written onto the name ("하린님", "은정팀장께").
  for (let cut = 2; cut < word.length; cut++) if (people.has(word.slice(0, cut)) && TITLE.test(word.slice(cut))) return true
  return /^[\uAC00-\uD7A3]{2,4}님$/.test(stem)
}

// Particles that are also a Sino-Korean noun's last syllable (度, 議, 家, 價): 재시도, 만족도, 정기회의, 전문가, 판매가.
const NOUN_FINAL_PARTICLE = /^[도의가]$/

/**
 * The stem, or the word itself when the one-syllable particle it lost is more likely the noun's
 * own last syllable: the word is written more than once, and the shorter stem never on its own
 * or with another particle ("재시도" throughout, never "재시" or "재시를"). A particle varies
 * with the sentence; a noun's last syllable does not.
 */
function wholeNoun (word: string, stem: string | undefined, nounsWritten: ReadonlyMap<string, ReadonlyMap<string, number>>): string | undefined {
  if (stem === undefined || word.length < 3 || !NOUN_FINAL_PARTICLE.test(word.slice(stem.length))) return stem
  const forms = nounsWritten.get(stem)
  return forms !== undefined && forms.size === 1 && (forms.get(word) ?? 0) >= 2 ? word : stem
}

/** Each Korean stem of the sources with the words written for it and how often ("예산" → 예산 3, 예산을 1). */
function koreanWordsByStem (sources: readonly KeywordSource[], stemOf: StemOf): Map<string, Map<string, number>> {
  const byStem = new Map<string, Map<string, number>>()
  for (const source of sources) {
    if (!hasHangul(source.text)) continue
    for (const m of source.text.matchAll(WORD_LIKE)) {
      const word = m[0].toLowerCase()
      const stem = stemOf(word)
      if (stem === undefined) continue
      const forms = byStem.get(stem) ?? new Map<string, number>()
      forms.set(word, (forms.get(word) ?? 0) + 1)
      byStem.set(stem, forms)
    }
  }
  return byStem
}

/*
 * Korean nouns by stripping particles and endings (the shared Korean analysis): a compound
 * noun is written as bare nouns in a row ("결제 모듈", "사용성 테스트"), so two adjacent words
 * of which the first carries no particle form a phrase; a particle, a verb form, a person or a
 * title ends it.
 */
function koreanTerms (text: string, people: ReadonlySet<string>, nounsWritten: ReadonlyMap<string, ReadonlyMap<string, number>>, stemOf: StemOf): Terms {
  const nouns: Term[] = []
  const phrases: Term[] = []
  const raw = Array.from(text.matchAll(WORD_LIKE), (m) => m[0].toLowerCase())
  let previous: { stem: string, bare: boolean } | undefined
  raw.forEach((word, i) => {
    const stem = wholeNoun(word, stemOf(word), nounsWritten)
    const rest = stem === undefined ? '' : word.slice(stem.length)
    if (stem === undefined || stem.length < 2 || KOREAN_STOP_WORDS.has(stem) || PREDICATE_REST.test(rest) || /^\d/.test(stem) ||
      hasTenseStem(word) || TITLE.test(word) || isKoreanPerson(word, stem, raw[i + 1] ?? '', people)) {
      previous = undefined
      return
    }
    const generic = GENERIC_WORDS.has(stem)
    if (!generic) nouns.push({ stems: [stem], surface: stem })
    // A generic word after a noun is the predicate of a terse note ("교체 완료", "법무팀 검토"), not the head of a phrase.
    if (previous?.bare === true && previous.stem !== stem && !generic) {
      phrases.push({ stems: [previous.stem, stem], surface: `${previous.stem} ${stem}` })
    }
    previous = { stem, bare: rest === '' }
  })
  return { nouns, phrases }
}

/**
 * Names of products, systems, places and organisations ("PagerDuty", "DPA", "Frankfurt"): words
 * written with a capital inside a sentence, never in lower case, and no participant. A name
 * picks out one thing where a common noun ("customers", "data") runs through every topic.
 */
function namedStems (sources: readonly KeywordSource[], lowerCase: ReadonlySet<string>, people: ReadonlySet<string>): Set<string> {
  const named = new Set<string>()
  for (const source of sources) {
    for (const sentence of source.text.split(/(?<=[.!?:])\s+|\n|\s[-–—]\s/)) {
      const found = Array.from(sentence.matchAll(/[\p{L}\p{N}]+/gu), (m) => m[0])
      found.forEach((word, i) => {
        // The first word of an English sentence is capitalised whatever it is; Korean has no such capital.
        if ((i === 0 && !hasHangul(sentence)) || hasHangul(word) || !/\p{Lu}/u.test(word) || /^\d/.test(word)) return
        const lower = word.toLowerCase()
        if (lowerCase.has(lower) || people.has(lower)) return
        const stem = words(word)[0]
        if (stem !== undefined && isTopic(stem)) named.add(stem.stem)
      })
    }
  }
  return named
}

/**
 * Keywords as a participant would name the meeting's topics: nouns and two-word noun phrases
 * (English by part of speech, Korean by particles), counted once per sentence, weighted by how
 * many participants use them, by how few sections they appear in, and by presence in a line
 * label, the title or an agenda; a phrase that recurs replaces its words, and people are none.
 */
export function extractKeywords (sources: KeywordSource[], options: { limit?: number, boost?: string[], people?: string[] } = {}): Keyword[] {
  const limit = options.limit ?? 8
  const unigrams = new Map<string, Tally>()
  const bigrams = new Map<string, Tally>()
  const sections = new Set<string>()
  const labelled = new Set<string>()
  const people = new Set<string>()
  for (const name of options.people ?? []) for (const part of name.toLowerCase().split(/\s+/)) if (part !== '') people.add(part)
  // A capitalised word also written in lower case is a common noun, never a person.
  const lowerCase = new Set<string>()
  for (const source of sources) for (const m of source.text.matchAll(/(?<![\p{L}])\p{Ll}+/gu)) lowerCase.add(m[0])
  const labelsSeen = new Set<string>()
  const count = (terms: Terms, author: string, section: string, seen: Set<string>) => {
    for (const term of terms.nouns) {
      const key = term.stems[0]!
      if (!seen.has(key)) {
        seen.add(key)
        tally(unigrams, key, term.surface, author, section)
      }
    }
    for (const term of terms.phrases) {
      const key = term.stems.join(' ')
      if (!seen.has(key)) {
        seen.add(key)
        tally(bigrams, key, term.surface, author, section)
      }
    }
  }
  const stemOf = koreanStemOnce()
  const koreanPeople = koreanNames(sources, options.people ?? [], stemOf)
  const koreanWords = koreanWordsByStem(sources, stemOf)
  const termsOf = (text: string) => hasHangul(text) ? koreanTerms(text, koreanPeople, koreanWords, stemOf) : englishTerms(text, people, lowerCase)
  sources.forEach((source, i) => {
    const author = source.author ?? ''
    const section = source.section ?? String(i)
    sections.add(section)
    if (source.label !== undefined) {
      for (const word of words(source.label)) if (isTopic(word)) labelled.add(word.stem)
      // The label names the line's topic: counted once per line, as a sentence of its own.
      const key = `${section}\u0000${source.label}`
      if (!labelsSeen.has(key)) {
        labelsSeen.add(key)
        count(termsOf(source.label), author, section, new Set())
      }
    }
    count(termsOf(source.text), author, section, new Set())
  })
  const named = namedStems(sources, lowerCase, people)
  const boosted = new Set<string>()
  for (const text of options.boost ?? []) for (const word of words(text)) if (isTopic(word)) boosted.add(word.stem)

  const participants = new Set(sources.map((s) => s.author ?? '')).size
  const useSections = sources.some((s) => s.section !== undefined)
  const sectionCount = sections.size
  const weight = (entry: Tally, stems: string[]) => {
    const spread = participants > 1 ? 1 + 0.5 * (entry.authors.size - 1) : 1
    const boost = (stems.some((stem) => boosted.has(stem)) ? 1.5 : 1) * (stems.some((stem) => labelled.has(stem)) ? 1.5 : 1) * (stems.some((stem) => named.has(stem)) ? 1.5 : 1)
    const idf = useSections ? Math.log((sectionCount + 1) / (entry.sections.size + 0.5)) : 1
    return entry.sentences * spread * boost * Math.max(idf, 0.05)
  }

  mergeSpacingVariants(unigrams, bigrams)
  const candidates: Keyword[] = []
  for (const [key, entry] of bigrams) {
    if (entry.sentences < 2) continue
    const stems = key.split(' ')
    const partCounts = stems.map((stem) => unigrams.get(stem)?.sentences ?? entry.sentences)
    // A phrase only when its words mostly occur together.
    if (entry.sentences < 0.5 * Math.min(...partCounts)) continue
    candidates.push({ text: topSurface(entry.surfaces), stems, score: weight(entry, stems) * 1.6, sentenceCount: entry.sentences })
  }
  for (const [stem, entry] of unigrams) {
    if (entry.sentences < 2 && !boosted.has(stem)) continue
    candidates.push({ text: topSurface(entry.surfaces), stems: [stem], score: weight(entry, [stem]), sentenceCount: entry.sentences })
  }
  candidates.sort((a, b) => b.score - a.score || b.sentenceCount - a.sentenceCount || a.text.localeCompare(b.text))
  const result: Keyword[] = []
  for (const candidate of candidates) {
    // A phrase and its own word both in the list say the same thing twice: the phrase wins
    // when it carries most of the word's uses ("marketing budget"), else the word ("launch").
    // Two phrases with the same head are two topics ("manual testing", "regression testing");
    // two that chain ("flaky checkout", "checkout test") are pieces of one longer phrase.
    const contains = (a: Keyword, b: Keyword) => b.stems.every((stem) => a.stems.includes(stem))
    const chain = (a: Keyword, b: Keyword) => a.stems.length > 1 && b.stems.length > 1 && (a.stems[a.stems.length - 1] === b.stems[0] || b.stems[b.stems.length - 1] === a.stems[0])
    const clashes = result.filter((kept) => contains(kept, candidate) || contains(candidate, kept) || chain(kept, candidate))
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
