import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, createServer, request, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { fileURLToPath } from 'node:url'
import { createRedisStore, type Store } from '@meeting-ai/store'
import { startOwnedRedis, startRedisCluster, type OwnedRedis, type OwnedRedisCluster } from '@meeting-ai/testkit/redis'
import { childPids, ensureDebian, freePort, processName, REPO_ROOT, sleep, waitHttp } from '../lib/common.ts'

/** One SSE server under test: where clients connect, how a set is published, whose RSS counts. */
export interface FanoutTarget {
  readonly name: string
  /** The first server process's address (health, metrics, side load). */
  readonly base: string
  /**
   * Every address that holds viewers, one per server process (our API processes; one nginx);
   * the clients spread their connections over them (--spread).
   */
  readonly bases: readonly string[]
  readonly pathPrefix: string
  readonly pathSuffix: string
  /** Publishes one payload (a JSON suggestion set) to one meeting. */
  publish (meetingId: string, payloadJson: string): Promise<void>
  /** The process(es) that hold the connections: their RSS and CPU time are reported. */
  pids (): number[]
  /**
   * Every process of the system under test, the Redis it relies on included: the runner gives
   * them the same scheduling priority (--server-nice) whatever the target.
   */
  serverPids (): number[]
  /** The Redis process(es) the sets go through, for Redis CPU per set; empty when there is none. */
  storePids (): number[]
  /** Processes counted in rss(), for the report. */
  describe (): string
  /** Target-specific counters worth printing (our /metrics). */
  extra?: () => Promise<string>
  stop (): Promise<void>
}

const PEERS = fileURLToPath(new URL('../peers/', import.meta.url))

function fill (template: string, fields: Record<string, string | number>): string {
  return readFileSync(`${PEERS}${template}`, 'utf8').replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(fields[key] ?? `{{${key}}}`))
}

const keepAlive = new Agent({ keepAlive: true, maxSockets: 64 })

async function post (url: string, body: string, contentType: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const req = request(url, { method: 'POST', agent: keepAlive, headers: { 'content-type': contentType, 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume()
      res.on('end', () => { (res.statusCode ?? 500) >= 300 ? reject(new Error(`publish ${url}: ${res.statusCode ?? '?'}`)) : resolve() })
    })
    req.on('error', reject)
    req.end(body)
  })
}

async function stopChild (child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child === undefined || child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill(signal)
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
  await exited
  clearTimeout(timer)
}

/**
 * The Redis our API processes and the publisher share: the seam for the store's topologies.
 * `single` is one redis-server of the bench's own (isolated from the shared 6379); `cluster` is
 * a Redis Cluster of the testkit's (3 masters, 3 replicas on loopback ports): the API processes
 * get REDIS_CLUSTER_NODES, the publisher's store runs in cluster mode (SPUBLISH to the meeting's
 * shard), and Redis CPU per set sums every node, replicas included (they replay each XADD).
 */
export interface BenchRedis {
  readonly kind: string
  /** Settings every API process gets to reach this Redis. */
  readonly apiEnv: Record<string, string>
  /** A store on this Redis for the publisher (the worker's side: XADD + PUBLISH in one script). */
  openStore (prefix: string): Promise<Store>
  /** The redis-server processes: their CPU is Redis CPU per set, their priority the server's. */
  pids (): number[]
  /** Counters of the run worth printing (script calls, publishes, subscriptions). */
  stats (): string
  describe (): string
  stop (): Promise<void>
}

export type RedisKind = 'single' | 'cluster'

const quietLogger = { info () {}, warn () {}, error () {} }
const benchLimits = { windowSegments: 30, meetingTtlS: 600, replayMaxLen: 100 }

/** INFO of one redis-server as field -> value, every section. */
function redisInfo (url: string): Map<string, string> {
  const info = execFileSync('redis-cli', ['-u', url, 'info', 'everything'], { encoding: 'utf8' })
  return new Map(info.split('\n').filter((line) => line.includes(':') && !line.startsWith('#')).map((line) => {
    const at = line.indexOf(':')
    return [line.slice(0, at), line.slice(at + 1).trim()]
  }))
}

const STAT_COMMANDS = ['evalsha', 'eval', 'fcall', 'publish', 'spublish', 'subscribe', 'ssubscribe', 'wait']
const STAT_FIELDS = ['connected_clients', 'pubsub_channels', 'pubsubshard_channels']

/**
 * Command calls and a few fields summed over the servers (one, or every cluster node), and
 * each node's memory: what shows the sets went through Redis and how the work was spread.
 */
function redisStats (urls: readonly string[]): string {
  const infos = urls.map(redisInfo)
  const sum = (field: string, read: (value: string) => number): number => infos.reduce((total, info) => total + read(info.get(field) ?? ''), 0)
  const calls = (value: string): number => Number(/calls=(\d+)/.exec(value)?.[1] ?? 0)
  const commands = STAT_COMMANDS.map((name) => [name, sum(`cmdstat_${name}`, calls)] as const).filter(([, n]) => n > 0).map(([name, n]) => `${name} calls=${n}`)
  const fields = STAT_FIELDS.map((field) => `${field} ${sum(field, Number)}`)
  const memory = `used_memory_human ${infos.map((info) => info.get('used_memory_human') ?? '?').join(',')}`
  return [...commands, ...fields, memory].join('; ')
}

async function startSingleRedis (): Promise<BenchRedis> {
  const redis: OwnedRedis = await startOwnedRedis()
  return {
    kind: 'single',
    apiEnv: { REDIS_URL: redis.url },
    openStore: async (prefix) => await createRedisStore({ url: redis.url, prefix, limits: benchLimits, logger: quietLogger }),
    pids: () => [redis.pid ?? 0],
    stats: () => redisStats([redis.url]),
    describe: () => `redis-server ${redis.url} pid ${redis.pid ?? '?'}`,
    stop: async () => { await redis.stop() }
  }
}

async function startClusterRedis (): Promise<BenchRedis> {
  const cluster: OwnedRedisCluster = await startRedisCluster()
  const nodes = cluster.nodes.map((node) => `127.0.0.1:${node.port}`)
  return {
    kind: 'cluster',
    apiEnv: { REDIS_URL: cluster.nodes[0]!.url, REDIS_CLUSTER_NODES: nodes.join(',') },
    openStore: async (prefix) => await createRedisStore({ url: cluster.nodes[0]!.url, clusterNodes: nodes, prefix, limits: benchLimits, logger: quietLogger }),
    pids: () => cluster.nodes.map((node) => node.pid ?? 0).filter((pid) => pid > 0),
    stats: () => redisStats(cluster.nodes.filter((node) => node.pid !== undefined).map((node) => node.url)),
    describe: () => `redis cluster of ${cluster.nodes.length} nodes (3 masters + replicas) ${nodes.join(',')} pids ${cluster.nodes.map((node) => node.pid ?? '?').join(',')}`,
    stop: async () => { await cluster.stop() }
  }
}

export async function startBenchRedis (kind: RedisKind): Promise<BenchRedis> {
  if (kind === 'cluster') return await startClusterRedis()
  if (kind === 'single') return await startSingleRedis()
  throw new Error(`--redis ${String(kind)}: one of single, cluster`)
}

/** Sums the same sample line (name and labels) over several Prometheus expositions. */
function sumMetrics (expositions: string[], pattern: RegExp): string {
  const sums = new Map<string, number>()
  for (const text of expositions) {
    for (const line of text.split('\n')) {
      if (!pattern.test(line)) continue
      const at = line.lastIndexOf(' ')
      sums.set(line.slice(0, at), (sums.get(line.slice(0, at)) ?? 0) + Number(line.slice(at + 1)))
    }
  }
  return [...sums].map(([k, v]) => `${k} ${v}`).join('; ')
}

export interface OursOptions {
  /** API processes on the one Redis, each on its own port (each under the descriptor limit). */
  processes?: number
  redis?: RedisKind
  nodeArgs?: string[]
  env?: Record<string, string>
  stdoutFile?: string
}

/**
 * Our API: `processes` API processes (apps/api/src/server.ts) on a Redis of the bench's own
 * (`redis`: one server or a cluster), publishing through the store (XADD + PUBLISH in one Lua
 * call), as the worker does. Each API process subscribes once per meeting that has viewers on
 * it, whatever its viewer count.
 */
export async function startOurs (options: OursOptions = {}): Promise<FanoutTarget> {
  const redis = await startBenchRedis(options.redis ?? 'single')
  const prefix = 'bench-fanout:'
  const apis: ChildProcess[] = []
  const bases: string[] = []
  let store: Store | undefined
  const stopAll = async (): Promise<void> => {
    await Promise.all(apis.map(async (api) => { await stopChild(api) }))
    await store?.close()
    await redis.stop()
  }
  try {
    for (let i = 0; i < (options.processes ?? 1); i++) {
      const port = await freePort()
      apis.push(spawn(process.execPath, [...(options.nodeArgs ?? []), '--conditions=@meeting-ai/source', '--import', 'tsx', 'apps/api/src/server.ts'], {
        cwd: REPO_ROOT,
        // stdout to a file for experiments (e.g. --trace-gc-nvp output); the API logs to stderr.
        stdio: ['ignore', options.stdoutFile === undefined ? 'ignore' : openSync(options.stdoutFile, 'a'), 'inherit'],
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...redis.apiEnv, REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'warn', MAX_VIEWERS_PER_PROCESS: '20000', MAX_VIEWERS_PER_MEETING: '20000', SSE_PING_MS: '5000', RATE_LIMIT_PER_MINUTE: '0', ...options.env }
      }))
      bases.push(`http://127.0.0.1:${port}`)
    }
    store = await redis.openStore(prefix)
    // tsx compiles the API at start-up: on two cores shared with test suites that took over 20 s
    // for one process; several compile at once.
    await Promise.all(bases.map(async (base) => { await waitHttp(`${base}/health`, 60_000 + 60_000 * apis.length) }))
  } catch (error) {
    await stopAll()
    throw error
  }
  const publisher = store
  let n = 0
  return {
    name: 'ours',
    base: bases[0]!,
    bases,
    pathPrefix: '/api/ai/suggestions/meetings/',
    pathSuffix: '/stream',
    async publish (meetingId, payloadJson) {
      const set = JSON.parse(payloadJson) as { suggestions: Array<{ id: string, content: string, timestamp: number, confidence: number }>, generatedAt: number }
      await publisher.suggestions.publish({ meetingId, suggestions: set.suggestions, generatedAt: set.generatedAt }, null)
      n++
    },
    pids: () => apis.map((api) => api.pid ?? 0),
    serverPids: () => [...apis.map((api) => api.pid ?? 0), ...redis.pids()],
    storePids: () => redis.pids(),
    async extra () {
      // Includes warm-up events: compare with delivered + warm-up, the drops and rejections matter most.
      const metrics = await Promise.all(bases.map(async (base) => await (await fetch(`${base}/metrics`)).text()))
      return `${sumMetrics(metrics, /^meeting_ai_sse_(events_sent|slow_clients|limit_rejections|replay_failures)/)}; redis: ${redis.stats()}`
    },
    describe: () => `${apis.length} node api process(es) pid ${apis.map((api) => api.pid ?? '?').join(',')} on ${redis.describe()} (${n} sets published)`,
    stop: stopAll
  }
}

/**
 * Nchan: Debian's nginx + libnginx-mod-nchan, `workers` worker processes (default 1; more share
 * the port through reuseport, each under the descriptor limit); RSS of the workers.
 * `memory`: channels in nginx's shared memory, sets POSTed to the nginx that holds the
 * subscribers (one server, nothing in between). `redis`: Nchan's scaled-out setup on its own
 * redis-server (nchan_redis_pass): a POST goes through Redis and comes back over its pub/sub
 * to the subscribing nginx, as ours goes worker -> Redis -> API.
 */
export async function startNchan (mode: 'memory' | 'redis' = 'memory', workers = 1): Promise<FanoutTarget> {
  ensureDebian('nginx', ['nginx', 'libnginx-mod-nchan'])
  const redis = mode === 'redis' ? await startOwnedRedis() : undefined
  const dir = mkdtempSync(`${tmpdir()}/bench-nchan-`)
  const port = await freePort()
  writeFileSync(`${dir}/nginx.conf`, fill('nchan/nginx.conf.template', {
    DIR: dir,
    PORT: port,
    WORKERS: workers,
    REUSEPORT: workers > 1 ? ' reuseport' : '',
    REDIS_UPSTREAM: redis === undefined ? '' : `  upstream bench_redis { nchan_redis_server ${redis.url}; }`,
    REDIS_PASS: redis === undefined ? '' : '\n      nchan_redis_pass bench_redis;'
  }))
  const master = spawn('nginx', ['-c', `${dir}/nginx.conf`, '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] })
  const base = `http://127.0.0.1:${port}`
  await waitHttp(`${base}/pub/warmup`)
  const workerPids = (): number[] => childPids(master.pid ?? 0).filter((pid) => processName(pid) === 'nginx')
  const name = `${mode === 'redis' ? 'nchan-redis' : 'nchan'}${workers > 1 ? `x${workers}` : ''}`
  return {
    name,
    base,
    bases: [base],
    pathPrefix: '/sub/',
    pathSuffix: '',
    publish: async (meetingId, payloadJson) => { await post(`${base}/pub/${meetingId}`, payloadJson, 'application/json') },
    pids: workerPids,
    serverPids: () => [master.pid ?? 0, ...workerPids(), redis?.pid ?? 0],
    storePids: () => redis === undefined ? [] : [redis.pid ?? 0],
    describe: () => `nginx worker pid(s) ${workerPids().join(',')} (master ${master.pid ?? '?'})${redis === undefined ? '' : `, channels in ${redis.url}`}`,
    // Shows the sets went through Redis: its script calls and pub/sub traffic.
    extra: redis === undefined
      ? undefined
      : async () => execFileSync('redis-cli', ['-u', redis.url, 'info', 'commandstats'], { encoding: 'utf8' }).split('\n').filter((l) => /^cmdstat_(evalsha|eval|publish|subscribe):/.test(l)).map((l) => l.trim().replace(/,usec_per_call.*/, '')).join('; '),
    async stop () {
      await stopChild(master, 'SIGQUIT')
      await redis?.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

/**
 * Pushpin 1.36 (Debian): a GRIP origin answers each subscribe with `Grip-Hold: stream` and
 * the meeting as `Grip-Channel`; sets are published on the handler's HTTP endpoint. Its runner
 * does not start zurl (the proxy's HTTP client), so this starts one with deny= emptied.
 * RSS = condure + pushpin-proxy + pushpin-handler + zurl.
 */
export async function startPushpin (): Promise<FanoutTarget> {
  ensureDebian('pushpin', ['pushpin'])
  const dir = mkdtempSync(`${tmpdir()}/bench-pushpin-`)
  for (const sub of ['run', 'log', 'zurl']) mkdirSync(`${dir}/${sub}`)
  const [port, publishPort] = [await freePort(), await freePort()]
  const origin: Server = createServer((req, res) => {
    const meetingId = /([\w-]+)$/.exec(req.url ?? '')?.[1] ?? 'none'
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'grip-hold': 'stream',
      'grip-channel': meetingId,
      'grip-keep-alive': 'event: ping\\ndata: \\n\\n; format=cstring; timeout=5'
    })
    res.end('retry: 3000\n\n')
  })
  origin.keepAliveTimeout = 60_000
  origin.listen(0, '127.0.0.1')
  await once(origin, 'listening')
  const originPort = (origin.address() as { port: number }).port
  const fields = { DIR: dir, PORT: port, PUBLISH_PORT: publishPort, ORIGIN_PORT: originPort }
  writeFileSync(`${dir}/pushpin.conf`, fill('pushpin/pushpin.conf.template', fields))
  writeFileSync(`${dir}/internal.conf`, fill('pushpin/internal.conf.template', fields))
  writeFileSync(`${dir}/zurl.conf`, fill('pushpin/zurl.conf.template', fields))
  writeFileSync(`${dir}/routes`, fill('pushpin/routes.template', fields))
  const zurl = spawn('zurl', [`--config=${dir}/zurl.conf`], { stdio: ['ignore', 'ignore', 'inherit'] })
  const runner = spawn('pushpin', [`--config=${dir}/pushpin.conf`], { stdio: ['ignore', 'ignore', 'inherit'] })
  const base = `http://127.0.0.1:${port}`
  await waitHttp(`http://127.0.0.1:${publishPort}/publish/`).catch(() => {})
  await sleep(1000)
  const services = (): number[] => childPids(runner.pid ?? 0)
  return {
    name: 'pushpin',
    base,
    bases: [base],
    pathPrefix: '/sub/',
    pathSuffix: '',
    publish: async (meetingId, payloadJson) => {
      const item = { channel: meetingId, formats: { 'http-stream': { content: `event: ai-suggestion\ndata: ${payloadJson}\n\n` } } }
      await post(`http://127.0.0.1:${publishPort}/publish/`, JSON.stringify({ items: [item] }), 'application/json')
    },
    pids: () => [...services(), zurl.pid ?? 0],
    serverPids: () => [runner.pid ?? 0, ...services(), zurl.pid ?? 0],
    storePids: () => [],
    describe: () => `pushpin services ${services().map((pid) => `${processName(pid)}:${pid}`).join(',')} + zurl ${zurl.pid ?? '?'}`,
    async stop () {
      await stopChild(runner)
      await stopChild(zurl)
      origin.closeAllConnections()
      origin.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
