import {
  EventHubConsumerClient,
  earliestEventPosition,
  type CheckpointStore,
  type LoadBalancingOptions,
  type PartitionContext,
  type ReceivedEventData,
  type Subscription
} from '@azure/event-hubs'
import { retryUntil, TimedOutError, withTimeout, type BackoffPolicy } from '@meeting-ai/resilience'
import type { WorkerLogger } from '@meeting-ai/ingest'
import type { WorkerMetrics } from '@meeting-ai/ingest'
import type { RawEvent } from '@meeting-ai/ingest'
import { OwnedPartitions, reportOwnedPartitions } from './owned-partitions.ts'
import type { BatchHandler, SegmentSource } from './source.ts'

export interface EventHubsSourceOptions {
  /** Listen-policy connection string. */
  connectionString: string
  /** Needed when the connection string has no EntityPath. */
  eventHubName?: string | undefined
  consumerGroup: string
  /** Shared by the workers of one consumer group (partition ownership + checkpoints). */
  checkpointStore?: CheckpointStore | undefined
  maxBatchSize: number
  /** How long processEvents waits to fill a batch. Default 1 s (segments are small and live). */
  maxWaitTimeInSeconds?: number
  loadBalancingOptions?: LoadBalancingOptions
  logger: WorkerLogger
  metrics: WorkerMetrics
  /** Backoff of a batch the pipeline could not write. */
  retry?: BackoffPolicy
  /** Longest wait for each step of stop() (the subscription, then the client). Default 2 s. */
  closeTimeoutMs?: number
}

const DEFAULT_CLOSE_TIMEOUT_MS = 2000

/** The steps of stop() that wait for the hub and may be abandoned at their deadline. */
type CloseStep = 'subscription' | 'client'

/**
 * Event Hubs through the SDK's consumer client with a Redis checkpoint store. Event Hubs does
 * not redeliver to a running consumer (an error thrown in processEvents is reported and the
 * next batch follows), so a batch the store refused is retried inside processEvents until it
 * is written or the partition is closed, and the checkpoint never moves past an unwritten event.
 */
export class EventHubsSource implements SegmentSource {
  readonly name = 'event-hubs'
  readonly #options: EventHubsSourceOptions
  readonly #stopping = new AbortController()
  /** Partitions whose processing was closed (ownership lost, shutdown): stop retrying there. */
  readonly #closed = new WeakSet<PartitionContext>()
  /** The processEvents call running per partition, which processClose waits for. */
  readonly #inFlight = new Map<PartitionContext, Promise<void>>()
  readonly #owned = new OwnedPartitions()
  /** Sequence number of the last checkpoint written per partition, for the close log. */
  readonly #lastCheckpoint = new WeakMap<PartitionContext, number>()
  #stopReporting: (() => void) | undefined
  #client: EventHubConsumerClient | undefined
  #subscription: Subscription | undefined

  constructor (options: EventHubsSourceOptions) {
    this.#options = options
  }

  async start (handler: BatchHandler): Promise<void> {
    const { connectionString, eventHubName, consumerGroup, checkpointStore, logger, metrics } = this.#options
    // Both series exist from the start, so a rate over them sees the first abandoned close.
    for (const step of ['subscription', 'client'] as const) metrics.sourceCloseTimeouts.inc({ source: this.name, step }, 0)
    const clientOptions = this.#options.loadBalancingOptions === undefined ? {} : { loadBalancingOptions: this.#options.loadBalancingOptions }
    const client = eventHubName === undefined
      ? (checkpointStore === undefined
          ? new EventHubConsumerClient(consumerGroup, connectionString, clientOptions)
          : new EventHubConsumerClient(consumerGroup, connectionString, checkpointStore, clientOptions))
      : (checkpointStore === undefined
          ? new EventHubConsumerClient(consumerGroup, connectionString, eventHubName, clientOptions)
          : new EventHubConsumerClient(consumerGroup, connectionString, eventHubName, checkpointStore, clientOptions))
    this.#client = client
    this.#stopReporting = reportOwnedPartitions(metrics.registry, this.#owned)
    this.#subscription = client.subscribe({
      processInitialize: async (context) => {
        this.#closed.delete(context)
        this.#owned.claimed(context.partitionId, Date.now())
        logger.info({ partitionId: context.partitionId, consumerGroup }, 'event hubs partition claimed')
      },
      processClose: async (reason, context) => {
        this.#closed.add(context)
        this.#owned.released(context.partitionId)
        // On shutdown the SDK gives up this worker's ownership right after every processClose
        // has returned; waiting here for the batch in flight to be written and checkpointed
        // lets the next owner start exactly after it instead of reading it again.
        await this.#inFlight.get(context)
        logger.info({ partitionId: context.partitionId, reason, lastCheckpoint: this.#lastCheckpoint.get(context) }, 'event hubs partition closed')
      },
      processEvents: async (events, context) => {
        if (events.length === 0) return
        const batch = this.#takeIn(events, context, handler)
        this.#inFlight.set(context, batch)
        try {
          await batch
        } finally {
          this.#inFlight.delete(context)
        }
      },
      processError: async (error, context) => {
        metrics.sourceErrors.inc({ source: this.name })
        logger.error({ err: error, partitionId: context.partitionId }, 'event hubs error')
      }
    }, {
      maxBatchSize: this.#options.maxBatchSize,
      maxWaitTimeInSeconds: this.#options.maxWaitTimeInSeconds ?? 1,
      startPosition: earliestEventPosition
    })
    logger.info({ consumerGroup, checkpointStore: checkpointStore !== undefined }, 'event hubs source started')
  }

  /**
   * Closing the subscription closes every partition (processClose waits for its batch in
   * flight), then the SDK (6.0.4, EventProcessor.stop) gives up this worker's ownerships through
   * the checkpoint store (owner id '', an etag-checked claim), so other workers take the
   * partitions at their next update instead of waiting for the ownership to expire.
   *
   * Each step waits for the hub's answers to the detach, end and close frames it sends, and
   * rhea-promise waits 60 s for each one, longer than the shutdown grace: one answer lost and
   * the process would be killed mid-shutdown. So each step gets `closeTimeoutMs`, and a step
   * still waiting then is abandoned (logged, counted).
   */
  async stop (): Promise<void> {
    this.#stopping.abort()
    try {
      await this.#closeWithin('subscription', async () => { await this.#subscription?.close() })
      // An abandoned subscription close may not have reached processClose, which waits for the
      // partition's batch in flight; wait here, so the store is not closed under its checkpoint.
      // The stop signal ends its retries: this is one batch write and its checkpoint at most.
      await Promise.allSettled(this.#inFlight.values())
    } finally {
      await this.#closeWithin('client', async () => { await this.#client?.close() })
      this.#stopReporting?.()
    }
  }

  /** Runs a closing step; past the deadline, stops waiting for it, says so and counts it. */
  async #closeWithin (step: CloseStep, close: () => Promise<void>): Promise<void> {
    const deadlineMs = this.#options.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS
    try {
      await withTimeout(deadlineMs, close)
    } catch (error) {
      if (!(error instanceof TimedOutError)) throw error
      this.#options.metrics.sourceCloseTimeouts.inc({ source: this.name, step })
      // Checkpoints are written before this point, so no event is lost: the partitions not
      // released are read again from their checkpoints once their ownership expires.
      this.#options.logger.warn(step === 'subscription'
        ? { step, deadlineMs, partitionsNotReleased: this.#owned.ids(), effect: 'ownerships not given up are claimed by other workers once they expire, from the last checkpoint' }
        : { step, deadlineMs, effect: 'the connection stays open until the process exits' },
      'event hubs close abandoned at its deadline: the hub had not answered (a detach, end or close) or a batch was still being written')
    }
  }

  /** Writes the batch (retrying), then checkpoints its last event. */
  async #takeIn (events: ReceivedEventData[], context: PartitionContext, handler: BatchHandler): Promise<void> {
    if (!await this.#ingestUntilWritten(events, context, handler)) return
    const last = events[events.length - 1] as ReceivedEventData
    this.#owned.taken(context.partitionId, last.enqueuedTimeUtc.getTime())
    try {
      await context.updateCheckpoint(last)
      this.#lastCheckpoint.set(context, last.sequenceNumber)
    } catch (error) {
      // The events are in Redis; a restart re-reads them and dedupe absorbs the repeat.
      this.#options.metrics.checkpointErrors.inc({ source: this.name })
      this.#options.logger.error({ err: error, partitionId: context.partitionId }, 'event hubs checkpoint update failed')
    }
  }

  async #ingestUntilWritten (events: ReceivedEventData[], context: PartitionContext, handler: BatchHandler): Promise<boolean> {
    const batch: RawEvent[] = events.map((event) => {
      const position = `${context.partitionId}:${event.sequenceNumber}`
      return { body: event.body, position, fallbackDedupeKey: position }
    })
    const written = await retryUntil(async () => { await handler(batch) }, {
      backoff: this.#options.retry ?? { initialMs: 100, maxMs: 5000 },
      signal: this.#stopping.signal,
      stopped: () => this.#closed.has(context),
      onFailure: (error, attempt) => {
        this.#options.metrics.batchesRetried.inc({ source: this.name })
        this.#options.logger.error({ err: error, partitionId: context.partitionId, first: batch[0]?.position, count: batch.length, attempt }, 'batch not written; retrying it before checkpointing')
      }
    })
    return written !== undefined
  }
}
