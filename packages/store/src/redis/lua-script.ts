import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { backoffDelay, pause } from '@meeting-ai/resilience'
import { StoreError } from '../errors.ts'
import { isClusterClient, scriptRetried } from './connection.ts'

/** The commands a script needs; any node-redis v5 client (whatever its modules or RESP version) has them. */
export interface ScriptClient {
  scriptLoad (script: string): Promise<unknown>
  evalSha (sha1: string, options: { keys: string[], arguments: string[] }): Promise<unknown>
  eval (script: string, options: { keys: string[], arguments: string[] }): Promise<unknown>
}

/** Names of the files in ./scripts/ (without `.lua`); each starts with a comment listing its KEYS and ARGV. */
export type ScriptName =
  | 'acquire-lock'
  | 'renew-lock'
  | 'release-if-owner'
  | 'publish-suggestions'
  | 'append-segments'
  | 'consume-pending'
  | 'claim-ownership'

const PLACEHOLDER = /\{\{(\w+)\}\}/g
const scripts = new Map<string, LuaScript>()

/**
 * A Lua script from ./scripts/, run by EVALSHA. It is loaded (SCRIPT LOAD, once per client,
 * awaited) before the first call, so that calls pipelined right after each other do not all
 * miss the script cache; a server that lost its cache (restart) answers NOSCRIPT, and the
 * script is loaded again and the call repeated.
 *
 * On a cluster, SCRIPT LOAD has no key and would reach one random node, so nothing is loaded
 * ahead: a node that answers NOSCRIPT gets the call as EVAL instead, which runs it on the
 * slot's node and leaves the script in that node's cache for the next EVALSHA.
 */
/** The server does not hold the script (restarted, flushed, or a cluster node it never ran on). */
const isNoScript = (error: unknown): boolean => error instanceof Error && error.message.startsWith('NOSCRIPT')
/** A cluster slot is being migrated and the script's keys are split between its two nodes. */
const isTryAgain = (error: unknown): boolean => error instanceof Error && error.message.startsWith('TRYAGAIN')

/**
 * How long a script is sent again while its slot's keys are half-migrated: a slot's keys move
 * in milliseconds (one MIGRATE per batch), so this rides out a reshard without the caller
 * seeing it, and a migration stuck for longer reaches the caller as the TRYAGAIN error.
 */
const TRYAGAIN_BUDGET_MS = 2000
const TRYAGAIN_BACKOFF = { initialMs: 20, maxMs: 250 }

export class LuaScript {
  readonly sha: string
  private readonly loaded = new WeakMap<ScriptClient, Promise<unknown>>()

  /**
   * @param values integers written into the text where it says `{{name}}`, for limits that
   *   stay fixed for the life of a store (an argument costs an encoding per call).
   */
  static load (name: ScriptName, values: Record<string, number> = {}): LuaScript {
    // One instance per text, so every store using a script shares its per-client load.
    const id = JSON.stringify([name, values])
    const known = scripts.get(id)
    if (known !== undefined) return known
    const text = readFileSync(new URL(`./scripts/${name}.lua`, import.meta.url), 'utf8')
    const source = text.replace(PLACEHOLDER, (_match, key: string) => {
      const value = values[key]
      if (value === undefined || !Number.isSafeInteger(value)) {
        throw new StoreError(`Lua script ${name}: no integer value for {{${key}}}`, 'STORE_SCRIPT_INVALID')
      }
      return String(value)
    })
    const script = new LuaScript(source)
    scripts.set(id, script)
    return script
  }

  constructor (readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex')
  }

  async run (client: ScriptClient, keys: string[], args: string[]): Promise<unknown> {
    if (isClusterClient(client)) return await this.#runOnCluster(client, keys, args)
    await this.#load(client)
    try {
      return await client.evalSha(this.sha, { keys, arguments: args })
    } catch (error) {
      if (!isNoScript(error)) throw error
      this.loaded.delete(client)
      await this.#load(client)
      return await client.evalSha(this.sha, { keys, arguments: args })
    }
  }

  async #runOnCluster (client: ScriptClient, keys: string[], args: string[]): Promise<unknown> {
    const deadline = Date.now() + TRYAGAIN_BUDGET_MS
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#evalOnCluster(client, keys, args)
      } catch (error) {
        if (!isTryAgain(error) || Date.now() >= deadline) throw error
        scriptRetried(client, error as Error, attempt)
        await pause(Math.min(backoffDelay(attempt, TRYAGAIN_BACKOFF), Math.max(1, deadline - Date.now())))
      }
    }
  }

  async #evalOnCluster (client: ScriptClient, keys: string[], args: string[]): Promise<unknown> {
    try {
      return await client.evalSha(this.sha, { keys, arguments: args })
    } catch (error) {
      if (!isNoScript(error)) throw error
      return await client.eval(this.source, { keys, arguments: args })
    }
  }

  async #load (client: ScriptClient): Promise<void> {
    let loading = this.loaded.get(client)
    if (loading === undefined) {
      loading = client.scriptLoad(this.source).catch((error: unknown) => {
        this.loaded.delete(client)
        throw error
      })
      this.loaded.set(client, loading)
    }
    await loading
  }
}
