import type { Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { configFrom, type Config } from '@meeting-ai/config'
import { deleteKeys, TEST_REDIS_URL, uniquePrefix } from '@meeting-ai/testkit/redis'
import { buildApp, type BuildAppOptions } from '../../src/app.ts'

export interface TestApp {
  app: FastifyInstance
  config: Config
  prefix: string
}

/** An app on the shared test Redis under a fresh key prefix, closed and cleaned after the test. */
export async function buildTestApp (t: Test, env: Record<string, string> = {}, options: Partial<BuildAppOptions> = {}): Promise<TestApp> {
  const prefix = uniquePrefix('api')
  const config = configFrom({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'silent', ...env })
  const app = await buildApp({ config, ...options })
  t.teardown(async () => {
    await app.close()
    await deleteKeys(prefix)
  })
  return { app, config, prefix }
}
