import { backoffDelay } from '@meeting-ai/resilience'
import { StoreError } from '../errors.ts'
import { meetingKeys } from '../keys.ts'
import type { BusListener, ReplayEntry, StoreLogger, SuggestionBus } from '../types.ts'
import { isClusterClient, onTopologyChange, type RedisClusterClient, type RedisCommands } from './connection.ts'

/** What node-redis' node client emits on an unsolicited SUNSUBSCRIBE (the slot left that node). */
const SHARDED_CHANNEL_MOVED = 'sharded-channel-moved'
/** Between attempts to SSUBSCRIBE a moved channel again while its slot is still settling. */
const MOVED_RETRY_BACKOFF = { initialMs: 100, maxMs: 2000 }

interface Channel {
  listeners: Set<BusListener>
  /** Settles when Redis confirmed the SUBSCRIBE; later subscribers of the meeting await it too. */
  confirmed: Promise<void>
  onMessage: (message: string) => void
}

/**
 * One subscriber connection per process, multiplexed over every meeting with viewers here
 * (on a cluster, one per shard: node-redis opens a sharded pub/sub connection per master that
 * serves a subscribed channel's slot, and SSUBSCRIBEs there). A message is parsed once and
 * handed to every listener of its meeting.
 */
export class RedisSuggestionBus implements SuggestionBus {
  private readonly channels = new Map<string, Channel>()
  private readonly reconnectListeners: Array<(meetingIds?: readonly string[]) => void> = []
  /** The meeting of each subscribed channel, to find it from a moved-channel event. */
  private readonly meetingOfChannel = new Map<string, string>()
  /** Channels whose UNSUBSCRIBE failed during an outage: node-redis keeps and resubscribes them. */
  private readonly orphaned = new Map<string, (message: string) => void>()
  private readyOnce = false
  /** Sharded pub/sub connections (one per master) whose moved-channel event this bus listens to. */
  private readonly watchedShardClients = new WeakSet<object>()
  /** Channels the old owner of their slot unsubscribed, to SSUBSCRIBE again on the new one. */
  private readonly movedChannels = new Set<string>()
  private movedFlush: NodeJS.Immediate | NodeJS.Timeout | undefined
  private movedAttempt = 0

  constructor (
    private readonly subscriber: RedisCommands,
    private readonly prefix: string,
    private readonly logger: StoreLogger,
    /** Counts a slot move and a failed resubscription (meeting_ai_redis_errors_total, role `subscriber`). */
    private readonly onError?: (role: string, error: Error) => void
  ) {
    if (isClusterClient(subscriber)) {
      onTopologyChange(subscriber, () => { this.#resubscribeAll() })
      return
    }
    subscriber.on('ready', () => {
      // node-redis resubscribes by itself on reconnect; what was published meanwhile is replayed by listeners.
      if (this.readyOnce) {
        this.releaseOrphans()
        for (const listener of this.reconnectListeners) listener()
      }
      this.readyOnce = true
    })
    if (subscriber.isReady) this.readyOnce = true
  }

  async subscribe (meetingId: string, listener: BusListener): Promise<void> {
    const existing = this.channels.get(meetingId)
    if (existing !== undefined) {
      existing.listeners.add(listener)
      await existing.confirmed
      return
    }
    const listeners = new Set<BusListener>([listener])
    const onMessage = (message: string): void => {
      let entry: ReplayEntry
      try {
        entry = JSON.parse(message) as ReplayEntry
      } catch (error) {
        this.logger.warn({ err: error, meetingId }, 'unparseable message on suggestion channel')
        return
      }
      for (const deliver of listeners) deliver(entry)
    }
    const channelName = meetingKeys(this.prefix, meetingId).channel
    const confirmed = this.#subscribeChannel(channelName, onMessage)
    const channel: Channel = { listeners, confirmed, onMessage }
    this.channels.set(meetingId, channel)
    this.meetingOfChannel.set(channelName, meetingId)
    try {
      await confirmed
    } catch (error) {
      if (this.channels.get(meetingId) === channel) {
        this.channels.delete(meetingId)
        this.meetingOfChannel.delete(channelName)
      }
      throw error
    }
  }

  async unsubscribe (meetingId: string, listener: BusListener): Promise<void> {
    const channel = this.channels.get(meetingId)
    if (channel === undefined || !channel.listeners.delete(listener) || channel.listeners.size > 0) return
    this.channels.delete(meetingId)
    this.meetingOfChannel.delete(meetingKeys(this.prefix, meetingId).channel)
    await this.release(meetingId, channel.onMessage)
  }

  private async release (meetingId: string, onMessage: (message: string) => void): Promise<void> {
    try {
      await this.#unsubscribeChannel(meetingKeys(this.prefix, meetingId).channel, onMessage)
      this.orphaned.delete(meetingId)
    } catch (error) {
      // Rejected while disconnected, yet node-redis keeps the listener and resubscribes it on
      // reconnect: remember it and unsubscribe once the connection is back.
      this.orphaned.set(meetingId, onMessage)
      this.logger.warn({ err: error, meetingId }, 'unsubscribe failed; retrying after reconnect')
    }
  }

  private releaseOrphans (): void {
    for (const [meetingId, onMessage] of this.orphaned) {
      this.orphaned.delete(meetingId)
      this.release(meetingId, onMessage).catch(() => { /* release() logs its own failures */ })
    }
  }

  async #subscribeChannel (channel: string, onMessage: (message: string) => void): Promise<void> {
    const subscriber = this.subscriber
    if (isClusterClient(subscriber)) {
      await subscriber.sSubscribe(channel, onMessage)
      this.#watchShardClients(subscriber)
    } else {
      await subscriber.subscribe(channel, onMessage)
    }
  }

  /**
   * When a slot migrates, its old owner sends an unsolicited SUNSUBSCRIBE for each sharded
   * channel of the slot. node-redis 5's node client then drops the channel's listeners and
   * emits 'sharded-channel-moved', but its cluster client listens for another event name
   * ('server-sunsubscribe', node-redis #3311), so the subscription is gone without a word.
   * The bus listens for that event (documented in node-redis' docs/pub-sub.md) on every
   * master's sharded pub/sub connection (`masters` and their `pubSub` are public in node-redis'
   * types) and SSUBSCRIBEs the channel again; on a node-redis that resubscribes by itself
   * (6.x, node-redis #3313), doing so again is a no-op (same listener, same channel).
   */
  #watchShardClients (cluster: RedisClusterClient): void {
    for (const master of cluster.masters) {
      const client = master.pubSub?.client
      if (client === undefined || this.watchedShardClients.has(client)) continue
      this.watchedShardClients.add(client)
      client.on(SHARDED_CHANNEL_MOVED, (channel: unknown) => { this.#channelMoved(String(channel)) })
    }
  }

  #channelMoved (channel: string): void {
    const meetingId = this.meetingOfChannel.get(channel)
    if (meetingId === undefined) return
    const error = new StoreError(`sharded channel ${channel} left its node with its slot`, 'STORE_UNAVAILABLE')
    this.onError?.('subscriber', error)
    this.logger.warn({ meetingId, channel }, 'redis cluster: a meeting\'s slot moved to another master; subscribing again there')
    this.movedChannels.add(channel)
    // A migrated slot unsubscribes all its channels at once: one resubscription round for them.
    this.movedFlush ??= setImmediate(() => { this.#resubscribeMoved() })
  }

  /**
   * SSUBSCRIBEs the moved channels again: node-redis sends it to the slot's master in its
   * (stale) slot map, which answers MOVED, and node-redis then fetches the slots and
   * subscribes on the new owner. A failure (slot still settling, node unreachable) is logged,
   * counted and retried with backoff. Once done, the listeners replay, for those meetings
   * only (a reshard moves slot after slot), what was published between the old owner's
   * SUNSUBSCRIBE and the new SSUBSCRIBE.
   */
  #resubscribeMoved (): void {
    this.movedFlush = undefined
    if (!this.subscriber.isOpen) return
    const moved = [...this.movedChannels]
    this.movedChannels.clear()
    Promise.all(moved.map(async (channel): Promise<{ meetingId: string, done: boolean } | undefined> => {
      const meetingId = this.meetingOfChannel.get(channel)
      const current = meetingId === undefined ? undefined : this.channels.get(meetingId)
      // Nobody here watches it any more.
      if (meetingId === undefined || current === undefined) return undefined
      try {
        await this.#subscribeChannel(channel, current.onMessage)
        return { meetingId, done: true }
      } catch (error) {
        this.onError?.('subscriber', error as Error)
        this.logger.warn({ err: error, meetingId, channel }, 'redis cluster: subscribing a moved channel again failed; retrying')
        this.movedChannels.add(channel)
        return { meetingId, done: false }
      }
    })).then((outcomes) => {
      if (outcomes.some((outcome) => outcome?.done === false)) {
        this.movedFlush ??= setTimeout(() => { this.#resubscribeMoved() }, backoffDelay(this.movedAttempt++, MOVED_RETRY_BACKOFF)).unref()
      } else {
        this.movedAttempt = 0
      }
      const resubscribed = outcomes.flatMap((outcome) => outcome?.done === true ? [outcome.meetingId] : [])
      if (resubscribed.length > 0) for (const listener of this.reconnectListeners) listener(resubscribed)
    }).catch(() => { /* every attempt catches its own failure */ })
  }

  async #unsubscribeChannel (channel: string, onMessage: (message: string) => void): Promise<void> {
    const subscriber = this.subscriber
    if (isClusterClient(subscriber)) await subscriber.sUnsubscribe(channel, onMessage)
    else await subscriber.unsubscribe(channel, onMessage)
  }

  /**
   * After a failover node-redis drops the sharded subscriptions of a master that left the
   * topology (it moves only classic ones), so every channel is SSUBSCRIBEd again: on its
   * slot's current master, a no-op where it already was (same listener, same channel).
   * Then the listeners replay what was published meanwhile.
   */
  #resubscribeAll (): void {
    const channels = [...this.channels.entries()]
    Promise.allSettled(channels.map(async ([meetingId, channel]) => {
      try {
        await this.#subscribeChannel(meetingKeys(this.prefix, meetingId).channel, channel.onMessage)
      } catch (error) {
        this.logger.warn({ err: error, meetingId }, 'resubscribe after a cluster failover failed')
        throw error
      }
    })).then(() => {
      for (const listener of this.reconnectListeners) listener()
    }).catch(() => { /* settled promises do not reject */ })
  }

  onReconnect (listener: (meetingIds?: readonly string[]) => void): void {
    this.reconnectListeners.push(listener)
  }

  /** Meetings with at least one listener in this process. */
  get meetingCount (): number {
    return this.channels.size
  }
}
