import { test } from 'tap'
import { englishLaunchMeeting } from '@meeting-ai/samples'
import { recordingLogger, startOwnedRedis, startOwnedReplica } from '@meeting-ai/testkit/redis'
import { createRedisClient, meetingKeys, type ReplayEntry } from '@meeting-ai/store'
import { buildTestApp } from './helpers/app.ts'

const URL = '/api/v1/stt/events'
const [first, second, third, fourth] = englishLaunchMeeting.segments

function meetingEvent (meetingId: string, n: number, extra: Record<string, unknown> = {}) {
  return { meetingId, text: `point number ${n}`, timestamp: 1_700_000_000_000 + n * 1000, ...extra }
}

test('a batch with valid, duplicate and invalid events: counts and indexes, invalid ones dead-lettered', async (t) => {
  const { app } = await buildTestApp(t)
  const withoutIds = { meetingId: 'm-batch', text: 'no ids here', timestamp: [2026, 11, 23, 10, 0, 1], speakerId: 7 }
  const response = await app.inject({
    method: 'POST',
    url: URL,
    payload: [
      { ...first, meetingId: 'm-batch' }, // 0 accepted
      withoutIds, // 1 accepted (content dedupe key)
      { ...first, meetingId: 'm-batch', text: 'same segmentId, redelivered' }, // 2 duplicate
      { meetingId: 'm-batch', timestamp: 1_700_000_000_000 }, // 3 no text
      { ...second, meetingId: 'm-batch', timestamp: [2026, 2, 30, 10, 0] }, // 4 Feb 30
      { ...withoutIds, text: '  no ids here  ' }, // 5 duplicate by content
      'not an object', // 6
      { ...third, meetingId: 'm-batch', extraField: 'ignored', confidence: null }, // 7 accepted
      JSON.stringify({ ...fourth, meetingId: 'm-batch' }) // 8 a string holding an event is not an event
    ]
  })
  t.equal(response.statusCode, 202)
  const body = response.json()
  t.equal(body.accepted, 3)
  t.equal(body.duplicates, 2)
  t.same(body.rejected.map((r: { index: number, code: string }) => [r.index, r.code]), [[3, 'INVALID_EVENT'], [4, 'INVALID_TIMESTAMP'], [6, 'INVALID_EVENT'], [8, 'INVALID_EVENT']])
  t.match(body.rejected[0].detail, /text/)
  t.match(body.rejected[3].detail, /JSON object/, 'string items are not decoded as JSON text')
  t.equal(await app.store.deadLetters.count(), 4, 'each rejected event is dead-lettered')
  const letters = await app.store.deadLetters.list(4)
  t.same(letters.map((letter) => letter.source), ['http', 'http', 'http', 'http'])
  t.match(letters[3]!.position, /^http:.+\/3$/, 'the position names the request and the index')
  const window = await app.store.windows.read('m-batch')
  t.same(window.map((s) => s.text), [first!.text, 'no ids here', third!.text])
  t.equal(window[1]!.speakerId, '7', 'integer ids are normalised to strings')
})

test('one event (not an array) is accepted; sending it again is a duplicate', async (t) => {
  const { app } = await buildTestApp(t)
  const event = { ...fourth, meetingId: 'm-single' }
  const once = await app.inject({ method: 'POST', url: URL, payload: event })
  t.equal(once.statusCode, 202)
  t.same(once.json(), { accepted: 1, duplicates: 0, rejected: [] })
  const again = await app.inject({ method: 'POST', url: URL, payload: event })
  t.same(again.json(), { accepted: 0, duplicates: 1, rejected: [] })
  t.same(await (await app.inject({ method: 'POST', url: URL, payload: [] })).json(), { accepted: 0, duplicates: 0, rejected: [] }, 'an empty batch is fine')
})

test('nothing taken: a single invalid event, or a batch of only invalid ones, is a 400 problem naming each, and still dead-lettered', async (t) => {
  const { app } = await buildTestApp(t)
  const single = await app.inject({ method: 'POST', url: URL, payload: { meetingId: 'm-bad', timestamp: 1_700_000_000_000 } })
  t.equal(single.statusCode, 400)
  t.equal(single.headers['content-type'], 'application/problem+json; charset=utf-8')
  t.match(single.json(), { status: 400, code: 'INVALID_EVENTS', instance: URL, errors: [{ field: '', message: /^INVALID_EVENT: .*text/ }] })
  const batch = await app.inject({ method: 'POST', url: URL, payload: [{ meetingId: 'm-bad', text: 'x', timestamp: [2026, 2, 30, 10, 0] }, 'not an object'] })
  t.equal(batch.statusCode, 400)
  t.same(batch.json().errors.map((e: { field: string }) => e.field), ['/0', '/1'])
  t.match(batch.json().errors[0].message, /^INVALID_TIMESTAMP: /)
  t.equal(await app.store.deadLetters.count(), 3, 'every rejected event is in the dead-letter stream')
  const valid = { ...fourth, meetingId: 'm-bad' }
  await app.inject({ method: 'POST', url: URL, payload: valid })
  const duplicateAndInvalid = await app.inject({ method: 'POST', url: URL, payload: [valid, 'not an object'] })
  t.equal(duplicateAndInvalid.statusCode, 202, 'a batch with a duplicate was partly taken: 202 with rejected[]')
  t.same(duplicateAndInvalid.json().rejected.map((r: { index: number }) => r.index), [1])
})

test('a body that is not JSON, or JSON that is not an event or a batch, is a 400 problem', async (t) => {
  const { app } = await buildTestApp(t)
  for (const [payload, contentType, code] of [
    ['{"meetingId": "m1", "text": ', 'application/json', 'INVALID_JSON'],
    ['hello', 'application/json', 'INVALID_JSON'],
    ['hello', 'text/plain', 'INVALID_BODY'],
    ['42', 'application/json', 'INVALID_BODY'],
    ['"text"', 'application/json', 'INVALID_BODY'],
    ['null', 'application/json', 'INVALID_BODY']
  ] as const) {
    const response = await app.inject({ method: 'POST', url: URL, payload, headers: { 'content-type': contentType } })
    t.equal(response.statusCode, 400, `${contentType} ${payload}`)
    t.match(response.headers['content-type'], /^application\/problem\+json/)
    t.match(response.json(), { status: 400, code, instance: URL })
  }
  t.equal(await app.store.deadLetters.count(), 0, 'nothing reached the pipeline')
})

test('a batch over 500 events is refused whole, naming the limit', async (t) => {
  const { app } = await buildTestApp(t)
  const batch = Array.from({ length: 501 }, (_, n) => meetingEvent('m-big', n))
  const response = await app.inject({ method: 'POST', url: URL, payload: batch })
  t.equal(response.statusCode, 413)
  t.match(response.json(), { code: 'BATCH_TOO_LARGE', detail: /At most 500 events per request, got 501/ })
  t.same(await app.store.windows.read('m-big'), [], 'nothing was taken')
  const fits = await app.inject({ method: 'POST', url: URL, payload: batch.slice(0, 500) })
  t.equal(fits.statusCode, 202)
  t.equal(fits.json().accepted, 500)
})

test('with auth on, the API key is required', async (t) => {
  const { app } = await buildTestApp(t, { AUTH_API_KEYS: 'key-one', STREAM_TOKEN_SECRET: 'x'.repeat(32) })
  const event = meetingEvent('m-auth', 1)
  t.equal((await app.inject({ method: 'POST', url: URL, payload: event })).statusCode, 401)
  t.equal((await app.inject({ method: 'POST', url: URL, payload: event, headers: { authorization: 'Bearer wrong' } })).statusCode, 403)
  const ok = await app.inject({ method: 'POST', url: URL, payload: event, headers: { authorization: 'Bearer key-one' } })
  t.equal(ok.statusCode, 202)
  t.equal(ok.json().accepted, 1)
})

test('the store down: 503 STORE_UNAVAILABLE, and the retried batch is taken once Redis is back', async (t) => {
  const redis = await startOwnedRedis()
  t.teardown(() => redis.stop())
  const { app } = await buildTestApp(t, { REDIS_URL: redis.url })
  await redis.stop()
  const batch = [meetingEvent('m-down', 1), meetingEvent('m-down', 2)]
  const down = await app.inject({ method: 'POST', url: URL, payload: batch })
  t.equal(down.statusCode, 503)
  t.match(down.json(), { code: 'STORE_UNAVAILABLE', detail: /send the same batch again/ })
  t.equal(down.headers['retry-after'], '1', 'the producer is told when to send it again')
  await redis.start()
  let answer
  do {
    answer = await app.inject({ method: 'POST', url: URL, payload: batch })
    if (answer.statusCode === 503) await new Promise((resolve) => setTimeout(resolve, 50))
  } while (answer.statusCode === 503)
  t.same(answer.json(), { accepted: 2, duplicates: 0, rejected: [] })
})

test('REDIS_WAIT_REPLICAS=1: no 202 until a replica holds the batch; 503 meanwhile, and the retry counts the events as duplicates', async (t) => {
  const master = await startOwnedRedis()
  t.teardown(() => master.stop())
  const { app, prefix } = await buildTestApp(t, { REDIS_URL: master.url, REDIS_WAIT_REPLICAS: '1', REDIS_WAIT_TIMEOUT_MS: '50' })
  const batch = [meetingEvent('m-wait', 1), meetingEvent('m-wait', 2)]
  const unconfirmed = await app.inject({ method: 'POST', url: URL, payload: batch })
  t.equal(unconfirmed.statusCode, 503, 'written on the master, but no replica confirmed it')
  t.match(unconfirmed.json(), { detail: /send the same batch again/ })

  const replica = await startOwnedReplica(master, { waitForSync: false })
  t.teardown(() => replica.stop())
  const replicaClient = createRedisClient({ url: replica.url, role: 'test', logger: recordingLogger() })
  await replicaClient.connect()
  t.teardown(() => { if (replicaClient.isOpen) replicaClient.destroy() })
  let answer
  do {
    // The replica's first sync takes seconds (Redis delays a diskless sync); until then WAIT comes back 0.
    answer = await app.inject({ method: 'POST', url: URL, payload: batch })
  } while (answer.statusCode === 503)
  t.equal(answer.statusCode, 202)
  t.same(answer.json(), { accepted: 0, duplicates: 2, rejected: [] }, 'the first attempt had written them')
  t.equal(await replicaClient.lLen(meetingKeys(prefix, 'm-wait').window), 2, 'the replica holds the window the 202 stands for')
})

test('ingested segments reach analysis: a suggestion set is published for the meeting', async (t) => {
  const { app } = await buildTestApp(t)
  const meetingId = englishLaunchMeeting.meetingId
  let resolveEntry: (entry: ReplayEntry) => void
  const published = new Promise<ReplayEntry>((resolve) => { resolveEntry = resolve })
  const listener = (entry: ReplayEntry): void => resolveEntry(entry)
  await app.store.bus.subscribe(meetingId, listener)
  t.teardown(() => app.store.bus.unsubscribe(meetingId, listener))
  const response = await app.inject({ method: 'POST', url: URL, payload: englishLaunchMeeting.segments.slice(0, 6) })
  t.same(response.json(), { accepted: 6, duplicates: 0, rejected: [] })
  const entry = await published
  const set = JSON.parse(entry.payload)
  t.equal(set.meetingId, meetingId)
  t.ok(set.suggestions.length > 0, 'the offline engine found something to suggest')
  t.same((await app.store.suggestions.readAfter(meetingId, '0')).map((e) => e.id)[0], entry.id)
})

test('OpenAPI documents ingestSttEvents with the SttEvent schema and IngestResponse', async (t) => {
  const { app } = await buildTestApp(t)
  const document = (await app.inject({ method: 'GET', url: '/v3/api-docs' })).json()
  const operation = document.paths['/api/v1/stt/events'].post
  t.equal(operation.operationId, 'ingestSttEvents')
  t.same(operation.tags, ['ingest'])
  const schema = operation.requestBody.content['application/json'].schema
  t.same(schema.oneOf[0], { $ref: '#/components/schemas/SttEvent' })
  t.same(schema.oneOf[1], { type: 'array', items: { $ref: '#/components/schemas/SttEvent' }, maxItems: 500 })
  t.same(operation.responses['202'].content['application/json'].schema, { $ref: '#/components/schemas/IngestResponse' })
  for (const status of ['400', '413', '503']) t.ok(operation.responses[status], `documents ${status}`)
})
