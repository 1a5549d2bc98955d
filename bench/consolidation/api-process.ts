import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import type { AddressInfo } from 'node:net'
import { createHistogram, performance, type RecordableHistogram } from 'node:perf_hooks'
import { buildApp } from '../../apps/api/src/app.ts'
import { configFrom } from '../../packages/config/src/index.ts'
import { createEngine, type AnalysisEngine } from '../../packages/llm/src/index.ts'
import { deleteKeys, TEST_REDIS_URL, uniquePrefix } from '../../packages/testkit/src/redis/index.ts'
import { serve } from './ipc.ts'

/**
 * The API in its own process, pointed at the mock LLM (argv[2] = its base URL). Besides the
 * HTTP port it answers `stats`: its own view of each phase, from histograms reset by `reset`:
 *  - http: socket request event to response finish, as the server sees it;
 *  - llm: each engine call (analyseChunk, reduce) as the service awaits it;
 *  - overhead: per consolidation, service time minus the time spent awaiting the LLM;
 *  - cpu: this process's CPU time, and the event loop's utilisation.
 * With BENCH_CPU_PROF_DIR set, `profileStart`/`profileStop` take a CPU profile of one phase
 * (steady state, without start-up and module loading) into that folder.
 */
const llmUrl = process.argv[2]!
const prefix = uniquePrefix('bench-consolidation')
const config = configFrom({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' })
const inner = createEngine({ llmEngine: 'openai', llmBaseUrl: llmUrl, llmApiKey: 'bench', llmMaxRetries: 0, llmConcurrency: 64 })

// LLM time per consolidation, found by the request's agendas array, which the service hands on
// to every chunk and reduce input (AsyncLocalStorage would turn on promise hooks, a cost of its own).
const perRequest = new WeakMap<object, { llmNs: number }>()
const histogram = (): RecordableHistogram => createHistogram({ lowest: 1, highest: 60e9, figures: 3 })
let http = histogram()
let llm = histogram()
let overhead = histogram()
let service = histogram()
let llmCalls = 0

async function timed<T> (key: object, work: () => Promise<T>): Promise<T> {
  const started = performance.now()
  try {
    return await work()
  } finally {
    const ns = Math.max(1, Math.round((performance.now() - started) * 1e6))
    llm.record(ns)
    llmCalls++
    const store = perRequest.get(key)
    if (store !== undefined) store.llmNs += ns
  }
}
const engine: AnalysisEngine = {
  name: inner.name,
  external: inner.external,
  suggest: async (input, options) => await inner.suggest(input, options),
  analyseChunk: async (input, options) => await timed(input.agendas, async () => await inner.analyseChunk(input, options)),
  reduce: async (input, options) => await timed(input.agendas, async () => await inner.reduce(input, options))
}

const app = await buildApp({ config, engine, logger: false })
await app.ready()
const consolidate = app.consolidation.consolidate.bind(app.consolidation)
app.consolidation.consolidate = async (request, context) => {
  const store = { llmNs: 0 }
  if (request.agendas !== undefined) perRequest.set(request.agendas, store)
  const started = performance.now()
  try {
    return await consolidate(request, context)
  } finally {
    const ns = Math.max(1, Math.round((performance.now() - started) * 1e6))
    service.record(ns)
    overhead.record(Math.max(1, ns - store.llmNs))
  }
}
app.server.prependListener('request', (_req, res) => {
  const started = performance.now()
  res.once('finish', () => http.record(Math.max(1, Math.round((performance.now() - started) * 1e6))))
})
await app.listen({ port: 0, host: '127.0.0.1' })
const { port } = app.server.address() as AddressInfo

let cpu = process.cpuUsage()
let elu = performance.eventLoopUtilization()
const ms = (h: RecordableHistogram, p: number): number => h.count === 0 ? NaN : h.percentile(p) / 1e6
const summary = (h: RecordableHistogram) => ({ count: h.count, p50: ms(h, 50), p90: ms(h, 90), p99: ms(h, 99), max: h.count === 0 ? NaN : h.max / 1e6 })

const profileDir = process.env.BENCH_CPU_PROF_DIR
const inspector = profileDir === undefined ? undefined : new Session()
inspector?.connect()

serve({ url: `http://127.0.0.1:${port}`, pid: process.pid }, {
  profileStart: async () => {
    if (inspector === undefined) return false
    await inspector.post('Profiler.enable')
    await inspector.post('Profiler.setSamplingInterval', { interval: 200 })
    await inspector.post('Profiler.start')
    return true
  },
  profileStop: async (name: string) => {
    if (inspector === undefined) return undefined
    const { profile } = await inspector.post('Profiler.stop')
    const path = `${profileDir!}/${name}.cpuprofile`
    writeFileSync(path, JSON.stringify(profile))
    return path
  },
  reset: () => {
    http = histogram(); llm = histogram(); overhead = histogram(); service = histogram(); llmCalls = 0
    cpu = process.cpuUsage()
    elu = performance.eventLoopUtilization()
    return true
  },
  stats: () => {
    const used = process.cpuUsage(cpu)
    return {
      http: summary(http),
      service: summary(service),
      llm: summary(llm),
      overhead: summary(overhead),
      llmCalls,
      cpuUserS: used.user / 1e6,
      cpuSystemS: used.system / 1e6,
      eventLoopUtilisation: performance.eventLoopUtilization(elu).utilization
    }
  },
  drain: async () => { await app.consolidation.drain(); return true }
}, async () => {
  await app.close()
  await deleteKeys(prefix)
})
