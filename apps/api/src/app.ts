import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import rateLimit from '@fastify/rate-limit'
import type { Registry } from 'prom-client'
import type { Config } from '@meeting-ai/config'
import type { Store } from '@meeting-ai/store'
import type { SegmentPipeline } from '@meeting-ai/ingest'
import type { AnalysisEngine, AnalysisPool } from '@meeting-ai/llm'
import { loggerOptions } from './logger.ts'
import { tooManyRequests } from './http/problems.ts'
import problemPlugin from './plugins/app/problem.ts'
import metricsPlugin from './plugins/app/metrics.ts'
import authPlugin from './plugins/app/auth.ts'
import storePlugin from './plugins/external/store.ts'
import corsPlugin from './plugins/external/cors.ts'
import swaggerPlugin from './plugins/external/swagger.ts'
import analysisPoolPlugin from './plugins/external/analysis-pool.ts'
import llmPlugin from './plugins/external/llm.ts'
import consolidationPlugin from './consolidation/plugin.ts'
import suggestionStreamsPlugin from './plugins/app/suggestion-streams.ts'
import healthRoutes from './routes/health.ts'
import docsRoutes from './routes/docs.ts'
import suggestionStreamRoutes from './routes/suggestions/stream.ts'
import streamTokenRoutes from './routes/meetings/stream-token.ts'
import sttIngestRoutes from './routes/stt/events.ts'
import consolidateRoutes from './routes/transcripts/consolidate.ts'
import regenerateRoutes from './routes/meetings/regenerate.ts'

export interface BuildAppOptions {
  config: Config
  /** Shared engine (all-in-one, tests); when absent the app connects to REDIS_URL itself. */
  store?: Store
  /** Shared metrics registry (all-in-one); when absent the app has its own. */
  registry?: Registry
  /** The worker's pipeline, fed by HTTP ingest (all-in-one); when absent the app makes its own. */
  pipeline?: SegmentPipeline
  /** Analysis engine (tests, all-in-one); when absent the app makes one from the LLM_* settings. */
  engine?: AnalysisEngine
  /** Worker threads for analysis (all-in-one shares its worker's); when absent the app makes its own. */
  analysisPool?: AnalysisPool
  /** false silences request logs (benchmarks); default follows LOG_LEVEL. */
  logger?: boolean
}

const REQUEST_ID_HEADER = 'x-request-id'

/**
 * The API as a Fastify instance, not listening: server.ts listens, tests inject or listen
 * on an ephemeral port. Plugins and routes are registered explicitly, top to bottom.
 */
export async function buildApp (options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel),
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: REQUEST_ID_HEADER,
    genReqId: () => randomUUID(),
    // Keep-alive sockets must not hold a pod open on shutdown; streams are ended in preClose.
    forceCloseConnections: true,
    ajv: { customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: false, allErrors: false } }
  })

  // Cross-cutting app plugins first: every later error is a problem, every later part can count.
  await app.register(problemPlugin)
  await app.register(metricsPlugin, { ...(options.registry !== undefined && { registry: options.registry }) })

  // External clients.
  await app.register(storePlugin, { config, ...(options.store !== undefined && { store: options.store }) })
  await app.register(corsPlugin, { origins: config.frontendOrigin })
  await app.register(swaggerPlugin)
  await app.register(analysisPoolPlugin, { config, ...(options.analysisPool !== undefined && { pool: options.analysisPool }) })
  await app.register(llmPlugin, { config, ...(options.engine !== undefined && { engine: options.engine }) })
  await app.register(rateLimit, {
    global: false,
    max: Math.max(config.rateLimitPerMinute, 1),
    timeWindow: 60_000,
    keyGenerator: (request) => app.auth.callerOf(request),
    errorResponseBuilder: (_request, context) => tooManyRequests(`Rate limit of ${context.max} requests per minute exceeded`, Math.ceil(context.ttl / 1000))
  })

  // App logic.
  await app.register(authPlugin, { config })
  await app.register(suggestionStreamsPlugin, { config })
  await app.register(consolidationPlugin, { config })

  // Routes.
  await app.register(healthRoutes)
  await app.register(docsRoutes)
  await app.register(suggestionStreamRoutes)
  await app.register(streamTokenRoutes, { config })
  await app.register(sttIngestRoutes, { config, ...(options.pipeline !== undefined && { pipeline: options.pipeline }) })
  await app.register(consolidateRoutes, { config })
  await app.register(regenerateRoutes, { config })

  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id)
  })
  return app
}
