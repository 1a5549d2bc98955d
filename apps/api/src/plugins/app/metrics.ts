import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { collectDefaultMetrics, Counter, Registry } from 'prom-client'

export interface Metrics {
  readonly registry: Registry
  readonly redisErrors: Counter<'role'>
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
  }
}

/**
 * One registry per app instance (not prom-client's global one) so that several apps in
 * one process, as in tests and all-in-one mode, do not collide. Features register their
 * own metrics on `app.metrics.registry` next to the code they measure.
 */
export default fp(async function metricsPlugin (app: FastifyInstance, options: { registry?: Registry }) {
  const registry = options.registry ?? new Registry()
  if (options.registry === undefined) collectDefaultMetrics({ register: registry })
  const metrics: Metrics = {
    registry,
    redisErrors: new Counter({ name: 'meeting_ai_redis_errors_total', help: 'Redis errors by connection role: connection errors, and on a cluster slot moves and scripts refused while their slot migrates', labelNames: ['role'], registers: [registry] })
  }
  app.decorate('metrics', metrics)

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType)
    return await registry.metrics()
  })
}, { name: 'metrics' })
