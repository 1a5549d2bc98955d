import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { Config } from '@meeting-ai/config'
import { MemoryConsolidationResultStore, RedisConsolidationResultStore, type ConsolidationResultStore, type StoreEngine } from '@meeting-ai/store'
import { settledWithin } from '../plugins/external/llm.ts'
import { consolidationMetrics } from './metrics.ts'
import { ConsolidationService } from './service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    consolidation: ConsolidationService
  }
}

/** The result store that lives where the app's other state lives: Redis, or this process for the embedded engine. */
function resultStoreFor (store: StoreEngine, resultTtlS: number): ConsolidationResultStore {
  const engine = store as StoreEngine & { results?: ConsolidationResultStore, client?: unknown, prefix?: string }
  if (engine.results !== undefined) return engine.results
  if (store.kind === 'redis' && engine.client !== undefined && engine.prefix !== undefined) {
    return new RedisConsolidationResultStore(engine.client as ConstructorParameters<typeof RedisConsolidationResultStore>[0], engine.prefix, { resultTtlS })
  }
  return new MemoryConsolidationResultStore({ resultTtlS })
}

export default fp(async function consolidationPlugin (app: FastifyInstance, options: { config: Config }) {
  const { config } = options
  const service = new ConsolidationService({
    engine: app.llm,
    fallback: app.offlineLlm,
    pool: app.analysisPool,
    results: resultStoreFor(app.store, config.resultTtlS),
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
