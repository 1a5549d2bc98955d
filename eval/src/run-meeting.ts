import { performance } from 'node:perf_hooks'
import { buildApp } from '@meeting-ai/api'
import type { Config } from '@meeting-ai/config'
import type { ConsolidateRequest, ConsolidateResponse, RealtimeSuggestionsResponse } from '@meeting-ai/contracts'
import { createEmbeddedStore, createRedisStore, type RedisStore, type SelectedStore } from '@meeting-ai/store'
import { createSegmentPipeline } from '@meeting-ai/ingest'
import type { EvalMeeting } from './dataset.ts'
import type { AnalysisEngine } from '@meeting-ai/llm'
import type { CallCounter, CallCounts } from './call-counter.ts'
import type { PublishedSet } from './scoring.ts'

/*
 * Runs one meeting through the real service code, in this process:
 * - consolidation: POST /api/v1/transcripts/consolidate on the real Fastify app (buildApp, app.inject),
 *   i.e. validation, the budgeted map-reduce service and finalisation; `direct` calls the engine's
 *   analyseChunk + reduce itself (what a run falls back to when the route is missing);
 * - live: the worker's segment pipeline on the embedded store (or Redis with a unique prefix),
 *   fed the STT events in order. After each event the pipeline is drained, so a set published
 *   by an analysis is attributed to the segment that triggered it (an ideal, zero-lag stream).
 */

export type ConsolidationPath = 'service' | 'direct'
export type StoreKind = 'embedded' | 'redis'

type App = Awaited<ReturnType<typeof buildApp>>

const SILENT = { info () {}, warn () {}, error () {}, debug () {} }

/**
 * Failed analyses in a row, within one event's drain, after which a live replay gives up with
 * the engine's error: the pipeline retries a failed analysis with backoff (as the worker must),
 * and drain() waits for the retries, so an engine that always fails would hold the run forever.
 */
export const MAX_FAILED_ANALYSES = 5

export class EvalReplayError extends Error {
  readonly code = 'EVAL_REPLAY_FAILED'
}

export interface RunContext {
  config: Config
  engine: AnalysisEngine
  calls: CallCounter
  store: StoreKind
  /** Key prefix when the store is Redis (unique per run). */
  prefix: string
  path: ConsolidationPath
}

export interface ConsolidationRun {
  path: ConsolidationPath
  status: number
  /** The body as answered (problem body when status is not 200). */
  body: unknown
  response: ConsolidateResponse | null
  ms: number
  calls: CallCounts
}

export interface LiveRun {
  published: PublishedSet[]
  /** Raw payloads as published, for the schema check. */
  payloads: unknown[]
  rejected: number
  ms: number
  calls: CallCounts
}

async function openStore (context: RunContext): Promise<SelectedStore> {
  const limits = { windowSegments: context.config.windowSegments, meetingTtlS: context.config.meetingTtlS, replayMaxLen: context.config.replayStreamMaxlen }
  if (context.store === 'redis') {
    return await createRedisStore({ url: context.config.redisUrl, prefix: context.prefix, limits, logger: SILENT, connectTimeoutMs: 3000 })
  }
  return createEmbeddedStore({ limits, logger: SILENT })
}

export function consolidateRequest (meeting: EvalMeeting): ConsolidateRequest {
  const request: ConsolidateRequest = {
    meetingId: meeting.id,
    meetingTitle: meeting.title,
    participantMinutes: meeting.minutes.map((m) => ({ userId: m.userId, userName: m.userName, content: m.content })),
    language: meeting.language
  }
  if (meeting.agendas !== undefined) request.agendas = meeting.agendas
  return request
}

export class MeetingRunner {
  readonly #context: RunContext
  #store: SelectedStore | undefined
  #app: App | undefined

  constructor (context: RunContext) {
    this.#context = context
  }

  async #open (): Promise<{ store: SelectedStore, app: App }> {
    if (this.#store === undefined) this.#store = await openStore(this.#context)
    if (this.#app === undefined) {
      this.#app = await buildApp({ config: this.#context.config, store: this.#store, engine: this.#context.engine, logger: false })
      await this.#app.ready()
    }
    return { store: this.#store, app: this.#app }
  }

  async consolidate (meeting: EvalMeeting): Promise<ConsolidationRun> {
    const { app } = await this.#open()
    const request = consolidateRequest(meeting)
    this.#context.calls.take()
    if (this.#context.path === 'service') {
      const started = performance.now()
      const reply = await app.inject({ method: 'POST', url: '/api/v1/transcripts/consolidate', payload: request })
      const ms = performance.now() - started
      const body: unknown = reply.json()
      if (reply.statusCode !== 404) {
        return { path: 'service', status: reply.statusCode, body, response: reply.statusCode === 200 ? body as ConsolidateResponse : null, ms, calls: this.#context.calls.take() }
      }
      // No consolidation route in this build: fall through to the engine itself.
    }
    return await this.#direct(request)
  }

  /** The map-reduce without the service: one chunk per participant, then one reduce. */
  async #direct (request: ConsolidateRequest): Promise<ConsolidationRun> {
    const engine = this.#context.engine
    this.#context.calls.take()
    const started = performance.now()
    const agendas = request.agendas ?? []
    const language = request.language
    const chunks = await Promise.all(request.participantMinutes.map(async (minutes) => await engine.analyseChunk({
      agendas,
      minutes: [{ userId: minutes.userId, content: minutes.content, ...(minutes.userName !== undefined && { userName: minutes.userName }) }],
      ...(request.meetingTitle !== undefined && { meetingTitle: request.meetingTitle }),
      ...(language !== undefined && { language })
    })))
    const draft = await engine.reduce({ agendas, chunks, ...(request.meetingTitle !== undefined && { meetingTitle: request.meetingTitle }), ...(language !== undefined && { language }) })
    const response: ConsolidateResponse = { meetingId: request.meetingId, ...draft, generatedAt: Date.now(), model: engine.name, partial: false, notes: [] }
    return { path: 'direct', status: 200, body: response, response, ms: performance.now() - started, calls: this.#context.calls.take() }
  }

  async live (meeting: EvalMeeting): Promise<LiveRun> {
    const { store } = await this.#open()
    const engine = this.#context.engine
    this.#context.calls.take()
    let failed = 0
    let giveUp: ((error: Error) => void) | undefined
    const logger = {
      ...SILENT,
      error (fields: { err?: unknown }, message: string) {
        failed += 1
        if (failed < MAX_FAILED_ANALYSES) return
        const cause = fields.err instanceof Error ? fields.err.message : String(fields.err)
        giveUp?.(new EvalReplayError(`${meeting.id}: ${message} (${failed} times in a row): ${cause}`, { cause: fields.err }))
      }
    }
    const pipeline = createSegmentPipeline({ config: this.#context.config, store, engine, logger, analysis: { retry: { initialMs: 50, maxMs: 200 } } })
    const published: PublishedSet[] = []
    const payloads: unknown[] = []
    let lastId = '0'
    let rejected = 0
    const started = performance.now()
    try {
      for (const [index, segment] of meeting.segments.entries()) {
        const body = { ...segment, segmentId: `${meeting.id}-${index}`, language: meeting.language }
        const outcome = await pipeline.ingest([{ body, position: `eval:${index}`, fallbackDedupeKey: `eval:${meeting.id}:${index}` }], 'eval')
        rejected += outcome.rejected.length
        failed = 0
        await Promise.race([pipeline.drain(), new Promise<never>((_resolve, reject) => { giveUp = reject })])
        const entries = await store.suggestions.readAfter(meeting.id, lastId)
        for (const entry of entries) {
          lastId = entry.id
          const payload: unknown = JSON.parse(entry.payload)
          payloads.push(payload)
          published.push({ segmentIndex: index, set: payload as RealtimeSuggestionsResponse })
        }
      }
    } finally {
      await pipeline.close()
    }
    return { published, payloads, rejected, ms: performance.now() - started, calls: this.#context.calls.take() }
  }

  async close (): Promise<void> {
    await this.#app?.close()
    if (this.#store?.kind === 'redis') await deletePrefix(this.#store, this.#context.prefix)
    await this.#store?.close()
  }
}

/** Removes what a Redis run wrote under its own prefix. */
async function deletePrefix (store: RedisStore, prefix: string): Promise<void> {
  const keys = await store.client.keys(`${prefix}*`)
  if (keys.length > 0) await store.client.del(keys)
}
