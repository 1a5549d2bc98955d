import type { FastifyInstance } from 'fastify'
import type { Health, Liveness } from '@meeting-ai/contracts'
import { ref } from '../http/openapi.ts'

export default async function healthRoutes (app: FastifyInstance): Promise<void> {
  // Probes come every few seconds from every orchestrator and balancer: their request lines
  // stay out of the info log (a store that is down is still logged, at warn).
  app.get('/health', {
    logLevel: 'warn',
    schema: {
      operationId: 'getHealth',
      tags: ['operations'],
      summary: 'Service health with the store component (503 when the store is down)',
      // Public on purpose: orchestrators and load balancers probe it without credentials.
      security: [],
      response: {
        200: { description: 'The store answers', ...ref({ $id: 'Health' }) },
        503: { description: 'The store does not answer', ...ref({ $id: 'Health' }) }
      }
    }
  }, async (request, reply): Promise<Health> => {
    const component = app.store.kind === 'redis' ? 'redis' : 'embedded'
    try {
      await app.store.ping()
      return { status: 'UP', engine: app.store.kind, components: { [component]: { status: 'UP' } } }
    } catch (error) {
      request.log.warn({ err: error }, 'health check: store is down')
      reply.code(503)
      return { status: 'DOWN', engine: app.store.kind, components: { [component]: { status: 'DOWN', details: { error: (error as Error).message } } } }
    }
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
