import { reconnectDelay, TimedOutError, withTimeout } from '@meeting-ai/resilience'
import { createClient, createCluster } from 'redis'
import { StoreError } from '../errors.ts'
import type { StoreLogger } from '../types.ts'

export type RedisClient = ReturnType<typeof createClient>
export type RedisClusterClient = ReturnType<typeof createCluster>

/**
 * What the stores need of a connection: the keyed commands, scripts and pub/sub. Both a
 * single-server client and a cluster client have them; the cluster routes each command by
 * its first key, so every call the stores make names keys of one slot.
 */
export type RedisCommands = RedisClient | RedisClusterClient

/** Where Redis is: one server (`url`), or a cluster (`clusterNodes`, with `url` lending scheme and credentials). */
export interface RedisAddress {
  url: string
  /** host:port of some cluster nodes; empty or absent = single-server mode. */
  clusterNodes?: readonly string[] | undefined
  /** REDIS_CLUSTER_REDISCOVER_MS: how often the slots are fetched again while a node is unreachable (0 = only on MOVED/ASK). */
  rediscoverMs?: number | undefined
}

/** Default of REDIS_CLUSTER_REDISCOVER_MS. */
export const DEFAULT_CLUSTER_REDISCOVER_MS = 1000

export function isClusterAddress (address: RedisAddress): boolean {
  return address.clusterNodes !== undefined && address.clusterNodes.length > 0
}

/** A cluster client, told apart from a single-server one by a method only the cluster has. */
export function isClusterClient (client: object): client is RedisClusterClient {
  return typeof (client as { getSlotMaster?: unknown }).getSlotMaster === 'function'
}

export interface RedisClientOptions {
  url: string
  /** Names the connection in logs: commands, subscriber, blocking… */
  role: string
  logger: StoreLogger
  /** Counts every connection error (wired to the redis_errors_total metric). */
  onError?: (role: string, error: Error) => void
  connectTimeoutMs?: number
}

/** Reconnect delays: 50..100 ms at first, doubling up to 1..2 s while the outage lasts. */
const RECONNECT_BACKOFF = { initialMs: 100, maxMs: 2000 }

/**
 * A client that reconnects forever with capped backoff and fails commands at once while
 * disconnected (offline queue off), so callers and /health see an outage instead of hanging.
 * The error listener is mandatory: node-redis crashes the process on an unhandled 'error'.
 */
export function createRedisClient (options: RedisClientOptions): RedisClient {
  const client = createClient({
    url: options.url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: options.connectTimeoutMs ?? 2000,
      reconnectStrategy: reconnectDelay(RECONNECT_BACKOFF)
    }
  })
  const outages = outageLog(options, 'redis connection')
  client.on('error', outages.lost)
  client.on('ready', outages.ready)
  return client
}

/**
 * Counts every connection error and logs one line per outage, not one per reconnect attempt:
 * `lost` after the connection was ready, `ready` once it is again.
 */
function outageLog (options: Pick<RedisClientOptions, 'role' | 'logger' | 'onError'>, what: string): { lost: (error: Error) => void, ready: () => void } {
  let healthy = false
  return {
    lost: (error) => {
      options.onError?.(options.role, error)
      if (healthy) {
        healthy = false
        options.logger.error({ err: error, role: options.role }, `${what} lost; reconnecting`)
      }
    },
    ready: () => {
      if (!healthy) {
        healthy = true
        options.logger.info({ role: options.role }, `${what} ready`)
      }
    }
  }
}

/** Connects a client or a cluster, failing after `timeoutMs` instead of retrying forever (start-up checks). */
export async function connectWithin (client: RedisCommands, timeoutMs: number): Promise<void> {
  const what = isClusterClient(client) ? 'redis cluster' : 'redis'
  try {
    await withTimeout(timeoutMs, async () => { await client.connect() })
  } catch (error) {
    client.destroy()
    if (error instanceof TimedOutError) throw new StoreError(`${what} did not answer within ${timeoutMs} ms`, 'STORE_UNAVAILABLE')
    throw new StoreError(`${what} connection failed`, 'STORE_UNAVAILABLE', { cause: error })
  }
}

/** One-off check whether anything answers PING at `url` (store selection). */
export async function redisAnswers (url: string, timeoutMs = 1000): Promise<boolean> {
  const client = createClient({ url, disableOfflineQueue: true, socket: { connectTimeout: timeoutMs, reconnectStrategy: false } })
  client.on('error', () => { /* the outcome is the return value */ })
  try {
    await connectWithin(client, timeoutMs)
    await client.ping()
    return true
  } catch {
    return false
  } finally {
    if (client.isOpen) client.destroy()
  }
}

export interface RedisConnectionOptions extends Omit<RedisClientOptions, 'url'> {
  address: RedisAddress
}

/**
 * A cluster client over `address.clusterNodes`. Every node connection gets the single-server
 * client's options (offline queue off, capped reconnect backoff) and REDIS_URL's credentials
 * and TLS, since nodes found by discovery are dialled with `defaults`, not the root URLs.
 * Slots are rediscovered on MOVED/ASK and while a node connection is down (watchTopology).
 */
export function createRedisClusterClient (options: RedisConnectionOptions): RedisClusterClient {
  const nodes = options.address.clusterNodes ?? []
  const base = new URL(options.address.url)
  const tls = base.protocol === 'rediss:'
  const cluster = createCluster({
    rootNodes: nodes.map((node) => ({ url: `${base.protocol}//${node}` })),
    defaults: {
      ...(base.username !== '' && { username: decodeURIComponent(base.username) }),
      ...(base.password !== '' && { password: decodeURIComponent(base.password) }),
      disableOfflineQueue: true,
      socket: {
        connectTimeout: options.connectTimeoutMs ?? 2000,
        reconnectStrategy: reconnectDelay(RECONNECT_BACKOFF),
        ...(tls && { tls: true as const })
      }
    }
  })
  const outages = outageLog(options, 'redis cluster node connection')
  cluster.on('error', outages.lost)
  cluster.on('node-error', outages.lost)
  cluster.on('node-ready', outages.ready)
  tryAgainObservers.set(cluster, (error, attempt) => {
    options.onError?.(options.role, error)
    if (attempt === 0) options.logger.warn({ err: error, role: options.role }, 'redis cluster: a script met its slot half-migrated (TRYAGAIN); sending it again')
  })
  watchTopology(cluster, options.address.rediscoverMs ?? DEFAULT_CLUSTER_REDISCOVER_MS, options)
  return cluster
}

const topologyListeners = new WeakMap<RedisClusterClient, Set<() => void>>()

const tryAgainObservers = new WeakMap<object, (error: Error, attempt: number) => void>()

/**
 * Told by the script runner each time it sends a script again because the script's slot is
 * being migrated and its keys are split between two nodes (TRYAGAIN): counted as an error of
 * the client's role, logged on a call's first retry (a reshard may refuse many calls at once).
 */
export function scriptRetried (cluster: object, error: Error, attempt: number): void {
  tryAgainObservers.get(cluster)?.(error, attempt)
}

/** Calls `listener` after the cluster's masters changed (a failover) or its connections came back after an outage. */
export function onTopologyChange (cluster: RedisClusterClient, listener: () => void): void {
  let listeners = topologyListeners.get(cluster)
  if (listeners === undefined) topologyListeners.set(cluster, listeners = new Set())
  listeners.add(listener)
}

interface SlotsWithRediscover { rediscover: (startWith: unknown) => Promise<void> }

/**
 * node-redis 5 fetches the slots again only when a node answers MOVED or ASK (node-redis
 * #2806). A SIGKILLed master answers nothing: its slots' commands fail with "client is
 * offline" forever, although a replica took over within cluster-node-timeout. So while any
 * master connection is down, this asks the cluster client to rediscover every `intervalMs`,
 * until every master it knows is connected. That call is on `_slots`, which node-redis types
 * as public but names as internal: a start-up check makes sure it is there, and without it
 * (or with REDIS_CLUSTER_REDISCOVER_MS=0) the client keeps node-redis' own behaviour.
 */
function watchTopology (cluster: RedisClusterClient, intervalMs: number, options: Pick<RedisConnectionOptions, 'logger' | 'role'>): void {
  const slots = (cluster as unknown as { _slots?: Partial<SlotsWithRediscover> })._slots
  if (intervalMs <= 0) return
  if (typeof slots?.rediscover !== 'function') {
    options.logger.warn({ role: options.role }, 'redis cluster: this node-redis has no _slots.rediscover; after a master failover the client recovers only on MOVED/ASK')
    return
  }
  const rediscover = slots.rediscover.bind(slots)
  let timer: NodeJS.Timeout | undefined
  const mastersOf = (): string => cluster.masters.map((master) => master.address).sort().join(',')
  const allConnected = (): boolean => cluster.masters.every((master) =>
    master.client?.isReady === true && (master.pubSub === undefined || master.pubSub.client.isReady))
  const tick = async (): Promise<void> => {
    timer = undefined
    if (!cluster.isOpen) return
    const before = mastersOf()
    const startWith = cluster.masters.find((master) => master.client?.isReady === true)?.client ?? cluster.masters[0]?.client
    if (startWith !== undefined) {
      await rediscover(startWith).catch((error: unknown) => {
        options.logger.warn({ err: error, role: options.role }, 'redis cluster: rediscovering the slots failed; retrying')
      })
    }
    const connected = allConnected()
    if (mastersOf() !== before) {
      options.logger.info({ role: options.role, masters: mastersOf() }, 'redis cluster: masters changed')
      for (const listener of topologyListeners.get(cluster) ?? []) listener()
    } else if (connected) {
      // Same masters, connections back after an outage: what was published meanwhile never
      // reached the sharded subscribers, so the listeners replay too.
      for (const listener of topologyListeners.get(cluster) ?? []) listener()
    }
    if (!connected) schedule()
  }
  const schedule = (): void => {
    if (timer !== undefined || !cluster.isOpen) return
    timer = setTimeout(() => { tick().catch(() => { /* tick logs its own failures */ }) }, intervalMs)
    timer.unref()
  }
  cluster.on('node-reconnecting', schedule)
  cluster.on('node-error', schedule)
}

/** A single-server client or a cluster client, as the address says. */
export function createRedisConnection (options: RedisConnectionOptions): RedisCommands {
  if (isClusterAddress(options.address)) return createRedisClusterClient(options)
  const { address, ...rest } = options
  return createRedisClient({ ...rest, url: address.url })
}

/** Closes a connection that may be open, connecting or already gone. */
export function destroyConnection (client: RedisCommands): void {
  if (client.isOpen) client.destroy()
}

/** One-off check whether the address answers PING (store selection); for a cluster, that discovery and a PING succeed. */
export async function redisAddressAnswers (address: RedisAddress, timeoutMs = 1000): Promise<boolean> {
  if (!isClusterAddress(address)) return await redisAnswers(address.url, timeoutMs)
  const cluster = createRedisClusterClient({ address, role: 'probe', logger: { info () {}, warn () {}, error () {} }, connectTimeoutMs: timeoutMs })
  try {
    await connectWithin(cluster, timeoutMs)
    await cluster.sendCommand(undefined, true, ['PING'])
    return true
  } catch {
    return false
  } finally {
    destroyConnection(cluster)
  }
}
