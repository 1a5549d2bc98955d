/**
 * A month by its name in full or short ("Sept", "December"), never the first letters of another
 * word ("decorations", "marketing"): a pattern source for the patterns that read dates.
 */
export const MONTH_NAME = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?'

/** A weekday in full or short ("Thu", "Thurs", "Thursday"): a pattern source, as MONTH_NAME. */
export const WEEKDAY_NAME = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun'

const CALENDAR_NAME = new RegExp(`^(?:${WEEKDAY_NAME}|${MONTH_NAME})$`, 'i')

/** Whether a word is the name of a weekday or a month, in full or short ("Thu", "Sept"): a date, never a person or a topic. */
export function isCalendarName (word: string): boolean {
  return CALENDAR_NAME.test(word)
}

// Dates written with their month ("2026-11-22", "11/22", "22 May", "11월 22일") or with their weekday ("22일 금요일", after the
// brackets of "22일(금)" are opened by weekdayUnbracketed): each gives its day in its one group.
export const DAY_OF_MONTH: readonly RegExp[] = [
  // Year first, the day last ("2025-06-17", "2025.6.17").
  /(?<![\d.])\d{4}[-./](?:1[0-2]|0?[1-9])[-./](3[01]|[12]\d|0?[1-9])(?![\d.])/g,
  /(?<![\d/.])(?:1[0-2]|0?[1-9])\/(3[01]|[12]\d|0?[1-9])(?![\d/])/g,
  new RegExp(String.raw`\b(3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)?\s+(?:${MONTH_NAME})\b`, 'gi'),
  /\d{1,2}월\s*(\d{1,2})일/g,
  /(?<!\d)(\d{1,2})일(?=\s*[월화수목금토일](?:요일|욜))/g
]

// A weekday alone in brackets after a date ("11/27(목)", "28 May (Thu)") belongs to the date.
const BRACKETED_WEEKDAY = /\s*[(（]\s*((?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?|[월화수목금토일](?:요일)?)\s*[)）]/gi

/** The text with a weekday in brackets after a date written out after it ("11/27(목)" → "11/27 목요일"). */
export function weekdayUnbracketed (text: string): string {
  return text.replace(BRACKETED_WEEKDAY, (_whole, day: string) => ` ${/^[월화수목금토일]$/.test(day) ? `${day}요일` : day}`)
}

/** The days of the month a text names as dates, however written ("11/3(월)", "11월 3일", "3 Nov" are each "3"). */
export function daysOfMonth (text: string): string[] {
  const unbracketed = weekdayUnbracketed(text)
  return DAY_OF_MONTH.flatMap((pattern) => [...unbracketed.matchAll(pattern)].map((m) => String(Number(m[1]))))
}

// A day of the month named by 일 alone, as a date: before a part of the day or a particle of time ("14일 아침으로", "5일에",
// "12일부터"), not a count of days ("3일 동안", "3일간", "3일째").
const KOREAN_DAY_ALONE = /(?<![\d월./])(\d{1,2})일(?=\s*(?:새벽|아침|오전|낮|오후|저녁|밤|부터|까지|에|로|으로|자|날)(?![\uAC00-\uD7A3]*(?:동안|간)))/g

/** The days of the month a Korean text names by 일 alone, as dates ("14일 아침으로 미루기로" gives "14"). */
export function koreanDaysAlone (text: string): string[] {
  return [...text.matchAll(KOREAN_DAY_ALONE)].map((m) => String(Number(m[1])))
}

// A clock time: "16:30", "4:30pm", "4시 반", "4시 30분", "오후 4시", "half past four" is left to the digits' forms.
const CLOCK_TIME = /(?<![\d:])(\d{1,2}):(\d{2})(?!\d)|(?<!\d)(\d{1,2})\s*시(?:\s*(반)|\s*(\d{1,2})\s*분)?(?![간작])/g

/** The clock times a text names, on a twelve-hour dial so that "16:30", "4시 반" and "4시 30분" are one ("4:30"). */
export function clockTimes (text: string): string[] {
  return [...text.matchAll(CLOCK_TIME)].map((m) => {
    const hour = Number(m[1] ?? m[3]) % 12
    const minute = m[2] !== undefined ? Number(m[2]) : m[4] !== undefined ? 30 : Number(m[5] ?? 0)
    return `${hour === 0 ? 12 : hour}:${String(minute).padStart(2, '0')}`
  })
}
