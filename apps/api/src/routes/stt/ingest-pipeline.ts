import type { FastifyInstance } from 'fastify'
import type { Config } from '@meeting-ai/config'
import { createSegmentPipeline, type SegmentPipeline } from '@meeting-ai/ingest'

/**
 * The pipeline HTTP ingest feeds: the worker's own when it runs in this process (all-in-one),
 * else one this app creates and closes, so a standalone API can take STT events too. Its
 * analysis engine is the app's (`app.llm`, shared with consolidation).
 */
export function ingestPipelineFor (app: FastifyInstance, config: Config, given: SegmentPipeline | undefined): SegmentPipeline {
  if (given !== undefined) return given
  const pipeline = createSegmentPipeline({ config, store: app.store, engine: app.llm, logger: app.log, registry: app.metrics.registry })
  // Analyses already scheduled finish (or give up) before the store they write to closes.
  app.addHook('preClose', async () => { await pipeline.close() })
  return pipeline
}
