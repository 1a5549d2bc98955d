import { reconnectDelay, TimedOutError, withTimeout } from '@meeting-ai/resilience'
import { createClient } from 'redis'
import { StoreError } from '../errors.ts'
import type { StoreLogger } from '../types.ts'

export type RedisClient = ReturnType<typeof createClient>

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
  let healthy = false
  client.on('error', (error: Error) => {
    options.onError?.(options.role, error)
    // One line per outage, not one per reconnect attempt.
    if (healthy) {
      healthy = false
      options.logger.error({ err: error, role: options.role }, 'redis connection lost; reconnecting')
    }
  })
  client.on('ready', () => {
    if (!healthy) {
      healthy = true
      options.logger.info({ role: options.role }, 'redis connection ready')
    }
  })
  return client
}

/** Connects, failing after `timeoutMs` instead of retrying forever (start-up checks). */
export async function connectWithin (client: RedisClient, timeoutMs: number): Promise<void> {
  try {
    await withTimeout(timeoutMs, async () => { await client.connect() })
  } catch (error) {
    client.destroy()
    if (error instanceof TimedOutError) throw new StoreError(`redis did not answer within ${timeoutMs} ms`, 'STORE_UNAVAILABLE')
    throw new StoreError('redis connection failed', 'STORE_UNAVAILABLE', { cause: error })
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
