import { fork, spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
// Imported from source paths (written before bench/ became the workspace package @meeting-ai/bench).
import { createRedisStore } from '../../packages/store/src/index.ts'
import { deleteKeys, TEST_REDIS_URL, uniquePrefix } from '../../packages/testkit/src/redis/index.ts'

/**
 * Stream benchmark (not a test): one API process, 1k then 10k idle SSE connections spread over
 * several client processes and 127.0.0.x source addresses; prints RSS per idle connection and
 * publish-to-receive latency (p50/p99/max) with delivered/expected.
 *
 *   node --conditions=@meeting-ai/source --import tsx bench/stream/run.ts [sizes=1000,10000]
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const sizes = (process.argv[2] ?? '1000,10000').split(',').map(Number)
const CLIENT_PROCESSES = 4
const MEETINGS = 100
const ROUNDS = 10
const DEADLINE_MS = 240_000

async function freePort (): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  server.close()
  return port
}

function rssKiB (pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Number(match?.[1] ?? 0)
}

function percentile (sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN
}

async function waitHealthy (base: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('API did not become healthy')
}

async function runSize (connections: number): Promise<void> {
  const prefix = uniquePrefix('bench-stream')
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const api = spawn(process.execPath, ['--conditions=@meeting-ai/source', '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'warn', MAX_VIEWERS_PER_PROCESS: '20000', MAX_VIEWERS_PER_MEETING: '20000', SSE_PING_MS: '5000' }
  })
  const clients: ChildProcess[] = []
  const store = await createRedisStore({ url: TEST_REDIS_URL, prefix, limits: { windowSegments: 30, meetingTtlS: 600, replayMaxLen: 100 }, logger: { info () {}, warn () {}, error () {} } })
  const timer = setTimeout(() => { process.stderr.write('deadline reached\n'); process.exit(2) }, DEADLINE_MS)
  try {
    await waitHealthy(base)
    await fetch(`${base}/health`)
    const rssBefore = rssKiB(api.pid ?? 0)
    const opened = Date.now()
    const perClient = Math.ceil(connections / CLIENT_PROCESSES)
    const ready: Array<Promise<{ open: number, failed: number }>> = []
    for (let i = 0; i < CLIENT_PROCESSES; i++) {
      const count = Math.min(perClient, connections - i * perClient)
      const child = fork(fileURLToPath(new URL('./client.ts', import.meta.url)), [base, String(count), String(MEETINGS), String(i * perClient), `127.0.0.${2 + i}`], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc']
      })
      clients.push(child)
      ready.push(new Promise((resolve) => child.once('message', (m) => { resolve(m as { open: number, failed: number }) })))
    }
    const states = await Promise.all(ready)
    const open = states.reduce((sum, s) => sum + s.open, 0)
    const failed = states.reduce((sum, s) => sum + s.failed, 0)
    const openMs = Date.now() - opened
    // Idle: let the heap settle a moment before reading RSS (a measurement pause, not synchronisation).
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const rssIdle = rssKiB(api.pid ?? 0)

    // Viewers per meeting, to know how many deliveries each publish should produce.
    const viewersOf = new Map<number, number>()
    for (let i = 0; i < connections; i++) viewersOf.set(i % MEETINGS, (viewersOf.get(i % MEETINGS) ?? 0) + 1)
    let expected = 0
    for (let round = 0; round < ROUNDS; round++) {
      for (let m = 0; m < MEETINGS; m++) {
        const sent = performance.timeOrigin + performance.now()
        await store.suggestions.publish({ meetingId: `bench-${m}`, suggestions: [{ id: `r${round}-m${m}`, content: `t=${sent.toFixed(3)}`, timestamp: Date.now(), confidence: 0.5 }], generatedAt: Date.now() }, null)
        expected += viewersOf.get(m) ?? 0
      }
      // One set per meeting per second: far above a real meeting (one set per ~15 s).
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
    // Drain: until the received count stops growing (or 20 s).
    let received = -1
    let stillOpen = 0
    for (let i = 0; i < 40; i++) {
      const counts = await Promise.all(clients.map(async (child) => await new Promise<{ count: number, open: number }>((resolve) => {
        child.once('message', (m) => { resolve(m as { count: number, open: number }) })
        child.send({ type: 'count' })
      })))
      const now = counts.reduce((sum, c) => sum + c.count, 0)
      stillOpen = counts.reduce((sum, c) => sum + c.open, 0)
      if (now === received || now >= expected) break
      received = now
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    const rssBusy = rssKiB(api.pid ?? 0)
    const latencies: number[] = []
    await Promise.all(clients.map(async (child) => {
      const reply = new Promise<void>((resolve) => child.once('message', (m) => { latencies.push(...(m as { latencies: number[] }).latencies); resolve() }))
      child.send({ type: 'report' })
      await reply
    }))
    latencies.sort((a, b) => a - b)
    const perConn = ((rssIdle - rssBefore) / Math.max(open, 1)).toFixed(1)
    process.stdout.write(`connections=${connections} open=${open} failed=${failed} open_time_ms=${openMs}\n`)
    process.stdout.write(`  api rss: before=${(rssBefore / 1024).toFixed(1)} MiB idle=${(rssIdle / 1024).toFixed(1)} MiB after-publish=${(rssBusy / 1024).toFixed(1)} MiB => ${perConn} KiB per idle connection\n`)
    const metrics = await (await fetch(`${base}/metrics`)).text()
    const dropped = /^meeting_ai_sse_slow_clients_dropped_total (\d+)/m.exec(metrics)?.[1]
    process.stdout.write(`  still open after publishing=${stillOpen} slow clients dropped=${dropped ?? '?'}\n`)
    process.stdout.write(`  publish->receive (${ROUNDS} rounds x ${MEETINGS} meetings): p50=${percentile(latencies, 0.5).toFixed(2)} ms p99=${percentile(latencies, 0.99).toFixed(2)} ms max=${(latencies.at(-1) ?? NaN).toFixed(2)} ms delivered=${latencies.length}/${expected}\n`)
  } finally {
    clearTimeout(timer)
    for (const child of clients) child.kill()
    api.kill('SIGTERM')
    await once(api, 'exit')
    await store.close()
    await deleteKeys(prefix)
  }
}

for (const size of sizes) await runSize(size)
