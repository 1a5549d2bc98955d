import { test } from 'tap'
import { TimestampError, toEpochMillis, toLocalDateTimeArray } from '../src/index.ts'

test('LocalDateTime arrays of 5, 6 and 7 elements (7th = nanoseconds)', async (t) => {
  t.equal(toEpochMillis([2026, 11, 23, 9, 30], 'UTC'), Date.UTC(2026, 10, 23, 9, 30))
  t.equal(toEpochMillis([2026, 11, 23, 9, 30, 15], 'UTC'), Date.UTC(2026, 10, 23, 9, 30, 15))
  t.equal(toEpochMillis([2026, 11, 23, 9, 30, 15, 123_456_789], 'UTC'), Date.UTC(2026, 10, 23, 9, 30, 15, 123), 'nanoseconds truncated to ms')
  t.equal(toEpochMillis([2024, 2, 29, 0, 0], 'UTC'), Date.UTC(2024, 1, 29), 'leap day')
})

test('a DST-free zone: Asia/Seoul is UTC+9 all year', async (t) => {
  t.equal(toEpochMillis([2026, 11, 23, 18, 0, 0], 'Asia/Seoul'), Date.UTC(2026, 10, 23, 9, 0, 0))
  t.equal(toEpochMillis([2026, 7, 1, 9, 0], 'Asia/Seoul'), Date.UTC(2026, 6, 1, 0, 0))
  t.equal(toEpochMillis('2026-11-23T18:00:00', 'Asia/Seoul'), Date.UTC(2026, 10, 23, 9, 0, 0), 'ISO without offset is read in the zone')
})

test('a DST zone: America/New_York, with java.time rules for gaps and overlaps', async (t) => {
  t.equal(toEpochMillis([2026, 1, 15, 12, 0], 'America/New_York'), Date.UTC(2026, 0, 15, 17, 0), 'winter: UTC-5')
  t.equal(toEpochMillis([2026, 7, 15, 12, 0], 'America/New_York'), Date.UTC(2026, 6, 15, 16, 0), 'summer: UTC-4')
  // 2026-03-08 02:00 EST jumps to 03:00 EDT: 02:30 does not exist and is shifted forward by the gap.
  t.equal(toEpochMillis([2026, 3, 8, 2, 30], 'America/New_York'), Date.UTC(2026, 2, 8, 7, 30), 'gap → 03:30 EDT')
  t.equal(toEpochMillis([2026, 3, 8, 3, 30], 'America/New_York'), Date.UTC(2026, 2, 8, 7, 30), 'the same instant as the shifted gap time')
  // 2026-11-01 02:00 EDT falls back to 01:00 EST: 01:30 exists twice; the earlier offset (EDT) wins.
  t.equal(toEpochMillis([2026, 11, 1, 1, 30], 'America/New_York'), Date.UTC(2026, 10, 1, 5, 30), 'overlap → 01:30 EDT')
  t.equal(toEpochMillis([2026, 11, 1, 2, 30], 'America/New_York'), Date.UTC(2026, 10, 1, 7, 30), 'after the overlap: EST')
})

test('ISO strings with an offset are taken as they are', async (t) => {
  t.equal(toEpochMillis('2026-11-23T09:00:00Z', 'Asia/Seoul'), Date.UTC(2026, 10, 23, 9))
  t.equal(toEpochMillis('2026-11-23T18:00:00.250+09:00', 'UTC'), Date.UTC(2026, 10, 23, 9, 0, 0, 250))
  t.equal(toEpochMillis('2026-11-23T04:00:00-0500', 'Asia/Seoul'), Date.UTC(2026, 10, 23, 9))
  t.equal(toEpochMillis('2026-11-23 09:00', 'UTC'), Date.UTC(2026, 10, 23, 9), 'space separator, no seconds')
})

test('epoch numbers: below 1e11 or fractional = seconds, else milliseconds', async (t) => {
  t.equal(toEpochMillis(1_732_334_400, 'UTC'), 1_732_334_400_000, 'seconds')
  t.equal(toEpochMillis(1_732_334_400.5, 'UTC'), 1_732_334_400_500, 'fractional seconds')
  t.equal(toEpochMillis(1_732_334_400_000, 'UTC'), 1_732_334_400_000, 'milliseconds')
  t.equal(toEpochMillis('1732334400000', 'UTC'), 1_732_334_400_000, 'digits in a string')
})

test('invalid dates are rejected with INVALID_TIMESTAMP', async (t) => {
  const bad: Array<[unknown, string]> = [
    [[2026, 2, 30, 9, 0], 'Feb 30'],
    [[2025, 2, 29, 9, 0], 'Feb 29 in a non-leap year'],
    [[2026, 13, 1, 9, 0], 'month 13'],
    [[2026, 0, 1, 9, 0], 'month 0'],
    [[2026, 4, 31, 9, 0], 'April 31'],
    [[2026, 1, 1, 24, 0], 'hour 24'],
    [[2026, 1, 1, 9, 60], 'minute 60'],
    [[2026, 1, 1, 9, 0, 0, 1_000_000_000], 'nanoseconds out of range'],
    [[2026, 1, 1, 9], 'four elements'],
    [[2026, 1, 1, 9, 0, 0, 0, 0], 'eight elements'],
    [[2026, 1, 1.5, 9, 0], 'a fraction'],
    [Number.NaN, 'NaN'],
    [-5, 'negative'],
    ['2026-02-30T09:00:00Z', 'ISO Feb 30'],
    ['yesterday', 'not ISO'],
    [{}, 'an object'],
    [true, 'a boolean']
  ]
  for (const [value, label] of bad) {
    t.throws(() => toEpochMillis(value, 'Asia/Seoul'), TimestampError, label)
    try {
      toEpochMillis(value, 'UTC')
    } catch (error) {
      t.equal((error as TimestampError).code, 'INVALID_TIMESTAMP', `${label}: code`)
    }
  }
})

test('toLocalDateTimeArray is the inverse used by the replay CLI', async (t) => {
  const instant = Date.UTC(2026, 6, 15, 16, 5, 7, 89)
  const local = toLocalDateTimeArray(instant, 'America/New_York')
  t.same(local, [2026, 7, 15, 12, 5, 7, 89_000_000])
  t.equal(toEpochMillis(local, 'America/New_York'), instant)
  t.equal(toEpochMillis(toLocalDateTimeArray(instant, 'Asia/Seoul'), 'Asia/Seoul'), instant)
})
