/**
 * Personal data is replaced before text leaves for an external provider. Placeholders keep
 * sentences readable for the model; no mapping is kept, so nothing can be put back into outputs.
 */

export type RedactionKind = 'EMAIL' | 'PHONE' | 'RRN' | 'CARD'

export interface RedactionResult {
  text: string
  counts: Record<RedactionKind, number>
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g

// YYMMDD-GNNNNNN; the month/day ranges and the gender digit keep ordinary number pairs out.
const RRN = /(?<![\d-])\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\s?-\s?[1-8]\d{6}(?![\d-])/g

// 13-19 digits in groups separated by single spaces or dashes; the Luhn check decides.
const CARD_CANDIDATE = /(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/g

const PHONE_PATTERNS = [
  // +82 10 1234 5678, +82-2-123-4567, +82 (0)10-...
  /\+82[ .-]?(?:\(0\))?[ .-]?0?(?:1[016789]|2|[3-6][1-5]|70|50\d?)[ .-]?\d{3,4}[ .-]?\d{4}(?!\d)/g,
  // Other international numbers: +CC then 6-14 digits in groups.
  /\+[1-9]\d{0,2}(?:[ .-]?\(?\d{1,4}\)?){2,5}(?!\d)/g,
  // Korean domestic: 010-1234-5678, 02-123-4567, 031 123 4567, 01012345678
  /(?<![\d-])0(?:1[016789]|2|[3-6][1-5]|70|50\d?)[ .-]?\d{3,4}[ .-]?\d{4}(?![\d-])/g,
  // North American local: (415) 555-0132, 415-555-0132
  /(?<![\d-])(?:\(\d{3}\)\s?|\d{3}[.-])\d{3}[.-]\d{4}(?![\d-])/g
]

export function luhnValid (digits: string): boolean {
  let sum = 0
  let double = false
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48
    if (double) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
    double = !double
  }
  return sum % 10 === 0
}

export function redactPii (input: string): RedactionResult {
  const counts: Record<RedactionKind, number> = { EMAIL: 0, PHONE: 0, RRN: 0, CARD: 0 }
  let text = input.replace(EMAIL, () => { counts.EMAIL++; return '[EMAIL]' })
  text = text.replace(RRN, () => { counts.RRN++; return '[RRN]' })
  text = text.replace(CARD_CANDIDATE, (match) => {
    const digits = match.replace(/\D/g, '')
    if (digits.length < 13 || digits.length > 19 || !luhnValid(digits)) return match
    counts.CARD++
    return '[CARD]'
  })
  for (const pattern of PHONE_PATTERNS) {
    text = text.replace(pattern, (match) => {
      // Groups of digits that are too short to be a phone number (e.g. "+1 2") stay.
      if (match.replace(/\D/g, '').length < 7) return match
      counts.PHONE++
      return '[PHONE]'
    })
  }
  return { text, counts }
}

/** The text alone, for prompt building. */
export function redact (input: string): string {
  return redactPii(input).text
}
