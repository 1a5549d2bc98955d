import { mkdirSync } from 'node:fs'
import { loadavg } from 'node:os'
import { createClient } from 'redis'
import { args, emitResult, table } from '../lib/common.ts'
import { TEST_REDIS_URL } from '../../packages/testkit/src/redis/index.ts'
import { startPeer, type Peer } from './ipc.ts'
import { body, longMinutes, URL_PATH } from './sample.ts'

/**
 * Consolidation benchmark (not a test). Three processes, so none takes CPU from another's
 * measurement loop: the API (api-process.ts), the mock LLM (mock-llm-process.ts, an
 * OpenAI-compatible server) and autocannon (load-process.ts); Redis is the shared one on
 * 127.0.0.1:6379 under a random key prefix. Prints, per phase:
 *  1. service overhead with a 0-latency mock LLM at each asked rate, every request distinct
 *     (full path: chunk, map, reduce, post-process, Redis writes), then the same request
 *     repeated (cache hits): autocannon's req/s, p50/p90/p99/max, errors, non-2xx; the LLM
 *     calls per consolidation; the API's own view (HTTP latency, consolidation time minus LLM
 *     awaits) and CPU time per request of the API, the mock, autocannon and Redis;
 *  2. the wall time of a 3-hour meeting (~60k words) with a mock LLM taking 2 s per call.
 *
 *   $N bench/consolidation/run.ts [rate=50] [seconds=10] [--rates 200,500,1000] [--connections 10]
 *       [--warmup 2] [--cpu-prof <dir>] [--no-cached] [--no-three-hour]
 *
 * `--cpu-prof <dir>` writes a CPU profile of the API process for each load phase (steady state,
 * start-up excluded) into <dir>.
 *
 * `rate` is the headline rate (reported as `distinct`); `--rates` adds a sweep of distinct phases.
 * A warm-up of `--warmup` seconds at 100 distinct req/s runs first and is not reported.
 * autocannon's `overallRate` is split over the connections, each sending its share back to
 * back at the start of every second, so a phase is bursts of `connections` concurrent requests.
 */
const positional = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !(all[i - 1] ?? '').startsWith('--'))
const RATE = Number(positional[0] ?? 50)
const SECONDS = Number(positional[1] ?? 10)
const opts = args()
const CONNECTIONS = Number(opts.get('connections') ?? 10)
const WARMUP_S = Number(opts.get('warmup') ?? 2)
const sweep = (opts.get('rates') ?? '').split(',').filter(Boolean).map(Number).filter((r) => r !== RATE)
const cpuProf = opts.get('cpu-prof')
if (cpuProf !== undefined) mkdirSync(cpuProf, { recursive: true })

type Json = Record<string, any>
const figures: Json = { rate: RATE, seconds: SECONDS, connections: CONNECTIONS, loadavgBefore: loadavg() }
const f = (n: unknown, d = 1): string => typeof n === 'number' && Number.isFinite(n) ? n.toFixed(d) : '-'

async function redisCpuS (): Promise<number> {
  const client = createClient({ url: TEST_REDIS_URL })
  await client.connect()
  try {
    const info = await client.info('cpu')
    const field = (name: string): number => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1] ?? NaN)
    return field('used_cpu_user') + field('used_cpu_sys')
  } finally {
    await client.close()
  }
}

interface Phase { label: string, mode: 'distinct' | 'cached', rate: number }

async function runPhase (api: Peer<{ url: string }>, mock: Peer<{ url: string }>, load: Peer<unknown>, phase: Phase, tag: string): Promise<Json> {
  await api.call('drain')
  const callsBefore = await mock.call<number>('calls')
  const mockCpuBefore = await mock.call<NodeJS.CpuUsage>('cpu')
  const redisBefore = await redisCpuS()
  await api.call('reset')
  if (cpuProf !== undefined) await api.call('profileStart')
  const client = await load.call<Json>('run', { url: api.ready.url, rate: phase.rate, seconds: SECONDS, connections: CONNECTIONS, mode: phase.mode, tag })
  const server = await api.call<Json>('stats')
  if (cpuProf !== undefined) console.log(`  API CPU profile of this phase: ${await api.call<string>('profileStop', `${phase.mode}-${phase.rate}-${Date.now()}`)}`)
  // Runs whose callers autocannon dropped at the end of the phase go on (by design): let them finish.
  await api.call('drain')
  const mockCpu = await mock.call<NodeJS.CpuUsage>('cpu')
  const calls = await mock.call<number>('calls') - callsBefore
  const redisS = await redisCpuS() - redisBefore
  const done = client.requests as number
  const apiCpuS = server.cpuUserS + server.cpuSystemS
  const row = {
    ...phase,
    ...client,
    llmCallsPerRequest: server.service.count === 0 ? 0 : server.llmCalls / server.service.count,
    mockCalls: calls,
    server,
    cpuMsPerRequest: {
      api: done === 0 ? NaN : 1000 * apiCpuS / done,
      mock: done === 0 ? NaN : (mockCpu.user + mockCpu.system - mockCpuBefore.user - mockCpuBefore.system) / 1000 / done,
      load: done === 0 ? NaN : 1000 * client.cpuS / done,
      redis: done === 0 ? NaN : 1000 * redisS / done
    },
    loadavg: loadavg()[0]
  }
  console.log(`${phase.label} at ${phase.rate}/s: ${done} requests, ${f(client.perS)}/s; autocannon p50 ${client.p50 as number} ms, p90 ${client.p90 as number}, p99 ${client.p99 as number}, max ${client.max as number}; errors ${client.errors as number}, timeouts ${client.timeouts as number}, non-2xx ${client.non2xx as number}`)
  console.log(`  server: HTTP p50 ${f(server.http.p50, 2)} ms, p99 ${f(server.http.p99, 2)}; consolidation p50 ${f(server.service.p50, 2)}, p99 ${f(server.service.p99, 2)}; minus LLM awaits p50 ${f(server.overhead.p50, 2)}, p99 ${f(server.overhead.p99, 2)}; LLM call p50 ${f(server.llm.p50, 2)}, p99 ${f(server.llm.p99, 2)}; ${f(row.llmCallsPerRequest, 2)} LLM calls per consolidation (mock counted ${calls})`)
  console.log(`  CPU ms per request: API ${f(row.cpuMsPerRequest.api, 2)} (event loop ${f(100 * server.eventLoopUtilisation, 0)} % busy), mock LLM ${f(row.cpuMsPerRequest.mock, 2)}, autocannon ${f(row.cpuMsPerRequest.load, 2)}, Redis ${f(row.cpuMsPerRequest.redis, 2)}; load average ${f(row.loadavg, 2)}`)
  return row
}

const mock = await startPeer<{ url: string, pid: number }>('./mock-llm-process.ts', ['0'])
const api = await startPeer<{ url: string, pid: number }>('./api-process.ts', [mock.ready.url], cpuProf === undefined ? {} : { BENCH_CPU_PROF_DIR: cpuProf })
const load = await startPeer('./load-process.ts')
const run = `r${Date.now().toString(36)}`
try {
  // JIT and connection warm-up, not reported: the first phase would otherwise pay for it.
  if (WARMUP_S > 0) await load.call('run', { url: api.ready.url, rate: 100, seconds: WARMUP_S, connections: CONNECTIONS, mode: 'distinct', tag: `${run}-warmup` })
  const rows: Json[] = []
  for (const rate of [RATE, ...sweep]) {
    rows.push(await runPhase(api, mock, load, { label: 'distinct requests', mode: 'distinct', rate }, `${run}-${rate}`))
  }
  figures.distinct = rows[0]
  figures.sweep = rows
  if (!opts.has('no-cached')) {
    const warm = await fetch(`${api.ready.url}${URL_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(`${run}-cache-0`) })
    const warmAnswer = await warm.json() as { partial: boolean }
    console.log(`cache phase: the request was consolidated first (status ${warm.status}, partial ${String(warmAnswer.partial)})`)
    figures.cached = await runPhase(api, mock, load, { label: 'identical request (cache hits)', mode: 'cached', rate: RATE }, `${run}-cache`)
  }
  console.log('\n' + table(['phase', 'asked/s', 'reached/s', 'p50', 'p90', 'p99', 'max', 'err', 'non2xx', 'srv p99', 'srv-LLM p99', 'API CPU ms/req', 'load'],
    [...rows, ...(figures.cached === undefined ? [] : [figures.cached])].map((r) => [r.mode, r.rate, f(r.perS, 0), r.p50, r.p90, r.p99, r.max, r.errors, r.non2xx, f(r.server.http.p99, 2), f(r.server.overhead.p99, 2), f(r.cpuMsPerRequest.api, 2), f(r.loadavg, 2)])))
} finally {
  await load.stop()
  await api.stop()
  await mock.stop()
}

if (!opts.has('no-three-hour')) {
  const slow = await startPeer<{ url: string }>('./mock-llm-process.ts', ['2000'])
  const slowApi = await startPeer<{ url: string }>('./api-process.ts', [slow.ready.url])
  try {
    const minutes = longMinutes(60_000)
    const words = minutes.reduce((sum, p) => sum + p.content.split(/\s+/).length, 0)
    const started = Date.now()
    const response = await fetch(`${slowApi.ready.url}${URL_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(`${run}-3h`, minutes) })
    const answer = await response.json() as { partial: boolean }
    const wallMs = Date.now() - started
    const calls = await slow.call<number>('calls')
    figures.threeHour = { words, status: response.status, partial: answer.partial, calls, wallMs }
    console.log(`3-hour meeting: ${words} words, ${minutes.reduce((s, p) => s + p.content.length, 0)} chars, status ${response.status}, partial ${String(answer.partial)}, ${calls} LLM calls at 2 s each, wall time ${wallMs} ms (budget 25000 ms)`)
  } finally {
    await slowApi.stop()
    await slow.stop()
  }
}

figures.loadavgAfter = loadavg()
emitResult('consolidation', figures)
