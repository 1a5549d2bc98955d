import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { Config } from '@meeting-ai/config'
import { settledWithin } from '../plugins/external/llm.ts'
import { consolidationMetrics } from './metrics.ts'
import { ConsolidationService } from './service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    consolidation: ConsolidationService
  }
}

export default fp(async function consolidationPlugin (app: FastifyInstance, options: { config: Config }) {
  const { config } = options
  const service = new ConsolidationService({
    engine: app.llm,
    fallback: app.offlineLlm,
    pool: app.analysisPool,
    results: app.store.results,
    metrics: consolidationMetrics(app.metrics.registry),
    logger: app.log,
    limits: {
      budgetMs: config.consolidateBudgetMs,
      contextChars: config.llmContextChars,
      maxMinutesChars: config.maxMinutesChars,
      concurrency: config.llmConcurrency
    }
  })
  app.decorate('consolidation', service)
  // Like the offline engine's warm-up (plugins/external/llm.ts): waited for, up to a limit.
  let warming: Promise<void> | undefined
  app.addHook('onReady', async () => {
    warming = service.warmUp()
    await settledWithin(warming, 3000)
  })
  // Runs whose callers left are finished (within their budget) so their answers are cached before the store closes.
  app.addHook('preClose', async () => { await Promise.all([warming, service.drain()]) })
}, { name: 'consolidation', dependencies: ['store', 'metrics', 'llm', 'analysis-pool'] })
