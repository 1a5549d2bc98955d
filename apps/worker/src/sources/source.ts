import type { RawEvent } from '@meeting-ai/ingest'

/**
 * Takes a batch of events into the pipeline. The source checkpoints or acknowledges the batch
 * only after this resolved; when it rejects, nothing of the batch is acknowledged.
 */
export type BatchHandler = (events: RawEvent[]) => Promise<void>

/** Where STT events come from: Event Hubs or a Redis stream. */
export interface SegmentSource {
  /** Name used in metrics, logs and dead-letter entries. */
  readonly name: string
  start (handler: BatchHandler): Promise<void>
  /** Stops reading; a batch in flight finishes (or is abandoned unacknowledged) first. */
  stop (): Promise<void>
}
