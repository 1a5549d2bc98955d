import type { FastifyBaseLogger } from 'fastify'
import { retryUntil, type BackoffPolicy } from '@meeting-ai/resilience'
import { compareStreamIds, type ReplayEntry, type Store } from '@meeting-ai/store'
import { resetFrame, suggestionFrame } from './sse-frames.ts'
import type { StreamMetrics } from './stream-metrics.ts'
import type { Viewer } from './viewer.ts'

/** XRANGE page size for replays; a replay loops until a short page. */
const REPLAY_PAGE = 500
/**
 * A feed that has delivered nothing yet recovers from its creation time minus this margin after
 * a bus reconnect (replay ids are Redis server milliseconds; the margin absorbs clock skew).
 */
const CLOCK_SKEW_MARGIN_MS = 5000
/** Between attempts at a store that is still coming back after a reconnect. */
const RECOVERY_BACKOFF: BackoffPolicy = { initialMs: 100, maxMs: 2000 }

export interface FeedDeps {
  store: Store
  metrics: StreamMetrics
  log: FastifyBaseLogger
}

/**
 * The viewers of one meeting in this process, behind ONE bus listener. Each live entry is framed
 * once and the same Buffer is written to every viewer. `lastId` is the newest entry delivered,
 * which is where replays resume after a bus reconnect and what drops duplicates.
 */
export class MeetingFeed {
  private readonly viewers = new Set<Viewer>()
  /** Settles when the bus confirmed the subscription (rejects when it could not subscribe). */
  readonly subscribed: Promise<void>
  lastId: string | undefined
  private readonly createdAt = Date.now()
  private recovering = false
  private recoverAgain = false
  private recoveryQueue: ReplayEntry[] = []
  private released = false
  private readonly listener = (entry: ReplayEntry): void => { this.onLive(entry) }

  constructor (readonly meetingId: string, private readonly deps: FeedDeps) {
    this.subscribed = deps.store.bus.subscribe(meetingId, this.listener)
    // The joins await it and report; this only keeps an early failure from being "unhandled".
    this.subscribed.catch(() => {})
  }

  /** Drops the bus subscription; the feed must not be used afterwards. */
  async release (): Promise<void> {
    if (this.released) return
    this.released = true
    try {
      await this.deps.store.bus.unsubscribe(this.meetingId, this.listener)
    } catch (error) {
      this.deps.log.warn({ err: error, meetingId: this.meetingId }, 'suggestion bus unsubscribe failed')
    }
  }

  get viewerCount (): number {
    return this.viewers.size
  }

  /** Takes a viewer off this feed; returns how many are left. */
  leave (viewer: Viewer): number {
    this.viewers.delete(viewer)
    return this.viewers.size
  }

  private onLive (entry: ReplayEntry): void {
    if (this.recovering) this.recoveryQueue.push(entry)
    else this.deliver(entry)
  }

  /** Offers one entry to every viewer, framed once for all of them (joining viewers queue it). */
  private deliver (entry: ReplayEntry): void {
    if (this.lastId !== undefined && compareStreamIds(entry.id, this.lastId) <= 0) return
    this.lastId = entry.id
    let frame: Buffer | undefined
    const frameOnce = (): Buffer => (frame ??= suggestionFrame(entry.id, entry.payload))
    for (const viewer of this.viewers) viewer.offerLive(entry, frameOnce)
  }

  /**
   * Resume order: the subscription is confirmed first (live entries queue on the
   * viewer meanwhile), then the replay is read from `from`, then the queue is flushed without
   * ids already sent. Rejects on a store failure; the caller ends the stream so the client
   * reconnects with its Last-Event-ID.
   */
  async join (viewer: Viewer, from: string | undefined, greeting: Buffer): Promise<void> {
    this.viewers.add(viewer)
    await this.subscribed
    // `greeting` (the retry: hint) goes out once subscribed: a client that sees it knows that
    // every entry published from now on reaches it.
    viewer.sendRetry(greeting)
    const lastSent = from === undefined ? undefined : await this.replay(viewer, from)
    viewer.goLive(lastSent, this.lastId)
  }

  /** Sends what the viewer missed; returns the id of the last entry sent. */
  private async replay (viewer: Viewer, from: string): Promise<string | undefined> {
    const { suggestions } = this.deps.store
    let after = from
    if (from !== '0') {
      const oldest = await suggestions.oldestId(this.meetingId)
      if (oldest !== null && compareStreamIds(from, oldest) < 0) {
        // Entries after `from` may have been trimmed: say so, then replay everything kept.
        if (!viewer.sendReset(resetFrame(from, oldest))) return undefined
        after = '0'
      }
    }
    let lastSent: string | undefined = after === '0' ? undefined : after
    for (;;) {
      const page = await suggestions.readAfter(this.meetingId, after, REPLAY_PAGE)
      for (const entry of page) {
        if (!viewer.sendEntry(entry)) return lastSent
        lastSent = entry.id
      }
      const last = page.at(-1)
      if (page.length < REPLAY_PAGE || last === undefined || viewer.state === 'closed') return lastSent
      after = last.id
    }
  }

  /**
   * After the bus reconnected (node-redis has resubscribed by then): read what was published
   * while the subscriber was away and deliver it, holding live entries back meanwhile so the
   * order stays by id and nothing is sent twice. Retries until the store answers or the
   * meeting has no viewers left.
   */
  async recover (): Promise<void> {
    if (this.recovering) {
      this.recoverAgain = true
      return
    }
    this.recovering = true
    try {
      do {
        this.recoverAgain = false
        const missed = await this.readMissed()
        for (const entry of missed) this.deliver(entry)
      } while (this.recoverAgain && !this.released)
    } finally {
      this.recovering = false
      const queued = this.recoveryQueue
      this.recoveryQueue = []
      for (const entry of queued) this.deliver(entry)
    }
  }

  private async readMissed (): Promise<ReplayEntry[]> {
    const stopped = (): boolean => this.released || this.viewers.size === 0
    if (stopped()) return []
    const read = await retryUntil(async () => await this.readAllAfterLast(), {
      backoff: RECOVERY_BACKOFF,
      stopped,
      onFailure: (error, _attempt, retryInMs) => {
        this.deps.metrics.replayFailures.inc({ phase: 'recover' })
        this.deps.log.warn({ err: error, meetingId: this.meetingId, retryInMs }, 'suggestion recovery after reconnect failed; retrying')
      }
    })
    return read?.value ?? []
  }

  private async readAllAfterLast (): Promise<ReplayEntry[]> {
    const entries: ReplayEntry[] = []
    let after = this.lastId ?? `${Math.max(0, this.createdAt - CLOCK_SKEW_MARGIN_MS)}-0`
    for (;;) {
      const page = await this.deps.store.suggestions.readAfter(this.meetingId, after, REPLAY_PAGE)
      entries.push(...page)
      const last = page.at(-1)
      if (page.length < REPLAY_PAGE || last === undefined) return entries
      after = last.id
    }
  }
}
