import { test } from 'tap'
import { Validator } from '@seriousme/openapi-schema-validator'
import { startOwnedRedis } from '@meeting-ai/testkit/redis'
import { buildTestApp } from './helpers/app.ts'

test('GET /health is UP with the redis component', async (t) => {
  const { app } = await buildTestApp(t)
  const response = await app.inject({ method: 'GET', url: '/health' })
  t.equal(response.statusCode, 200)
  t.match(response.json(), { status: 'UP', store: 'redis', engine: 'redis', components: { redis: { status: 'UP' }, analysis: { status: 'UP', details: { queued: 0 } } } })
  const live = await app.inject({ method: 'GET', url: '/health/live' })
  t.same(live.json(), { status: 'UP' })
})

test('GET /health answers 503 DOWN fast when Redis goes away, and UP again when it is back', async (t) => {
  const redis = await startOwnedRedis()
  t.teardown(() => redis.stop())
  const { app } = await buildTestApp(t, { REDIS_URL: redis.url })
  t.equal((await app.inject({ method: 'GET', url: '/health' })).statusCode, 200)
  await redis.stop()
  const started = Date.now()
  const down = await app.inject({ method: 'GET', url: '/health' })
  t.equal(down.statusCode, 503)
  t.equal(down.json().status, 'DOWN')
  t.equal(down.json().components.redis.status, 'DOWN')
  t.ok(Date.now() - started < 2000, 'answers within the ping timeout')
  t.equal((await app.inject({ method: 'GET', url: '/health/live' })).statusCode, 200, 'liveness does not touch Redis')
  await redis.start()
  // The client reconnects on its own; wait for the event, not a fixed time.
  for (;;) {
    const response = await app.inject({ method: 'GET', url: '/health' })
    if (response.statusCode === 200) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  t.pass('UP again without a restart')
})

test('/v3/api-docs is a valid OpenAPI 3.0.3 document with named components', async (t) => {
  const { app } = await buildTestApp(t)
  const response = await app.inject({ method: 'GET', url: '/v3/api-docs' })
  t.equal(response.statusCode, 200)
  const document = response.json()
  t.equal(document.openapi, '3.0.3')
  const validator = new Validator()
  const result = await validator.validate(document)
  t.same(result.errors ?? [], [], 'no schema errors')
  t.ok(result.valid)
  t.ok(document.paths['/health'], 'health documented')
  for (const name of ['ConsolidateRequest', 'ConsolidateResponse', 'Todo', 'AgendaSummary', 'RealtimeSuggestionsResponse', 'SimpleSuggestion', 'Problem']) {
    t.ok(document.components.schemas[name], `component ${name}`)
  }
  t.same(document.components.schemas.ConsolidateResponse.properties.todos.items, { $ref: '#/components/schemas/Todo' }, 'nested named schemas are references')
  for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, { operationId?: string }>>)) {
    for (const [method, operation] of Object.entries(operations)) t.ok(operation.operationId, `${method} ${path} has an operationId`)
  }
})

test('/swagger-ui.html serves the page itself and its assets load', async (t) => {
  const { app } = await buildTestApp(t)
  const page = await app.inject({ method: 'GET', url: '/swagger-ui.html' })
  t.equal(page.statusCode, 200)
  t.match(page.headers['content-type'], /text\/html/)
  const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!)
  t.ok(assets.length >= 4)
  for (const asset of assets) t.equal((await app.inject({ method: 'GET', url: asset })).statusCode, 200, asset)
  const init = await app.inject({ method: 'GET', url: '/swagger-ui-init.js' })
  t.match(init.body, /url: '\/v3\/api-docs'/)
})

test('CORS echoes only the configured frontend origin', async (t) => {
  const { app } = await buildTestApp(t, { FRONTEND_ORIGIN: 'http://localhost:8888,http://app.example' })
  const allowed = await app.inject({ method: 'GET', url: '/health', headers: { origin: 'http://app.example' } })
  t.equal(allowed.headers['access-control-allow-origin'], 'http://app.example')
  t.match(String(allowed.headers.vary), /Origin/)
  t.notOk(allowed.headers['access-control-allow-credentials'])
  const other = await app.inject({ method: 'GET', url: '/health', headers: { origin: 'http://evil.example' } })
  t.equal(other.headers['access-control-allow-origin'], undefined)
  const preflight = await app.inject({
    method: 'OPTIONS',
    url: '/api/ai/suggestions/meetings/m-1/stream',
    headers: { origin: 'http://localhost:8888', 'access-control-request-method': 'GET', 'access-control-request-headers': 'last-event-id,authorization' }
  })
  t.equal(preflight.statusCode, 204)
  t.equal(preflight.headers['access-control-allow-origin'], 'http://localhost:8888')
  t.match(String(preflight.headers['access-control-allow-headers']), /Last-Event-ID/i)
  t.match(String(preflight.headers['access-control-allow-headers']), /Authorization/i)
})

test('unknown routes answer problem+json 404', async (t) => {
  const { app } = await buildTestApp(t)
  const response = await app.inject({ method: 'GET', url: '/nope?token=secret' })
  t.equal(response.statusCode, 404)
  t.match(response.headers['content-type'], /^application\/problem\+json/)
  t.same(response.json(), {
    type: 'https://meeting-ai.dev/problems/not-found',
    title: 'Not Found',
    status: 404,
    detail: 'No route for GET /nope',
    instance: '/nope',
    code: 'NOT_FOUND'
  })
})

test('an invalid body answers problem+json 400 naming the field, without a stack', async (t) => {
  const { app } = await buildTestApp(t)
  const { Type } = await import('typebox')
  app.post('/echo', { schema: { body: Type.Object({ meetingId: Type.String({ pattern: '^[a-z]+$' }), count: Type.Optional(Type.Integer()) }) } }, async (request) => request.body)
  const bad = await app.inject({ method: 'POST', url: '/echo', payload: { meetingId: 'Has Spaces' } })
  t.equal(bad.statusCode, 400)
  t.match(bad.headers['content-type'], /^application\/problem\+json/)
  const problem = bad.json()
  t.equal(problem.code, 'VALIDATION_FAILED')
  t.same(problem.errors.map((e: { field: string }) => e.field), ['body/meetingId'])
  t.notMatch(bad.body, /at .*\.ts:\d+/)
  const notJson = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: '{"meetingId":' })
  t.equal(notJson.statusCode, 400)
  t.equal(notJson.json().code, 'INVALID_JSON')
  const withNull = await app.inject({ method: 'POST', url: '/echo', payload: { meetingId: 'abc', count: null } })
  t.equal(withNull.statusCode, 200, 'null is an absent optional')
  t.same(withNull.json(), { meetingId: 'abc' })
})
