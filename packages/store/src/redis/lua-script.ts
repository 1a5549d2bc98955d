import { createHash } from 'node:crypto'
import type { RedisClient } from './connection.ts'

/**
 * A Lua script run by EVALSHA. It is loaded (SCRIPT LOAD, once per client, awaited) before
 * the first call, so that calls pipelined right after each other do not all miss the script
 * cache and get re-sent out of order; a server that lost its cache (restart) is answered
 * with EVAL and the script is loaded again.
 */
export class LuaScript {
  readonly sha: string
  private readonly loaded = new WeakMap<RedisClient, Promise<unknown>>()

  constructor (readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex')
  }

  async run (client: RedisClient, keys: string[], args: string[]): Promise<unknown> {
    let loading = this.loaded.get(client)
    if (loading === undefined) {
      loading = client.scriptLoad(this.source).catch((error: unknown) => {
        this.loaded.delete(client)
        throw error
      })
      this.loaded.set(client, loading)
    }
    await loading
    try {
      return await client.evalSha(this.sha, { keys, arguments: args })
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('NOSCRIPT')) {
        this.loaded.delete(client)
        return await client.eval(this.source, { keys, arguments: args })
      }
      throw error
    }
  }
}
