import { test } from 'tap'
import { freePort, recordingLogger, TEST_REDIS_URL, uniquePrefix } from '@meeting-ai/testkit/redis'
import { StoreSelectionError, selectStore, StoreError, type StoreSettings } from '../src/index.ts'

// "No Redis" is a port nothing listens on; the shared Redis on 6379 is never stopped.
async function settings (overrides: Partial<StoreSettings> = {}): Promise<StoreSettings> {
  return {
    store: 'auto',
    redisUrl: `redis://127.0.0.1:${await freePort()}`,
    redisUrlExplicit: false,
    redisKeyPrefix: uniquePrefix('select'),
    windowSegments: 30,
    meetingTtlS: 3600,
    replayStreamMaxlen: 100,
    ...overrides
  }
}

test('all-in-one, REDIS_URL unset, nothing answers at the default: embedded with one warning', async (t) => {
  const logger = recordingLogger()
  const engine = await selectStore(await settings(), { role: 'all-in-one', logger, probeTimeoutMs: 500 })
  t.teardown(() => engine.close())
  t.equal(engine.kind, 'embedded')
  t.equal(logger.lines.length, 1, 'exactly one log line')
  t.equal(logger.lines[0]!.level, 'warn')
  t.match(logger.lines[0]!.msg, /embedded in-memory store.*nothing survives a restart/)
})

test('all-in-one, REDIS_URL unset, Redis answers at the default: redis', async (t) => {
  const logger = recordingLogger()
  const engine = await selectStore(await settings({ redisUrl: TEST_REDIS_URL }), { role: 'all-in-one', logger })
  t.teardown(() => engine.close())
  t.equal(engine.kind, 'redis')
  t.same(logger.lines.filter((line) => line.level === 'warn'), [])
})

test('an explicit REDIS_URL that does not answer stops start-up, fast and clearly', async (t) => {
  const logger = recordingLogger()
  const config = await settings({ redisUrlExplicit: true })
  const started = Date.now()
  const error = await selectStore(config, { role: 'all-in-one', logger }).catch((e: unknown) => e)
  t.ok(error instanceof StoreError)
  t.match(error, { code: 'STORE_UNAVAILABLE', message: /REDIS_URL is set/ })
  t.match((error as Error).message, config.redisUrl, 'names the address')
  t.match((error as Error).message, /unset REDIS_URL or set STORE=embedded/, 'says how to run without Redis')
  t.ok(Date.now() - started < 1500, 'a refused connection fails at once, not after the connect timeout')
  t.same(logger.lines.filter((line) => line.level === 'warn'), [], 'no fallback')
})

test('STORE=redis requires Redis even with REDIS_URL unset', async (t) => {
  await t.rejects(selectStore(await settings({ store: 'redis' }), { role: 'all-in-one', logger: recordingLogger(), connectTimeoutMs: 500 }), { code: 'STORE_UNAVAILABLE', message: /STORE=redis/ })
})

test('the split processes never fall back', async (t) => {
  for (const role of ['api', 'worker'] as const) {
    const error = await selectStore(await settings(), { role, logger: recordingLogger(), connectTimeoutMs: 500 }).catch((e: unknown) => e)
    t.match(error, { code: 'STORE_UNAVAILABLE', message: new RegExp(`the ${role} process always needs Redis`) }, role)
    t.notMatch((error as Error).message, /STORE=embedded/, 'does not suggest what the role cannot run')
  }
})

test('STORE=embedded: forced in all-in-one, refused in the split processes', async (t) => {
  const logger = recordingLogger()
  const engine = await selectStore(await settings({ store: 'embedded', redisUrl: TEST_REDIS_URL, redisUrlExplicit: true }), { role: 'all-in-one', logger })
  t.teardown(() => engine.close())
  t.equal(engine.kind, 'embedded', 'no probe, even when Redis would answer')
  t.same(logger.lines.map((line) => line.level), ['info'], 'a chosen engine is not a warning')
  for (const role of ['api', 'worker'] as const) {
    const error = await selectStore(await settings({ store: 'embedded' }), { role, logger: recordingLogger() }).catch((e: unknown) => e)
    t.ok(error instanceof StoreSelectionError, role)
    t.match(error, { code: 'EMBEDDED_STORE_NOT_ALLOWED', message: /only in the all-in-one process/ })
  }
})

test('credentials in REDIS_URL never reach the error message', async (t) => {
  const config = await settings({ redisUrlExplicit: true })
  const url = config.redisUrl.replace('redis://', 'redis://user:s3cret@')
  const error = await selectStore({ ...config, redisUrl: url }, { role: 'api', logger: recordingLogger(), connectTimeoutMs: 300 }).catch((e: unknown) => e)
  t.notMatch((error as Error).message, /s3cret/)
  t.match((error as Error).message, /user:\*\*\*@/)
})

test('REDIS_CLUSTER_NODES set: the cluster is required, all-in-one included, and named when it does not answer', async (t) => {
  const logger = recordingLogger()
  const node = `127.0.0.1:${await freePort()}`
  const error = await selectStore(await settings({ redisClusterNodes: [node] }), { role: 'all-in-one', logger, connectTimeoutMs: 1000 }).catch((e: unknown) => e)
  t.match(error, { code: 'STORE_UNAVAILABLE', message: /Redis Cluster at .*REDIS_CLUSTER_NODES is set.*fix REDIS_CLUSTER_NODES/ })
  t.match((error as Error).message, node, 'names the nodes')
  t.same(logger.lines.filter((line) => line.level === 'warn'), [], 'no embedded fallback')
})
