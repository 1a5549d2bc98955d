import type { Agenda, ParticipantMinutes, Segment } from '@meeting-ai/contracts'
import { englishLaunchMeeting, koreanLaunchMeeting } from '../../packages/samples/src/index.ts'
import { seededRandom } from '../../packages/testkit/src/random/index.ts'

/*
 * Deterministic inputs for the scaling benchmark: each family at any size in characters, from
 * a seeded generator, so two runs (before and after a change) analyse the same text.
 */

const CONSONANTS = 'bcdfgklmnprstvz'
const VOWELS = 'aeiou'
const HANGUL_FIRST = 0xAC00

/** Pseudo-words of two to four syllables: thousands of distinct ones, none a stop word. */
function englishWords (next: () => number): () => string {
  return () => {
    let word = ''
    const syllables = 2 + Math.floor(next() * 3)
    for (let i = 0; i < syllables; i++) word += CONSONANTS[Math.floor(next() * CONSONANTS.length)]! + VOWELS[Math.floor(next() * VOWELS.length)]!
    return word
  }
}

/** Korean pseudo-nouns: two or three random syllables without a final consonant. */
function koreanWords (next: () => number): () => string {
  return () => {
    let word = ''
    const syllables = 2 + Math.floor(next() * 2)
    for (let i = 0; i < syllables; i++) word += String.fromCharCode(HANGUL_FIRST + 28 * Math.floor(next() * 399))
    return word
  }
}

// Seeds of variant n are the family's own plus n times this (family seeds are below 100).
const VARIANT_STEP = 1000

const NAMES = ['Kim', 'Lee', 'Park', 'Chen', 'Sarah', 'Jonas', 'Aiko', 'David', 'Maria', 'Omar', 'Priya', 'Lucas']

export interface Family {
  name: string
  description: string
  /**
   * Minutes of about `chars` characters in total. Another `variant` draws other words from the
   * same generators: texts the word caches have not seen, for repeated measurements.
   */
  build: (chars: number, variant?: number) => { agendas: Agenda[], minutes: ParticipantMinutes[], language?: string }
}

// A participant's minutes hold at most 500,000 characters (the request schema): a larger input
// of a one-participant family is written by as many participants as it takes.
const MAX_PER_PARTICIPANT = 490_000

/** Lines from `line()` until the participants' texts reach `chars` together, round-robin. */
function fill (chars: number, atLeast: number, line: (participant: number, n: number) => string, separator = '\n'): ParticipantMinutes[] {
  const participants = Math.max(atLeast, Math.ceil(chars / MAX_PER_PARTICIPANT))
  const texts: string[][] = Array.from({ length: participants }, () => [])
  let total = 0
  for (let n = 0; total < chars; n++) {
    const p = n % participants
    const text = line(p, n)
    texts[p]!.push(text)
    total += text.length + separator.length
  }
  return texts.map((lines, p) => ({ userId: `u${p + 1}`, userName: `${NAMES[p % NAMES.length]!} ${p + 1}`, content: lines.join(separator) }))
}

/** One line per `line(name, word)`, names and words from two generators seeded `seed` and `seed + 1`. */
function generated (participants: number, seed: number, line: (name: string, word: () => string) => string): Family['build'] {
  return (chars, variant = 0) => {
    const word = englishWords(seededRandom(seed + VARIANT_STEP * variant))
    const next = seededRandom(seed + 1 + VARIANT_STEP * variant)
    return { agendas: [], minutes: fill(chars, participants, () => line(NAMES[Math.floor(next() * NAMES.length)]!, word)) }
  }
}

const decisions = (participants: number, seed: number): Family['build'] =>
  generated(participants, seed, (name, word) => `We agreed that ${name} will send the ${word()} ${word()} to the ${word()} team by ${word()}.`)

/** The samples' minutes, line by line, with about one word in four swapped for a fresh one and numbers varied. */
function realisticEnglish (chars: number, variant = 0): ReturnType<Family['build']> {
  const next = seededRandom(7 + VARIANT_STEP * variant)
  const english = englishWords(next)
  const sample = englishLaunchMeeting
  const lines = sample.participantMinutes.flatMap((p) => p.content.split('\n').filter((l) => l.trim() !== ''))
  const vary = (line: string): string => line.replace(/[\p{L}\p{N}]{4,}/gu, (w) => {
    if (/^\d+$/.test(w)) return String(1 + Math.floor(next() * 99))
    if (next() >= 0.25) return w
    return english()
  })
  const participants = sample.participantMinutes.length
  let session = 0
  const minutes = fill(chars, participants, (p, n) => {
    if (n % (participants * 12) === 0) session++
    const heading = n % 12 < participants ? `## ${sample.agendas[session % sample.agendas.length]!.title}\n` : ''
    return heading + vary(lines[Math.floor(next() * lines.length)]!)
  })
  return { agendas: sample.agendas, minutes, language: sample.language }
}

export const FAMILIES: Family[] = [
  { name: 'realistic-en', description: 'the English sample\'s lines, varied words, 3 participants, given agendas', build: realisticEnglish },
  { name: 'realistic-ko', description: 'the Korean sample\'s lines, varied words, given agendas', build: realisticKorean },
  { name: 'decisions-4', description: '"We agreed that X will send …" with distinct words, 4 participants', build: decisions(4, 11) },
  {
    name: 'todos-4',
    description: '"X will send … by …" with distinct words (a todo each), 4 participants',
    build: generated(4, 14, (name, word) => `${name} will send the ${word()} ${word()} to the ${word()} team by Friday.`)
  },
  { name: 'decisions-1', description: 'the same, one participant', build: decisions(1, 12) },
  { name: 'decisions-50', description: 'the same, fifty participants', build: decisions(50, 13) },
  {
    name: 'no-punctuation',
    description: 'decision lines without any punctuation, 4 participants',
    build: generated(4, 21, (name, word) => `we agreed that ${name.toLowerCase()} will send the ${word()} ${word()} to the ${word()} team`)
  },
  {
    name: 'one-line',
    description: 'one participant, one line without punctuation or newline',
    build: (chars, variant = 0) => {
      const word = englishWords(seededRandom(31 + VARIANT_STEP * variant))
      return { agendas: [], minutes: fill(chars, 1, () => `we agreed that kim will send the ${word()} ${word()} to the ${word()} team`, ' ') }
    }
  },
  {
    name: 'repeated',
    description: 'one sentence repeated, 4 participants',
    build: (chars, variant = 0) => {
      // One sentence for the whole meeting, but its words drawn per variant: the same sentence
      // in every request would measure the thread's caches from the request before.
      const word = englishWords(seededRandom(51 + VARIANT_STEP * variant))
      const sentence = `We agreed that Kim will send the ${word()} ${word()} to the ${word()} team by Friday.`
      return { agendas: [], minutes: fill(chars, 4, () => sentence) }
    }
  },
  {
    name: 'korean-no-spaces',
    description: 'Korean decisions written without spaces, distinct nouns, 4 participants',
    build: (chars, variant = 0) => {
      const word = koreanWords(seededRandom(41 + VARIANT_STEP * variant))
      const next = seededRandom(42 + VARIANT_STEP * variant)
      return { agendas: [], minutes: fill(chars, 4, () => `${['김민수', '이지은', '박서준', '최유나'][Math.floor(next() * 4)]!}님이${word()}${word()}를${word()}팀에금요일까지보내기로했습니다.`), language: 'ko' }
    }
  }
]

function realisticKorean (chars: number, variant = 0): ReturnType<Family['build']> {
  const next = seededRandom(8 + VARIANT_STEP * variant)
  const korean = koreanWords(next)
  const sample = koreanLaunchMeeting
  const lines = sample.participantMinutes.flatMap((p) => p.content.split('\n').filter((l) => l.trim() !== ''))
  const vary = (line: string): string => line.replace(/[\p{L}\p{N}]{2,}/gu, (w) => /^\d+$/.test(w) ? String(1 + Math.floor(next() * 99)) : next() < 0.25 && /[\uAC00-\uD7A3]{2}/.test(w) ? korean() + w.slice(-1) : w)
  const participants = sample.participantMinutes.length
  const minutes = fill(chars, participants, (_p, n) => (n % 40 < participants ? `[${sample.agendas[Math.floor(n / 40) % sample.agendas.length]!.title}]\n` : '') + vary(lines[Math.floor(next() * lines.length)]!))
  return { agendas: sample.agendas, minutes, language: 'ko' }
}

/**
 * A live window: `count` segments of about `chars` characters each, from the English sample's
 * lines with varied words (the worker analyses the newest WINDOW_SEGMENTS segments).
 */
export function segmentWindow (count: number, chars: number, seed = 51): Segment[] {
  const next = seededRandom(seed)
  const word = englishWords(next)
  const lines = englishLaunchMeeting.segments.map((s) => s.text)
  return Array.from({ length: count }, (_, i) => {
    let text = ''
    while (text.length < chars) text += (text === '' ? '' : ' ') + lines[Math.floor(next() * lines.length)]!.replace(/[a-z]{5,}/g, (w) => next() < 0.25 ? word() : w)
    const speaker = englishLaunchMeeting.segments[i % englishLaunchMeeting.segments.length]!
    return { meetingId: 'bench-live', dedupeKey: `s${i}`, speakerId: speaker.speakerId, speakerName: speaker.speakerName, text: text.slice(0, chars), timestamp: 1_700_000_000_000 + i * 1000 }
  })
}
