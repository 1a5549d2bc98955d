import { contentStems } from '../text/words.ts'
import { overlap, SimilarityIndex } from '../text/similarity.ts'

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

const MAX_CONFLICTS = 8
// Statements are compared with the previous WINDOW ones: on a topic, far more than one meeting's minutes hold.
const WINDOW = 400

function topicStems (text: string): Set<string> {
  return new Set([...contentStems(text)].filter((stem) => !/\d/.test(stem) && !/요일$/.test(stem)))
}

/**
 * Pairs of statements from different sources about the same thing (shared topic words)
 * that disagree on a number, a date or a negation.
 */
export function findConflicts (statements: Statement[], limit = MAX_CONFLICTS): Array<[Statement, Statement]> {
  const found: Array<{ i: number, j: number, similarity: number }> = []
  const prepared = statements.map((s) => ({ s, stems: topicStems(s.text), facts: facts(s.text), negated: NEGATION.test(s.text) }))
  // Only statements sharing topic words can conflict, and only on a fact both state or on a
  // negation one of them carries: indexes by those spare comparing all pairs.
  const withFacts = new SimilarityIndex()
  const negated = new SimilarityIndex()
  const plain = new SimilarityIndex()
  prepared.forEach((b, j) => {
    const needed = Math.max(2, Math.ceil(0.3 * b.stems.size - 1e-9))
    const nearlySame = Math.max(2, Math.ceil(0.6 * b.stems.size - 1e-9))
    const candidates = new Set([
      ...(b.facts.size > 0 ? withFacts.candidates(b.stems, needed, j - WINDOW) : []),
      ...(b.negated ? plain : negated).candidates(b.stems, nearlySame, j - WINDOW)
    ])
    // Each statement is reported against the one it contradicts most closely, not every other.
    let best: { i: number, similarity: number } | undefined
    for (const i of [...candidates].sort((x, y) => x - y)) {
      const a = prepared[i]!
      if (a.s.source === b.s.source) continue
      // Statements that agree on every fact and on negation cannot conflict: no need to measure
      // them (thousands of "… by Friday" lines share their topic words).
      const disagree = factsDisagree(a.facts, b.facts)
      if (!disagree && a.negated === b.negated) continue
      const shared = overlap(a.stems, b.stems)
      const similarity = shared / (a.stems.size + b.stems.size - shared || 1)
      if (shared < 2 || similarity < 0.3 || (best !== undefined && similarity <= best.similarity)) continue
      // A negation flips meaning only between statements that are otherwise nearly the same.
      if (disagree || (a.negated !== b.negated && similarity >= 0.6)) best = { i, similarity }
    }
    if (best !== undefined) found.push({ i: best.i, j, similarity: best.similarity })
    if (b.facts.size > 0) withFacts.add(j, b.stems)
    ;(b.negated ? negated : plain).add(j, b.stems)
  })
  // The closest pairs are the clearest contradictions; a handful is what a reader can check.
  return found
    .sort((x, y) => y.similarity - x.similarity || x.i - y.i || x.j - y.j)
    .slice(0, limit)
    .sort((x, y) => x.i - y.i || x.j - y.j)
    .map(({ i, j }) => [prepared[i]!.s, prepared[j]!.s])
}

export function describeConflict ([a, b]: [Statement, Statement], language: 'ko' | 'en'): string {
  return language === 'ko'
    ? `참석자 간 기록 불일치 (확인 필요): ${a.source}: "${a.text}" / ${b.source}: "${b.text}"`
    : `Conflicting notes (to confirm): ${a.source}: "${a.text}" vs ${b.source}: "${b.text}"`
}
