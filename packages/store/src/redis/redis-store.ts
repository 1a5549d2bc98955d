import { RedisCheckpointStore } from '../checkpoints/redis-checkpoint-store.ts'
import { StoreError } from '../errors.ts'
import { RedisConsolidationResultStore } from '../results/redis-result-store.ts'
import { DEFAULT_RESULT_TTL_S } from '../results/types.ts'
import type { Store, StoreLimits, StoreLogger } from '../types.ts'
import { RedisAnalysisLocks } from './analysis-locks.ts'
import { connectWithin, createRedisConnection, destroyConnection, isClusterAddress, type RedisCommands } from './connection.ts'
import { RedisDeadLetterStore } from './dead-letters.ts'
import { DEFAULT_REPLICATION, RedisReplicationWait, type ReplicationSettings } from './replication.ts'
import { RedisSuggestionBus } from './suggestion-bus.ts'
import { RedisSuggestionLog } from './suggestion-log.ts'
import { RedisSegmentWindowStore } from './window-store.ts'

export interface RedisStoreOptions {
  url: string
  /** REDIS_CLUSTER_NODES: set and non-empty, the store runs on a Redis Cluster (see createRedisClusterClient). */
  clusterNodes?: readonly string[] | undefined
  /** REDIS_CLUSTER_REDISCOVER_MS (see RedisAddress.rediscoverMs). */
  clusterRediscoverMs?: number | undefined
  prefix: string
  limits: StoreLimits
  logger: StoreLogger
  onError?: (role: string, error: Error) => void
  /** Start-up fails after this long without an answer. */
  connectTimeoutMs?: number
  /** How long /health waits for PING before reporting DOWN. */
  pingTimeoutMs?: number
  /** RESULT_TTL_S of the consolidation result store; default 7 days. */
  resultTtlS?: number
  /** REDIS_WAIT_REPLICAS / REDIS_WAIT_TIMEOUT_MS; default no WAIT. */
  replication?: ReplicationSettings
}

export interface RedisStore extends Store {
  readonly kind: 'redis'
  /** Whether it runs on a Redis Cluster (REDIS_CLUSTER_NODES). */
  readonly cluster: boolean
  /** The command connection, for tests and tools that inspect keys; the app goes through the stores. */
  readonly client: RedisCommands
  readonly prefix: string
  readonly bus: RedisSuggestionBus
  readonly checkpoints: RedisCheckpointStore
  readonly results: RedisConsolidationResultStore
}

/**
 * Separate connections for commands and pub/sub (a subscribed connection can run nothing
 * else); blocking readers create their own with `createRedisConnection`. A cluster client
 * keeps its sharded pub/sub connections (one per master) apart from its command ones
 * already, so on a cluster one client serves both.
 */
export async function createRedisStore (options: RedisStoreOptions): Promise<RedisStore> {
  const address = { url: options.url, clusterNodes: options.clusterNodes, rediscoverMs: options.clusterRediscoverMs }
  const cluster = isClusterAddress(address)
  const connect = async (role: string): Promise<RedisCommands> => {
    const client = createRedisConnection({ address, role, logger: options.logger, ...(options.onError !== undefined && { onError: options.onError }) })
    await connectWithin(client, options.connectTimeoutMs ?? 5000)
    return client
  }
  const client = await connect('commands')
  let subscriber: RedisCommands
  try {
    subscriber = cluster ? client : await connect('subscriber')
  } catch (error) {
    destroyConnection(client)
    throw error
  }
  const pingTimeoutMs = options.pingTimeoutMs ?? 1000
  return {
    kind: 'redis',
    cluster,
    client,
    prefix: options.prefix,
    windows: new RedisSegmentWindowStore(client, options.prefix, options.limits),
    locks: new RedisAnalysisLocks(client, options.prefix, options.limits),
    suggestions: new RedisSuggestionLog(client, options.prefix, options.limits),
    bus: new RedisSuggestionBus(subscriber, options.prefix, options.logger, options.onError),
    deadLetters: new RedisDeadLetterStore(client, options.prefix),
    checkpoints: new RedisCheckpointStore(client, options.prefix),
    results: new RedisConsolidationResultStore(client, options.prefix, { resultTtlS: options.resultTtlS ?? DEFAULT_RESULT_TTL_S }),
    replication: new RedisReplicationWait(client, options.prefix, options.replication ?? DEFAULT_REPLICATION),
    async ping () {
      let timer: NodeJS.Timeout | undefined
      try {
        await Promise.race([
          client.ping(),
          new Promise<never>((_resolve, reject) => {
            timer = setTimeout(() => reject(new StoreError(`redis did not answer PING within ${pingTimeoutMs} ms`, 'STORE_UNAVAILABLE')), pingTimeoutMs)
          })
        ])
      } finally {
        clearTimeout(timer)
      }
    },
    async close () {
      await Promise.allSettled(subscriber === client ? [client.close()] : [subscriber.close(), client.close()])
    }
  }
}
