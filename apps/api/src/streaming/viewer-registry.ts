import type { ServerResponse } from 'node:http'
import type { FastifyBaseLogger } from 'fastify'
import type { StoreEngine } from '@meeting-ai/store'
import { MeetingFeed } from './meeting-feed.ts'
import { commentFrame, PING_FRAME, retryFrame } from './sse-frames.ts'
import type { LimitKind, StreamMetrics } from './stream-metrics.ts'
import { Viewer } from './viewer.ts'

export interface ViewerRegistryOptions {
  store: StoreEngine
  metrics: StreamMetrics
  log: FastifyBaseLogger
  pingMs: number
  retryMs: number
  maxViewersPerMeeting: number
  maxViewersPerProcess: number
  maxBufferedBytes: number
}

/**
 * Every open suggestion stream of this process, grouped by meeting: one bus subscription per
 * meeting with viewers, one ping timer for all streams, the viewer limits, and shutdown.
 */
export class ViewerRegistry {
  private readonly feeds = new Map<string, MeetingFeed>()
  private readonly viewers = new Set<Viewer>()
  /**
   * The viewers split into slots pinged one after the other across SSE_PING_MS: writing 10k
   * pings in one tick held every delivery back for a few hundred ms every 5 s, and 20 slots of
   * 500 pings still stalled deliveries ~10 ms four times a second (bench/fanout p99). With a
   * slot every 20 ms a tick writes ~40 pings at 10k streams (about a millisecond).
   */
  private readonly pingSlots: Array<Set<Viewer>>
  private readonly pingSlotOf = new Map<Viewer, Set<Viewer>>()
  private nextSlot = 0
  private pingSlot = 0
  private pingTimer: NodeJS.Timeout | undefined
  private closing = false

  constructor (private readonly options: ViewerRegistryOptions) {
    // At most 250 slots, and none shorter than 20 ms apart (short test intervals keep one slot).
    const slots = Math.max(1, Math.min(250, Math.floor(options.pingMs / 20)))
    this.pingSlots = Array.from({ length: slots }, () => new Set<Viewer>())
    // The bus resubscribed by itself; entries published while it was away come from the replay stream.
    options.store.bus.onReconnect(() => {
      for (const feed of this.feeds.values()) {
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

  /** Which limit, if any, turns a new viewer of `meetingId` away. */
  admit (meetingId: string): LimitKind | null {
    if (this.closing) return 'shutdown'
    if (this.viewers.size >= this.options.maxViewersPerProcess) return 'process'
    if ((this.feeds.get(meetingId)?.viewers.size ?? 0) >= this.options.maxViewersPerMeeting) return 'meeting'
    return null
  }

  /**
   * Turns a viewer away without an error status (EventSource would give up for good on one):
   * a jittered `retry:` spreads the reconnects, then the stream ends. Headers must be sent.
   */
  reject (response: ServerResponse, limit: LimitKind): void {
    this.options.metrics.limitRejections.inc({ limit })
    const retryMs = Math.round(this.options.retryMs * (1 + Math.random() * 2))
    response.end(Buffer.concat([retryFrame(retryMs), commentFrame(limit === 'shutdown' ? 'server shutting down; reconnect' : `viewer limit per ${limit} reached; retry later`)]))
  }

  /**
   * Streams `meetingId` to `response` (headers already sent): `retry:`, the replay after
   * `from`, then live entries. Never throws: a store failure ends the stream so the client
   * reconnects with its Last-Event-ID.
   */
  async open (meetingId: string, response: ServerResponse, from: string | undefined): Promise<void> {
    const { metrics, log } = this.options
    const viewer = new Viewer(meetingId, response, {
      maxBufferedBytes: this.options.maxBufferedBytes,
      metrics,
      onSlow: () => { log.info({ meetingId, maxBufferedBytes: this.options.maxBufferedBytes }, 'slow SSE client dropped') }
    })
    let feed = this.feeds.get(meetingId)
    if (feed === undefined) {
      feed = new MeetingFeed(meetingId, { store: this.options.store, metrics, log })
      this.feeds.set(meetingId, feed)
      metrics.meetings.set(this.feeds.size)
    }
    this.viewers.add(viewer)
    const slot = this.pingSlots[this.slotForNewViewer()]!
    slot.add(viewer)
    this.pingSlotOf.set(viewer, slot)
    metrics.connections.set(this.viewers.size)
    this.startPing()
    response.once('close', () => { this.remove(viewer, feed) })
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
    viewer.state = 'closed'
    if (!this.viewers.delete(viewer)) return
    this.pingSlotOf.get(viewer)?.delete(viewer)
    this.pingSlotOf.delete(viewer)
    this.options.metrics.connections.set(this.viewers.size)
    feed.viewers.delete(viewer)
    if (feed.viewers.size === 0 && this.feeds.get(feed.meetingId) === feed) this.dropFeed(feed)
    if (this.viewers.size === 0) this.stopPing()
  }

  private dropFeed (feed: MeetingFeed): void {
    this.feeds.delete(feed.meetingId)
    this.options.metrics.meetings.set(this.feeds.size)
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
    let sent = 0
    const slot = this.pingSlots[this.pingSlot++ % this.pingSlots.length]!
    for (const viewer of slot) if (viewer.write(PING_FRAME)) sent++
    if (sent > 0) this.options.metrics.eventsSent.inc({ event: 'ping' }, sent)
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
    this.options.metrics.meetings.set(0)
    await Promise.all(feeds.map(async (feed) => { await feed.release() }))
  }
}
