import type { ServerResponse } from 'node:http'
import type { FastifyBaseLogger, FastifyReply } from 'fastify'
import type { Registry } from 'prom-client'
import type { Store } from '@meeting-ai/store'
import { MeetingFeed } from './meeting-feed.ts'
import { commentFrame, retryFrame } from './sse-frames.ts'
import { type LimitKind, StreamMetrics } from './stream-metrics.ts'
import { Viewer } from './viewer.ts'

export interface SuggestionStreamsOptions {
  store: Store
  registry: Registry
  log: FastifyBaseLogger
  pingMs: number
  retryMs: number
  maxViewersPerMeeting: number
  maxViewersPerProcess: number
  maxBufferedBytes: number
  /** Write frames to the socket as prebuilt HTTP chunks (only after checkDirectChunkWrites() passed). */
  directChunkWrites: boolean
}

/**
 * The head of every suggestion stream. `no-transform` and `X-Accel-Buffering: no` keep proxies
 * (nginx) from compressing or buffering it; headers already on the reply (CORS, request id) are
 * added after these and win.
 */
const SSE_HEAD: ReadonlyArray<[string, string]> = [
  ['content-type', 'text/event-stream'],
  ['cache-control', 'no-cache, no-transform'],
  ['connection', 'keep-alive'],
  ['x-accel-buffering', 'no']
]

/**
 * Every open suggestion stream of this process, from its first byte to its end: the head, the
 * viewer limits, one bus subscription per meeting with viewers, one ping timer for all streams,
 * the metrics and shutdown. `serve()` is the one entry; the route only does HTTP before it.
 *
 * It writes the wire itself (no SSE plugin): frames are built once per entry and the same
 * Buffer goes to every viewer of a meeting, which a per-connection `send(message)` API (as
 * @fastify/sse's) cannot do without formatting the message again for each of N viewers.
 */
export class SuggestionStreams {
  private readonly feeds = new Map<string, MeetingFeed>()
  private readonly viewers = new Set<Viewer>()
  private readonly metrics: StreamMetrics
  /**
   * The viewers split into slots pinged one after the other across SSE_PING_MS, so that no tick
   * writes to every stream at once (that held deliveries back at 10k streams): with a slot every
   * 20 ms a tick writes ~40 pings at 10k streams.
   */
  private readonly pingSlots: Array<Set<Viewer>>
  private readonly pingSlotOf = new Map<Viewer, Set<Viewer>>()
  private nextSlot = 0
  private pingSlot = 0
  private pingTimer: NodeJS.Timeout | undefined
  private closing = false

  constructor (private readonly options: SuggestionStreamsOptions) {
    this.metrics = new StreamMetrics(options.registry, { viewers: () => this.viewers.size, meetings: () => this.feeds.size })
    // At most 250 slots, and none shorter than 20 ms apart (short test intervals keep one slot).
    const slots = Math.max(1, Math.min(250, Math.floor(options.pingMs / 20)))
    this.pingSlots = Array.from({ length: slots }, () => new Set<Viewer>())
    // The bus resubscribed by itself; entries published while it was away come from the replay
    // stream: for every meeting, or only for those whose cluster slot moved.
    options.store.bus.onReconnect((meetingIds) => {
      const feeds = meetingIds === undefined ? [...this.feeds.values()] : meetingIds.flatMap((id) => this.feeds.get(id) ?? [])
      for (const feed of feeds) {
        feed.recover().catch((error: unknown) => { options.log.error({ err: error, meetingId: feed.meetingId }, 'suggestion recovery failed') })
      }
    })
  }

  get viewerCount (): number {
    return this.viewers.size
  }

  get meetingCount (): number {
    return this.feeds.size
  }

  /**
   * Streams `meetingId` on `reply` (the route has done auth; nothing is sent yet) from `from`
   * (a Last-Event-ID, `0` for everything kept, undefined for live only): the head, then either a
   * turn-away under a viewer limit or `retry:`, the replay and live entries until the client or
   * the server ends it. Never throws: a store failure ends the stream so the client reconnects
   * with its Last-Event-ID.
   */
  async serve (meetingId: string, reply: FastifyReply, from: string | undefined): Promise<void> {
    const response = reply.raw
    for (const [name, value] of SSE_HEAD) response.setHeader(name, value)
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) response.setHeader(name, value)
    response.writeHead(200)
    // Gone while auth ran: 'close' has fired already, so a viewer would never be removed.
    if (response.destroyed) return
    const limit = this.admit(meetingId)
    if (limit !== null) {
      reply.log.info({ meetingId, limit }, 'suggestion stream turned away by a viewer limit')
      this.reject(response, limit)
      return
    }
    await this.open(meetingId, response, reply.log, from)
  }

  /** Which limit, if any, turns a new viewer of `meetingId` away. */
  private admit (meetingId: string): LimitKind | null {
    if (this.closing) return 'shutdown'
    if (this.viewers.size >= this.options.maxViewersPerProcess) return 'process'
    if ((this.feeds.get(meetingId)?.viewerCount ?? 0) >= this.options.maxViewersPerMeeting) return 'meeting'
    return null
  }

  /**
   * Turns a viewer away without an error status (EventSource would give up for good on one):
   * a jittered `retry:` spreads the reconnects, then the stream ends.
   */
  private reject (response: ServerResponse, limit: LimitKind): void {
    this.metrics.limitRejections.inc({ limit })
    const retryMs = Math.round(this.options.retryMs * (1 + Math.random() * 2))
    response.end(Buffer.concat([retryFrame(retryMs), commentFrame(limit === 'shutdown' ? 'server shutting down; reconnect' : `viewer limit per ${limit} reached; retry later`)]))
  }

  private async open (meetingId: string, response: ServerResponse, requestLog: FastifyBaseLogger, from: string | undefined): Promise<void> {
    const { metrics } = this
    const { log, maxBufferedBytes } = this.options
    let feed = this.feeds.get(meetingId)
    if (feed === undefined) {
      feed = new MeetingFeed(meetingId, { store: this.options.store, metrics, log })
      this.feeds.set(meetingId, feed)
    }
    const joined = feed
    const viewer = new Viewer(meetingId, response, {
      maxBufferedBytes,
      metrics,
      directChunkWrites: this.options.directChunkWrites,
      onSlow: () => { log.info({ meetingId, maxBufferedBytes }, 'slow SSE client dropped') },
      onClose: (closed) => { this.remove(closed, joined) },
      // The client went away mid-write; 'close' follows and removes the viewer.
      onError: (_viewer, error) => { requestLog.info({ err: error }, 'SSE connection closed') }
    })
    this.viewers.add(viewer)
    const slot = this.pingSlots[this.slotForNewViewer()]!
    slot.add(viewer)
    this.pingSlotOf.set(viewer, slot)
    this.startPing()
    try {
      await feed.join(viewer, from, retryFrame(this.options.retryMs))
    } catch (error) {
      metrics.replayFailures.inc({ phase: 'join' })
      log.warn({ err: error, meetingId }, 'suggestion stream could not subscribe or replay; closing it so the client retries')
      // A feed whose subscription failed is forgotten so that the next viewer subscribes afresh.
      if (this.feeds.get(meetingId) === feed && await feed.subscribed.then(() => false, () => true)) this.dropFeed(feed)
      viewer.end()
    }
  }

  private remove (viewer: Viewer, feed: MeetingFeed): void {
    if (!this.viewers.delete(viewer)) return
    this.pingSlotOf.get(viewer)?.delete(viewer)
    this.pingSlotOf.delete(viewer)
    if (feed.leave(viewer) === 0 && this.feeds.get(feed.meetingId) === feed) this.dropFeed(feed)
    if (this.viewers.size === 0) this.stopPing()
  }

  private dropFeed (feed: MeetingFeed): void {
    this.feeds.delete(feed.meetingId)
    feed.release().catch(() => { /* release logs its own failures */ })
  }

  /**
   * One of the slots pinged most recently (the last quarter of the cycle), taken in turn: the
   * first ping comes 0.75-1 SSE_PING_MS after opening, never right away, and a burst of
   * reconnects still spreads over many slots instead of piling into one.
   */
  private slotForNewViewer (): number {
    const slots = this.pingSlots.length
    const recent = Math.max(1, Math.floor(slots / 4))
    const back = 1 + (this.nextSlot++ % recent)
    return (((this.pingSlot - back) % slots) + slots) % slots
  }

  private startPing (): void {
    if (this.pingTimer !== undefined) return
    this.pingTimer = setInterval(() => { this.ping() }, this.options.pingMs / this.pingSlots.length)
    this.pingTimer.unref()
  }

  private stopPing (): void {
    clearInterval(this.pingTimer)
    this.pingTimer = undefined
  }

  private ping (): void {
    const slot = this.pingSlots[this.pingSlot++ % this.pingSlots.length]!
    for (const viewer of slot) viewer.sendPing()
  }

  /**
   * Shutdown: refuse new viewers, end every stream at once (clients reconnect to another pod
   * after `retry:`), stop the ping timer and drop every bus subscription.
   */
  async close (): Promise<void> {
    this.closing = true
    this.stopPing()
    for (const viewer of this.viewers) viewer.end()
    const feeds = [...this.feeds.values()]
    this.feeds.clear()
    await Promise.all(feeds.map(async (feed) => { await feed.release() }))
  }
}
