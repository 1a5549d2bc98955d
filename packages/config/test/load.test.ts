import { test } from 'tap'
import { loadConfig, ConfigError, settings, type Setting } from '../src/index.ts'

test('defaults match the design', async (t) => {
  const config = loadConfig({})
  t.equal(config.port, 8087)
  t.same(config.frontendOrigin, ['http://localhost:8888'])
  t.equal(config.redisUrl, 'redis://127.0.0.1:6379')
  t.equal(config.redisUrlExplicit, false)
  t.equal(config.ssePingMs, 5000)
  t.equal(config.analysisThreshold, 3)
  t.equal(config.sttTimestampZone, 'UTC')
  t.equal(config.authEnabled, false)
  t.equal(config.llmRedactPii, true)
})

test('values from the environment are converted', async (t) => {
  const config = loadConfig({ PORT: '9000', FRONTEND_ORIGIN: 'http://a.test, http://b.test', LLM_REDACT_PII: 'false', REDIS_URL: 'redis://10.0.0.1:6380' })
  t.equal(config.port, 9000)
  t.same(config.frontendOrigin, ['http://a.test', 'http://b.test'])
  t.equal(config.llmRedactPii, false)
  t.equal(config.redisUrlExplicit, true)
})

test('each bad variable is named on its own line', async (t) => {
  const error = t.throws(() => loadConfig({ PORT: 'abc', SSE_PING_MS: '-5', STT_TIMESTAMP_ZONE: 'Mars/Base', LOG_LEVEL: 'loud' })) as ConfigError
  t.ok(error instanceof ConfigError)
  t.equal(error.code, 'CONFIG_INVALID')
  const lines = error.message.split('\n')
  t.equal(lines.length, 4)
  t.match(lines[0], /^Invalid configuration: PORT must be an integer from 1 to 65535, got "abc"$/)
  t.match(error.message, /SSE_PING_MS must be an integer from 50/)
  t.match(error.message, /STT_TIMESTAMP_ZONE must be an IANA time zone/)
  t.match(error.message, /LOG_LEVEL must be one of fatal, error/)
})

test('secrets are not echoed and auth needs a token secret', async (t) => {
  const error = t.throws(() => loadConfig({ AUTH_API_KEYS: 'k1', STREAM_TOKEN_SECRET: 'short-secret-value' })) as ConfigError
  t.match(error.message, /STREAM_TOKEN_SECRET must be a string of at least 32 characters, got \(hidden\)/)
  t.notMatch(error.message, /short-secret-value/)
  const config = loadConfig({ AUTH_API_KEYS: 'k1,k2', STREAM_TOKEN_SECRET: 'x'.repeat(32) })
  t.equal(config.authEnabled, true)
  t.same(config.authApiKeys, ['k1', 'k2'])
})

test('the Event Hubs close timeout leaves room in the shutdown grace for both closing steps', async (t) => {
  const hub = { EVENTHUBS_LISTEN_CONNECTION_STRING: 'Endpoint=sb://127.0.0.1/;SharedAccessKeyName=listen;SharedAccessKey=k;EntityPath=stt' }
  const error = t.throws(() => loadConfig({ ...hub, EVENTHUBS_CLOSE_TIMEOUT_MS: '6000', SHUTDOWN_GRACE_MS: '10000' })) as ConfigError
  t.match(error.message, /EVENTHUBS_CLOSE_TIMEOUT_MS twice \(12000 ms\) must stay below SHUTDOWN_GRACE_MS \(10000 ms\)/)
  t.equal(loadConfig({ ...hub, EVENTHUBS_CLOSE_TIMEOUT_MS: '6000', SHUTDOWN_GRACE_MS: '25000' }).eventhubsCloseTimeoutMs, 6000)
  t.equal(loadConfig({ SHUTDOWN_GRACE_MS: '3000' }).shutdownGraceMs, 3000, 'without a hub to read, the close timeout is not used')
})

test('every setting has a description and a unique name', async (t) => {
  const names = settings.map((s) => s.env)
  t.equal(new Set(names).size, names.length)
  for (const s of settings) t.ok(s.description.length > 10, s.env)
})

test('a setting is still read under its former name, and the start-up output says so', async (t) => {
  t.equal(loadConfig({}).store, 'auto')
  t.same(loadConfig({}).deprecations, [])
  const former = loadConfig({ STORE_ENGINE: 'embedded' })
  t.equal(former.store, 'embedded')
  t.same(former.deprecations, ['STORE_ENGINE is deprecated and will be removed; set STORE instead (read STORE_ENGINE="embedded" this time)'])
  const current = loadConfig({ STORE: 'redis', STORE_ENGINE: 'redis' })
  t.equal(current.store, 'redis')
  t.same(current.deprecations, [], 'the same value under both names: the new name is read, nothing to say')
  const error = t.throws(() => loadConfig({ STORE: 'redis', STORE_ENGINE: 'embedded' })) as ConfigError
  t.match(error.message, /STORE_ENGINE is the former name of STORE and they disagree \("embedded" vs "redis"\); set STORE only/)
  t.throws(() => loadConfig({ STORE_ENGINE: 'nowhere' }), /STORE must be one of auto, redis, embedded, got "nowhere"/, 'a bad value under the former name is named by the setting')
})

test('former names are not the name of another setting', async (t) => {
  const names = new Set<string>(settings.map((s) => s.env))
  const renamed = (settings as readonly Setting[]).filter((s) => s.formerly !== undefined)
  t.ok(renamed.length > 0)
  for (const s of renamed) t.notOk(names.has(s.formerly!), `${s.env} formerly ${s.formerly}`)
})

test('REDIS_CLUSTER_NODES: unset is single-server mode; a list of host:port selects the cluster; anything else is refused', async (t) => {
  t.equal(loadConfig({}).redisClusterNodes, undefined)
  t.equal(loadConfig({}).redisClusterRediscoverMs, 1000)
  t.same(loadConfig({ REDIS_CLUSTER_NODES: 'redis-0:6379, 10.0.0.2:7000' }).redisClusterNodes, ['redis-0:6379', '10.0.0.2:7000'])
  const error = t.throws(() => loadConfig({ REDIS_CLUSTER_NODES: 'redis://redis-0:6379' })) as ConfigError
  t.match(error.problems.join('\n'), /REDIS_CLUSTER_NODES must be/)
})
