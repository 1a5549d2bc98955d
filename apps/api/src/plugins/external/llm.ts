import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { Config } from '@meeting-ai/config'
import { createEngine, OfflineEngine, prometheusEngineMetrics, type AnalysisEngine } from '@meeting-ai/llm'

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

/** The analysis engines as app decorations, so routes and services never build their own. */
export default fp(async function llmPlugin (app: FastifyInstance, options: LlmPluginOptions) {
  const engine = options.engine ?? createEngine({ ...options.config, metrics: prometheusEngineMetrics(app.metrics.registry), logger: app.log })
  app.decorate('llm', engine)
  app.decorate('offlineLlm', engine instanceof OfflineEngine ? engine : new OfflineEngine())
  // The fallback must be fast exactly when the budget is nearly spent: load its lazy parts
  // (segmenters, stop-word tables) at start rather than on the first late request.
  app.addHook('onReady', async () => {
    const started = Date.now()
    const minutes = [{ userId: 'warm-up', content: 'Budget: we agreed to cut travel. Kim will send the budget by Friday.\n예산: 출장비를 줄이기로 함. 김민수 님이 금요일까지 예산안을 보내기로 함.' }]
    try {
      // A metrics-free instance: the lazy parts are shared by every instance, and the warm-up
      // is no LLM call (meeting_ai_llm_calls_total counts only real work).
      const warmUp = new OfflineEngine()
      const chunk = await warmUp.analyseChunk({ agendas: [], minutes })
      await warmUp.reduce({ agendas: [], chunks: [chunk] })
      app.log.debug({ ms: Date.now() - started }, 'offline engine warmed up')
    } catch (error) {
      app.log.warn({ err: error }, 'offline engine warm-up failed')
    }
  })
  app.log.info({ engine: engine.name }, 'analysis engine ready')
}, { name: 'llm', dependencies: ['metrics'] })
