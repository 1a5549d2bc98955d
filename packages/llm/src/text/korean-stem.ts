import { disassembleCompleteCharacter } from 'es-hangul'

/*
 * Korean attaches particles (josa) and verb endings to the word, so "예산을", "예산은" and
 * "예산에서" must all count as "예산". Without a morphological analyser, strip the common
 * endings from the right, longest first, keeping at least a two-syllable stem.
 */

// 하다/되다 verb forms whose stem is the noun itself (검토하기로 → 검토).
const HADA_ENDINGS = [
  '하기로', '하기를', '하기는', '하기가', '하기', '하겠습니다', '하겠음', '하겠다', '했습니다', '했어요', '했음', '했다', '했고', '했는데', '했으나',
  '합니다', '해요', '한다', '하고', '하는', '하며', '하면', '하여', '해서', '해야', '할지', '할', '함', '한', '해', '된다', '됩니다', '되었다', '되었습니다',
  '됐다', '됐습니다', '되는', '되고', '되어', '돼서', '될', '됨', '시키기로', '시킬'
].sort((a, b) => b.length - a.length)

const PARTICLES = [
  '에서는', '에서도', '으로는', '으로도', '에게서', '까지는', '부터는', '이라고', '라고', '이라는', '라는', '에서', '에게', '한테', '으로', '까지', '부터',
  '처럼', '보다', '마다', '이나', '이랑', '하고', '과의', '와의', '에는', '에도', '의', '은', '는', '이', '가', '을', '를', '에', '로', '와', '과', '도', '만', '랑', '나', '요'
].sort((a, b) => b.length - a.length)

// Endings of inflected verbs and adjectives that are not 하다 forms: such a word is no topic.
const VERB_ENDING = /(습니다|습니까|ㅂ니다|니다|세요|어요|아요|에요|예요|었다|았다|겠다|는데|지만|니까|어서|아서|으면|려고|도록|네요|군요|죠|다|요|까)$/

const HANGUL_WORD = /^[\uAC00-\uD7A3]+$/

function stripOnce (word: string, endings: readonly string[]): string {
  for (const ending of endings) {
    // One-syllable endings need a two-syllable stem ("평가" keeps its 가); longer ones may leave one ("원으로" → "원").
    const minimumStem = ending.length >= 2 ? 1 : 2
    if (word.length - ending.length >= minimumStem && word.endsWith(ending)) return word.slice(0, -ending.length)
  }
  return word
}

/**
 * The noun stem of a Korean word, or undefined when the word is an inflected verb or
 * adjective with no noun stem to keep.
 */
// Nominalised predicates of note-style minutes: 있음, 했음, 남음, 예정임 (a copula on a noun keeps the noun).
const NOMINAL_PREDICATE = /^[\uAC00-\uD7A3]음$|(?:았|었|했|였|겠|됐|졌|웠|왔|봤|줬)음$/

export function koreanStem (word: string): string | undefined {
  // "IT팀에", "QA를": a Latin or numeric word with a Korean particle.
  if (!HANGUL_WORD.test(word)) return /^[A-Za-z0-9]+[\uAC00-\uD7A3]+$/.test(word) ? stripOnce(word, PARTICLES) : word
  if (NOMINAL_PREDICATE.test(word)) return undefined
  if (word.length >= 3 && word.endsWith('임')) return word.slice(0, -1)
  const withoutHada = stripOnce(word, HADA_ENDINGS)
  if (withoutHada !== word) return withoutHada
  const withoutParticle = stripOnce(word, PARTICLES)
  if (withoutParticle !== word) return withoutParticle
  if (word.length >= 2 && VERB_ENDING.test(word)) return undefined
  return word
}

/** The final consonant (batchim) of a Hangul syllable ("했" → "ㅆ", "가" → ""); undefined for anything else. */
export function finalConsonant (syllable: string): string | undefined {
  return disassembleCompleteCharacter(syllable)?.jongseong
}
