import { koreanTitleHolders } from '../text/korean-titles.ts'

// "D. Reyes (treasurer)", "Maria Okafor (chair)", "Lee (executive director)": a name and the role
// it holds in lower case in brackets, as attendance lines write them.
const NAME_WITH_ROLE = /(?<![\p{L}.])(\p{Lu}[\p{L}'-]*\.?(?:\s+\p{Lu}[\p{L}'-]+)?)\s*\(([a-z][a-z-]+(?:\s+[a-z][a-z-]+){0,2})\)/gu

/**
 * Who holds each role the minutes name, for a task given to the role ("팀장님이 보내 주시기로",
 * "Treasurer to circulate the audit letter"): the Korean job titles written after a name, and
 * English roles written in brackets after a name, keyed by the title or the role in lower case.
 * A role two people hold is left out. An English holder is given as the participant the name
 * stands for when there is one ("D. Reyes" for Daniel Reyes), else as written.
 */
export function roleHolders (texts: readonly string[], people: readonly string[]): ReadonlyMap<string, string> {
  const holders = new Map<string, string>(koreanTitleHolders(texts))
  const english = new Map<string, Set<string>>()
  for (const text of texts) {
    for (const match of text.matchAll(NAME_WITH_ROLE)) {
      const [, name, role] = match as unknown as [string, string, string]
      const names = english.get(role) ?? new Set<string>()
      names.add(participantFor(name, people) ?? name)
      english.set(role, names)
    }
  }
  for (const [role, names] of english) if (names.size === 1 && !holders.has(role)) holders.set(role, [...names][0]!)
  return holders
}

/** "D. Reyes" or "Reyes" for Daniel Reyes, "Dana" for Dana Kim: the one participant a written name stands for. */
export function participantFor (written: string, people: readonly string[]): string | undefined {
  const parts = written.split(/\s+/)
  const last = parts.at(-1)!
  const initial = parts.length > 1 ? parts[0]!.replace(/\.$/, '') : undefined
  const found = people.filter((person) => {
    const own = person.split(/\s+/)
    if (person === written) return true
    if (parts.length === 1) return own[0] === last || own.at(-1) === last
    return own.length > 1 && own.at(-1) === last && initial !== undefined && own[0]!.startsWith(initial)
  })
  return found.length === 1 ? found[0] : undefined
}
