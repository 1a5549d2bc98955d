import { test } from 'tap'
import fc from 'fast-check'
import { buildTestApp } from './helpers/app.ts'

const runs = Number(process.env.FUZZ_RUNS ?? 100)

const jsonValue = fc.jsonValue({ maxDepth: 6 })
const minutes = fc.record({
  userId: fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.constant(null)),
  userName: fc.option(fc.string({ maxLength: 20 })),
  content: fc.oneof(fc.lorem({ maxCount: 30 }), fc.string({ maxLength: 200 }), fc.constant(null))
}, { requiredKeys: [] })
const consolidateBody = fc.record({
  meetingId: fc.oneof(fc.constantFrom('m-1', 'm 2', '', 'ü'), fc.integer(), fc.constant(null)),
  meetingTitle: fc.option(fc.string({ maxLength: 40 })),
  agendas: fc.option(fc.array(fc.record({ agendaNumber: fc.oneof(fc.integer(), fc.string()), title: fc.string({ maxLength: 30 }) }, { requiredKeys: [] }), { maxLength: 4 })),
  participantMinutes: fc.oneof(fc.array(minutes, { maxLength: 4 }), jsonValue),
  language: fc.option(fc.constantFrom('ko', 'en', 'x', ''))
}, { requiredKeys: [] })

const validBody = fc.record({
  meetingId: fc.constantFrom('m-1', 'm-2', 42),
  participantMinutes: fc.array(fc.record({ userId: fc.oneof(fc.string({ minLength: 1, maxLength: 10 }), fc.integer({ min: 0 })), content: fc.lorem({ maxCount: 40, mode: 'sentences' }) }), { minLength: 1, maxLength: 3 }),
  agendas: fc.option(fc.array(fc.record({ agendaNumber: fc.integer({ min: 1, max: 9 }), title: fc.lorem({ maxCount: 3 }) }), { minLength: 1, maxLength: 3 }), { nil: null }),
  language: fc.option(fc.constantFrom('ko', 'en'), { nil: null })
})

function acceptable (status: number, contentType: unknown, body: string): boolean {
  if (status >= 500 && status !== 503 && status !== 504) return false
  if (status >= 400 && !/problem\+json/.test(String(contentType ?? ''))) return false
  return !/\bat .+:\d+:\d+\)?/.test(body) // no stack frames
}

test('no consolidate, regenerate or ingest body produces a 500 or a stack trace', async (t) => {
  const { app } = await buildTestApp(t, { RATE_LIMIT_PER_MINUTE: '0', CONSOLIDATE_BUDGET_MS: '5000' })
  const seen = new Set<number>()
  await fc.assert(fc.asyncProperty(fc.oneof(validBody, consolidateBody, jsonValue), async (body) => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/transcripts/consolidate', payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
    seen.add(response.statusCode)
    return acceptable(response.statusCode, response.headers['content-type'], response.body)
  }), { numRuns: runs })
  t.ok(seen.has(400), `consolidate statuses seen: ${[...seen].join(',')}`)
  t.ok(seen.has(200), 'some generated bodies are valid and consolidated')

  await fc.assert(fc.asyncProperty(jsonValue, fc.constantFrom('m-1', 'm-2', 'x%20y'), async (body, meetingId) => {
    const response = await app.inject({ method: 'POST', url: `/api/v1/meetings/${meetingId}/summary/regenerate`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
    return acceptable(response.statusCode, response.headers['content-type'], response.body)
  }), { numRuns: runs })

  await fc.assert(fc.asyncProperty(fc.oneof(jsonValue, fc.array(fc.record({ meetingId: fc.string(), text: fc.string(), timestamp: jsonValue }, { requiredKeys: [] }), { maxLength: 20 })), async (body) => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/stt/events', payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
    return acceptable(response.statusCode, response.headers['content-type'], response.body) && [202, 400, 413].includes(response.statusCode)
  }), { numRuns: runs })
})

test('hostile JSON is rejected or harmless', async (t) => {
  const { app } = await buildTestApp(t, { RATE_LIMIT_PER_MINUTE: '0', BODY_LIMIT_BYTES: '1048576' })
  const post = async (url: string, payload: string | Buffer) => await app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } })
  const deep = '['.repeat(50_000) + ']'.repeat(50_000)
  for (const url of ['/api/v1/transcripts/consolidate', '/api/v1/stt/events']) {
    const nested = await post(url, deep)
    if (url.endsWith('/events')) {
      // The outer array is a batch of one item, rejected by index (and dead-lettered): nothing taken, so 400.
      t.equal(nested.statusCode, 400, `${url}: deep nesting → ${nested.statusCode}`)
      t.match(nested.json(), { code: 'INVALID_EVENTS', errors: [{ field: '/0', message: 'INVALID_EVENT: event must be a JSON object' }] })
    } else {
      t.ok(nested.statusCode >= 400 && nested.statusCode < 500, `${url}: deep nesting → ${nested.statusCode}`)
    }
    const polluted = await post(url, '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"meetingId":"m-1"}')
    t.ok(polluted.statusCode < 500, `${url}: prototype keys → ${polluted.statusCode}`)
    t.equal(({} as Record<string, unknown>).polluted, undefined)
    const utf8 = await post(url, Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]))
    t.ok(utf8.statusCode < 500, `${url}: invalid UTF-8 → ${utf8.statusCode}`)
    const huge = await post(url, `{"meetingId":"m-1","timestamp":1${'0'.repeat(400)}}`)
    t.ok(huge.statusCode < 500, `${url}: huge number → ${huge.statusCode}`)
    const tooBig = await post(url, JSON.stringify({ meetingId: 'm-1', participantMinutes: [{ userId: 'u', content: 'x'.repeat(2_000_000) }] }))
    t.equal(tooBig.statusCode, 413, `${url}: over the body limit`)
  }
})
