import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { pino } from 'pino'
import { collectDefaultMetrics, Registry } from 'prom-client'
import { buildApp } from '@meeting-ai/api'
import type { Config } from '@meeting-ai/config'
import { AnalysisPool, createEngine, prometheusEngineMetrics, type AnalysisEngine } from '@meeting-ai/llm'
import { selectStore, type SelectedStore, type StoreLogger } from '@meeting-ai/store'
import type { AnalysisSettings, WorkerLogger } from '@meeting-ai/ingest'
import { createWorker, type Worker } from '@meeting-ai/worker'

export interface AllInOneOptions {
  config: Config
  /** Where the store and the worker log (the API logs through Fastify at LOG_LEVEL); default pino. */
  logger?: StoreLogger & WorkerLogger
  /** false: build everything but do not listen (tests that inject). Default: listen on HOST:PORT. */
  listen?: boolean
  /** An analysis engine made by the caller (tests with a mock LLM); default from the LLM_* settings. */
  engine?: AnalysisEngine
  /** How long the unset-REDIS_URL probe waits before falling back to the embedded store. */
  probeTimeoutMs?: number
  /** Analysis timings (tests shorten leases and retries). */
  analysis?: Partial<AnalysisSettings>
}

export interface AllInOne {
  readonly app: FastifyInstance
  readonly store: SelectedStore
  readonly worker: Worker
  readonly engine: AnalysisEngine
  readonly registry: Registry
  /** `http://host:port` once listening, else undefined. */
  readonly url: string | undefined
  /** HTTP first (ends streams, stops ingest), then the worker (source, analyses), then the store. */
  close (): Promise<void>
}

/**
 * The API and the worker in one process, sharing one store, one analysis engine and
 * one metrics registry. On the embedded store events arrive over HTTP ingest only; on Redis
 * the worker also reads the Redis stream (or Event Hubs when configured), like the split
 * deployment.
 */
export async function startAllInOne (options: AllInOneOptions): Promise<AllInOne> {
  const { config } = options
  const logger = options.logger ?? pino({ level: config.logLevel, base: { app: 'all-in-one' } })
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })

  // The API registers the Redis error counter; until it exists, errors are only logged.
  let countRedisError: (role: string) => void = () => {}
  const store = await selectStore(config, {
    role: 'all-in-one',
    logger,
    onError: (role) => { countRedisError(role) },
    ...(options.probeTimeoutMs !== undefined && { probeTimeoutMs: options.probeTimeoutMs })
  })

  // One pool of analysis threads for the API's consolidations and the worker's live analysis.
  const analysisPool = new AnalysisPool({ threads: config.analysisThreads, threadNice: config.analysisThreadNice, maxQueue: config.analysisQueueMax, registry, logger })
  let worker: Worker | undefined
  let app: FastifyInstance | undefined
  try {
    const engine = options.engine ?? createEngine({ ...config, metrics: prometheusEngineMetrics(registry), logger, pool: analysisPool })
    worker = createWorker({
      config,
      store,
      engine,
      logger,
      registry,
      ...(store.kind === 'redis' && { redisUrl: config.redisUrl }),
      ...(options.analysis !== undefined && { analysis: options.analysis })
    })
    app = await buildApp({ config, store, registry, engine, analysisPool, pipeline: worker.pipeline })
    const metrics = app.metrics
    countRedisError = (role) => { metrics.redisErrors.inc({ role }) }
    await worker.start()
    let url: string | undefined
    if (options.listen !== false) {
      await app.listen({ port: config.port, host: config.host })
      const address = app.server.address() as AddressInfo
      url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
    }
    logger.info({ store: store.kind, llm: engine.name, source: worker.source?.name ?? 'http only', url }, `meeting-ai all-in-one ready on ${url ?? '(not listening)'}: store ${store.kind}, analysis ${engine.name}`)
    const started = { app, worker }
    let closing: Promise<void> | undefined
    return {
      app,
      store,
      worker,
      engine,
      registry,
      url,
      close: async () => {
        closing ??= (async () => {
          await started.app.close()
          await started.worker.stop()
          await analysisPool.close()
          await store.close()
        })()
        await closing
      }
    }
  } catch (error) {
    // A half-started process must not keep sockets or timers alive behind the error.
    await app?.close().catch(() => {})
    await worker?.stop().catch(() => {})
    await analysisPool.close().catch(() => {})
    await store.close().catch(() => {})
    throw error
  }
}
