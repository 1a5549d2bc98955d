import nlp from 'compromise'

/*
 * Whether a live suggestion is advice a participant could act on, judged on its `content` alone
 * (an `evidence` field, when a suggestion has one, is not read). Text copied from the transcript
 * is a highlight, not advice: quoted spans taken from a segment and any part that copies a whole
 * transcript sentence are removed first, and what is left, the assistant's own words, must be in
 * an advice form: a request, an imperative, a proposal, a deontic statement or a question.
 *
 * English forms are read from part-of-speech tags (compromise, which ships its lexicon in the
 * package): a clause that opens with a verb in its base form is an imperative. Korean forms are
 * read from the clause's final ending, by the table below; endings whose shape depends on the
 * stem's final consonant (-ㅂ시다, -ㄹ 것, -ㄹ까요, -ㅂ니까) are matched on jamo.
 */

const HANGUL = /[\uAC00-\uD7A3]/
const HANGUL_BASE = 0xAC00
/** Final-consonant (jongseong) indexes of a precomposed syllable. */
const JONG_RIEUL = 8
const JONG_BIEUP = 17

function finalConsonant (syllable: string): number {
  const code = syllable.codePointAt(0)
  if (code === undefined || code < HANGUL_BASE || code > 0xD7A3) return -1
  return (code - HANGUL_BASE) % 28
}

/**
 * Korean endings that make a clause advice, by speech act and speech level. Each entry tests
 * the clause with its final punctuation removed.
 */
export const KOREAN_ADVICE_ENDINGS: ReadonlyArray<{ act: string, level: string, example: string, test: (clause: string) => boolean }> = [
  { act: 'request', level: '해요체, 합쇼체', example: '정해 주세요, 확인하십시오, 공유 바랍니다', test: (c) => /(?:세요|셔요|십시오|시오|바랍니다|바래요|바람)$/.test(c) },
  { act: 'proposal', level: '합쇼체', example: '정합시다, 넘어갑시다', test: (c) => /시다$/.test(c) && finalConsonant(c.at(-3) ?? '') === JONG_BIEUP },
  { act: 'proposal', level: '해요체', example: '정하시죠, 보시죠', test: (c) => /시죠$/.test(c) },
  { act: 'proposal', level: '반말', example: '정하자, 해 보자', test: (c) => /(?:하|보|두|주|가)자$/.test(c) },
  { act: 'imperative', level: '반말', example: '정해라, 알려 줘라', test: (c) => /(?:해라|어라|아라|거라|줘라)$/.test(c) },
  { act: 'deontic', level: 'all levels and notes', example: '정해야 합니다, 확인해야 함', test: (c) => /야\s?(?:합니다|해요|함|해|한다|하다)$/.test(c) },
  { act: 'deontic', level: 'all levels and notes', example: '확인이 필요합니다, 결정 필요', test: (c) => /필요(?:합니다|해요|함|하다|해)?$/.test(c) },
  { act: 'suggestion', level: 'all levels', example: '정하는 게 좋겠습니다, 잡으면 좋겠어요', test: (c) => /좋겠(?:습니다|어요|다|음|네요)$/.test(c) },
  { act: 'directive', level: 'notes', example: '담당자 정할 것', test: (c) => /\s?것$/.test(c) && finalConsonant(c.replace(/\s?것$/, '').at(-1) ?? '') === JONG_RIEUL },
  { act: 'directive', level: 'notes', example: '일정 확인하기', test: (c) => /하기$/.test(c) },
  { act: 'question', level: '해요체, 합쇼체', example: '누가 할까요, 정했나요, 맞습니까', test: (c) => /(?:나요|가요|죠)$/.test(c) || (/까요?$/.test(c) && [JONG_RIEUL, JONG_BIEUP].includes(finalConsonant(c.replace(/니?까요?$/, '').at(-1) ?? ''))) }
]

const EN_LEAD = /^(?:please|so|now|then|also|first|maybe|perhaps|and|or|but|just|kindly)\s+/i
const EN_REQUEST = /^(?:let's|let us)\b|\b(?:should|must|need to|needs to|have to|has to|ought to|make sure|it would be (?:good|worth))\b/i

function englishClauseIsAdvice (clause: string): boolean {
  let text = clause.trim()
  while (EN_LEAD.test(text)) text = text.replace(EN_LEAD, '')
  if (text === '') return false
  if (EN_REQUEST.test(text)) return true
  const terms = (nlp(text).json()[0]?.terms ?? []) as Array<{ text: string, tags?: string[] }>
  const tags = terms[0]?.tags ?? []
  // "Decide who …", "Flag that …": a clause that opens with a verb in its base form.
  if (tags.includes('Imperative') || (tags.includes('Infinitive') && !tags.includes('Noun'))) return true
  // A word that is a noun or a verb ("Ask", "Email") tagged as a noun, followed by the start of
  // a noun phrase ("Ask who …", "Email the vendor"): a verb, when "to <word>" reads as one.
  const next = terms[1]?.tags ?? []
  if (tags.includes('Noun') && !tags.includes('Pronoun') && !tags.includes('ProperNoun') && ['Determiner', 'Pronoun', 'QuestionWord', 'ProperNoun'].some((tag) => next.includes(tag))) {
    const asVerb = (nlp(`to ${terms[0]!.text.toLowerCase()}`).json()[0]?.terms?.[1] as { tags?: string[] } | undefined)?.tags ?? []
    return asVerb.includes('Verb')
  }
  return false
}

function koreanClauseIsAdvice (clause: string): boolean {
  const text = clause.trim().replace(/[\s"'”“’‘」』)\]}.!~…]+$/u, '')
  if (text === '') return false
  return KOREAN_ADVICE_ENDINGS.some((ending) => ending.test(text))
}

/** Clauses of a text: sentences, and the parts of a sentence around a colon, semicolon, dash or comma. */
function clauses (text: string): string[] {
  return text.split(/[.;:!\n]+|,\s+|\s[—–-]\s/u).map((c) => c.trim()).filter((c) => c !== '')
}

/** True when the text, or one of its clauses, is in an advice form (see the module comment). */
export function isAdviceForm (text: string): boolean {
  if (/[?？]/.test(text)) return true
  const korean = HANGUL.test(text)
  return clauses(text).some((clause) => korean ? koreanClauseIsAdvice(clause) : englishClauseIsAdvice(clause))
}

/** Lower case, letters, digits and Hangul only, single spaces: the form verbatim copies are compared in. */
export function flatten (text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()
}

/** A transcript sentence as spoken (trimmed) and flattened, for the copy checks. */
export interface TranscriptSentence { text: string, flat: string }

/** The sentences of the transcript's segments. */
export function transcriptSentences (segments: ReadonlyArray<{ text: string }>): TranscriptSentence[] {
  return segments.flatMap((segment) => segment.text.split(/(?<=[.!?。？！])\s+/u))
    .map((text) => ({ text: text.trim(), flat: flatten(text) }))
    .filter((sentence) => sentence.flat !== '')
}

/** Minimum flattened length of a quoted span or of a copied part, so that a quoted term ("SSO") is not a copy. */
const MIN_COPY_CHARS = 8
/** A part that holds at least this share of one transcript sentence, in its words, copies it. */
const COPY_SHARE = 0.8

function copiesTranscript (part: string, sentences: readonly TranscriptSentence[]): boolean {
  const flat = flatten(part)
  if (flat.length < MIN_COPY_CHARS) return false
  return sentences.some(({ flat: sentence }) => (sentence.includes(flat) && flat.length >= COPY_SHARE * sentence.length) || (flat.includes(sentence) && sentence.length >= COPY_SHARE * flat.length))
}

function escapeRegExp (text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

const QUOTED = /["“”「『]([^"“”」』]*)["“”」』]|‘([^’]*)’/gu

/**
 * The assistant's own words in a suggestion: quoted spans taken from the transcript removed,
 * and nothing left when the rest copies a whole transcript sentence.
 */
export function ownWords (content: string, sentences: readonly TranscriptSentence[]): string {
  let rest = content.replace(QUOTED, (whole: string, double?: string, single?: string) => {
    const inner = double ?? single ?? ''
    const flat = flatten(inner)
    return flat.length >= MIN_COPY_CHARS && sentences.some((sentence) => sentence.flat.includes(flat)) ? ' ' : whole
  })
  // A transcript sentence copied without quotes ("Open question: who is reviewing the PR?") goes too.
  for (const sentence of sentences) {
    if (sentence.flat.length >= MIN_COPY_CHARS && rest.toLowerCase().includes(sentence.text.toLowerCase())) {
      rest = rest.replace(new RegExp(escapeRegExp(sentence.text), 'giu'), ' ')
    }
  }
  rest = rest.replace(/\s+/g, ' ').trim()
  if (flatten(rest) === '' || copiesTranscript(rest, sentences)) return ''
  return rest
}

/** Advice a participant could act on: own words that are in an advice form. */
export function isAdvice (content: string, sentences: readonly TranscriptSentence[]): boolean {
  const own = ownWords(content, sentences)
  return own !== '' && isAdviceForm(own)
}
