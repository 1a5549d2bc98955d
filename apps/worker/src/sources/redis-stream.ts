import { backoffDelay, pause, retryUntil, type BackoffPolicy } from '@meeting-ai/resilience'
import { openSegmentStreamReader, type SegmentStreamReader, type StreamBatch, type StreamEntry } from '@meeting-ai/store'
import type { WorkerLogger } from '@meeting-ai/ingest'
import type { WorkerMetrics } from '@meeting-ai/ingest'
import type { RawEvent } from '@meeting-ai/ingest'
import type { BatchHandler, SegmentSource } from './source.ts'

export interface RedisStreamSourceOptions {
  url: string
  /** REDIS_CLUSTER_NODES: set, the reader runs on the cluster (the keys then share one slot). */
  clusterNodes?: readonly string[] | undefined
  clusterRediscoverMs?: number | undefined
  /** Full stream keys (prefix included), one per shard. */
  keys: string[]
  group: string
  consumer: string
  logger: WorkerLogger
  metrics: WorkerMetrics
  /** Entries per read. Default 100. */
  batchSize?: number
  /** How long one XREADGROUP blocks. Default 2000 ms. */
  blockMs?: number
  /** Entries pending this long (their consumer died) are claimed by XAUTOCLAIM. Default 30 s. */
  claimIdleMs?: number
  /** How often to look for such entries. Default 5 s. */
  claimIntervalMs?: number
  /** Backoff of a batch the pipeline could not write, and of failed reads. */
  retry?: BackoffPolicy
}

type ReadReply = StreamBatch[] | null

export const DEFAULT_STREAM_GROUP = 'meeting-ai-worker'

/**
 * The local (and hub-less) source: a consumer group on the STT stream. An entry is XACKed
 * only after the pipeline wrote it, so a crash redelivers it (to this consumer's pending list
 * on restart, or to another worker through XAUTOCLAIM), and the window's dedupe absorbs it.
 * Reads block on a connection of their own, never on the command connection.
 */
export class RedisStreamSource implements SegmentSource {
  readonly name = 'redis-stream'
  readonly #options: Required<Omit<RedisStreamSourceOptions, 'retry' | 'clusterNodes' | 'clusterRediscoverMs'>> & Pick<RedisStreamSourceOptions, 'clusterNodes' | 'clusterRediscoverMs'> & { retry: BackoffPolicy }
  readonly #stopping = new AbortController()
  #client: SegmentStreamReader | undefined
  #loop: Promise<void> | undefined
  #reading = false
  // Set at start and after a failed read or acknowledgement: see #readOwnPending.
  #ownPendingUnread = true

  constructor (options: RedisStreamSourceOptions) {
    this.#options = {
      batchSize: 100,
      blockMs: 2000,
      claimIdleMs: 30_000,
      claimIntervalMs: 5000,
      retry: { initialMs: 100, maxMs: 5000 },
      ...options
    }
  }

  async start (handler: BatchHandler): Promise<void> {
    const { logger, metrics } = this.#options
    const client = await openSegmentStreamReader({
      url: this.#options.url,
      clusterNodes: this.#options.clusterNodes,
      clusterRediscoverMs: this.#options.clusterRediscoverMs,
      keys: this.#options.keys,
      group: this.#options.group,
      consumer: this.#options.consumer,
      logger,
      onError: () => { metrics.sourceErrors.inc({ source: this.name }) }
    })
    this.#client = client
    logger.info({ keys: this.#options.keys, group: this.#options.group, consumer: this.#options.consumer }, 'redis stream source started')
    this.#loop = this.#run(client, handler)
  }

  async stop (): Promise<void> {
    this.#stopping.abort()
    // A blocking read would hold the stop for up to blockMs; a batch in flight is let finish.
    if (this.#reading) this.#client?.close()
    await this.#loop
    this.#client?.close()
  }

  get #stopped (): boolean {
    return this.#stopping.signal.aborted
  }

  async #run (client: SegmentStreamReader, handler: BatchHandler): Promise<void> {
    let nextClaimAt = 0
    let failures = 0
    while (!this.#stopped) {
      if (this.#ownPendingUnread) {
        // Cleared first: an acknowledgement failing during the pass sets it again.
        this.#ownPendingUnread = false
        if (!await this.#readOwnPending(client, handler)) return
      }
      if (Date.now() >= nextClaimAt) {
        if (!await this.#claimAbandoned(client, handler)) return
        nextClaimAt = Date.now() + this.#options.claimIntervalMs
      }
      const reply = await this.#read(client, this.#options.keys.map((key) => ({ key, id: '>' })), true)
      if (reply === undefined) {
        if (this.#stopped) return
        // The read may have been delivered with its reply lost (the master died in between):
        // those entries are this consumer's pending ones now, and '>' never returns them again.
        this.#ownPendingUnread = true
        await pause(backoffDelay(failures++, this.#options.retry), this.#stopping.signal)
        continue
      }
      failures = 0
      for (const stream of reply ?? []) {
        if (!await this.#process(client, stream.key, stream.messages, handler)) return
      }
    }
  }

  /**
   * This consumer's own pending entries (read, never acknowledged), from the start of its
   * pending list: after a restart, and after a failed read or acknowledgement, rather than
   * waiting claimIdleMs for XAUTOCLAIM. false when the source stopped.
   */
  async #readOwnPending (client: SegmentStreamReader, handler: BatchHandler): Promise<boolean> {
    for (const key of this.#options.keys) {
      let cursor = '0'
      let failures = 0
      while (!this.#stopped) {
        const entries = await this.#read(client, [{ key, id: cursor }], false)
        if (entries === undefined) {
          await pause(backoffDelay(failures++, this.#options.retry), this.#stopping.signal)
          continue
        }
        const messages = entries?.[0]?.messages ?? []
        if (messages.length === 0) break
        if (!await this.#process(client, key, messages, handler)) return false
        cursor = messages[messages.length - 1]!.id
      }
    }
    return !this.#stopped
  }

  /** undefined when the read failed (logged and counted). */
  async #read (client: SegmentStreamReader, streams: Array<{ key: string, id: string }>, block: boolean): Promise<ReadReply | undefined> {
    this.#reading = true
    try {
      return await client.readGroup(streams, {
        count: this.#options.batchSize,
        ...(block && { blockMs: this.#options.blockMs })
      })
    } catch (error) {
      if (this.#stopped) return undefined
      this.#options.metrics.sourceErrors.inc({ source: this.name })
      this.#options.logger.error({ err: error }, 'stream read failed; retrying')
      // NOGROUP after a FLUSH or a deleted key: make the group again rather than spin.
      if (String((error as Error).message).includes('NOGROUP')) {
        await client.ensureGroups().catch((groupError: unknown) => {
          this.#options.metrics.sourceErrors.inc({ source: this.name })
          this.#options.logger.error({ err: groupError }, 'making the consumer group again failed; the next read retries')
        })
      }
      return undefined
    } finally {
      this.#reading = false
    }
  }

  /** Entries other consumers took and never acknowledged (they died), claimed for this one. */
  async #claimAbandoned (client: SegmentStreamReader, handler: BatchHandler): Promise<boolean> {
    for (const key of this.#options.keys) {
      let cursor = '0-0'
      do {
        let reply
        try {
          reply = await client.claimStale(key, this.#options.claimIdleMs, cursor, this.#options.batchSize)
        } catch (error) {
          if (this.#stopped) return false
          this.#options.metrics.sourceErrors.inc({ source: this.name })
          this.#options.logger.error({ err: error, key }, 'claiming abandoned stream entries failed')
          break
        }
        const messages = reply.messages
        if (messages.length > 0) {
          this.#options.logger.info({ key, count: messages.length }, 'claimed stream entries abandoned by another consumer')
          if (!await this.#process(client, key, messages, handler)) return false
        }
        cursor = reply.nextCursor
      } while (cursor !== '0-0' && !this.#stopped)
    }
    return true
  }

  /** false when the source stopped before the batch was written (it stays unacknowledged). */
  async #process (client: SegmentStreamReader, key: string, messages: StreamEntry[], handler: BatchHandler): Promise<boolean> {
    const events: RawEvent[] = messages.map(({ id, message }) => ({
      // An entry without the `event` field is dead-lettered as it is, not skipped.
      body: message.event ?? message,
      position: `${key}/${id}`,
      fallbackDedupeKey: id
    }))
    const written = await retryUntil(async () => { await handler(events) }, {
      backoff: this.#options.retry,
      signal: this.#stopping.signal,
      onFailure: (error, attempt) => {
        this.#options.metrics.batchesRetried.inc({ source: this.name })
        this.#options.logger.error({ err: error, key, first: messages[0]?.id, count: messages.length, attempt }, 'batch not written; retrying it')
      }
    })
    if (written === undefined) return false
    try {
      await client.ack(key, messages.map((message) => message.id))
    } catch (error) {
      // Still pending: read again from this consumer's pending list before the next new entries.
      this.#ownPendingUnread = true
      this.#options.metrics.checkpointErrors.inc({ source: this.name })
      this.#options.logger.error({ err: error, key }, 'stream acknowledgement failed; the entries will be redelivered')
    }
    return !this.#stopped
  }
}
