import type { ServerResponse } from 'node:http'
import { compareStreamIds, type ReplayEntry } from '@meeting-ai/store'
import { asHttpChunk, canWriteChunkDirectly } from './direct-chunk-writes.ts'
import { PING_FRAME, suggestionFrame } from './sse-frames.ts'
import type { SentEvent, StreamMetrics } from './stream-metrics.ts'

export interface ViewerOptions {
  maxBufferedBytes: number
  metrics: StreamMetrics
  /** Frames go to the socket as prebuilt HTTP chunks when node:http allows (direct-chunk-writes.ts). */
  directChunkWrites: boolean
  /** Called once when the viewer is dropped for being slow (logging). */
  onSlow: (viewer: Viewer) => void
  /** Called once when the connection is gone, whoever ended it. */
  onClose: (viewer: Viewer) => void
  /** An error on the response (the client went away mid-write); the connection closes after it. */
  onError: (viewer: Viewer, error: Error) => void
}

export type ViewerState = 'joining' | 'live' | 'closed'

/**
 * One open stream and the only writer of its bytes. A viewer is `joining` while its replay runs
 * (live entries of its meeting queue meanwhile), then `live` (it gets each framed entry written
 * directly), then `closed`. Its state changes only through these methods.
 */
export class Viewer {
  #state: ViewerState = 'joining'
  /** Live entries that arrived while this viewer was replaying; flushed without duplicates. */
  #pending: ReplayEntry[] = []
  /**
   * Set when this viewer's replay read an entry the meeting's feed has not delivered yet (the
   * pub/sub message can trail the XRANGE): live entries up to this id are skipped once.
   */
  #skipThrough: string | undefined

  constructor (
    readonly meetingId: string,
    private readonly response: ServerResponse,
    private readonly options: ViewerOptions
  ) {
    response.once('close', () => {
      this.#state = 'closed'
      options.onClose(this)
    })
    response.on('error', (error) => { options.onError(this, error) })
  }

  get state (): ViewerState {
    return this.#state
  }

  /**
   * A live entry of this viewer's meeting. While joining it is queued; otherwise it is written as
   * `frame()`, which the feed builds once per entry for all its viewers. True when written.
   */
  offerLive (entry: ReplayEntry, frame: () => Buffer): boolean {
    if (this.#state === 'joining') {
      this.#pending.push(entry)
      return false
    }
    if (this.#skipThrough !== undefined) {
      if (compareStreamIds(entry.id, this.#skipThrough) <= 0) return false
      this.#skipThrough = undefined
    }
    return this.send(frame(), 'ai-suggestion')
  }

  /** One suggestion set of the replay; false once the viewer is closed. */
  sendEntry (entry: ReplayEntry): boolean {
    return this.send(suggestionFrame(entry.id, entry.payload), 'ai-suggestion')
  }

  sendReset (frame: Buffer): boolean {
    return this.send(frame, 'reset')
  }

  sendPing (): boolean {
    return this.send(PING_FRAME, 'ping')
  }

  /** The `retry:` hint: not an event, so not counted. */
  sendRetry (frame: Buffer): boolean {
    return this.write(frame)
  }

  /**
   * Ends the join after the replay, which sent entries up to `lastSent`: the live entries queued
   * meanwhile go out without those already sent, and live delivery takes over. `feedLastId` is the
   * newest entry the feed has delivered; a replay that read past it skips those entries once.
   */
  goLive (lastSent: string | undefined, feedLastId: string | undefined): void {
    if (this.#state !== 'joining') return
    const queued = this.#pending
    this.#pending = []
    for (const entry of queued) {
      if (lastSent !== undefined && compareStreamIds(entry.id, lastSent) <= 0) continue
      if (!this.sendEntry(entry)) return
      lastSent = entry.id
    }
    if (lastSent !== undefined && (feedLastId === undefined || compareStreamIds(lastSent, feedLastId) > 0)) this.#skipThrough = lastSent
    this.#state = 'live'
  }

  /** Ends the stream gracefully (shutdown, failed join): the client reconnects after `retry:`. */
  end (frame?: Buffer): void {
    this.#state = 'closed'
    if (!this.response.destroyed && !this.response.writableEnded) this.response.end(frame)
  }

  /** Writes one event and counts it: the one place sent events are counted. */
  private send (frame: Buffer, event: SentEvent): boolean {
    if (!this.write(frame)) return false
    this.options.metrics.eventSent(event)
    return true
  }

  /**
   * Writes a whole frame. A client that cannot keep up is cut off rather than buffered
   * without bound: it reconnects with the Last-Event-ID of the last event it fully read.
   */
  private write (frame: Buffer): boolean {
    if (this.#state === 'closed') return false
    const response = this.response
    if (response.destroyed || response.writableEnded) {
      this.#state = 'closed'
      return false
    }
    // Measured before writing: a single frame larger than the limit must not drop a client that
    // keeps up, so the backlog is bounded by the limit plus one frame.
    if (response.writableLength > this.options.maxBufferedBytes) {
      this.#state = 'closed'
      this.options.metrics.slowClientsDropped.inc()
      this.options.onSlow(this)
      // destroy, not end: end() would keep the unsent megabytes until the slow client reads them.
      response.destroy()
      return false
    }
    const socket = response.socket
    if (this.options.directChunkWrites && socket !== null && canWriteChunkDirectly(response, socket)) socket.write(asHttpChunk(frame))
    else response.write(frame)
    return true
  }
}
