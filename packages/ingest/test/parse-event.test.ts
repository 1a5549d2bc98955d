import { test } from 'tap'
import { contentDedupeKey, parseSttEvent } from '../src/index.ts'

const options = { zone: 'Asia/Seoul', fallbackDedupeKey: '3:1042' }

test('a valid event becomes a segment: trimmed text, ids normalised, nulls and unknown fields dropped', async (t) => {
  const result = parseSttEvent({
    meetingId: 42,
    text: '  let us ship on Friday  ',
    timestamp: [2026, 11, 23, 18, 0, 5],
    speakerId: 7,
    speakerName: null,
    confidence: 0.9,
    language: 'en',
    segmentId: null,
    somethingNew: { nested: true }
  }, options)
  t.same(result, {
    ok: true,
    segment: { meetingId: '42', text: 'let us ship on Friday', timestamp: Date.UTC(2026, 10, 23, 9, 0, 5), dedupeKey: '3:1042', speakerId: '7', confidence: 0.9, language: 'en' }
  })
})

test('dedupe key: segmentId, else eventId, else the source position', async (t) => {
  const base = { meetingId: 'm', text: 'x', timestamp: 1_732_334_400_000 }
  t.match(parseSttEvent({ ...base, segmentId: 's1', eventId: 'e1' }, options), { ok: true, segment: { dedupeKey: 's1' } })
  t.match(parseSttEvent({ ...base, eventId: 'e1' }, options), { ok: true, segment: { dedupeKey: 'e1' } })
  t.match(parseSttEvent(base, options), { ok: true, segment: { dedupeKey: '3:1042' } })
})

test('JSON text and bytes are decoded; broken JSON is INVALID_JSON', async (t) => {
  const event = { meetingId: 'm', text: 'hello', timestamp: '2026-11-23T09:00:00Z' }
  t.match(parseSttEvent(JSON.stringify(event), options), { ok: true, segment: { text: 'hello' } })
  t.match(parseSttEvent(Buffer.from(JSON.stringify(event)), options), { ok: true, segment: { text: 'hello' } })
  t.match(parseSttEvent('{"meetingId": "m", ', options), { ok: false, code: 'INVALID_JSON' })
})

test('with decoded: true (HTTP, parsed already) JSON text and bytes are not events', async (t) => {
  const event = { meetingId: 'm', text: 'hello', timestamp: '2026-11-23T09:00:00Z' }
  const parsed = { ...options, decoded: true }
  t.match(parseSttEvent(event, parsed), { ok: true, segment: { text: 'hello' } })
  t.match(parseSttEvent(JSON.stringify(event), parsed), { ok: false, code: 'INVALID_EVENT', detail: /JSON object/ })
  t.match(parseSttEvent(Buffer.from(JSON.stringify(event)), parsed), { ok: false, code: 'INVALID_EVENT' })
})

test('each kind of bad event is rejected with its code', async (t) => {
  const base = { meetingId: 'm-1', text: 'hi', timestamp: [2026, 11, 23, 9, 0] }
  const cases: Array<[unknown, string, RegExp]> = [
    [{ ...base, text: undefined }, 'INVALID_EVENT', /text/],
    [{ ...base, text: '   ' }, 'INVALID_EVENT', /empty after trimming/],
    [{ ...base, meetingId: 'has space' }, 'INVALID_EVENT', /meetingId/],
    [{ ...base, meetingId: 'x'.repeat(129) }, 'INVALID_EVENT', /meetingId/],
    [{ ...base, meetingId: 1.5 }, 'INVALID_EVENT', /meetingId/],
    [{ ...base, confidence: 2 }, 'INVALID_EVENT', /confidence/],
    [{ ...base, timestamp: [2026, 13, 1, 9, 0] }, 'INVALID_TIMESTAMP', /month 13/],
    [{ ...base, timestamp: [2026, 2, 30, 9, 0] }, 'INVALID_TIMESTAMP', /day 30/],
    [{ ...base, timestamp: undefined }, 'INVALID_EVENT', /timestamp/],
    [[base], 'INVALID_EVENT', /JSON object/],
    ['not json', 'INVALID_JSON', /./]
  ]
  for (const [body, code, detail] of cases) {
    const result = parseSttEvent(body, options)
    t.equal(result.ok, false, `${JSON.stringify(body).slice(0, 60)} rejected`)
    if (!result.ok) {
      t.equal(result.code, code)
      t.match(result.detail, detail)
    }
  }
})

test('the caller\'s object is not modified', async (t) => {
  const body = { meetingId: 5, text: ' a ', timestamp: 1, speakerName: null }
  parseSttEvent(body, options)
  t.same(body, { meetingId: 5, text: ' a ', timestamp: 1, speakerName: null })
})

test('contentDedupeKey is stable per utterance and differs between utterances', async (t) => {
  const a = { meetingId: 'm', timestamp: [2026, 1, 1, 0, 0], speakerId: 'u1', text: 'hello' }
  t.equal(contentDedupeKey(a), contentDedupeKey({ ...a, text: ' hello ', extra: 1 }))
  t.not(contentDedupeKey(a), contentDedupeKey({ ...a, text: 'hello again' }))
  t.not(contentDedupeKey(a), contentDedupeKey({ ...a, speakerId: 'u2' }))
  t.match(contentDedupeKey(a), /^content:/)
})
