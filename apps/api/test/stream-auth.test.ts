import t from 'tap'
import { SignJWT } from 'jose'
import { loggerOptions } from '../src/logger.ts'
import { publish, startApi } from './stream-fixture.ts'

const SECRET = 'stream-token-secret-for-tests-0123456789'
const AUTH = { AUTH_API_KEYS: 'key-one,key-two', STREAM_TOKEN_SECRET: SECRET }

async function mint (base: string, meetingId: string, key?: string): Promise<Response> {
  return await fetch(`${base}/api/v1/meetings/${meetingId}/stream-token`, {
    method: 'POST',
    headers: key === undefined ? {} : { authorization: `Bearer ${key}` }
  })
}

t.test('stream tokens: minted with an API key, accepted for their meeting only', async (t) => {
  const api = await startApi(t, AUTH)

  t.equal((await mint(api.base, 'm-auth')).status, 401, 'minting needs an API key')
  t.equal((await mint(api.base, 'm-auth', 'wrong')).status, 403)
  const minted = await mint(api.base, 'm-auth', 'key-two')
  t.equal(minted.status, 200)
  const { token, expiresAt } = await minted.json() as { token: string, expiresAt: number }
  t.type(token, 'string')
  t.ok(expiresAt > Date.now() + (api.config.streamTokenTtlS - 5) * 1000, 'lives STREAM_TOKEN_TTL_S')

  const missing = await api.connect('m-auth')
  t.equal(missing.status, 401)
  t.match(missing.headers['content-type'], /application\/problem\+json/)
  await missing.waitForClose()
  t.match(JSON.parse(missing.body), { status: 401, code: 'UNAUTHORIZED' })

  const other = await api.connect('m-other', { query: `?token=${token}` })
  t.equal(other.status, 403, 'a token of another meeting')
  await other.waitForClose()
  t.notMatch(other.body, token, 'the token is not echoed')

  const bad = await api.connect('m-auth', { query: '?token=not.a.jwt' })
  t.equal(bad.status, 401)

  const viewer = await api.connectLive('m-auth', { query: `?token=${encodeURIComponent(token)}` })
  t.equal(viewer.status, 200)
  const id = await publish(api, 'm-auth')
  await viewer.waitFor((e) => e.id === id)
})

t.test('an expired stream token is rejected with 401', async (t) => {
  const api = await startApi(t, AUTH)
  const expired = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('m-exp')
    .setAudience('meeting-ai:stream')
    .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(new TextEncoder().encode(SECRET))
  const client = await api.connect('m-exp', { query: `?token=${expired}` })
  t.equal(client.status, 401)
  await client.waitForClose()
  t.match(JSON.parse(client.body), { code: 'UNAUTHORIZED', detail: /expired/ })
})

t.test('without auth no token is needed', async (t) => {
  const api = await startApi(t)
  const viewer = await api.connectLive('m-open')
  t.equal(viewer.status, 200)
  const minted = await mint(api.base, 'm-open')
  t.equal(minted.status, 200, 'minting works without a key when auth is off')
})

t.test('tokens never reach a log line', async (t) => {
  const options = loggerOptions('info') as { serializers: { req: (r: object) => { url: string } } }
  const line = options.serializers.req({ method: 'GET', url: '/api/ai/suggestions/meetings/m/stream?lastEventId=0&token=eyJsecret.part.sig', id: 'r1' })
  t.notMatch(line.url, 'eyJsecret')
  t.match(line.url, 'token=[REDACTED]')
  t.match(line.url, 'lastEventId=0')
})
