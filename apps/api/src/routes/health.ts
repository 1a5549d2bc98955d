import type { FastifyInstance } from 'fastify'
import type { Health, HealthComponent, Liveness } from '@meeting-ai/contracts'
import { ref } from '../http/openapi.ts'

export default async function healthRoutes (app: FastifyInstance): Promise<void> {
  // Probes come every few seconds from every orchestrator and balancer: their request lines
  // stay out of the info log (a store that is down is still logged, at warn).
  app.get('/health', {
    logLevel: 'warn',
    schema: {
      operationId: 'getHealth',
      tags: ['operations'],
      summary: 'Readiness: the store and the analysis queue (503 when the store is down or the analysis queue is full)',
      description: 'Use as the readiness probe: a full analysis queue (components.analysis DOWN) takes the pod out of rotation for new streams and calls without restarting it. GET /health/live is the liveness probe.',
      // Public on purpose: orchestrators and load balancers probe it without credentials.
      security: [],
      response: {
        200: { description: 'The store answers and the analysis queue takes work', ...ref({ $id: 'Health' }) },
        503: { description: 'The store does not answer or the analysis queue is full', ...ref({ $id: 'Health' }) }
      }
    }
  }, async (request, reply): Promise<Health> => {
    const component = app.store.kind === 'redis' ? 'redis' : 'embedded'
    // A full analysis queue makes this pod unready, not dead: Kubernetes sends new streams and
    // consolidations elsewhere while the queue drains, and keeps the open streams here.
    const analysis = app.analysisPool.health()
    let store: HealthComponent
    try {
      await app.store.ping()
      store = { status: 'UP' }
    } catch (error) {
      request.log.warn({ err: error }, 'health check: store is down')
      store = { status: 'DOWN', details: { error: (error as Error).message } }
    }
    const up = store.status === 'UP' && analysis.status === 'UP'
    if (!up) reply.code(503)
    return { status: up ? 'UP' : 'DOWN', store: app.store.kind, engine: app.store.kind, components: { [component]: store, analysis } }
  })

  app.get('/health/live', {
    logLevel: 'warn',
    schema: {
      operationId: 'getLiveness',
      tags: ['operations'],
      summary: 'Liveness: the process answers (never touches the store)',
      security: [],
      response: { 200: { description: 'The process answers', ...ref({ $id: 'Liveness' }) } }
    }
  }, async (): Promise<Liveness> => ({ status: 'UP' }))
}
