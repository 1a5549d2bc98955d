import { addressesMachine, isInstructionToAi } from './instructions.ts'
import { hasHangul } from './words.ts'

export interface Sentence {
  text: string
  /** A heading line of structured minutes ("## Budget", "[예산]", "Budget:"): a topic marker, not content. */
  heading: boolean
  /** The label before a colon ("Budget: ..."), when the line starts with one. */
  label?: string
  /** Index of the (non-empty) line it comes from: a paragraph of minutes is one section. */
  line?: number
  /** The line opened with a checkbox: "☐ …", "[ ] …" (open, a task) or "☑ …", "[x] …" (done). */
  checkbox?: 'open' | 'done'
  /** The short bulleted line the item is listed under, one level up ("- 할 일" over "  · 계약서 검토 → 원장님"). */
  listHeading?: string
}

const sentenceSegmenters = new Map<string, Intl.Segmenter>()

/**
 * Sentences by ICU rules (Intl.Segmenter), which handle Korean and English punctuation alike:
 * each segment as written, whitespace included, so the pieces join back into `text`.
 */
export function segmentSentences (text: string, locale = 'und'): string[] {
  let segmenter = sentenceSegmenters.get(locale)
  if (segmenter === undefined) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' })
    sentenceSegmenters.set(locale, segmenter)
  }
  const pieces: string[] = []
  for (const { segment } of segmenter.segment(text)) {
    // ICU ends a sentence at any full stop before a capital; "Dr. Okoye", "St. Agnes", "e.g. Jira" go on.
    // A stop inside brackets ends an aside, not the sentence: "Post the notice (once the date is final! ask Ann first)".
    // A stop just before a closing bracket ends the aside, and the sentence goes on after it unless a
    // capital opens a new one: "Ask the supplier (Monday or Tuesday?) → Jo" is one sentence.
    const before = pieces.at(-1)
    if (before !== undefined && (TITLE_ABBREVIATION.test(before) || opensBracket(before) || (closesAside(before) && !/^\s*\p{Lu}/u.test(segment)))) pieces[pieces.length - 1] += segment
    else pieces.push(segment)
  }
  return pieces
}

/** Whether a text leaves a round bracket open: more "(" than ")". */
function opensBracket (text: string): boolean {
  let depth = 0
  for (const char of text) {
    if (char === '(' || char === '（') depth++
    else if ((char === ')' || char === '）') && depth > 0) depth--
  }
  return depth > 0
}
/** Whether a piece ends at a stop inside a bracket that opened after its start ("… (Monday or Tuesday?)"). */
function closesAside (piece: string): boolean {
  return ASIDE_END.test(piece) && !/^\s*[(（]/.test(piece)
}
const ASIDE_END = /[.?!…？！]\s*[)）]\s*$/
// Abbreviations that a name or an example always follows, so they never end a sentence (unlike "Inc.", "etc.").
const TITLE_ABBREVIATION = /(?:^|[\s(])(?:Dr|Mr|Mrs|Ms|Mx|St|Prof|Mt|Capt|Sgt|Lt|Col|Gen|Rev|Hon|vs|e\.g|i\.e|cf|approx)\.\s*$/

// A checkbox opening a line of a checklist, after its bullet if any: open (group 1) or ticked (group 2).
const CHECKBOX = /^(?:(☐|□|\[\s\])|(☑|☒|\[[xX]\]))\s*/
// Glyphs that open an item of a list ("-", "•", "○") and those that open a section, with the list under them ("■ Budget", "▶ 일정").
const LIST_MARK = '-*•·▪◦‣●○'
const SECTION_MARK = '■◆▶►'
const BULLETED = new RegExp(String.raw`^\s*[${LIST_MARK}]`)
// Bullets and outline numbering: "-", "1.", "(2)", "a)", and the Korean 가나다 outline ("가.", "나)").
const BULLET = new RegExp(String.raw`^\s*(?:[${LIST_MARK}${SECTION_MARK}>]+|\d{1,2}[.)](?!\d)|[(（]\d{1,2}[)）]|[a-z][.)]\s|[가나다라마바사아자차카타파하][.)]\s)\s*`, 'i')
// Labels that introduce content rather than a topic.
const CONTENT_LABELS = /^(action items?|todo|to-do|to do|note|notes|decision|decisions|decided|agreed|open|open points?|open questions?|risks?|issues?|blockers?|next steps?|status|update|fyi|question|answer|q|a|to recap|recap|in summary|summary|to sum up|결정|결정사항|결정 사항|합의|할 일|액션 아이템|참고|메모|질문|답변|미결|이슈|리스크|위험|요청|공지)$/i

function isHeading (line: string): boolean {
  if (/^#{1,6}\s+\S/.test(line)) return true
  if (/^[[【<].{1,40}[\]】>]$/.test(line)) return true
  const wordCount = line.split(/\s+/).length
  if (/[:：]$/.test(line) && wordCount <= 6) return true
  return /^(agenda|안건|topic|주제)\s*\d*\b/i.test(line) && wordCount <= 8 && !/[.?!]$/.test(line)
}

// What a document of notes calls itself in its first line: "3월 운영회의 정리 (본점)", "본점 메모",
// "Harbor Co - kickoff call 3/2", "Board meeting minutes".
const DOCUMENT_WORD = /(?:회의|회의록|미팅|메모|노트|보고|점검|스탠드업|싱크)(?:\s|$|\)|\])|\b(?:meeting|mtg|minutes|notes|sync|(?:[\w-]+\s+)?review|stand-?up|debrief|retro|retrospective|recap|memo|(?:save|sales|kick-?off|planning|review|status)\s+call|check-?in|1:1|one-on-one)\b/i

/**
 * Whether a first line of notes only names the meeting or the notes: short, no sentence of its own. It stays
 * a line of content (agenda placement reads what follows it as before); the todo reader skips it.
 */
export function isDocumentTitle (line: string): boolean {
  return line.split(/\s+/).length <= 8 && !/[.?!;。？！:：]$/.test(line) && !/[.?!;。？！]\s/.test(line) && DOCUMENT_WORD.test(line) &&
    !/^(?:i|we|you|they|he|she|let's|let us|please)\b|\b(?:will|'ll|should|must|need to|can)\b/i.test(line) &&
    // A terse Korean note ends in a verb form ("오늘 회의에서 예산 확정함"); a title in a noun.
    !/(?:함|음|됨|임|다|요|기로|예정|필요|것)$/.test(line.replace(/\s*[(（[][^)）\]]*[)）\]]\s*$/u, ''))
}

const SPACED_DATE = /\b(\d{4})\.\s+(\d{1,2})\.\s+(\d{1,2})\./g

/** "Budget" alone on a line, with bullets under it: a heading written without markup. */
function isPlainHeading (rawLine: string, nextLine: string | undefined): boolean {
  const line = rawLine.trim()
  return nextLine !== undefined && BULLETED.test(nextLine) && !BULLETED.test(rawLine) &&
    line.split(/\s+/).length <= 5 && !/[.?!,;。？！]$/.test(line)
}

interface ListLevel {
  indent: number
  mark: string
  heading?: string
}

/** Where a bulleted line sits in its list: its indentation and its mark; undefined for a line without one. */
function listLevel (rawLine: string): ListLevel | undefined {
  const bulleted = /^(\s*)([^\s\w])/u.exec(rawLine)
  return bulleted === null || !BULLETED.test(rawLine) ? undefined : { indent: bulleted[1]!.length, mark: bulleted[2]! }
}

/** An item of the list under `parent`: indented further, or at its indentation with another mark ("- 할 일" then "· …"). */
function nestedUnder (level: ListLevel | undefined, parent: ListLevel): boolean {
  return level !== undefined && (level.indent > parent.indent || (level.indent === parent.indent && level.mark !== parent.mark))
}

// "할 일", "Next steps:", "Open questions": a list item of a few words that names the list under it.
const isListLabel = (item: string): boolean => item.split(/\s+/).length <= 3 && /^[^.?!;,。？！:：()]+[:：]?$/u.test(item)

/*
 * Speech-to-text output and pasted notes can run for thousands of characters without a full
 * stop (a 10,000-character segment, a 1 MB line). Every later step looks at sentences whole
 * (cue patterns, word sets compared pairwise), so an unbounded one costs far more than its
 * length; past this size a run is cut into pieces at spaces, or hard where there are none.
 */
export const MAX_SENTENCE_CHARS = 600

function boundedPieces (sentence: string): string[] {
  if (sentence.length <= MAX_SENTENCE_CHARS) return [sentence]
  const pieces: string[] = []
  let rest = sentence
  while (rest.length > MAX_SENTENCE_CHARS) {
    const space = rest.lastIndexOf(' ', MAX_SENTENCE_CHARS)
    const cut = space > MAX_SENTENCE_CHARS / 2 ? space : MAX_SENTENCE_CHARS
    pieces.push(rest.slice(0, cut).trim())
    rest = rest.slice(cut).trim()
  }
  if (rest !== '') pieces.push(rest)
  return pieces
}

function cleanHeading (line: string): string {
  return line.replace(/^#+\s*/, '').replace(/^[[【<]|[\]】>]$/g, '').replace(/[:：]$/, '')
    .replace(/^(agenda|안건|topic|주제)\s*\d*\s*[.:)-]?\s*/i, '').trim() || line
}

/**
 * Lines, then sentences within lines (Intl.Segmenter), with bullets and numbering removed.
 * Instructions addressed to an AI ("ignore previous instructions…") are not meeting content
 * and are left out here, so nothing downstream quotes or counts them.
 */
export function splitSentences (text: string): Sentence[] {
  const result: Sentence[] = []
  const locale = hasHangul(text) ? 'ko' : 'en'
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '')
  const levels = lines.map(listLevel)
  let list: ListLevel | undefined
  lines.forEach((rawLine, i) => {
    const level = levels[i]
    if (list !== undefined && !nestedUnder(level, list)) list = undefined
    const listHeading = list?.heading
    const bulleted = rawLine.replace(BULLET, '').trim()
    const next = levels[i + 1]
    if (level !== undefined && next !== undefined && nestedUnder(next, level) && isListLabel(bulleted)) list = { ...level, heading: bulleted.replace(/[:：]$/, '') }
    const box = CHECKBOX.exec(bulleted)
    const checkbox = box === null ? undefined : box[1] !== undefined ? 'open' : 'done'
    const line = box === null ? bulleted : bulleted.slice(box[0].length)
    if (line === '') return
    // A checklist item is an item, however short: never the heading of the lines after it.
    if (checkbox === undefined && (isHeading(line) || isPlainHeading(rawLine, lines[i + 1]))) {
      result.push({ text: cleanHeading(line), heading: true, line: i })
      return
    }
    let body = line
    let label: string | undefined
    const labelled = /^([^:：.?!]{1,40})[:：]\s+(\S.*)$/.exec(line)
    // "Checkout redesign (agenda: Payments)": a colon inside brackets does not end a label.
    if (labelled !== null && labelled[1]!.split(/\s+/).length <= 4 && !/[(（[]/.test(labelled[1]!)) {
      // "→ 김민수: 금요일까지 확인", "-> Sam: book it": an arrow opening a follow-up line is no part of its label.
      const candidate = labelled[1]!.trim().replace(/^(?:→|->|=>|⇒)\s*/u, '')
      if (candidate !== '' && !CONTENT_LABELS.test(candidate)) {
        label = candidate
        body = labelled[2]!
      }
    }
    // Once a line speaks to the machine, its later demands belong to that note.
    let addressed = label !== undefined && (isInstructionToAi(line) || addressesMachine(line))
    // "2026. 9. 14.(월)": a date written with dots and spaces is one token, not three sentences.
    for (const part of segmentSentences(body.replace(SPACED_DATE, '$1.$2.$3'), locale)) {
      for (const sentence of boundedPieces(part.trim())) {
        if (sentence.length < 2) continue
        const instruction = isInstructionToAi(sentence, addressed)
        addressed ||= instruction || addressesMachine(sentence)
        if (instruction) continue
        result.push({ text: sentence, heading: false, ...(label === undefined ? {} : { label }), line: i, ...(checkbox === undefined ? {} : { checkbox }), ...(listHeading === undefined ? {} : { listHeading }) })
      }
    }
  })
  return result
}
