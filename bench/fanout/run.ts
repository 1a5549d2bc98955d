import { fork, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { getPriority, setPriority } from 'node:os'
import { fileURLToPath } from 'node:url'
import { distinctDecisionMinutes } from '../../packages/samples/src/index.ts'
import { args, cpuMs, emitResult, percentile, rssKiB, sleep, table } from '../lib/common.ts'
import { serverOf, SPREADS, type Spread } from './spread.ts'
import { startNchan, startOurs, startPushpin, type FanoutTarget, type RedisKind } from './targets.ts'

/**
 * Fan-out benchmark (not a test): the same load against our API, Nchan and Pushpin, one after
 * the other on the same machine. N SSE connections over M meetings from several client
 * processes (127.0.0.2, .3, ...), then suggestion sets published at a fixed rate for a fixed
 * time with the send time inside; prints RSS per idle connection, publish-to-receive
 * p50/p99/max, delivered/expected, and ratios ours/peer in one table.
 *
 *   node --conditions=@meeting-ai/source --import tsx bench/fanout/run.ts \
 *     [--targets ours,nchan,nchan-redis,pushpin] [--connections 10000] [--meetings 1000] [--rate 1000] \
 *     [--seconds 10] [--clients 4] [--cpu-prof] [--ours-env SSE_PING_MS=600000] \
 *     [--ours-node-args='--trace-gc-nvp'] [--ours-stdout /tmp/api.out] [--server-nice -5] \
 *     [--dump-latencies /tmp/lat] [--client-node-args='--trace-gc'] \
 *     [--consolidation-chars 200000] [--consolidations-per-s 1] \
 *     [--api-processes 1] [--spread connection|meeting] [--redis single|cluster] [--nchan-workers 1] \
 *     [--max-memory 0.8]
 *
 * A target may carry its own size, `name@connections` (e.g. `--targets ours,nchan@18000`): a
 * peer that cannot hold --connections here runs at the largest size it holds, in the same run.
 *
 * Many viewers on one box: `--api-processes N` starts N API processes on the same Redis (each
 * under the 20,000-descriptor limit, MAX_VIEWERS_PER_PROCESS 20000); the clients spread the
 * viewers over them by `--spread` (bench/fanout/spread.ts: `connection`, a meeting's viewers
 * round-robin over the processes, or `meeting`, all of a meeting's viewers on one). `--redis`
 * selects the store's topology: `single`, one redis-server, or `cluster`, a Redis Cluster of 3
 * masters and 3 replicas (BenchRedis in targets.ts; Redis CPU per set then sums all six nodes). `--nchan-workers N` runs Nchan with N nginx workers sharing the port (target
 * `nchanxN` does it for one target: `--targets ours,nchan@18000,nchanx6`). Each row
 * then has lost (expected - delivered), connections closed during the run, RSS per viewer over
 * all server processes, the kernel's memory per connection (TCP buffers and slab, machine-wide,
 * both ends), and Redis CPU per set (the redis-server processes' CPU over the
 * measured window / sets published; ours and nchan-redis). A watchdog stops the run, its
 * clients and servers when the machine's used memory passes --max-memory (fraction of RAM).
 *
 * Target `ours+consolidate` is `ours` with consolidations of --consolidation-chars characters
 * (4 participants, distinct decisions: the costly case) POSTed --consolidations-per-s during the
 * measured window. For both our targets the row also has the API's event-loop delay
 * (perf_hooks monitorEventLoopDelay via prom-client, p99 and max over the window) and the
 * slowest GET /health/live of one probe every 100 ms.
 *
 * The clients and the publisher share the two cores with the server under test. So that they do
 * not preempt it (each delivery wakes a client), every process of the target - ours: the API and
 * its redis-server; Nchan: nginx (and its redis-server); Pushpin: all of its services - runs at
 * --server-nice (default -5, every thread shifted by it; 0 turns it off), the same for every target.
 */
const opts = args()
const CONNECTIONS = Number(opts.get('connections') ?? 10_000)
const TARGETS = (opts.get('targets') ?? 'ours,nchan,pushpin').split(',').map((spec) => {
  const [name = '', size] = spec.split('@')
  return { name, connections: size === undefined ? CONNECTIONS : Number(size) }
})
const MEETINGS = Number(opts.get('meetings') ?? 1000)
const RATE = Number(opts.get('rate') ?? 1000)
const SECONDS = Number(opts.get('seconds') ?? 10)
const clientsFor = (connections: number): number => Number(opts.get('clients') ?? Math.max(2, Math.ceil(connections / 4500)))
const CLIENTS = clientsFor(CONNECTIONS)
const API_PROCESSES = Number(opts.get('api-processes') ?? 1)
const SPREAD = (opts.get('spread') ?? 'connection') as Spread
const REDIS_KIND = (opts.get('redis') ?? 'single') as RedisKind
const NCHAN_WORKERS = Number(opts.get('nchan-workers') ?? 1)
const MAX_MEMORY = Number(opts.get('max-memory') ?? 0.8)
/** Descriptors a process may hold here, less room for the listener, Redis, logs and stdio. */
const VIEWERS_PER_PROCESS_MAX = 19_000
if (!SPREADS.includes(SPREAD)) throw new Error(`--spread ${SPREAD}: one of ${SPREADS.join(', ')}`)
const CPU_PROF = opts.has('cpu-prof')
const WARMUP_S = Number(opts.get('warmup') ?? 2)
const DEADLINE_MS = Number(opts.get('deadline') ?? 600) * 1000
const CLIENT = fileURLToPath(new URL('./client.ts', import.meta.url))
const SERVER_NICE = Number(opts.get('server-nice') ?? -5)
const DUMP_DIR = opts.get('dump-latencies')
const CLIENT_NODE_ARGS = (opts.get('client-node-args') ?? '').split(' ').filter(Boolean)
const CONSOLIDATION_CHARS = Number(opts.get('consolidation-chars') ?? 200_000)
const CONSOLIDATIONS_PER_S = Number(opts.get('consolidations-per-s') ?? 1)

interface Row {
  target: string
  connections: number
  /** Processes holding the viewers (API processes; nginx workers). */
  serverProcesses: number
  /** The most viewers one of them was given (for nginx workers, an even share). */
  viewersPerProcessMax: number
  spread: string
  open: number
  failed: number
  openMs: number
  rssBeforeMiB: number
  rssIdleMiB: number
  rssPerConnKiB: number
  /** Growth of the kernel's TCP memory per open connection, both ends (machine-wide, so others' sockets too). */
  tcpKernelPerConnKiB: number
  /** Growth of the kernel's slab (socket, file and epoll objects of both ends) per open connection, machine-wide. */
  slabPerConnKiB: number
  rssAfterMiB: number
  published: number
  publishErrors: number
  expected: number
  delivered: number
  stillOpen: number
  /** Expected deliveries that did not arrive (drain included). */
  lost: number
  /** Connections open after the opening phase that were closed by the end. */
  closed: number
  p50: number
  p99: number
  max: number
  serverCpuMs: number
  /** CPU of the Redis process(es) over the window, and per published set (µs); NaN without Redis. */
  redisCpuMs: number
  redisCpuPerSetUs: number
  /** Highest fraction of the machine's RAM in use during this target's run. */
  memoryPeak: number
  processes: string
  loadAverage: string
  serverNice: number
  /** Ours only: event-loop delay p99 and max (ms), slowest /health/live (ms), consolidations by status. */
  loopDelayP99: number
  loopDelayMax: number
  liveMaxMs: number
  consolidations: string
  extra: string
}

/** A metric's value in a Prometheus text exposition, NaN when absent. */
function metricValue (text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `))
  return line === undefined ? NaN : Number(line.slice(name.length + 1))
}

/**
 * Beside the fan-out, against our API: a /health/live probe every 100 ms, and with
 * `consolidate`, one consolidation per 1/CONSOLIDATIONS_PER_S s. Bounded by stop().
 */
function sideLoad (base: string, consolidate: boolean) {
  const state = { stopped: false }
  let liveMaxMs = 0
  const statuses = new Map<string, number>()
  const requests: Array<Promise<void>> = []
  const probe = (async () => {
    while (!state.stopped) {
      const started = performance.now()
      try {
        await (await fetch(`${base}/health/live`)).text()
        liveMaxMs = Math.max(liveMaxMs, performance.now() - started)
      } catch {
        liveMaxMs = Infinity
      }
      await sleep(100)
    }
  })()
  const sender = (async () => {
    if (!consolidate) return
    for (let i = 0; !state.stopped; i++) {
      const body = JSON.stringify(distinctDecisionMinutes(`bench-consolidate-${i}`, 4, CONSOLIDATION_CHARS / 4, Date.now() + i * 7_919))
      requests.push(fetch(`${base}/api/v1/transcripts/consolidate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (r) => { await r.text(); statuses.set(String(r.status), (statuses.get(String(r.status)) ?? 0) + 1) }, () => { statuses.set('error', (statuses.get('error') ?? 0) + 1) }))
      await sleep(1000 / CONSOLIDATIONS_PER_S)
    }
  })()
  return {
    async stop (): Promise<{ liveMaxMs: number, consolidations: string }> {
      state.stopped = true
      await Promise.all([probe, sender])
      // The consolidations still running finish within their budget (25 s).
      await Promise.all(requests)
      return { liveMaxMs, consolidations: [...statuses].map(([k, v]) => `${k}:${v}`).join(' ') }
    }
  }
}

const ask = async <T>(child: ChildProcess, type: string): Promise<T> => await new Promise<T>((resolve) => {
  child.once('message', (m) => { resolve(m as T) })
  child.send({ type })
})

let niceRefused = false
/** Shifts every thread of the target's processes by SERVER_NICE (threads started later inherit it). */
function prioritise (target: FanoutTarget): void {
  if (SERVER_NICE === 0 || niceRefused) return
  for (const pid of target.serverPids()) {
    if (pid === 0) continue
    let threads: string[]
    try { threads = readdirSync(`/proc/${pid}/task`) } catch { continue }
    for (const tid of threads) {
      try {
        // A shift, not a value: threads that lowered their own priority (the API's analysis
        // threads, ANALYSIS_THREAD_NICE) stay that much below the rest.
        setPriority(Number(tid), Math.max(-20, getPriority(Number(tid)) + SERVER_NICE))
      } catch (error) {
        niceRefused = true
        process.stderr.write(`fanout: --server-nice ${SERVER_NICE} refused (${String(error)}); servers run at the default priority\n`)
        return
      }
    }
  }
}

const sumRss = (target: FanoutTarget): number => target.pids().reduce((sum, pid) => sum + rssKiB(pid), 0)
const sumCpu = (target: FanoutTarget): number => target.pids().reduce((sum, pid) => sum + cpuMs(pid), 0)
const sumStoreCpu = (target: FanoutTarget): number => target.storePids().reduce((sum, pid) => sum + cpuMs(pid), 0)

/** What an abort has to stop: the clients, and the target being started or measured. */
const running: { clients: ChildProcess[], target: Promise<FanoutTarget> | undefined } = { clients: [], target: undefined }
let aborting = false
/** Stops the clients and the target being started or measured, then exits with `code` (once). */
function abort (reason: string, code: number): void {
  if (aborting) return
  aborting = true
  process.stderr.write(`fanout: ${reason}; stopping clients and servers\n`)
  for (const child of running.clients) child.kill('SIGKILL')
  // A target still starting (API processes compiling) is stopped once its start settles.
  const stopTarget = async (): Promise<void> => { await (await running.target?.catch(() => undefined))?.stop() }
  Promise.race([stopTarget(), sleep(60_000)]).finally(() => process.exit(code))
}

/** Kernel memory of every TCP socket on the machine (/proc/net/sockstat `mem`, pages), KiB. */
function tcpKernelKiB (): number {
  const pages = Number(/^TCP:.* mem (\d+)/m.exec(readFileSync('/proc/net/sockstat', 'utf8'))?.[1] ?? NaN)
  return pages * 4
}

function meminfoKiB (field: string): number {
  return Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(readFileSync('/proc/meminfo', 'utf8'))?.[1] ?? NaN)
}

function memoryInUse (): number {
  return 1 - meminfoKiB('MemAvailable') / meminfoKiB('MemTotal')
}
let memoryPeak = memoryInUse()
const watchdog = setInterval(() => {
  const used = memoryInUse()
  memoryPeak = Math.max(memoryPeak, used)
  if (used > MAX_MEMORY) abort(`memory in use ${(used * 100).toFixed(0)} % > --max-memory ${(MAX_MEMORY * 100).toFixed(0)} %`, 3)
}, 500)
watchdog.unref()

async function measure (target: FanoutTarget, connections: number): Promise<Row> {
  const clients: ChildProcess[] = []
  running.clients = clients
  memoryPeak = memoryInUse()
  const clientCount = clientsFor(connections)
  try {
    const perServer = new Array<number>(target.bases.length).fill(0)
    for (let g = 0; g < connections; g++) perServer[serverOf(g, MEETINGS, target.bases.length, SPREAD)]! += 1
    const viewersPerProcessMax = Math.ceil(Math.max(...perServer) * target.bases.length / Math.max(1, target.pids().length))
    const perClient = Math.ceil(connections / clientCount)
    if (viewersPerProcessMax > VIEWERS_PER_PROCESS_MAX || perClient > VIEWERS_PER_PROCESS_MAX) {
      process.stderr.write(`fanout ${target.name}: ${viewersPerProcessMax} viewers per server process, ${perClient} per client: over the ${VIEWERS_PER_PROCESS_MAX} a process can hold here (--api-processes, --nchan-workers, --clients)\n`)
    }
    prioritise(target)
    await sleep(1000)
    const rssBefore = sumRss(target)
    const tcpBefore = tcpKernelKiB()
    const slabBefore = meminfoKiB('Slab')
    const opened = Date.now()
    const ready: Array<Promise<{ open: number, failed: number }>> = []
    for (let i = 0; i < clientCount; i++) {
      const count = Math.max(0, Math.min(perClient, connections - i * perClient))
      const options = { bases: target.bases, spread: SPREAD, pathPrefix: target.pathPrefix, pathSuffix: target.pathSuffix, count, meetings: MEETINGS, offset: i * perClient, localAddress: `127.0.0.${2 + i}`, concurrentOpens: 100, ...(DUMP_DIR !== undefined && { dumpTo: `${DUMP_DIR}/${target.name}` }) }
      const child = fork(CLIENT, [JSON.stringify(options)], { execArgv: ['--import', 'tsx', ...CLIENT_NODE_ARGS], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
      clients.push(child)
      ready.push(new Promise((resolve) => child.once('message', (m) => { resolve(m as { open: number, failed: number }) })))
    }
    const states = await Promise.all(ready)
    const open = states.reduce((sum, s) => sum + s.open, 0)
    const failed = states.reduce((sum, s) => sum + s.failed, 0)
    const openMs = Date.now() - opened
    // Let subscriptions settle and the heap stop growing before reading RSS.
    await sleep(3000)
    const rssIdle = sumRss(target)
    const tcpIdle = tcpKernelKiB()
    const slabIdle = meminfoKiB('Slab')
    prioritise(target)

    const viewersOf = new Array<number>(MEETINGS).fill(0)
    for (let i = 0; i < connections; i++) viewersOf[i % MEETINGS]! += 1
    let published = 0
    let publishErrors = 0
    let expected = 0
    let inFlight = 0
    let pending: Array<Promise<void>> = []
    async function publishFor (seconds: number): Promise<void> {
      let issued = 0
      const started = performance.now()
      while (performance.now() - started < seconds * 1000) {
        const due = Math.floor(((performance.now() - started) / 1000) * RATE)
        // Bounded in flight: a peer that cannot keep up shows as fewer publishes, not as memory growth here.
        while (issued < due && inFlight < 2000) {
          const m = published % MEETINGS
          const sent = performance.timeOrigin + performance.now()
          const payload = JSON.stringify({ suggestions: [{ id: `s${published}`, content: `t=${sent.toFixed(3)}`, timestamp: Date.now(), confidence: 0.5 }], generatedAt: Date.now() })
          inFlight++
          issued++
          published++
          expected += viewersOf[m] ?? 0
          pending.push(target.publish(`bench-${m}`, payload).catch(() => { publishErrors++ }).finally(() => { inFlight-- }))
        }
        await sleep(5)
      }
    }
    // Warm-up at the same rate (JIT, pools, first channel creation), not measured.
    await publishFor(WARMUP_S)
    await Promise.all(pending)
    await sleep(1000)
    await Promise.all(clients.map(async (child) => await ask(child, 'reset')))
    published = 0
    publishErrors = 0
    expected = 0
    pending = []
    const ourTarget = target.name.startsWith('ours')
    // A scrape resets prom-client's event-loop delay histogram: the one after the window covers the window.
    const scrape = async (): Promise<string[]> => await Promise.all(target.bases.map(async (base) => await (await fetch(`${base}/metrics`)).text()))
    if (ourTarget) await scrape()
    const side = ourTarget ? sideLoad(target.base, target.name === 'ours+consolidate') : undefined
    const cpuBefore = sumCpu(target)
    const storeCpuBefore = sumStoreCpu(target)
    await publishFor(SECONDS)
    await Promise.all(pending)
    const storeCpuMs = sumStoreCpu(target) - storeCpuBefore
    const loopMetrics = ourTarget ? await scrape() : []
    // The worst API process's event-loop delay.
    const loopWorst = (name: string): number => loopMetrics.length === 0 ? NaN : Math.max(...loopMetrics.map((text) => metricValue(text, name)))
    const sideResult = await side?.stop()
    // Drain: until the received count reaches expected or stays still for 3 s (30 s at most).
    let received = -1
    let still = 0
    let stillOpen = 0
    for (let i = 0; i < 30; i++) {
      const counts = await Promise.all(clients.map(async (child) => await ask<{ count: number, open: number }>(child, 'count')))
      const now = counts.reduce((sum, c) => sum + c.count, 0)
      stillOpen = counts.reduce((sum, c) => sum + c.open, 0)
      if (now >= expected) break
      still = now === received ? still + 1 : 0
      if (still >= 3) break
      received = now
      await sleep(1000)
    }
    const serverCpuMs = sumCpu(target) - cpuBefore
    const loadAvg = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
    const rssAfter = sumRss(target)
    const parts = await Promise.all(clients.map(async (child) => (await ask<{ latencies: number[] }>(child, 'report')).latencies))
    const latencies = Float64Array.from(parts.flat()).sort()
    const hasRedis = target.storePids().length > 0
    return {
      target: target.name,
      connections,
      serverProcesses: target.pids().length,
      viewersPerProcessMax,
      spread: target.bases.length > 1 ? SPREAD : '',
      open,
      failed,
      openMs,
      rssBeforeMiB: rssBefore / 1024,
      rssIdleMiB: rssIdle / 1024,
      rssPerConnKiB: (rssIdle - rssBefore) / Math.max(open, 1),
      tcpKernelPerConnKiB: (tcpIdle - tcpBefore) / Math.max(open, 1),
      slabPerConnKiB: (slabIdle - slabBefore) / Math.max(open, 1),
      rssAfterMiB: rssAfter / 1024,
      published,
      publishErrors,
      expected,
      delivered: latencies.length,
      stillOpen,
      lost: Math.max(0, expected - latencies.length),
      closed: open - stillOpen,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      max: latencies.at(-1) ?? NaN,
      serverCpuMs,
      redisCpuMs: hasRedis ? storeCpuMs : NaN,
      redisCpuPerSetUs: hasRedis ? storeCpuMs * 1000 / Math.max(published, 1) : NaN,
      memoryPeak,
      processes: target.describe(),
      loadAverage: loadAvg,
      serverNice: niceRefused ? 0 : SERVER_NICE,
      loopDelayP99: loopWorst('nodejs_eventloop_lag_p99_seconds') * 1000,
      loopDelayMax: loopWorst('nodejs_eventloop_lag_max_seconds') * 1000,
      liveMaxMs: sideResult?.liveMaxMs ?? NaN,
      consolidations: sideResult?.consolidations ?? '',
      extra: await target.extra?.() ?? ''
    }
  } finally {
    for (const child of clients) child.kill()
    await sleep(500)
  }
}

const starters: Record<string, () => Promise<FanoutTarget>> = {
  // --ours-env K=V,K=V: settings of our API for an experiment (e.g. SSE_PING_MS=600000,
  // NODE_OPTIONS=--max-semi-space-size=64); a value may hold '='.
  ours: async () => await startOurs({
    processes: API_PROCESSES,
    redis: REDIS_KIND,
    // --ours-node-args='--trace-gc-nvp --single-threaded-gc': V8 flags NODE_OPTIONS refuses.
    nodeArgs: [...(CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=bench/results/profiles'] : []), ...(opts.get('ours-node-args') ?? '').split(' ').filter(Boolean)],
    stdoutFile: opts.get('ours-stdout'),
    env: Object.fromEntries((opts.get('ours-env') ?? '').split(',').filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]))
  }),
  'ours+consolidate': async () => ({ ...await starters.ours!(), name: 'ours+consolidate' }),
  nchan: async () => await startNchan('memory', NCHAN_WORKERS),
  'nchan-redis': async () => await startNchan('redis', NCHAN_WORKERS),
  pushpin: startPushpin
}

const deadline = setTimeout(() => { abort('deadline reached', 2) }, DEADLINE_MS)
deadline.unref()
process.once('SIGINT', () => { abort('interrupted', 130) })
process.once('SIGTERM', () => { abort('terminated', 143) })
const rows: Row[] = []
const failures: Array<{ target: string, error: string }> = []
for (const { name, connections } of TARGETS) {
  // `nchanx6`, `nchan-redisx6`: Nchan with that many workers, beside a plain `nchan` in one run.
  const nchanWorkers = /^(nchan|nchan-redis)x(\d+)$/.exec(name)
  const start = nchanWorkers === null ? starters[name] : async () => await startNchan(nchanWorkers[1] === 'nchan' ? 'memory' : 'redis', Number(nchanWorkers[2]))
  if (start === undefined) throw new Error(`unknown target ${name}`)
  let target: FanoutTarget | undefined
  try {
    running.target = start()
    target = await running.target
    const row = await measure(target, connections)
    rows.push(row)
    process.stdout.write(`${name}: ${JSON.stringify(row)}\n`)
  } catch (error) {
    failures.push({ target: name, error: String(error) })
    process.stdout.write(`${name}: FAILED ${String(error)}\n`)
  } finally {
    running.target = undefined
    await target?.stop()
  }
}

const fmt = (n: number, digits = 1): string => Number.isFinite(n) ? n.toFixed(digits) : '-'
const ours = rows.find((r) => r.target === 'ours')
process.stdout.write(`\nfan-out: ${CONNECTIONS} SSE connections over ${MEETINGS} meetings, ${RATE} sets/s for ${SECONDS} s, ${CLIENTS} client processes, ${API_PROCESSES} API process(es) (spread by ${SPREAD}, Redis ${REDIS_KIND}), servers at nice ${niceRefused ? 0 : SERVER_NICE}\n`)
process.stdout.write(table(
  ['target', 'procs (max viewers)', 'open/failed', 'open s', 'RSS/conn KiB', 'kernel KiB/conn TCP buffers/slab', 'RSS idle MiB', 'delivered/expected', 'lost', 'closed', 'p50 ms', 'p99 ms', 'max ms', 'server CPU s', 'Redis CPU µs/set', 'mem peak %', 'load avg', 'RSS/conn ours/x', 'p99 ours/x', 'loop delay p99/max ms', 'live max ms', 'consolidations'],
  rows.map((r) => [r.target, `${r.serverProcesses} (${r.viewersPerProcessMax})`, `${r.open}/${r.failed}`, fmt(r.openMs / 1000), fmt(r.rssPerConnKiB, 2), `${fmt(r.tcpKernelPerConnKiB, 2)}/${fmt(r.slabPerConnKiB, 2)}`, fmt(r.rssIdleMiB), `${r.delivered}/${r.expected}`, r.lost, r.closed, fmt(r.p50, 2), fmt(r.p99, 2), fmt(r.max, 1), fmt(r.serverCpuMs / 1000, 2), fmt(r.redisCpuPerSetUs, 1), fmt(r.memoryPeak * 100, 0), r.loadAverage,
    ours === undefined || r === ours ? '' : fmt(ours.rssPerConnKiB / r.rssPerConnKiB, 2),
    ours === undefined || r === ours ? '' : fmt(ours.p99 / r.p99, 2),
    Number.isFinite(r.loopDelayP99) ? `${fmt(r.loopDelayP99)}/${fmt(r.loopDelayMax)}` : '', fmt(r.liveMaxMs), r.consolidations])
) + '\n')
for (const r of rows) if (r.extra !== '') process.stdout.write(`${r.target}: ${r.extra}\n`)
for (const f of failures) process.stdout.write(`${f.target} failed: ${f.error}\n`)
emitResult('fanout', { connections: CONNECTIONS, meetings: MEETINGS, rate: RATE, seconds: SECONDS, clients: CLIENTS, apiProcesses: API_PROCESSES, spread: SPREAD, redis: REDIS_KIND, nchanWorkers: NCHAN_WORKERS, consolidationChars: CONSOLIDATION_CHARS, consolidationsPerS: CONSOLIDATIONS_PER_S, rows, failures })
process.exit(0)
