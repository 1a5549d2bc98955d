import type { ServerResponse } from 'node:http'
import type { ReplayEntry } from '@meeting-ai/store'
import type { StreamMetrics } from './stream-metrics.ts'

export interface ViewerOptions {
  maxBufferedBytes: number
  metrics: StreamMetrics
  /** Called once when the viewer is dropped for being slow (logging). */
  onSlow: (viewer: Viewer) => void
}

/**
 * One open stream. A viewer is `joining` while its replay runs (live entries of its meeting
 * queue in `pending`), then `live` (it gets each framed entry written directly).
 */
export class Viewer {
  state: 'joining' | 'live' | 'closed' = 'joining'
  /** Live entries that arrived while this viewer was replaying; flushed without duplicates. */
  pending: ReplayEntry[] = []
  /**
   * Set when this viewer's replay read an entry the meeting's feed has not delivered yet (the
   * pub/sub message can trail the XRANGE): live entries up to this id are skipped once.
   */
  skipThrough: string | undefined

  constructor (
    readonly meetingId: string,
    readonly response: ServerResponse,
    private readonly options: ViewerOptions
  ) {}

  /**
   * Writes a whole frame. A client that cannot keep up is cut off rather than buffered
   * without bound: it reconnects with the Last-Event-ID of the last event it fully read.
   * Callers count sent events in bulk (one counter update per broadcast, not per socket).
   */
  write (frame: Buffer): boolean {
    if (this.state === 'closed') return false
    const response = this.response
    if (response.destroyed || response.writableEnded) {
      this.state = 'closed'
      return false
    }
    // Measured before writing: a single frame larger than the limit must not drop a client that
    // keeps up, so the backlog is bounded by the limit plus one frame.
    if (response.writableLength > this.options.maxBufferedBytes) {
      this.state = 'closed'
      this.options.metrics.slowClientsDropped.inc()
      this.options.onSlow(this)
      // destroy, not end: end() would keep the unsent megabytes until the slow client reads them.
      response.destroy()
      return false
    }
    response.write(frame)
    return true
  }

  /** Ends the stream gracefully (shutdown, failed join): the client reconnects after `retry:`. */
  end (frame?: Buffer): void {
    if (this.state === 'closed' && (this.response.destroyed || this.response.writableEnded)) return
    this.state = 'closed'
    if (!this.response.destroyed && !this.response.writableEnded) this.response.end(frame)
  }
}
