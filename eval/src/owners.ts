/*
 * Who a returned todo names as its owner, and whether that is a participant. A todo carries
 * only a title; engines name the owner in a trailing bracket ("Send the budget by Friday (Kim)",
 * the form the consolidation prompt asks for). A trailing bracket is read as an owner when it
 * holds at most three words without digits or a question mark; "(state comparison, modified
 * models only)" or "(timezone in fixture?)" are remarks, not owners.
 */

const TRAILING_BRACKET = /\(([^()]*)\)\s*$/u
const MAX_OWNER_WORDS = 3

/** The owner a todo title names, or undefined when it names none. */
export function ownerOf (title: string): string | undefined {
  const inner = TRAILING_BRACKET.exec(title)?.[1]
  if (inner === undefined) return undefined
  const name = inner.replace(/^[\s,.;:]+|[\s,.;:]+$/gu, '')
  if (name === '' || /[\d?？]/u.test(name)) return undefined
  if (name.split(/\s+/).length > MAX_OWNER_WORDS) return undefined
  return name
}

/**
 * The task a todo title states, without the owner bracket ownerOf reads: the owner is scored
 * on its own (owner precision), and a label states the task alone, so the owner's name in the
 * title would only dilute the task's tokens ("Book the rehearsal room (Ana Lima)": two of its
 * five tokens). A bracket that is a remark stays: it is part of what the title says.
 */
export function taskOf (title: string): string {
  return ownerOf(title) === undefined ? title : title.replace(TRAILING_BRACKET, '').trimEnd()
}

const HANGUL_NAME = /^[\uAC00-\uD7A3]+$/u

/** A name as people write it: NFKC, lower case, without an honorific (님, 씨) or a title of address. */
function bare (name: string): string {
  return name.normalize('NFKC').toLowerCase().trim().replace(/\s*(?:님|씨)$/u, '').replace(/\s+/g, ' ')
}

/**
 * Whether `written` names the person called `full`: the full name, the first name of an English
 * name ("Priya" for "Priya Shah"), or a Korean given name without the family name ("수정" for
 * "봉수정", "진아" for "선우진아": the last two syllables of a name of three or more).
 */
export function namesPerson (written: string, full: string): boolean {
  const w = bare(written)
  const f = bare(full)
  if (w === '' || f === '') return false
  if (w === f) return true
  if (HANGUL_NAME.test(f) && HANGUL_NAME.test(w)) return w.length >= 2 && f.length >= 3 && f.endsWith(w)
  return f.split(' ')[0] === w
}

/** The participant (as the meeting spells the name) that `written` names, if any. */
export function participantNamed (written: string, participants: readonly string[]): string | undefined {
  return participants.find((participant) => namesPerson(written, participant))
}
