import { Counter, Histogram, Registry, type Metric } from 'prom-client'

/** Every worker metric, prefixed `meeting_ai_worker_`, registered on the registry passed in. */
export interface WorkerMetrics {
  readonly registry: Registry
  readonly eventsIn: Counter<'source' | 'outcome'>
  readonly deadLetters: Counter<'source' | 'code'>
  readonly analysisSeconds: Histogram<'outcome'>
  readonly analyses: Counter<'outcome'>
  readonly llmErrors: Counter
  readonly storeErrors: Counter<'operation'>
  readonly batchesRetried: Counter<'source'>
  readonly sourceErrors: Counter<'source'>
  readonly checkpointErrors: Counter<'source'>
  readonly sourceCloseTimeouts: Counter<'source' | 'step'>
}

/**
 * Two pipelines may share one registry (the all-in-one app, tests with two workers); the
 * second one reuses the metrics the first registered instead of failing on a duplicate name.
 */
function reuse<M extends Metric> (registry: Registry, name: string, create: () => M): M {
  return (registry.getSingleMetric(name) as M | undefined) ?? create()
}

export function createWorkerMetrics (registry: Registry = new Registry()): WorkerMetrics {
  const registers = [registry]
  return {
    registry,
    eventsIn: reuse(registry, 'meeting_ai_worker_events_total', () => new Counter({
      name: 'meeting_ai_worker_events_total',
      help: 'STT events taken in, by source and outcome (accepted, duplicate, rejected)',
      labelNames: ['source', 'outcome'] as const,
      registers
    })),
    deadLetters: reuse(registry, 'meeting_ai_worker_dead_letters_total', () => new Counter({
      name: 'meeting_ai_worker_dead_letters_total',
      help: 'Invalid STT events written to the dead-letter stream, by source and code',
      labelNames: ['source', 'code'] as const,
      registers
    })),
    analysisSeconds: reuse(registry, 'meeting_ai_worker_analysis_duration_seconds', () => new Histogram({
      name: 'meeting_ai_worker_analysis_duration_seconds',
      help: 'Time from taking the analysis lock to publishing (or giving up), by outcome',
      labelNames: ['outcome'] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 40],
      registers
    })),
    analyses: reuse(registry, 'meeting_ai_worker_analyses_total', () => new Counter({
      name: 'meeting_ai_worker_analyses_total',
      help: 'Analyses by outcome: published, empty, busy, below_threshold, lease_lost, failed',
      labelNames: ['outcome'] as const,
      registers
    })),
    llmErrors: reuse(registry, 'meeting_ai_worker_llm_errors_total', () => new Counter({
      name: 'meeting_ai_worker_llm_errors_total',
      help: 'Analysis engine calls that failed (retried later with backoff)',
      registers
    })),
    storeErrors: reuse(registry, 'meeting_ai_worker_store_errors_total', () => new Counter({
      name: 'meeting_ai_worker_store_errors_total',
      help: 'Store operations that failed, by operation',
      labelNames: ['operation'] as const,
      registers
    })),
    batchesRetried: reuse(registry, 'meeting_ai_worker_batches_retried_total', () => new Counter({
      name: 'meeting_ai_worker_batches_retried_total',
      help: 'Source batches retried because the store failed while taking them in',
      labelNames: ['source'] as const,
      registers
    })),
    sourceErrors: reuse(registry, 'meeting_ai_worker_source_errors_total', () => new Counter({
      name: 'meeting_ai_worker_source_errors_total',
      help: 'Errors reported by a source (hub link errors, stream read errors)',
      labelNames: ['source'] as const,
      registers
    })),
    checkpointErrors: reuse(registry, 'meeting_ai_worker_checkpoint_errors_total', () => new Counter({
      name: 'meeting_ai_worker_checkpoint_errors_total',
      help: 'Checkpoints or acknowledgements that failed (the batch is delivered again; dedupe absorbs it)',
      labelNames: ['source'] as const,
      registers
    })),
    sourceCloseTimeouts: reuse(registry, 'meeting_ai_worker_source_close_timeouts_total', () => new Counter({
      name: 'meeting_ai_worker_source_close_timeouts_total',
      help: 'Closing steps of a source abandoned at their deadline on shutdown (the far end never confirmed), by source and step',
      labelNames: ['source', 'step'] as const,
      registers
    }))
  }
}
