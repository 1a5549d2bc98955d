import { deadLetterKey } from '../keys.ts'
import type { DeadLetter, DeadLetterStore } from '../types.ts'
import type { RedisCommands } from './connection.ts'

const DEAD_LETTER_MAXLEN = 100_000

export class RedisDeadLetterStore implements DeadLetterStore {
  private readonly key: string
  constructor (private readonly client: RedisCommands, prefix: string) {
    this.key = deadLetterKey(prefix)
  }

  async add (entry: DeadLetter): Promise<void> {
    await this.client.xAdd(this.key, '*', {
      source: entry.source,
      position: entry.position,
      reason: entry.reason,
      code: entry.code,
      raw: entry.raw,
      at: String(entry.at)
    }, { TRIM: { strategy: 'MAXLEN', strategyModifier: '~', threshold: DEAD_LETTER_MAXLEN } })
  }

  async count (): Promise<number> {
    return await this.client.xLen(this.key)
  }

  async list (max: number): Promise<DeadLetter[]> {
    const messages = await this.client.xRevRange(this.key, '+', '-', { COUNT: max }) as Array<{ message: Record<string, string> }>
    return messages.map(({ message }) => ({
      source: message.source ?? '',
      position: message.position ?? '',
      reason: message.reason ?? '',
      code: message.code ?? '',
      raw: message.raw ?? '',
      at: Number(message.at)
    }))
  }
}
