import { StoreError } from '../errors.ts'
import { sttStreamKeyFor } from '../keys.ts'
import type { SegmentStreamReader, SegmentStreamWriter, StreamBatch, StreamEntry, StoreLogger } from '../types.ts'
import { connectWithin, createRedisConnection, destroyConnection, type RedisCommands } from './connection.ts'

export interface SegmentStreamReaderOptions {
  url: string
  /** REDIS_CLUSTER_NODES; set, the keys must share a slot (sttStreamBaseKey(…, cluster = true)). */
  clusterNodes?: readonly string[] | undefined
  clusterRediscoverMs?: number | undefined
  /** Full stream keys (prefix included), one per shard. */
  keys: string[]
  group: string
  consumer: string
  logger: StoreLogger
  /** Counts every connection error. */
  onError?: (role: string, error: Error) => void
  connectTimeoutMs?: number
}

/**
 * A consumer group on the STT stream, on a connection of its own: reads block, and a blocked
 * connection can run nothing else.
 */
export async function openSegmentStreamReader (options: SegmentStreamReaderOptions): Promise<SegmentStreamReader> {
  const client = createRedisConnection({
    address: { url: options.url, clusterNodes: options.clusterNodes, rediscoverMs: options.clusterRediscoverMs },
    role: 'stream-reader',
    logger: options.logger,
    ...(options.onError !== undefined && { onError: options.onError })
  })
  await connectWithin(client, options.connectTimeoutMs ?? 5000)
  const reader = new RedisSegmentStreamReader(client, options.keys, options.group, options.consumer)
  try {
    await reader.ensureGroups()
  } catch (error) {
    destroyConnection(client)
    throw error
  }
  return reader
}

class RedisSegmentStreamReader implements SegmentStreamReader {
  constructor (
    private readonly client: RedisCommands,
    private readonly keys: string[],
    private readonly group: string,
    private readonly consumer: string
  ) {}

  async ensureGroups (): Promise<void> {
    const results = await Promise.allSettled(this.keys.map(async (key) => {
      try {
        // From '0': events produced before the first worker ever started are not lost.
        await this.client.xGroupCreate(key, this.group, '0', { MKSTREAM: true })
      } catch (error) {
        if (!String((error as Error).message).includes('BUSYGROUP')) throw error
      }
    }))
    const failed = results.find((result) => result.status === 'rejected')
    if (failed !== undefined) throw failed.reason
  }

  async readGroup (streams: Array<{ key: string, id: string }>, options: { count: number, blockMs?: number }): Promise<StreamBatch[] | null> {
    const reply = await this.client.xReadGroup(this.group, this.consumer, streams, {
      COUNT: options.count,
      ...(options.blockMs !== undefined && { BLOCK: options.blockMs })
    }) as unknown as Array<{ name: string, messages: StreamEntry[] }> | null
    return reply === null ? null : reply.map((stream) => ({ key: stream.name, messages: stream.messages }))
  }

  async claimStale (key: string, minIdleMs: number, cursor: string, count: number): Promise<{ nextCursor: string, messages: StreamEntry[] }> {
    const reply = await this.client.xAutoClaim(key, this.group, this.consumer, minIdleMs, cursor, { COUNT: count })
    return {
      nextCursor: String(reply.nextId),
      // Entries deleted from the stream while pending come back as null.
      messages: reply.messages.filter((entry) => entry !== null) as unknown as StreamEntry[]
    }
  }

  async ack (key: string, ids: string[]): Promise<void> {
    await this.client.xAck(key, this.group, ids)
  }

  close (): void {
    destroyConnection(this.client)
  }
}

export interface SegmentStreamWriterOptions {
  url: string
  clusterNodes?: readonly string[] | undefined
  clusterRediscoverMs?: number | undefined
  /** The stream's base key (prefix included, see sttStreamBaseKey). */
  baseKey: string
  shards: number
  logger: StoreLogger
  connectTimeoutMs?: number
}

/** Producer side of the STT stream: each event goes to its meeting's shard, in the `event` field. */
export async function openSegmentStreamWriter (options: SegmentStreamWriterOptions): Promise<SegmentStreamWriter> {
  const client = createRedisConnection({ address: { url: options.url, clusterNodes: options.clusterNodes, rediscoverMs: options.clusterRediscoverMs }, role: 'stream-writer', logger: options.logger })
  await connectWithin(client, options.connectTimeoutMs ?? 5000)
  return {
    async append (meetingId, event) {
      const id = await client.xAdd(sttStreamKeyFor(options.baseKey, options.shards, meetingId), '*', { event: JSON.stringify(event) })
      if (typeof id !== 'string') throw new StoreError('XADD answered without an entry id', 'STORE_UNEXPECTED_REPLY')
      return id
    },
    async close () {
      await client.close()
    }
  }
}
