import type { ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
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
    const socket = response.socket
    if (socket !== null && canWriteChunksDirectly(response, socket)) socket.write(asHttpChunk(frame))
    else response.write(frame)
    return true
  }

  /** Ends the stream gracefully (shutdown, failed join): the client reconnects after `retry:`. */
  end (frame?: Buffer): void {
    if (this.state === 'closed' && (this.response.destroyed || this.response.writableEnded)) return
    this.state = 'closed'
    if (!this.response.destroyed && !this.response.writableEnded) this.response.end(frame)
  }
}

/** What node:http keeps on a response and the stream needs to know (stable since Node 0.x, untyped). */
interface ResponseInternals {
  /** The head is on the socket (not only built). */
  _headerSent?: boolean
  /** The body goes out as HTTP/1.1 chunks. */
  chunkedEncoding?: boolean
}

/**
 * Every `ServerResponse.write` corks the socket, uncorks it on the next tick and sends the
 * chunk header, the data and the trailing CRLF as one `writev`, per stream. For a frame that
 * goes to thousands of streams that costs more than the send itself: at 10k streams the API
 * spent ~30 % more CPU than nginx for the same deliveries and its p99 was 1.4-2.6x Nchan's
 * (bench/RESULTS.md section 1). Once the head is on the wire and node:http holds nothing back,
 * the same bytes - the frame framed as one HTTP chunk, built once per frame - are written to
 * the socket directly. Anything else (head not sent yet, HTTP/1.0 without chunks) goes through
 * `response.write`.
 */
function canWriteChunksDirectly (response: ServerResponse, socket: Socket): boolean {
  const internals = response as unknown as ResponseInternals
  return internals._headerSent === true && internals.chunkedEncoding === true &&
    // Nothing queued inside the response itself (its length is its own queue plus the socket's).
    response.writableLength === socket.writableLength
}

const httpChunks = new WeakMap<Buffer, Buffer>()
const CRLF = Buffer.from('\r\n')

/** The frame as one HTTP/1.1 chunk (`<size hex>\r\n<frame>\r\n`), built once per frame Buffer. */
function asHttpChunk (frame: Buffer): Buffer {
  let chunk = httpChunks.get(frame)
  if (chunk === undefined) {
    chunk = Buffer.concat([Buffer.from(`${frame.length.toString(16)}\r\n`), frame, CRLF])
    httpChunks.set(frame, chunk)
  }
  return chunk
}
