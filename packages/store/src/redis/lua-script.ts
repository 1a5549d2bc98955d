import { createHash } from 'node:crypto'
import type { RedisClient } from './connection.ts'

/** A Lua script run by EVALSHA, loading it with EVAL the first time a server lacks it. */
export class LuaScript {
  readonly sha: string
  constructor (readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex')
  }

  async run (client: RedisClient, keys: string[], args: string[]): Promise<unknown> {
    try {
      return await client.evalSha(this.sha, { keys, arguments: args })
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('NOSCRIPT')) {
        return await client.eval(this.source, { keys, arguments: args })
      }
      throw error
    }
  }
}
