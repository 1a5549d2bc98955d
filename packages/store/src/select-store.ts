import { StoreError } from './errors.ts'
import { createEmbeddedStore, type EmbeddedStore } from './memory/embedded-store.ts'
import { redisAddressAnswers } from './redis/connection.ts'
import { createRedisStore, type RedisStore } from './redis/redis-store.ts'
import { DEFAULT_REPLICATION } from './redis/replication.ts'
import type { StoreLimits, StoreLogger } from './types.ts'

/** The settings store selection reads (a structural slice of @meeting-ai/config's Config). */
export interface StoreSettings {
  /** STORE: auto | redis | embedded (a plain string, as @meeting-ai/config types enums). */
  store: string
  redisUrl: string
  /** REDIS_URL came from the environment: then it must answer, there is no fallback. */
  redisUrlExplicit: boolean
  /** REDIS_CLUSTER_NODES: non-empty, Redis is a cluster and is required (no embedded fallback). */
  redisClusterNodes?: readonly string[] | undefined
  /** REDIS_CLUSTER_REDISCOVER_MS (see RedisAddress.rediscoverMs). */
  redisClusterRediscoverMs?: number | undefined
  redisKeyPrefix: string
  windowSegments: number
  meetingTtlS: number
  replayStreamMaxlen: number
  /** RESULT_TTL_S, for the consolidation result store. */
  resultTtlS?: number
  /** REDIS_WAIT_REPLICAS: replicas that confirm an ingest batch before its source is acknowledged (0 = off). */
  redisWaitReplicas?: number
  /** REDIS_WAIT_TIMEOUT_MS: how long one WAIT blocks. */
  redisWaitTimeoutMs?: number
}

/** all-in-one may run embedded; the split processes share state through Redis and cannot. */
export type ProcessRole = 'all-in-one' | 'api' | 'worker'

export interface SelectStoreOptions {
  role: ProcessRole
  logger: StoreLogger
  /** Counts Redis errors by connection role (the redis_errors_total metric): connection errors, cluster slot moves, scripts refused mid-migration. */
  onError?: (role: string, error: Error) => void
  /** How long the unset-REDIS_URL probe waits before falling back. */
  probeTimeoutMs?: number
  /** How long a required Redis may take to answer at start-up. */
  connectTimeoutMs?: number
}

export type SelectedStore = RedisStore | EmbeddedStore

/** Store selection refused by configuration (not an outage). */
export class StoreSelectionError extends Error {
  readonly code = 'EMBEDDED_STORE_NOT_ALLOWED'
  constructor (message: string) {
    super(message)
    this.name = 'StoreSelectionError'
  }
}

/** The URL without credentials, for messages and logs. */
export function redactRedisUrl (url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password !== '') parsed.password = '***'
    return parsed.toString()
  } catch {
    return '(unparseable REDIS_URL)'
  }
}

export function limitsOf (settings: StoreSettings): StoreLimits {
  return { windowSegments: settings.windowSegments, meetingTtlS: settings.meetingTtlS, replayMaxLen: settings.replayStreamMaxlen }
}

/**
 * Which store a process runs on:
 * - STORE=embedded: embedded (all-in-one only).
 * - STORE=redis, an explicit REDIS_URL, or a split process: Redis, and start-up
 *   stops with STORE_UNAVAILABLE when it does not answer: an operator who named a Redis
 *   must not silently get a store that forgets everything on restart.
 * - otherwise (all-in-one, REDIS_URL unset): Redis at the default address when something
 *   answers there, else the embedded store with one warning, so a first `pnpm start`
 *   works on a machine without Redis.
 */
export async function selectStore (settings: StoreSettings, options: SelectStoreOptions): Promise<SelectedStore> {
  const { role, logger } = options
  if (settings.store === 'embedded') {
    if (role !== 'all-in-one') {
      throw new StoreSelectionError(`STORE=embedded works only in the all-in-one process (pnpm start); the ${role} process shares its state through Redis and needs STORE=redis or auto`)
    }
    logger.info({ store: 'embedded' }, 'store: embedded (STORE=embedded); state lives in this process only')
    return embedded(settings, logger)
  }
  const cluster = (settings.redisClusterNodes?.length ?? 0) > 0
  const redisRequired = settings.store === 'redis' || settings.redisUrlExplicit || cluster || role !== 'all-in-one'
  // One attempt without retries: a refused connection answers at once, so start-up fails (or
  // falls back) in milliseconds instead of after the reconnecting client's timeout.
  const answers = await redisAddressAnswers({ url: settings.redisUrl, clusterNodes: settings.redisClusterNodes, rediscoverMs: 0 }, redisRequired ? options.connectTimeoutMs ?? 5000 : options.probeTimeoutMs ?? 1000)
  if (!redisRequired && !answers) {
    logger.warn(
      { store: 'embedded', redisUrl: redactRedisUrl(settings.redisUrl) },
      `No Redis answers at ${redactRedisUrl(settings.redisUrl)} and REDIS_URL is not set: running on the embedded in-memory store. ` +
      'Fine for one local process; nothing survives a restart and it cannot scale out. Set REDIS_URL to use Redis.'
    )
    return embedded(settings, logger)
  }
  const reason = redisRequired ? `it is required: ${reasonRequired(settings, role)}` : 'it answered the start-up probe'
  if (!answers) throw unavailable(settings, options, reason, 'no PONG: refused, unreachable, or the credentials were rejected')
  const store = await redis(settings, options, reason)
  if (cluster) logger.info({ store: 'redis', clusterNodes: settings.redisClusterNodes }, 'store: redis cluster')
  else logger.info({ store: 'redis', redisUrl: redactRedisUrl(settings.redisUrl) }, 'store: redis')
  return store
}

function reasonRequired (settings: StoreSettings, role: ProcessRole): string {
  if (settings.store === 'redis') return 'STORE=redis'
  if ((settings.redisClusterNodes?.length ?? 0) > 0) return 'REDIS_CLUSTER_NODES is set'
  if (settings.redisUrlExplicit) return 'REDIS_URL is set'
  return `the ${role} process always needs Redis`
}

function embedded (settings: StoreSettings, logger: StoreLogger): EmbeddedStore {
  return createEmbeddedStore({ limits: limitsOf(settings), logger, ...(settings.resultTtlS !== undefined && { resultTtlS: settings.resultTtlS }) })
}

function unavailable (settings: StoreSettings, options: SelectStoreOptions, reason: string, cause: unknown): StoreError {
  const detail = cause instanceof Error ? cause.message : String(cause)
  if ((settings.redisClusterNodes?.length ?? 0) > 0) {
    return new StoreError(`Redis Cluster at ${settings.redisClusterNodes?.join(',') ?? ''} does not answer (${detail}); ${reason}. Start the cluster or fix REDIS_CLUSTER_NODES`, 'STORE_UNAVAILABLE', { cause })
  }
  return new StoreError(
    `Redis at ${redactRedisUrl(settings.redisUrl)} does not answer (${detail}); ${reason}. Start Redis or fix REDIS_URL` +
    (options.role === 'all-in-one' ? '; to run without Redis, unset REDIS_URL or set STORE=embedded' : ''),
    'STORE_UNAVAILABLE',
    { cause }
  )
}

async function redis (settings: StoreSettings, options: SelectStoreOptions, reason: string): Promise<RedisStore> {
  try {
    return await createRedisStore({
      url: settings.redisUrl,
      clusterNodes: settings.redisClusterNodes,
      clusterRediscoverMs: settings.redisClusterRediscoverMs,
      prefix: settings.redisKeyPrefix,
      limits: limitsOf(settings),
      logger: options.logger,
      ...(options.onError !== undefined && { onError: options.onError }),
      connectTimeoutMs: options.connectTimeoutMs ?? 5000,
      ...(settings.resultTtlS !== undefined && { resultTtlS: settings.resultTtlS }),
      replication: { replicas: settings.redisWaitReplicas ?? DEFAULT_REPLICATION.replicas, timeoutMs: settings.redisWaitTimeoutMs ?? DEFAULT_REPLICATION.timeoutMs }
    })
  } catch (error) {
    throw unavailable(settings, options, reason, error)
  }
}
