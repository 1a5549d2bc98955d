import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, createServer, request, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { fileURLToPath } from 'node:url'
import { createRedisStore, type Store } from '@meeting-ai/store'
import { startOwnedRedis, type OwnedRedis } from '@meeting-ai/testkit/redis'
import { childPids, ensureDebian, freePort, processName, REPO_ROOT, sleep, waitHttp } from '../lib/common.ts'

/** One SSE server under test: where clients connect, how a set is published, whose RSS counts. */
export interface FanoutTarget {
  readonly name: string
  readonly base: string
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
 * Our API: one process (apps/api/src/server.ts) on its own redis-server (isolation from the
 * shared 6379), publishing through the store (XADD + PUBLISH in one Lua call), as the worker does.
 */
export async function startOurs (options: { nodeArgs?: string[], env?: Record<string, string>, stdoutFile?: string } = {}): Promise<FanoutTarget> {
  const redis: OwnedRedis = await startOwnedRedis()
  const port = await freePort()
  const prefix = 'bench-fanout:'
  const api = spawn(process.execPath, [...(options.nodeArgs ?? []), '--conditions=@meeting-ai/source', '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    // stdout to a file for experiments (e.g. --trace-gc-nvp output); the API logs to stderr.
    stdio: ['ignore', options.stdoutFile === undefined ? 'ignore' : openSync(options.stdoutFile, 'a'), 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', REDIS_URL: redis.url, REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'warn', MAX_VIEWERS_PER_PROCESS: '20000', MAX_VIEWERS_PER_MEETING: '20000', SSE_PING_MS: '5000', RATE_LIMIT_PER_MINUTE: '0', ...options.env }
  })
  const base = `http://127.0.0.1:${port}`
  const store: Store = await createRedisStore({ url: redis.url, prefix, limits: { windowSegments: 30, meetingTtlS: 600, replayMaxLen: 100 }, logger: { info () {}, warn () {}, error () {} } })
  try {
    // tsx compiles the API at start-up: on two cores shared with test suites that took over 20 s.
    await waitHttp(`${base}/health`, 120_000)
  } catch (error) {
    await stopChild(api)
    await store.close()
    await redis.stop()
    throw error
  }
  let n = 0
  return {
    name: 'ours',
    base,
    pathPrefix: '/api/ai/suggestions/meetings/',
    pathSuffix: '/stream',
    async publish (meetingId, payloadJson) {
      const set = JSON.parse(payloadJson) as { suggestions: Array<{ id: string, content: string, timestamp: number, confidence: number }>, generatedAt: number }
      await store.suggestions.publish({ meetingId, suggestions: set.suggestions, generatedAt: set.generatedAt }, null)
      n++
    },
    pids: () => [api.pid ?? 0],
    serverPids: () => [api.pid ?? 0, redis.pid ?? 0],
    async extra () {
      // Includes warm-up events: compare with delivered + warm-up, the drops and rejections matter most.
      const metrics = await (await fetch(`${base}/metrics`)).text()
      return metrics.split('\n').filter((l) => /^meeting_ai_sse_(events_sent|slow_clients|limit_rejections|replay_failures)/.test(l)).join('; ')
    },
    describe: () => `node api pid ${api.pid ?? '?'} (${n} sets published through Redis)`,
    async stop () {
      await stopChild(api)
      await store.close()
      await redis.stop()
    }
  }
}

/**
 * Nchan: Debian's nginx + libnginx-mod-nchan, worker_processes 1; RSS of the worker.
 * `memory`: channels in nginx's shared memory, sets POSTed to the nginx that holds the
 * subscribers (one server, nothing in between). `redis`: Nchan's scaled-out setup on its own
 * redis-server (nchan_redis_pass): a POST goes through Redis and comes back over its pub/sub
 * to the subscribing nginx, as ours goes worker -> Redis -> API.
 */
export async function startNchan (mode: 'memory' | 'redis' = 'memory'): Promise<FanoutTarget> {
  ensureDebian('nginx', ['nginx', 'libnginx-mod-nchan'])
  const redis = mode === 'redis' ? await startOwnedRedis() : undefined
  const dir = mkdtempSync(`${tmpdir()}/bench-nchan-`)
  const port = await freePort()
  writeFileSync(`${dir}/nginx.conf`, fill('nchan/nginx.conf.template', {
    DIR: dir,
    PORT: port,
    REDIS_UPSTREAM: redis === undefined ? '' : `  upstream bench_redis { nchan_redis_server ${redis.url}; }`,
    REDIS_PASS: redis === undefined ? '' : '\n      nchan_redis_pass bench_redis;'
  }))
  const master = spawn('nginx', ['-c', `${dir}/nginx.conf`, '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] })
  const base = `http://127.0.0.1:${port}`
  await waitHttp(`${base}/pub/warmup`)
  const worker = (): number | undefined => childPids(master.pid ?? 0).find((pid) => processName(pid) === 'nginx')
  const name = mode === 'redis' ? 'nchan-redis' : 'nchan'
  return {
    name,
    base,
    pathPrefix: '/sub/',
    pathSuffix: '',
    publish: async (meetingId, payloadJson) => { await post(`${base}/pub/${meetingId}`, payloadJson, 'application/json') },
    pids: () => [worker() ?? 0],
    serverPids: () => [master.pid ?? 0, worker() ?? 0, redis?.pid ?? 0],
    describe: () => `nginx worker pid ${worker() ?? '?'} (master ${master.pid ?? '?'})${redis === undefined ? '' : `, channels in ${redis.url}`}`,
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
    pathPrefix: '/sub/',
    pathSuffix: '',
    publish: async (meetingId, payloadJson) => {
      const item = { channel: meetingId, formats: { 'http-stream': { content: `event: ai-suggestion\ndata: ${payloadJson}\n\n` } } }
      await post(`http://127.0.0.1:${publishPort}/publish/`, JSON.stringify({ items: [item] }), 'application/json')
    },
    pids: () => [...services(), zurl.pid ?? 0],
    serverPids: () => [runner.pid ?? 0, ...services(), zurl.pid ?? 0],
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
