import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { Config } from '@meeting-ai/config'
import { createEngine, OFFLINE_ENGINE_NAME, PooledOfflineEngine, prometheusEngineMetrics, warmUpOfflineThreads, type AnalysisEngine } from '@meeting-ai/llm'

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured analysis engine (OpenAI-compatible provider or offline). */
    llm: AnalysisEngine
    /** The offline extractive engine: what consolidation falls back to when the LLM is late or down. */
    offlineLlm: AnalysisEngine
  }
}

// Below Fastify's 10 s plugin timeout, which onReady hooks share.
const WARM_UP_WAIT_MS = 6000

/** Waits for `work` at most `ms`; it goes on regardless. */
export async function settledWithin (work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  await Promise.race([work, new Promise<void>((resolve) => { timer = setTimeout(resolve, ms) })])
  clearTimeout(timer)
}

export interface LlmPluginOptions {
  config: Config
  /** An engine made by the caller (tests, all-in-one); default: createEngine(config). */
  engine?: AnalysisEngine
}

/**
 * The analysis engines as app decorations, so routes and services never build their own.
 * The offline engine always runs on the analysis pool (also when a caller hands in one that
 * would run on the event loop): it is CPU work that takes seconds on a long meeting.
 */
export default fp(async function llmPlugin (app: FastifyInstance, options: LlmPluginOptions) {
  const metrics = prometheusEngineMetrics(app.metrics.registry)
  const given = options.engine ?? createEngine({ ...options.config, metrics, logger: app.log, pool: app.analysisPool })
  const offline = given instanceof PooledOfflineEngine ? given : new PooledOfflineEngine(app.analysisPool, { metrics })
  const engine = given.name === OFFLINE_ENGINE_NAME ? offline : given
  app.decorate('llm', engine)
  app.decorate('offlineLlm', offline)
  // The fallback must be fast exactly when the budget is nearly spent: load its lazy parts
  // (segmenters, stop-word tables) in every thread at start rather than on the first late
  // request. Start-up waits for it, but not for ever: on a starved machine the rest goes on
  // in the background (a first request queues behind it).
  let warming: Promise<void> | undefined
  app.addHook('onReady', async () => {
    const started = Date.now()
    warming = warmUpOfflineThreads(app.analysisPool).then(() => { app.log.debug({ ms: Date.now() - started }, 'offline engine warmed up') }, (error: unknown) => {
      app.log.warn({ err: error }, 'offline engine warm-up failed')
    })
    await settledWithin(warming, WARM_UP_WAIT_MS)
  })
  app.addHook('preClose', async () => { await warming })
  app.log.info({ engine: engine.name }, 'analysis engine ready')
}, { name: 'llm', dependencies: ['metrics', 'analysis-pool'] })
