import type { RealtimeSuggestionsResponse } from '@meeting-ai/contracts'
import { meetingKeys } from '../keys.ts'
import { contentsOf } from '../recent-contents.ts'
import type { AnalysisLease, ReplayEntry, StoreLimits, SuggestionLog } from '../types.ts'
import { isClusterClient, type RedisCommands } from './connection.ts'
import { LuaScript } from './lua-script.ts'

type StreamMessages = Array<{ id: string, message: Record<string, string> }>

function toEntries (messages: StreamMessages): ReplayEntry[] {
  return messages.map(({ id, message }) => ({ id, payload: message.payload ?? '' }))
}

export class RedisSuggestionLog implements SuggestionLog {
  readonly #publish: LuaScript

  constructor (
    private readonly client: RedisCommands,
    private readonly prefix: string,
    private readonly limits: StoreLimits
  ) {
    this.#publish = LuaScript.load('publish-suggestions', { sharded: isClusterClient(client) ? 1 : 0 })
  }

  async publish (set: RealtimeSuggestionsResponse, lease: AnalysisLease | null): Promise<string | null> {
    const keys = meetingKeys(this.prefix, set.meetingId)
    const id = await this.#publish.run(this.client, lease === null ? [keys.replay] : [keys.replay, keys.lock], [
      lease === null ? '' : String(lease.token),
      JSON.stringify(set),
      String(this.limits.replayMaxLen),
      String(this.limits.meetingTtlS),
      keys.channel
    ])
    return typeof id === 'string' ? id : null
  }

  async readAfter (meetingId: string, afterId: string, limit = 1000): Promise<ReplayEntry[]> {
    const start = afterId === '0' || afterId === '0-0' ? '-' : `(${afterId}`
    const messages = await this.client.xRange(meetingKeys(this.prefix, meetingId).replay, start, '+', { COUNT: limit })
    return toEntries(messages as StreamMessages)
  }

  async oldestId (meetingId: string): Promise<string | null> {
    const messages = await this.client.xRange(meetingKeys(this.prefix, meetingId).replay, '-', '+', { COUNT: 1 })
    return (messages as StreamMessages)[0]?.id ?? null
  }

  async recentContents (meetingId: string, max: number): Promise<string[]> {
    const messages = await this.client.xRevRange(meetingKeys(this.prefix, meetingId).replay, '+', '-', { COUNT: max })
    return contentsOf(toEntries(messages as StreamMessages), max)
  }
}
