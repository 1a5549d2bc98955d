import { createSegmentPipeline, type SegmentPipeline, type SegmentPipelineOptions } from '@meeting-ai/ingest'
import { createSource, type SourceOverrides } from './sources/select-source.ts'
import type { SegmentSource } from './sources/source.ts'

export interface Worker {
  start (): Promise<void>
  stop (): Promise<void>
  readonly pipeline: SegmentPipeline
  /** null when no source runs (STT_SOURCE=none, or the embedded store: HTTP ingest only). */
  readonly source: SegmentSource | null
}

export type WorkerOptions = SourceOverrides & SegmentPipelineOptions

/** The pipeline fed by the configured source. Stopping stops intake first, then analyses. */
export function createWorker (options: WorkerOptions): Worker {
  const pipeline = createSegmentPipeline({
    config: options.config,
    store: options.store,
    engine: options.engine,
    logger: options.logger,
    ...(options.registry !== undefined && { registry: options.registry }),
    ...(options.analysis !== undefined && { analysis: options.analysis })
  })
  // Greedy claims a worker's whole share in one update; ownership expiry decides how soon the
  // partitions of a dead worker are taken over.
  const loadBalancingOptions = options.loadBalancingOptions ?? {
    strategy: options.config.eventhubsLbStrategy,
    updateIntervalInMs: options.config.eventhubsLbUpdateIntervalMs,
    partitionOwnershipExpirationIntervalInMs: options.config.eventhubsOwnershipExpiryMs
  }
  const source = createSource({ ...options, loadBalancingOptions, metrics: pipeline.metrics })
  let started = false
  return {
    pipeline,
    source,
    async start () {
      if (started) return
      started = true
      if (source === null) {
        options.logger.info({}, 'no STT source configured; events arrive over HTTP only')
        return
      }
      await source.start(async (events) => {
        await pipeline.ingest(events, source.name)
      })
    },
    async stop () {
      if (source !== null && started) await source.stop()
      await pipeline.close()
    }
  }
}
