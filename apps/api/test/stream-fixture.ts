import type { AddressInfo } from 'node:net'
import type { Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { configFrom, type Config } from '@meeting-ai/config'
import type { RealtimeSuggestionsResponse } from '@meeting-ai/contracts'
import { deleteKeys, TEST_REDIS_URL, uniquePrefix } from '@meeting-ai/testkit/redis'
import { SseClient, type SseConnectOptions } from '@meeting-ai/testkit/sse-client'
import { buildApp } from '../src/app.ts'

/** What the stream tests need from tap's `t`. */
interface Teardown { teardown: (fn: () => unknown) => void }

export interface RunningApi {
  app: FastifyInstance
  config: Config
  base: string
  prefix: string
  connect: (meetingId: string, options?: SseConnectOptions & { query?: string }) => Promise<SseClient>
  /** connect() and wait for `retry:`, which the server sends once the bus subscription is confirmed. */
  connectLive: (meetingId: string, options?: SseConnectOptions & { query?: string }) => Promise<SseClient>
}

/**
 * An API on a real socket (port 0) over the test Redis with its own key prefix. Several calls
 * with the same `prefix` are several pods of one deployment. Everything is closed in teardown.
 */
export async function startApi (t: Teardown, env: Record<string, string> = {}, prefix = uniquePrefix('stream')): Promise<RunningApi> {
  const config = configFrom({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'silent', ...env })
  const app = await buildApp({ config })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const clients: SseClient[] = []
  t.teardown(async () => {
    for (const client of clients) client.close()
    await app.close()
    await deleteKeys(prefix, env.REDIS_URL ?? TEST_REDIS_URL)
  })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const connect = async (meetingId: string, options: SseConnectOptions & { query?: string } = {}): Promise<SseClient> => {
    const client = await SseClient.connect(`${base}/api/ai/suggestions/meetings/${meetingId}/stream${options.query ?? ''}`, options)
    clients.push(client)
    return client
  }
  return {
    app,
    config,
    base,
    prefix,
    connect,
    connectLive: async (meetingId, options) => {
      const client = await connect(meetingId, options)
      await client.waitUntil(() => client.retries.length > 0, 5000, 'retry: (subscription confirmed)')
      return client
    }
  }
}

let sequence = 0
export function suggestionSet (meetingId: string, content = `suggestion ${++sequence}`): RealtimeSuggestionsResponse {
  return { meetingId, suggestions: [{ id: `s-${sequence}-${Math.random().toString(36).slice(2, 8)}`, content, timestamp: Date.now(), confidence: 0.8 }], generatedAt: Date.now() }
}

/** Publishes through the app's own store (XADD + PUBLISH in one Lua call), unfenced. */
export async function publish (api: RunningApi, meetingId: string, content?: string): Promise<string> {
  const id = await api.app.store.suggestions.publish(suggestionSet(meetingId, content), null)
  if (id === null) throw new Error('publish was fenced out')
  return id
}

export function suggestionIds (client: SseClient): string[] {
  return client.named('ai-suggestion').map((event) => event.id ?? '')
}

/** Waits (event-loop turns, bounded) until server-side state reaches `condition`. */
export async function until (condition: () => boolean, timeoutMs = 5000, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setImmediate(resolve))
  }
}

/**
 * A viewer sees two sets live, disconnects, misses three, comes back with Last-Event-ID and
 * gets the three missed, then live ones, each once (run on one Redis and on a cluster).
 */
export async function resumesWithoutGap (t: Test, api: RunningApi, meetingId = 'm-resume'): Promise<void> {
  const first = await api.connectLive(meetingId)
  const seen = [await publish(api, meetingId), await publish(api, meetingId)]
  await first.waitUntil(() => suggestionIds(first).length === 2)
  t.equal(first.lastEventId, seen[1])
  first.close()

  const missed = [await publish(api, meetingId), await publish(api, meetingId), await publish(api, meetingId)]
  const again = await api.connect(meetingId, { lastEventId: first.lastEventId ?? '' })
  await again.waitUntil(() => suggestionIds(again).length === 3)
  const live = await publish(api, meetingId)
  await again.waitFor((e) => e.id === live)
  t.same(suggestionIds(again), [...missed, live], 'missed entries first, then live, once each')
  t.same(again.retries, [api.config.sseRetryMs], 'retry: precedes the replay')
  t.equal(again.named('reset').length, 0)
}
