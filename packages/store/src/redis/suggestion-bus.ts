import { meetingKeys } from '../keys.ts'
import type { BusListener, ReplayEntry, StoreLogger, SuggestionBus } from '../types.ts'
import { isClusterClient, onTopologyChange, type RedisCommands } from './connection.ts'

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
  private readonly reconnectListeners: Array<() => void> = []
  /** Channels whose UNSUBSCRIBE failed during an outage: node-redis keeps and resubscribes them. */
  private readonly orphaned = new Map<string, (message: string) => void>()
  private readyOnce = false

  constructor (
    private readonly subscriber: RedisCommands,
    private readonly prefix: string,
    private readonly logger: StoreLogger
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
    const confirmed = this.#subscribeChannel(meetingKeys(this.prefix, meetingId).channel, onMessage)
    const channel: Channel = { listeners, confirmed, onMessage }
    this.channels.set(meetingId, channel)
    try {
      await confirmed
    } catch (error) {
      if (this.channels.get(meetingId) === channel) this.channels.delete(meetingId)
      throw error
    }
  }

  async unsubscribe (meetingId: string, listener: BusListener): Promise<void> {
    const channel = this.channels.get(meetingId)
    if (channel === undefined || !channel.listeners.delete(listener) || channel.listeners.size > 0) return
    this.channels.delete(meetingId)
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
    if (isClusterClient(subscriber)) await subscriber.sSubscribe(channel, onMessage)
    else await subscriber.subscribe(channel, onMessage)
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

  onReconnect (listener: () => void): void {
    this.reconnectListeners.push(listener)
  }

  /** Meetings with at least one listener in this process. */
  get meetingCount (): number {
    return this.channels.size
  }
}
