import fp from 'fastify-plugin'
import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'

/**
 * Echo the one configured origin that matches (never `*`), no credentials, and let
 * EventSource reconnects and service callers send the headers they need.
 */
export default fp(async function corsPlugin (app: FastifyInstance, options: { origins: string[] }) {
  const allowed = new Set(options.origins)
  await app.register(cors, {
    origin: (origin, callback) => { callback(null, origin !== undefined && allowed.has(origin) ? origin : false) },
    credentials: false,
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Authorization', 'Last-Event-ID', 'Idempotency-Key', 'X-Request-Id'],
    exposedHeaders: ['Retry-After', 'X-Request-Id'],
    maxAge: 600
  })
}, { name: 'cors' })
