import { test } from 'tap'
import fc from 'fast-check'
import { parseSttEvent, toEpochMillis, TimestampError } from '../src/index.ts'

const options = { zone: 'Asia/Seoul', fallbackDedupeKey: 'p0:1' }
const runs = Number(process.env.FUZZ_RUNS ?? 500)

test('the parser never throws and always answers a known code', async (t) => {
  fc.assert(fc.property(fc.anything({ withObjectString: true, withNullPrototype: true, withTypedArray: true, withSparseArray: true }), (raw) => {
    const result = parseSttEvent(raw, options)
    if (result.ok) return typeof result.segment.meetingId === 'string' && Number.isFinite(result.segment.timestamp)
    return ['INVALID_EVENT', 'INVALID_TIMESTAMP', 'INVALID_JSON'].includes(result.code) && result.detail.length < 2000
  }), { numRuns: runs })
  t.pass(`${runs} arbitrary values`)
})

test('event-shaped inputs: valid ones parse, the rest are rejected with a reason', async (t) => {
  const timestamp = fc.oneof(
    fc.array(fc.integer({ min: -5, max: 3000 }), { minLength: 0, maxLength: 9 }),
    fc.string(),
    fc.date({ min: new Date('1971-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
    fc.double(),
    fc.integer(),
    fc.constant(Number.MAX_VALUE), fc.constant(-0), fc.constant(1e300)
  )
  const event = fc.record({
    meetingId: fc.oneof(fc.string({ maxLength: 140 }), fc.integer(), fc.constant(null)),
    text: fc.oneof(fc.string({ maxLength: 300 }), fc.constant('   '), fc.constant(null)),
    timestamp,
    speakerId: fc.option(fc.oneof(fc.string(), fc.integer())),
    confidence: fc.option(fc.double())
  }, { requiredKeys: [] })
  // Random fields rarely make a whole event valid (one run of 500 drew none); half the inputs are
  // built valid, so both branches are exercised on every run.
  const validEvent = fc.record({
    meetingId: fc.stringMatching(/^[A-Za-z0-9._:-]{1,40}$/),
    text: fc.string({ minLength: 1, maxLength: 300 }).filter((text) => text.trim() !== ''),
    timestamp: fc.date({ min: new Date('1971-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString())
  })
  let accepted = 0
  fc.assert(fc.property(fc.oneof(event, validEvent), (raw) => {
    const result = parseSttEvent(JSON.stringify(raw), options)
    if (!result.ok) return result.detail.length > 0
    accepted++
    const segment = result.segment
    return /^[A-Za-z0-9._:-]{1,128}$/.test(segment.meetingId) && segment.text === segment.text.trim() && segment.text !== '' &&
      Number.isSafeInteger(segment.timestamp)
  }), { numRuns: runs })
  t.ok(accepted > 0, `some generated events are valid (${accepted})`)
})

test('prototype-pollution keys are harmless', async (t) => {
  const raw = '{"meetingId":"m-1","text":"hi","timestamp":[2026,11,23,9,0],"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'
  const result = parseSttEvent(raw, options)
  t.ok(result.ok)
  t.equal(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype untouched')
  const huge = parseSttEvent(`{"meetingId":"m-1","text":"hi","timestamp":${'9'.repeat(400)}}`, options)
  t.notOk(huge.ok, 'a huge number is rejected')
  const deep = parseSttEvent('['.repeat(100_000) + ']'.repeat(100_000), options)
  t.notOk(deep.ok, 'deep nesting is rejected, not a stack overflow')
  const invalidUtf8 = parseSttEvent(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), options)
  t.notOk(invalidUtf8.ok, 'invalid UTF-8 is rejected')
})

test('timestamp conversion: arrays round-trip through the zone, invalid dates throw TimestampError', async (t) => {
  fc.assert(fc.property(
    fc.date({ min: new Date('1980-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true }),
    (date) => {
      // In UTC a LocalDateTime array is the instant itself.
      const array = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds() * 1_000_000]
      return toEpochMillis(array, 'UTC') === date.getTime()
    }
  ), { numRuns: runs })
  fc.assert(fc.property(fc.integer({ min: 13, max: 99 }), (month) => {
    try {
      toEpochMillis([2026, month, 1, 0, 0], 'UTC')
      return false
    } catch (error) {
      return error instanceof TimestampError
    }
  }))
  t.pass('round trip and rejection hold')
})
