import { contentStems } from './words.ts'

export function jaccard (a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0
  let shared = 0
  for (const item of a) if (b.has(item)) shared++
  return shared / (a.size + b.size - shared)
}

/** Two stems match when equal or when one is a prefix of the other (Korean compounds: 예산 / 예산안). */
function stemsMatch (a: string, b: string): boolean {
  if (a === b) return true
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  return short.length >= 2 && long.startsWith(short) && long.length - short.length <= 2
}

/** Stems of `needle` found (by stemsMatch) among `haystack`. */
export function overlap (needle: ReadonlySet<string>, haystack: ReadonlySet<string>): number {
  let found = 0
  for (const a of needle) {
    for (const b of haystack) {
      if (stemsMatch(a, b)) {
        found++
        break
      }
    }
  }
  return found
}

/** Jaccard on content stems with prefix matching; 1 for texts that say the same thing. */
export function textSimilarity (a: string, b: string): number {
  const sa = contentStems(a)
  const sb = contentStems(b)
  if (sa.size === 0 || sb.size === 0) return 0
  const shared = overlap(sa, sb)
  return shared / (sa.size + sb.size - shared)
}

export const NEAR_DUPLICATE = 0.6

/** Keeps the first of every group of near-duplicate texts (Jaccard >= threshold), in order. */
export function dedupeTexts (texts: Iterable<string>, threshold = NEAR_DUPLICATE, prefer?: (a: string, b: string) => boolean): string[] {
  const kept: string[] = []
  for (const text of texts) {
    const trimmed = text.trim()
    if (trimmed === '') continue
    const index = kept.findIndex((other) => other.toLowerCase() === trimmed.toLowerCase() || textSimilarity(other, trimmed) >= threshold)
    if (index === -1) kept.push(trimmed)
    else if (prefer?.(trimmed, kept[index]!) === true) kept[index] = trimmed
  }
  return kept
}
