import type { BusListener, ReplayEntry, StoreLogger, SuggestionBus } from '../types.ts'

/**
 * In-process fan-out. `deliver` runs every listener synchronously, in publish order, right
 * after the entry is in the replay log, which gives listeners what Redis pub/sub gives them:
 * anything delivered can be replayed, nothing is delivered twice. There is no connection to
 * lose, so reconnect listeners are kept only to honour the interface and never called.
 */
export class MemorySuggestionBus implements SuggestionBus {
  private readonly channels = new Map<string, Set<BusListener>>()

  constructor (private readonly logger: StoreLogger) {}

  async subscribe (meetingId: string, listener: BusListener): Promise<void> {
    let listeners = this.channels.get(meetingId)
    if (listeners === undefined) {
      listeners = new Set()
      this.channels.set(meetingId, listeners)
    }
    listeners.add(listener)
  }

  async unsubscribe (meetingId: string, listener: BusListener): Promise<void> {
    const listeners = this.channels.get(meetingId)
    if (listeners === undefined || !listeners.delete(listener) || listeners.size > 0) return
    this.channels.delete(meetingId)
  }

  onReconnect (_listener: (meetingIds?: readonly string[]) => void): void {
    // Nothing to reconnect in one process.
  }

  deliver (meetingId: string, entry: ReplayEntry): void {
    const listeners = this.channels.get(meetingId)
    if (listeners === undefined) return
    for (const listener of listeners) {
      // A failing viewer must neither stop the others nor fail the worker's publish.
      try {
        listener({ ...entry })
      } catch (error) {
        this.logger.error({ err: error, meetingId }, 'suggestion listener threw')
      }
    }
  }

  /** Meetings with at least one listener (same as RedisSuggestionBus.meetingCount). */
  get meetingCount (): number {
    return this.channels.size
  }

  clear (): void {
    this.channels.clear()
  }
}
