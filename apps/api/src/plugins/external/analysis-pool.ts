import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { Config } from '@meeting-ai/config'
import { AnalysisPool } from '@meeting-ai/llm'

declare module 'fastify' {
  interface FastifyInstance {
    /** Worker threads for CPU-heavy analysis, so the event loop keeps serving streams and probes. */
    analysisPool: AnalysisPool
  }
}

export interface AnalysisPoolPluginOptions {
  config: Config
  /** A pool made by the caller (all-in-one shares one with its worker); it is then the caller's to close. */
  pool?: AnalysisPool
}

/** The analysis pool as an app decoration: made from ANALYSIS_THREADS, ANALYSIS_THREAD_NICE and ANALYSIS_QUEUE_MAX unless given. */
export default fp(async function analysisPoolPlugin (app: FastifyInstance, options: AnalysisPoolPluginOptions) {
  const owned = options.pool === undefined
  const pool = options.pool ?? new AnalysisPool({
    threads: options.config.analysisThreads,
    threadNice: options.config.analysisThreadNice,
    maxQueue: options.config.analysisQueueMax,
    registry: app.metrics.registry,
    logger: app.log
  })
  app.decorate('analysisPool', pool)
  if (owned) app.addHook('onClose', async () => { await pool.close() })
  app.log.info({ threads: pool.threads, threadNice: pool.threadNice, maxQueue: pool.maxQueue }, 'analysis pool ready')
}, { name: 'analysis-pool', dependencies: ['metrics'] })
