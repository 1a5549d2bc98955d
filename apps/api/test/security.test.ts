import { test } from 'tap'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import fc from 'fast-check'
import { deleteKeys, freePort, TEST_REDIS_URL, uniquePrefix } from '@meeting-ai/testkit/redis'
import { buildTestApp } from './helpers/app.ts'

const API_KEY = 'test-key-0123456789'
const AUTH_ENV = { AUTH_API_KEYS: API_KEY, STREAM_TOKEN_SECRET: 's'.repeat(40) }

type Operations = Record<string, Record<string, { operationId: string }>>

test('with auth on, every /api operation in the OpenAPI document refuses callers without credentials', async (t) => {
  const { app } = await buildTestApp(t, AUTH_ENV)
  const document = (await app.inject({ method: 'GET', url: '/v3/api-docs' })).json() as { paths: Operations }
  const operations = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase() as 'GET' | 'POST', url: path.replaceAll('{meetingId}', 'm-sec') })))
  t.ok(operations.length >= 5, `${operations.length} protected operations found`)
  for (const { method, url } of operations) {
    const anonymous = await app.inject({ method, url, ...(method === 'POST' && { payload: {} }) })
    t.equal(anonymous.statusCode, 401, `${method} ${url} without credentials`)
    t.match(anonymous.headers['content-type'], /problem\+json/)
    const wrong = await app.inject({ method, url, headers: { authorization: 'Bearer wrong-key' }, ...(method === 'POST' && { payload: {} }) })
    t.ok([401, 403].includes(wrong.statusCode), `${method} ${url} with a wrong key → ${wrong.statusCode}`)
  }
})

test('a stream token opens only its own meeting', async (t) => {
  const { app } = await buildTestApp(t, AUTH_ENV)
  const minted = await app.inject({ method: 'POST', url: '/api/v1/meetings/m-a/stream-token', headers: { authorization: `Bearer ${API_KEY}` } })
  t.equal(minted.statusCode, 200)
  const { token } = minted.json() as { token: string }
  const other = await app.inject({ method: 'GET', url: `/api/ai/suggestions/meetings/m-b/stream?token=${token}` })
  t.equal(other.statusCode, 403, 'token of meeting m-a refused for m-b')
  t.equal(other.json().code, 'FORBIDDEN')
  const tampered = await app.inject({ method: 'GET', url: `/api/ai/suggestions/meetings/m-a/stream?token=${token.slice(0, -2)}xx` })
  t.equal(tampered.statusCode, 401)
})

test('CORS never reflects an origin that is not configured', async (t) => {
  const { app } = await buildTestApp(t, { FRONTEND_ORIGIN: 'http://localhost:8888' })
  await fc.assert(fc.asyncProperty(fc.oneof(fc.webUrl(), fc.string(), fc.constant('null'), fc.constant('http://localhost:8888.evil.test')), async (origin) => {
    if (origin === 'http://localhost:8888') return true
    const response = await app.inject({ method: 'GET', url: '/health/live', headers: { origin } })
    return response.headers['access-control-allow-origin'] === undefined
  }), { numRuns: 100 })
  t.pass('no foreign origin reflected')
})

test('info logs of a real server carry no transcript text, minutes, keys or tokens', async (t) => {
  const prefix = uniquePrefix('logs')
  const port = await freePort()
  t.teardown(() => deleteKeys(prefix))
  const child = spawn(process.execPath, ['--conditions=@meeting-ai/source', '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: new URL('../../../', import.meta.url).pathname,
    env: { ...process.env, ...AUTH_ENV, PORT: String(port), HOST: '127.0.0.1', REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString() })
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString() })
  t.teardown(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await once(child, 'exit')
    }
  })
  const base = `http://127.0.0.1:${port}`
  for (;;) {
    try {
      if ((await fetch(`${base}/health/live`)).ok) break
    } catch { /* not listening yet */ }
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const auth = { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' }
  const events = [0, 1, 2].map((n) => ({ meetingId: 'm-log', text: `SECRET-TRANSCRIPT-${n} we decide to ship`, timestamp: [2026, 11, 23, 9, n], segmentId: `s${n}` }))
  t.equal((await fetch(`${base}/api/v1/stt/events`, { method: 'POST', headers: auth, body: JSON.stringify(events) })).status, 202)
  const consolidation = await fetch(`${base}/api/v1/transcripts/consolidate`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ meetingId: 'm-log', participantMinutes: [{ userId: 'u1', content: 'SECRET-MINUTES budget agreed. Kim will send the report.' }] })
  })
  t.equal(consolidation.status, 200)
  const minted = await (await fetch(`${base}/api/v1/meetings/m-log/stream-token`, { method: 'POST', headers: { authorization: auth.authorization } })).json() as { token: string }
  const controller = new AbortController()
  const stream = await fetch(`${base}/api/ai/suggestions/meetings/m-log/stream?token=${minted.token}`, { signal: controller.signal })
  t.equal(stream.status, 200)
  controller.abort()
  await fetch(`${base}/nope`, { headers: { authorization: 'Bearer some-other-key-SECRET' } })
  child.kill('SIGTERM')
  await once(child, 'exit')
  t.match(output, /"level":30/, 'info lines were written')
  t.notMatch(output, /SECRET-TRANSCRIPT/, 'no transcript text')
  t.notMatch(output, /SECRET-MINUTES/, 'no minutes')
  t.notOk(output.includes(API_KEY), 'no API key')
  t.notOk(output.includes('some-other-key-SECRET'), 'no presented credential')
  t.notOk(output.includes(minted.token), 'no stream token')
})
