import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { Config } from '@meeting-ai/config'
import { createRedisEngine, type StoreEngine } from '@meeting-ai/store'

declare module 'fastify' {
  interface FastifyInstance {
    store: StoreEngine
  }
}

export interface StorePluginOptions {
  config: Config
  /** An engine shared with the worker (all-in-one) or made by a test; the app does not close it. */
  store?: StoreEngine
}

/** The storage engine: the given one, or a Redis engine this app owns and closes. */
export default fp(async function storePlugin (app: FastifyInstance, options: StorePluginOptions) {
  const { config } = options
  let store = options.store
  if (store === undefined) {
    const owned = await createRedisEngine({
      url: config.redisUrl,
      prefix: config.redisKeyPrefix,
      limits: { windowSegments: config.windowSegments, meetingTtlS: config.meetingTtlS, replayMaxLen: config.replayStreamMaxlen },
      logger: app.log,
      onError: (role) => app.metrics.redisErrors.inc({ role })
    })
    app.addHook('onClose', async () => { await owned.close() })
    store = owned
  }
  app.decorate('store', store)
}, { name: 'store', dependencies: ['metrics'] })
