import { KOREAN_ANY_TITLE, KOREAN_JOB_TITLE, KOREAN_NAME, KOREAN_TITLE_PARTICLE, koreanNameForms } from '../text/korean-titles.ts'
import { hasBatchim } from 'es-hangul'
import { hasHangul } from '../text/words.ts'

// "박은정 팀장", "오세훈 매니저님", "한지수 팀장(구매)": a name written with its title. Not a unit
// before the title ("영업팀 팀장", "재무 담당 이사"): a word ending in a unit's suffix names no one.
const KOREAN_NAME_WITH_TITLE = new RegExp(`(?<![\\uAC00-\\uD7A3])(${KOREAN_NAME})\\s*(${KOREAN_JOB_TITLE})(?=님|씨|${KOREAN_TITLE_PARTICLE}|[^\\uAC00-\\uD7A3]|$)`, 'g')
const UNIT = /(?:팀|부|실|과|처|국|센터|본부|사|측|쪽|담당)$/
// A role as attendance lines and signatures write it beside a participant's name: a title, with at most a few
// syllables of where before it ("영업팀장", "관리소장", "수간호사"), or a word of office in 장, 사 or 관.
const KOREAN_ROLE_WORD = `[\\uAC00-\\uD7A3]{0,4}(?:${KOREAN_ANY_TITLE}|장|사|관)`
// "박서연(영업팀장)", "김민수(수간호사)", "이도윤(마케팅 팀장)": a name and its role in brackets.
const KOREAN_NAME_ROLE_BRACKET = new RegExp(`(?<![\\uAC00-\\uD7A3])(${KOREAN_NAME})\\s*[(（]\\s*(?:[\\uAC00-\\uD7A3A-Za-z]+\\s+)?(${KOREAN_ROLE_WORD})\\s*[)）]`, 'gu')
// "관리소장 박서연", "김민수 소장": a role word before or after a participant's name.
const KOREAN_ROLE_THEN_NAME = new RegExp(`(?<![\\uAC00-\\uD7A3])(${KOREAN_ROLE_WORD})\\s+(${KOREAN_NAME})(?![\\uAC00-\\uD7A3])`, 'gu')
const TITLE_CLOSING = new RegExp(`${KOREAN_ANY_TITLE}$`)
const KOREAN_NAME_THEN_ROLE = new RegExp(`(?<![\\uAC00-\\uD7A3])(${KOREAN_NAME})\\s+(${KOREAN_ROLE_WORD})(?=님|${KOREAN_TITLE_PARTICLE}|[^\\uAC00-\\uD7A3]|$)`, 'gu')
// "D. Reyes (treasurer)", "Maria Okafor (chair)", "Lee (executive director)": a name and the role
// it holds in lower case in brackets, as attendance lines write them.
const ENGLISH_NAME_WITH_ROLE = /(?<![\p{L}.])(\p{Lu}[\p{L}'-]*\.?(?:\s+\p{Lu}[\p{L}'-]+)?)\s*\(([a-z][a-z-]+(?:\s+[a-z][a-z-]+){0,2})\)/gu

/**
 * Who holds each role the minutes name, for a task given to the role ("팀장님이 보내 주시기로",
 * "Treasurer to circulate the audit letter"): the Korean job titles written after a name, and
 * English roles written in brackets after a name, keyed by the title or the role in lower case.
 * A role two people hold is left out (no guess between them); a Korean given name and the full
 * name ("은정", "박은정") are one person. An English holder is given as the participant the name
 * stands for when there is one ("D. Reyes" for Daniel Reyes), else as written.
 */
export function roleHolders (texts: readonly string[], people: readonly string[]): ReadonlyMap<string, string> {
  const named = new Map<string, Set<string>>()
  const add = (role: string, name: string): void => {
    const names = named.get(role) ?? new Set<string>()
    names.add(name)
    named.set(role, names)
  }
  // A participant's role, and the title it ends with ("영업팀장" is also "팀장"), when the name is a participant's.
  const addParticipantRole = (role: string, name: string): void => {
    const person = koreanParticipant(name, people)
    if (person === undefined) return
    add(role, person)
    const title = TITLE_CLOSING.exec(role)?.[0]
    if (title !== undefined && title !== role) add(title, person)
  }
  // Read only when a word that is no participant stands before a title.
  let vocabulary: ReadonlySet<string> | undefined
  for (const text of texts) {
    // In brackets after a name and written together ("박서연(영업팀장)"), a word and a title are one role word.
    for (const match of text.matchAll(KOREAN_NAME_WITH_TITLE)) {
      const [whole, name, title] = match
      const bracketed = /[(（]$/.test(text.slice(0, match.index)) && !/\s/.test(whole)
      const participant = koreanParticipant(name!, people) !== undefined
      if (!UNIT.test(name!) && (!bracketed || participant) && (participant || !inflectedForm(name!, vocabulary ??= koreanWords(texts)))) add(title!, name!)
    }
    for (const [, name, role] of text.matchAll(KOREAN_NAME_ROLE_BRACKET)) addParticipantRole(role!, name!)
    for (const [, role, name] of text.matchAll(KOREAN_ROLE_THEN_NAME)) addParticipantRole(role!, name!)
    for (const [, name, role] of text.matchAll(KOREAN_NAME_THEN_ROLE)) addParticipantRole(role!, name!)
    for (const [, name, role] of text.matchAll(ENGLISH_NAME_WITH_ROLE)) add(role!, participantFor(name!, people) ?? name!)
  }
  const holders = new Map<string, string>()
  for (const [role, names] of named) {
    const longest = [...names].reduce((a, b) => (b.length > a.length ? b : a))
    if (names.size === 1 || (hasHangul(role) && [...names].every((name) => longest.endsWith(name)))) holders.set(role, longest)
  }
  return holders
}

function koreanWords (texts: readonly string[]): ReadonlySet<string> {
  const words = new Set<string>()
  for (const text of texts) for (const [word] of text.matchAll(/[\uAC00-\uD7A3]+/g)) words.add(word)
  return words
}

// Particles and verb endings a word before a title may carry when the sentence runs on ("재고는 반장님이", "정리해 대표님께").
const PARTICLE_OR_ENDING = /(?:은|는|이|가|을|를|도|만|랑|이랑|과|와|에서|으로|로|의|께|해|해서|하고|하게|으나)$/

/**
 * Whether a word is another word of the minutes with a particle or an ending ("재고는" where the
 * minutes also write "재고를"; "정리해" beside "정리합니다"): the sentence running on, not a name.
 * The word before the ending has two syllables at least, so a given name is never cut down to one
 * ("하은" is no 하 with 은), and a full name stays one when the minutes write it only whole.
 */
function inflectedForm (word: string, vocabulary: ReadonlySet<string>): boolean {
  const ending = PARTICLE_OR_ENDING.exec(word)?.[0]
  if (ending === undefined) return false
  const stem = word.slice(0, -ending.length)
  if (stem.length < 2) return false
  for (const other of vocabulary) if (other !== word && other.startsWith(stem) && !other.slice(stem.length).startsWith(ending)) return true
  return false
}

// "민호 씨가", "가람씨한테": 씨 follows a person's name and never a title or a unit.
const KOREAN_NAME_WITH_SSI = new RegExp(`(?<![\\uAC00-\\uD7A3])(${KOREAN_NAME})\\s*씨`, 'g')

/**
 * People the minutes address with 씨 who are no participant ("창고 건은 민호 씨가 알아보기로 함"): someone
 * at the meeting who wrote no minutes, so that a note naming them ("거래처 문의 - 민호") gives them the task.
 * A participant's given name ("하늘" for 정하늘) is that participant, not another person.
 */
export function addressedPeople (texts: readonly string[], people: readonly string[]): string[] {
  const found = new Set<string>()
  for (const text of texts) {
    for (const [, name] of text.matchAll(KOREAN_NAME_WITH_SSI)) {
      if (!UNIT.test(name!) && koreanParticipant(name!, people) === undefined && !people.includes(name!)) found.add(name!)
    }
  }
  return [...found]
}

// "참석: 정하윤 반장, 오민석", "참석 정하윤 오민석", "Present: Nell, Ivo (chair), Ruth", "Attendees: Ana Ruiz, Sam Lee":
// a line that lists who attended (group 1: the list).
const ATTENDANCE = /^(?:참석자?|참석\s*인원|attendees|attendance|attending|present|in attendance)\s*[:：]?\s+(\S.*)$/iu
const KOREAN_FULL_NAME = /^[\uAC00-\uD7A3]{3,4}$/u
const KOREAN_TITLE_ONLY = new RegExp(`^[\\uAC00-\\uD7A3]{0,4}(?:${KOREAN_ANY_TITLE})님?$`, 'u')
/** A person as English notes write them: a capitalised first name, or first and last name ("Sam", "Ana Ruiz", "O'Neil"). */
export const ENGLISH_WRITTEN_NAME = String.raw`\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)?`
// In an attendance list the two names may stand further apart ("Ana  Ruiz"), and a surname may be its initial ("Leo B.").
const ENGLISH_ATTENDEE = new RegExp(String.raw`^(?:${ENGLISH_WRITTEN_NAME.replace(' ', String.raw`\s+`)}|\p{Lu}[\p{L}'-]+\s+\p{Lu}\.?)$`, 'u')

/**
 * The people an attendance line lists who are not yet among `people` ("참석 정하윤 오민석 류가온": 류가온,
 * who spoke but wrote no minutes), so that a task the minutes give them by name ("안내문 부착: 류가온") is
 * theirs. A Korean item is a full name with what is written around it (a title, an affiliation before it, a
 * role in brackets); an English one a capitalised first name or first and last name. A participant's
 * given name or first name is that participant, not another person.
 */
export function attendees (lines: readonly string[], people: readonly string[]): string[] {
  const found = new Set<string>()
  for (const line of lines) {
    const listed = ATTENDANCE.exec(line.trim())?.[1]
    if (listed === undefined) continue
    // The list ends at its first full stop ("Present: Nell, Ivo and me. We met at the depot…").
    const items = listed.split(/(?<![A-Z])\.\s/u)[0]!.replace(/[(（][^)）]*[)）]/gu, ' ').split(/\s*(?:[,，/·;]|\band\b)\s*/u)
    for (const item of items) {
      const words = item.trim().split(/\s+/).filter((word) => word !== '')
      if (words.length === 0) continue
      if (hasHangul(item)) {
        // "정하윤 오민석 류가온": names side by side; "조합 윤서진 대리", "관리소장 문태오": one name among other words
        // (not a unit or a branch: "영업팀", "역삼점").
        const names = words.filter((word) => KOREAN_FULL_NAME.test(word) && !KOREAN_TITLE_ONLY.test(word) && !UNIT.test(word) && !/점$/u.test(word))
        for (const name of names.length === words.length ? names : names.slice(-1)) {
          if (koreanParticipant(name, people) === undefined && !people.includes(name)) found.add(name)
        }
      } else if (ENGLISH_ATTENDEE.test(item.trim()) && participantFor(item.trim(), people) === undefined && !people.includes(item.trim())) {
        found.add(item.trim())
      }
    }
  }
  return [...found]
}

/** "D. Reyes", "Daniel R." or "Reyes" for Daniel Reyes, "Dana" for Dana Kim: the one participant a written name stands for. */
export function participantFor (written: string, people: readonly string[]): string | undefined {
  const parts = written.split(/\s+/)
  const last = parts.at(-1)!
  const initial = parts.length > 1 ? parts[0]!.replace(/\.$/, '') : undefined
  const found = people.filter((person) => {
    const own = person.split(/\s+/)
    if (person === written) return true
    if (parts.length === 1) return own[0] === last || own.at(-1) === last
    // "Dana K." for Dana Kim: the first name and the surname's initial.
    if (parts.length === 2 && /^\p{Lu}\.?$/u.test(last)) return own.length > 1 && own[0] === parts[0] && own.at(-1)!.startsWith(last.replace(/\.$/, ''))
    return own.length > 1 && own.at(-1) === last && initial !== undefined && own[0]!.startsWith(initial)
  })
  return found.length === 1 ? found[0] : undefined
}

// What casual and plain Korean writes after a name: a subject or topic particle, and after a name that
// ends in a consonant the familiar 이 before it ("가람이가", "태린이는").
const AFTER_BATCHIM = /^(?:이(?:가|는|도)?|은|도|께서)?$/
const AFTER_VOWEL = /^(?:가|는|도|께서)?$/

/**
 * "가람", "가람이가", "문가람은" for 문가람: the one participant a Korean word names, by full name or
 * given name (the name without a one-syllable surname, or the last two syllables of a four-syllable
 * name), with the particles after it. Undefined when no participant or more than one fits.
 */
export function koreanParticipant (word: string, people: readonly string[]): string | undefined {
  const found = people.filter((person) => {
    return koreanNameForms(person).some((form) => {
      if (!word.startsWith(form)) return false
      return (hasBatchim(form.at(-1)!) ? AFTER_BATCHIM : AFTER_VOWEL).test(word.slice(form.length))
    })
  })
  return found.length === 1 ? found[0] : undefined
}
