import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { Config } from '@meeting-ai/config'
import { StreamMetrics } from '../../streaming/stream-metrics.ts'
import { ViewerRegistry } from '../../streaming/viewer-registry.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Open suggestion streams of this process (see streaming/viewer-registry.ts). */
    streams: ViewerRegistry
  }
}

/** The per-process viewer registry over the store's multiplexed bus. */
export default fp(async function subscriptionsPlugin (app: FastifyInstance, options: { config: Config }) {
  const { config } = options
  const streams = new ViewerRegistry({
    store: app.store,
    metrics: new StreamMetrics(app.metrics.registry),
    log: app.log.child({ component: 'streams' }),
    pingMs: config.ssePingMs,
    retryMs: config.sseRetryMs,
    maxViewersPerMeeting: config.maxViewersPerMeeting,
    maxViewersPerProcess: config.maxViewersPerProcess,
    maxBufferedBytes: config.sseMaxBufferedBytes
  })
  app.decorate('streams', streams)
  // preClose, before the server stops accepting: streams end now, so clients move to another pod.
  app.addHook('preClose', async () => { await streams.close() })
}, { name: 'subscriptions', dependencies: ['store', 'metrics'] })
