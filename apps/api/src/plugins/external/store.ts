import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { Config } from '@meeting-ai/config'
import { selectStore, type Store } from '@meeting-ai/store'

declare module 'fastify' {
  interface FastifyInstance {
    store: Store
  }
}

export interface StorePluginOptions {
  config: Config
  /** A store shared with the worker (all-in-one) or made by a test; the app does not close it. */
  store?: Store
}

/** The store: the given one (all-in-one, tests), or a Redis store this app owns and closes. */
export default fp(async function storePlugin (app: FastifyInstance, options: StorePluginOptions) {
  const { config } = options
  let store = options.store
  if (store === undefined) {
    // The API process alone always runs on Redis: selectStore refuses STORE=embedded
    // and stops start-up with a clear STORE_UNAVAILABLE when Redis does not answer.
    const owned = await selectStore(config, {
      role: 'api',
      logger: app.log,
      onError: (role) => app.metrics.redisErrors.inc({ role })
    })
    app.addHook('onClose', async () => { await owned.close() })
    store = owned
  }
  app.decorate('store', store)
}, { name: 'store', dependencies: ['metrics'] })
