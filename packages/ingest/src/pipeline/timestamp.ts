import { TimestampError } from '../errors.ts'

/**
 * Inbound STT timestamps in their three shapes, to Unix epoch milliseconds.
 *
 * Zone-less forms (a Java LocalDateTime array, an ISO string without offset) are read in an
 * IANA zone. Local times that do not exist or exist twice around a DST change are resolved
 * the way java.time's ZonedDateTime.of does, so the Java producer and this worker agree:
 * - in a gap (spring forward) the time is shifted forward by the length of the gap
 *   (02:30 in America/New_York on a spring-forward day becomes 03:30 EDT);
 * - in an overlap (fall back) the earlier offset wins, i.e. the first occurrence
 *   (01:30 on a fall-back day is 01:30 EDT, not EST).
 */
export function toEpochMillis (timestamp: unknown, zone: string): number {
  if (Array.isArray(timestamp)) return fromLocalDateTimeArray(timestamp, zone)
  if (typeof timestamp === 'number') return fromEpochNumber(timestamp)
  if (typeof timestamp === 'string') {
    const trimmed = timestamp.trim()
    // Some producers send epoch numbers as strings; the rule for numbers applies to them too.
    if (/^\d+(\.\d+)?$/.test(trimmed)) return fromEpochNumber(Number(trimmed))
    return fromIsoString(trimmed, zone)
  }
  throw new TimestampError(`timestamp must be a LocalDateTime array, an ISO-8601 string or an epoch number, got ${describe(timestamp)}`)
}

const DAY_MS = 86_400_000
/** ECMAScript's Date range; anything outside is not an instant. */
const MAX_EPOCH_MS = 8.64e15
/** Below this an epoch number is taken as seconds (1e11 s is year 5138; 1e11 ms is 1973). */
const SECONDS_LIMIT = 1e11

interface LocalFields {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
  nanos: number
}

function fromEpochNumber (value: number): number {
  if (!Number.isFinite(value) || value < 0) throw new TimestampError(`epoch timestamp must be a finite non-negative number, got ${String(value)}`)
  const millis = value < SECONDS_LIMIT || !Number.isInteger(value) ? Math.round(value * 1000) : value
  if (millis > MAX_EPOCH_MS) throw new TimestampError(`epoch timestamp ${value} is out of range`)
  return millis
}

function fromLocalDateTimeArray (parts: unknown[], zone: string): number {
  if (parts.length < 5 || parts.length > 7) throw new TimestampError(`LocalDateTime array must have 5 to 7 elements, got ${parts.length}`)
  if (!parts.every((part) => Number.isSafeInteger(part))) throw new TimestampError('LocalDateTime array elements must be integers')
  const [year, month, day, hour, minute, second = 0, nanos = 0] = parts as number[]
  return localToEpoch({ year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second, nanos }, zone)
}

const ISO_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/

function fromIsoString (value: string, zone: string): number {
  const match = ISO_PATTERN.exec(value)
  if (match === null) throw new TimestampError(`timestamp string is not ISO-8601: ${JSON.stringify(value.slice(0, 64))}`)
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', offset] = match
  const fields: LocalFields = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: Number(s),
    nanos: Number(fraction.padEnd(9, '0'))
  }
  if (offset === undefined) return localToEpoch(fields, zone)
  checkFields(fields)
  return checkRange(localAsUtc(fields) - offsetMillis(offset))
}

function offsetMillis (offset: string): number {
  if (offset === 'Z' || offset === 'z') return 0
  const sign = offset.startsWith('-') ? -1 : 1
  const digits = offset.slice(1).replace(':', '')
  const hours = Number(digits.slice(0, 2))
  const minutes = digits.length > 2 ? Number(digits.slice(2, 4)) : 0
  if (hours > 18 || minutes > 59) throw new TimestampError(`offset ${offset} is out of range`)
  return sign * (hours * 3_600_000 + minutes * 60_000)
}

function isLeapYear (year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

function daysInMonth (year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

function checkFields (f: LocalFields): void {
  const problems: string[] = []
  if (f.year < 1 || f.year > 9999) problems.push(`year ${f.year}`)
  if (f.month < 1 || f.month > 12) problems.push(`month ${f.month}`)
  else if (f.day < 1 || f.day > daysInMonth(f.year, f.month)) problems.push(`day ${f.day} of month ${f.month}`)
  if (f.hour < 0 || f.hour > 23) problems.push(`hour ${f.hour}`)
  if (f.minute < 0 || f.minute > 59) problems.push(`minute ${f.minute}`)
  if (f.second < 0 || f.second > 59) problems.push(`second ${f.second}`)
  if (f.nanos < 0 || f.nanos > 999_999_999) problems.push(`nanoseconds ${f.nanos}`)
  if (problems.length > 0) throw new TimestampError(`not a valid date-time: ${problems.join(', ')}`)
}

function checkRange (millis: number): number {
  if (!Number.isFinite(millis) || millis < 0 || millis > MAX_EPOCH_MS) throw new TimestampError('timestamp is before 1970 or out of range')
  return millis
}

/** The fields taken as if they were UTC (setUTCFullYear keeps years below 100 literal). */
function localAsUtc (f: LocalFields): number {
  const date = new Date(0)
  date.setUTCFullYear(f.year, f.month - 1, f.day)
  date.setUTCHours(f.hour, f.minute, f.second, Math.floor(f.nanos / 1_000_000))
  return date.getTime()
}

function localToEpoch (fields: LocalFields, zone: string): number {
  checkFields(fields)
  const local = localAsUtc(fields)
  // One DST transition at most lies within a day either side: the offsets before and after it
  // are the only candidates.
  const before = offsetAt(local - DAY_MS, zone)
  const after = offsetAt(local + DAY_MS, zone)
  const valid = [...new Set([before, after])]
    .map((offset) => local - offset)
    .filter((instant) => local - instant === offsetAt(instant, zone))
  // Overlap: the earliest instant is the one with the earlier (pre-transition) offset.
  if (valid.length > 0) return checkRange(Math.min(...valid))
  // Gap: keep the pre-transition offset, which moves the wall time forward by the gap.
  return checkRange(local - before)
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor (zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone)
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric'
      })
    } catch {
      throw new TimestampError(`unknown time zone ${JSON.stringify(zone)}`)
    }
    formatters.set(zone, formatter)
  }
  return formatter
}

/** Offset of `zone` from UTC at `instant`, in milliseconds (whole seconds). */
function offsetAt (instant: number, zone: string): number {
  const whole = Math.floor(instant / 1000) * 1000
  const fields: Record<string, number> = {}
  for (const part of formatterFor(zone).formatToParts(new Date(whole))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value)
  }
  const local = localAsUtc({
    year: fields.year ?? 1970,
    month: fields.month ?? 1,
    day: fields.day ?? 1,
    hour: fields.hour ?? 0,
    minute: fields.minute ?? 0,
    second: fields.second ?? 0,
    nanos: 0
  })
  return local - whole
}

/**
 * The wall-clock fields of `instant` in `zone` as a Java LocalDateTime array
 * `[y, M, d, H, m, s, nanos]` (what the replay CLI sends).
 */
export function toLocalDateTimeArray (instant: number, zone: string): number[] {
  const offset = offsetAt(instant, zone)
  const date = new Date(instant + offset)
  return [
    date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(),
    date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(),
    date.getUTCMilliseconds() * 1_000_000
  ]
}

function describe (value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'object') return 'an object'
  return typeof value
}
