import closeWithGrace from 'close-with-grace'
import { pino } from 'pino'
import { Registry, collectDefaultMetrics } from 'prom-client'
import { loadConfigOrExit } from '@meeting-ai/config'
import { AnalysisPool, createEngine, prometheusEngineMetrics, warmUpOfflineThreads } from '@meeting-ai/llm'
import { selectStore } from '@meeting-ai/store'
import { startMetricsServer, type MetricsServer } from './metrics-server.ts'
import { createWorker } from './worker.ts'

const config = loadConfigOrExit()
const logger = pino({ level: config.logLevel, base: { app: 'worker', workerId: config.workerId } })
const registry = new Registry()
collectDefaultMetrics({ register: registry, prefix: 'meeting_ai_worker_' })

let store
try {
  store = await selectStore(config, { role: 'worker', logger })
} catch (error) {
  logger.fatal({ err: error }, 'store unavailable at start-up')
  process.exit(1)
}
// Live analysis with the offline engine is CPU work: it runs on worker threads, so the
// event loop keeps reading events, renewing leases and answering probes.
const analysisPool = new AnalysisPool({ threads: config.analysisThreads, threadNice: config.analysisThreadNice, maxQueue: config.analysisQueueMax, registry, logger })
const engine = createEngine({ ...config, metrics: prometheusEngineMetrics(registry), logger, pool: analysisPool })
const worker = createWorker({ config, store, engine, logger, registry })
let metricsServer: MetricsServer | undefined
if (config.metricsPort > 0) metricsServer = await startMetricsServer({ port: config.metricsPort, host: config.host, registry, store, analysis: analysisPool })

// close-with-grace calls process.exit once this callback settles. That exit is needed:
// @azure/event-hubs 6.0.4 leaks a 45-minute token-renewal timer after a link detach, which
// would keep the process alive after every client is closed.
closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
  if (err !== undefined) logger.error({ err }, 'worker stopping after an error')
  else logger.info({ signal }, 'worker stopping')
  await worker.stop()
  await metricsServer?.close()
  await analysisPool.close()
  await store.close()
})

// Before the first event: a live analysis right after start must not wait for threads to load.
await warmUpOfflineThreads(analysisPool).catch((error: unknown) => { logger.warn({ err: error }, 'offline engine warm-up failed') })
await worker.start()
logger.info({ source: worker.source?.name ?? 'none', engine: engine.name, metricsPort: metricsServer?.port }, 'worker started')
