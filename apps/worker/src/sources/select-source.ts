import type { Config } from '@meeting-ai/config'
import { sttStreamBaseKey, sttStreamKeys, type Store } from '@meeting-ai/store'
import type { CheckpointStore, LoadBalancingOptions } from '@azure/event-hubs'
import { SourceConfigError } from '../errors.ts'
import type { WorkerLogger } from '@meeting-ai/ingest'
import type { WorkerMetrics } from '@meeting-ai/ingest'
import { EventHubsSource } from './event-hubs.ts'
import { DEFAULT_STREAM_GROUP, RedisStreamSource, type RedisStreamSourceOptions } from './redis-stream.ts'
import type { SegmentSource } from './source.ts'

export type SourceKind = 'event-hubs' | 'redis-stream' | 'none'

/** STT_SOURCE=auto: Event Hubs when a listen connection string is set, else the Redis stream. */
export function sourceKindOf (config: Config, store: Store): SourceKind {
  if (config.sttSource !== 'auto') return config.sttSource as SourceKind
  if (config.eventhubsListenConnectionString !== undefined) return 'event-hubs'
  // The embedded store has no Redis to read a stream from: events arrive over HTTP only.
  return store.kind === 'redis' ? 'redis-stream' : 'none'
}

/** The prefixed stream keys the redis-stream source reads and producers write (one slot on a cluster). */
export function sttStreamKeysOf (config: Config): string[] {
  return sttStreamKeys(sttStreamBaseKey(config.redisKeyPrefix, config.sttStreamKey, isCluster(config)), config.sttStreamShards)
}

function isCluster (config: Config): boolean {
  return (config.redisClusterNodes?.length ?? 0) > 0
}

export interface SourceOverrides {
  /** Redis for the blocking reader connection; defaults to REDIS_URL. */
  redisUrl?: string
  redisStream?: Partial<Pick<RedisStreamSourceOptions, 'batchSize' | 'blockMs' | 'claimIdleMs' | 'claimIntervalMs' | 'retry' | 'group'>>
  checkpointStore?: CheckpointStore
  loadBalancingOptions?: LoadBalancingOptions
  maxWaitTimeInSeconds?: number
}

export function createSource (options: { config: Config, store: Store, logger: WorkerLogger, metrics: WorkerMetrics } & SourceOverrides): SegmentSource | null {
  const { config, store, logger, metrics } = options
  const kind = sourceKindOf(config, store)
  if (kind === 'none') return null
  if (kind === 'event-hubs') {
    const connectionString = config.eventhubsListenConnectionString
    if (connectionString === undefined) throw new SourceConfigError('STT_SOURCE=event-hubs needs EVENTHUBS_LISTEN_CONNECTION_STRING')
    const checkpointStore = options.checkpointStore ?? store.checkpoints
    return new EventHubsSource({
      connectionString,
      eventHubName: config.eventhubsName,
      consumerGroup: config.eventhubsConsumerGroup,
      checkpointStore,
      maxBatchSize: config.eventhubsMaxBatchSize,
      closeTimeoutMs: config.eventhubsCloseTimeoutMs,
      ...(options.maxWaitTimeInSeconds !== undefined && { maxWaitTimeInSeconds: options.maxWaitTimeInSeconds }),
      ...(options.loadBalancingOptions !== undefined && { loadBalancingOptions: options.loadBalancingOptions }),
      logger,
      metrics
    })
  }
  return new RedisStreamSource({
    url: options.redisUrl ?? config.redisUrl,
    clusterNodes: config.redisClusterNodes,
    clusterRediscoverMs: config.redisClusterRediscoverMs,
    keys: sttStreamKeysOf(config),
    group: DEFAULT_STREAM_GROUP,
    consumer: config.workerId,
    logger,
    metrics,
    ...options.redisStream
  })
}
