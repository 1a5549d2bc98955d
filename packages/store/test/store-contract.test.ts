import { test } from 'tap'
import { deleteKeys, recordingLogger, TEST_REDIS_URL, uniquePrefix } from '@meeting-ai/testkit/redis'
import { createEmbeddedStore, createRedisStore } from '../src/index.ts'
import { DEFAULT_LIMITS, storeContract, type MakeEngine } from './contract/index.ts'

// The same suites on both stores: a behaviour the embedded store gets wrong fails here.
const redis: MakeEngine = async (t, limits = {}) => {
  const prefix = uniquePrefix('contract')
  const engine = await createRedisStore({ url: TEST_REDIS_URL, prefix, limits: { ...DEFAULT_LIMITS, ...limits }, logger: recordingLogger() })
  t.teardown(async () => {
    await engine.close()
    await deleteKeys(prefix)
  })
  return engine
}

const embedded: MakeEngine = async (t, limits = {}) => {
  const engine = createEmbeddedStore({ limits: { ...DEFAULT_LIMITS, ...limits }, logger: recordingLogger() })
  t.teardown(() => engine.close())
  return engine
}

test('Redis store', (t) => storeContract(t, redis))
test('embedded store', (t) => storeContract(t, embedded))
