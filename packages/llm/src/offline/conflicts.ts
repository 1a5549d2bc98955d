import { contentStems } from '../text/words.ts'
import { overlap } from '../text/similarity.ts'

export interface Statement {
  text: string
  /** Participant name, or a part label when names are lost (reduce). */
  source: string
}

const QUANTITY = /\d+(?:[.,]\d+)?(?:\s*[천백십만억]+\s*\d*)*\s*(?:%|퍼센트|percent|원|명|개|주|일|시|k|m)?/gi
const WEEKDAY = /\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|[월화수목금토일]요일/gi
const NEGATION = /\b(?:not|no|never|don't|doesn't|won't|isn't|aren't|cannot|can't)\b|(?:않|안 |못 |없|아니)/i

/** Numbers and weekdays by kind ("%", "원", "weekday", "number"), so 4% is never compared with Wednesday. */
function facts (text: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>()
  const add = (kind: string, value: string) => {
    const set = found.get(kind) ?? new Set<string>()
    set.add(value)
    found.set(kind, set)
  }
  for (const m of text.matchAll(QUANTITY)) {
    const value = m[0].replace(/\s+/g, '').toLowerCase()
    add(/[%원명개주일시km]$|퍼센트$|percent$/.exec(value)?.[0] ?? 'number', value)
  }
  for (const m of text.matchAll(WEEKDAY)) add('weekday', m[0].toLowerCase())
  return found
}

function factsDisagree (a: Map<string, Set<string>>, b: Map<string, Set<string>>): boolean {
  for (const [kind, values] of a) {
    const other = b.get(kind)
    if (other !== undefined && ![...values].some((v) => other.has(v))) return true
  }
  return false
}

function topicStems (text: string): Set<string> {
  return new Set([...contentStems(text)].filter((stem) => !/\d/.test(stem) && !/요일$/.test(stem)))
}

/**
 * Pairs of statements from different sources about the same thing (shared topic words)
 * that disagree on a number, a date or a negation.
 */
export function findConflicts (statements: Statement[]): Array<[Statement, Statement]> {
  const conflicts: Array<[Statement, Statement]> = []
  const prepared = statements.map((s) => ({ s, stems: topicStems(s.text), facts: facts(s.text), negated: NEGATION.test(s.text) }))
  for (let i = 0; i < prepared.length; i++) {
    for (let j = i + 1; j < prepared.length; j++) {
      const a = prepared[i]!
      const b = prepared[j]!
      if (a.s.source === b.s.source) continue
      const shared = overlap(a.stems, b.stems)
      const similarity = shared / (a.stems.size + b.stems.size - shared || 1)
      if (shared < 2 || similarity < 0.3) continue
      // A negation flips meaning only between statements that are otherwise nearly the same.
      if (factsDisagree(a.facts, b.facts) || (a.negated !== b.negated && similarity >= 0.6)) conflicts.push([a.s, b.s])
    }
  }
  return conflicts
}

export function describeConflict ([a, b]: [Statement, Statement], language: 'ko' | 'en'): string {
  return language === 'ko'
    ? `참석자 간 기록 불일치 (확인 필요): ${a.source}: "${a.text}" / ${b.source}: "${b.text}"`
    : `Conflicting notes (to confirm): ${a.source}: "${a.text}" vs ${b.source}: "${b.text}"`
}
