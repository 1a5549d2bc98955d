import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import fastifySseModule, { type SSEPluginOptions } from '@fastify/sse'

// The package is CommonJS: its default import is module.exports, the fastify-plugin-wrapped
// function (its `.default`/`.fastifySSE` are unwrapped and would only see routes of their own
// context). Its typings describe the ESM shape, hence the cast.
const fastifySse = fastifySseModule as unknown as FastifyPluginAsync<SSEPluginOptions>

/**
 * @fastify/sse does the route gating (`sse: { kind: 'only' }` lets a plain GET stream), the
 * SSE headers and the connection lifecycle. Its per-connection heartbeat is off: one shared
 * timer in the viewer registry pings every stream (one timer per process, not per socket).
 * Suggestion frames are written pre-serialised to the raw response (see streaming/), because
 * `reply.sse.send()` would format the same message again for every one of N viewers.
 */
export default fp(async function ssePlugin (app: FastifyInstance) {
  await app.register(fastifySse, { heartbeatInterval: 0 })
}, { name: 'sse' })
