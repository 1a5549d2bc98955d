import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { Counter, Histogram, type Registry } from 'prom-client'
import type { Config } from '@meeting-ai/config'
import { createEngine, OfflineEngine, type AnalysisEngine, type EngineMetrics, type LlmSettings } from '@meeting-ai/llm'

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured analysis engine (OpenAI-compatible provider or offline). */
    llm: AnalysisEngine
    /** The offline extractive engine: what consolidation falls back to when the LLM is late or down. */
    offlineLlm: AnalysisEngine
  }
}

export interface LlmPluginOptions {
  config: Config
  /** An engine made by the caller (tests, all-in-one); default: createEngine(config). */
  engine?: AnalysisEngine
}

// all-in-one shares one registry with the worker, which may have registered the same names.
function metric<T> (registry: Registry, name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make()
}

function engineMetrics (registry: Registry): EngineMetrics {
  const calls = metric(registry, 'meeting_ai_api_llm_calls_total', () => new Counter({
    name: 'meeting_ai_api_llm_calls_total',
    help: 'LLM calls made by the API, by engine, operation and result (ok or an LLM error code)',
    labelNames: ['engine', 'operation', 'result'],
    registers: [registry]
  }))
  const duration = metric(registry, 'meeting_ai_api_llm_call_duration_seconds', () => new Histogram({
    name: 'meeting_ai_api_llm_call_duration_seconds',
    help: 'Wall time of one LLM call made by the API, retries included',
    labelNames: ['engine', 'operation'],
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30],
    registers: [registry]
  }))
  return {
    onCall: (report) => {
      calls.inc({ engine: report.engine, operation: report.operation, result: report.errorCode ?? 'ok' })
      duration.observe({ engine: report.engine, operation: report.operation }, report.durationMs / 1000)
    }
  }
}

/** The analysis engines as app decorations, so routes and services never build their own. */
export default fp(async function llmPlugin (app: FastifyInstance, options: LlmPluginOptions) {
  const engine = options.engine ?? createEngine({ ...(options.config as LlmSettings), metrics: engineMetrics(app.metrics.registry) })
  app.decorate('llm', engine)
  app.decorate('offlineLlm', engine instanceof OfflineEngine ? engine : new OfflineEngine())
  // The fallback must be fast exactly when the budget is nearly spent: load its lazy parts
  // (segmenters, stop-word tables) at start rather than on the first late request.
  app.addHook('onReady', async () => {
    const started = Date.now()
    const minutes = [{ userId: 'warm-up', content: 'Budget: we agreed to cut travel. Kim will send the budget by Friday.\n예산: 출장비를 줄이기로 함. 김민수 님이 금요일까지 예산안을 보내기로 함.' }]
    try {
      const chunk = await app.offlineLlm.analyseChunk({ agendas: [], minutes })
      await app.offlineLlm.reduce({ agendas: [], chunks: [chunk] })
      app.log.debug({ ms: Date.now() - started }, 'offline engine warmed up')
    } catch (error) {
      app.log.warn({ err: error }, 'offline engine warm-up failed')
    }
  })
  app.log.info({ engine: engine.name }, 'analysis engine ready')
}, { name: 'llm', dependencies: ['metrics'] })
