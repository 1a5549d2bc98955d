/**
 * Soak: replayed meetings over HTTP ingest with viewers connecting and disconnecting all the
 * time, on one all-in-one process (API + worker, `pnpm start`) over Redis with a unique key
 * prefix and a short MEETING_TTL_S. Every SOAK_SAMPLE_S it prints one JSON line: RSS, heap used,
 * open file descriptors of the service process, Redis keys under the prefix, open viewers,
 * meetings started, events and suggestion sets received. At the end it checks:
 *
 *  - RSS and heap used stay below SOAK_GROWTH (1.5) x their highest value during warm-up;
 *  - the fd count comes back to its warm-up baseline (+ SOAK_FD_SLACK) once every viewer left;
 *  - meeting keys expire: no key is left of a meeting idle for longer than MEETING_TTL_S + 5 s,
 *    so the key count stays bounded by the meetings of the last TTL.
 *
 * Usage (from the repository root; needs the Redis on 127.0.0.1:6379 or REDIS_URL):
 *   node --conditions=@meeting-ai/source --import tsx bench/soak/run.ts             # 2 minutes
 *   SOAK_MINUTES=30 node --conditions=@meeting-ai/source --import tsx bench/soak/run.ts
 * Settings: SOAK_MINUTES (2), SOAK_TTL_S (60), SOAK_VIEWERS (40 open at once), SOAK_MEETINGS_PER_MIN (30),
 * SOAK_SAMPLE_S (10), SOAK_WARMUP_S (30, or a quarter of the run when shorter), SOAK_GROWTH (1.5), SOAK_FD_SLACK (5).
 * Exit code 0 when every check holds, 1 otherwise; the last line is a JSON verdict.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { countKeys, deleteKeys, freePort, TEST_REDIS_URL, uniquePrefix } from '@meeting-ai/testkit/redis'
import { englishLaunchMeeting, koreanLaunchMeeting } from '@meeting-ai/samples'
import { SseClient } from '@meeting-ai/testkit/sse-client'
import { createClient } from 'redis'

const env = process.env
const minutes = Number(env.SOAK_MINUTES ?? 2)
const ttlS = Number(env.SOAK_TTL_S ?? 60)
const targetViewers = Number(env.SOAK_VIEWERS ?? 40)
const meetingsPerMinute = Number(env.SOAK_MEETINGS_PER_MIN ?? 30)
const sampleS = Number(env.SOAK_SAMPLE_S ?? 10)
const durationMs = minutes * 60_000
const warmupMs = Number(env.SOAK_WARMUP_S ?? Math.min(30, minutes * 15)) * 1000
const growth = Number(env.SOAK_GROWTH ?? 1.5)
const fdSlack = Number(env.SOAK_FD_SLACK ?? 5)
const redisUrl = env.REDIS_URL ?? TEST_REDIS_URL
const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

interface Sample { t: number, rssMb: number, heapMb: number, fds: number, keys: number, viewers: number, meetings: number, ingested: number, suggestions: number }

const prefix = uniquePrefix('soak')
const port = await freePort()
const base = `http://127.0.0.1:${port}`
const service = spawn(process.execPath, ['--conditions=@meeting-ai/source', '--import', 'tsx', 'apps/all-in-one/src/main.ts'], {
  cwd: repoRoot,
  env: { ...env, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix, PORT: String(port), HOST: '127.0.0.1', MEETING_TTL_S: String(ttlS), LLM_ENGINE: 'offline', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0', SSE_PING_MS: '5000' },
  stdio: ['ignore', 'inherit', 'inherit']
})
const pid = service.pid as number
let serviceExit: string | undefined
service.on('exit', (code, signal) => { serviceExit = `service exited (code ${String(code)}, signal ${String(signal)}) at ${new Date().toISOString()}` })
const run = { stopping: false }
const stopService = async (): Promise<void> => {
  if (service.exitCode !== null || service.signalCode !== null) return
  const exited = once(service, 'exit')
  service.kill('SIGTERM')
  await exited
}
process.on('SIGINT', () => { run.stopping = true })

async function waitForHealth (): Promise<void> {
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      if ((await fetch(`${base}/health`)).status === 200) return
    } catch {}
    if (service.exitCode !== null) throw new Error(`the service exited with ${service.exitCode}`)
    if (Date.now() > deadline) throw new Error('the service did not become healthy within 60 s')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

function rssMb (): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Number(match?.[1] ?? 0) / 1024
}
const openFds = (): number => readdirSync(`/proc/${pid}/fd`).length
async function heapMb (): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text()
  return Number(/^nodejs_heap_size_used_bytes(?:\{[^}]*\})? ([0-9.e+]+)$/m.exec(text)?.[1] ?? 0) / 1024 / 1024
}

// Load: meetings replayed over HTTP ingest (one event every 200 ms), viewers on live meetings.
const samples = [englishLaunchMeeting, koreanLaunchMeeting]
const live = new Set<string>()
/** meeting id → when its last segment was sent. */
const finished = new Map<string, number>()
let meetings = 0
let ingested = 0
let suggestions = 0
const viewers = new Set<SseClient>()
const loops: Array<Promise<void>> = []
const pause = async (ms: number): Promise<void> => { await new Promise((resolve) => setTimeout(resolve, ms)) }

async function replayMeeting (meetingId: string): Promise<void> {
  const sample = samples[meetings % samples.length]!
  live.add(meetingId)
  for (const [i, segment] of sample.segments.entries()) {
    if (run.stopping) break
    const response = await fetch(`${base}/api/v1/stt/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...segment, meetingId, segmentId: `${meetingId}-${i}`, timestamp: Date.now() }) })
    await response.arrayBuffer()
    if (response.status === 202) ingested += 1
    await pause(200)
  }
  live.delete(meetingId)
  finished.set(meetingId, Date.now())
}

async function meetingLoop (): Promise<void> {
  while (!run.stopping) {
    const meetingId = `soak-${meetings++}`
    loops.push(replayMeeting(meetingId))
    await pause(60_000 / meetingsPerMinute)
  }
}

async function viewerLoop (): Promise<void> {
  while (!run.stopping) {
    const candidates = [...live]
    if (viewers.size >= targetViewers || candidates.length === 0) {
      await pause(50)
      continue
    }
    const meetingId = candidates[Math.floor(Math.random() * candidates.length)]!
    const viewer = await SseClient.connect(`${base}/api/ai/suggestions/meetings/${meetingId}/stream`).catch(() => undefined)
    if (viewer === undefined) continue
    viewers.add(viewer)
    // Each viewer stays 1 to 6 s, then leaves (half of them come back once with Last-Event-ID).
    const stay = 1000 + Math.random() * 5000
    setTimeout(() => {
      suggestions += viewer.named('ai-suggestion').length
      viewer.close()
      viewers.delete(viewer)
      if (Math.random() < 0.5 && !run.stopping) {
        SseClient.connect(`${base}/api/ai/suggestions/meetings/${meetingId}/stream`, viewer.lastEventId === undefined ? {} : { lastEventId: viewer.lastEventId }).then((again) => {
          viewers.add(again)
          setTimeout(() => {
            suggestions += again.named('ai-suggestion').length
            again.close()
            viewers.delete(again)
          }, 1000)
        }, () => {})
      }
    }, stay)
  }
}

const results: Sample[] = []
let startedAt = Date.now()
async function sample (): Promise<Sample> {
  const s: Sample = {
    t: Math.round((Date.now() - startedAt) / 1000),
    rssMb: Math.round(rssMb() * 10) / 10,
    heapMb: Math.round(await heapMb() * 10) / 10,
    fds: openFds(),
    keys: await countKeys(prefix, redisUrl),
    viewers: viewers.size,
    meetings,
    ingested,
    suggestions
  }
  results.push(s)
  process.stdout.write(`${JSON.stringify(s)}\n`)
  return s
}

/** Meetings whose last segment went out more than TTL + 5 s ago and still have a key. */
async function unexpiredMeetings (): Promise<{ checked: number, left: string[] }> {
  const client = createClient({ url: redisUrl })
  client.on('error', () => {})
  await client.connect()
  const left: string[] = []
  let checked = 0
  try {
    for (const [meetingId, at] of finished) {
      if (Date.now() - at < (ttlS + 5) * 1000) continue
      checked += 1
      for await (const keys of client.scanIterator({ MATCH: `${prefix}m:{${meetingId}}*`, COUNT: 1000 })) {
        if (keys.length > 0) left.push(`${meetingId}: ${keys.join(', ')}`)
      }
    }
  } finally {
    client.destroy()
  }
  return { checked, left }
}

let verdict: Record<string, unknown> = {}
let ok = false
try {
  await waitForHealth()
  process.stdout.write(`${JSON.stringify({ soak: { minutes, ttlS, targetViewers, meetingsPerMinute, prefix, pid, port } })}\n`)
  startedAt = Date.now()
  const baselineFds = openFds()
  const load = [meetingLoop(), viewerLoop()]
  while (Date.now() - startedAt < durationMs && !run.stopping) {
    await pause(Math.min(sampleS * 1000, durationMs - (Date.now() - startedAt)))
    await sample()
  }
  run.stopping = true
  await Promise.all(load)
  await Promise.all(loops)
  // Wait for the viewers that are leaving; then the server side must release their sockets.
  while (viewers.size > 0) await pause(100)
  const fdDeadline = Date.now() + 15_000
  let fds = openFds()
  while (fds > baselineFds + fdSlack && Date.now() < fdDeadline) {
    await pause(200)
    fds = openFds()
  }
  const end = await sample()
  const warm = results.filter((s) => s.t * 1000 <= warmupMs)
  const after = results.filter((s) => s.t * 1000 > warmupMs)
  const warmRss = Math.max(...(warm.length > 0 ? warm : results.slice(0, 1)).map((s) => s.rssMb))
  const warmHeap = Math.max(...(warm.length > 0 ? warm : results.slice(0, 1)).map((s) => s.heapMb))
  const maxRss = Math.max(...after.map((s) => s.rssMb))
  const maxHeap = Math.max(...after.map((s) => s.heapMb))
  const expiry = await unexpiredMeetings()
  const checks = {
    rss: maxRss < warmRss * growth,
    heap: maxHeap < warmHeap * growth,
    fds: fds <= baselineFds + fdSlack,
    keysExpire: expiry.left.length === 0 && (durationMs < (ttlS + 10) * 1000 || expiry.checked > 0),
    served: ingested > 0 && suggestions > 0
  }
  ok = Object.values(checks).every(Boolean)
  verdict = { ok, checks, warmRssMb: warmRss, maxRssMb: maxRss, warmHeapMb: warmHeap, maxHeapMb: maxHeap, baselineFds, endFds: fds, endKeys: end.keys, maxKeys: Math.max(...results.map((s) => s.keys)), expiredMeetingsChecked: expiry.checked, keysLeft: expiry.left.slice(0, 5), meetings, ingested, suggestions }
} catch (error) {
  verdict = { ok: false, error: (error as Error).message, serviceExit }
} finally {
  for (const viewer of viewers) viewer.close()
  await stopService()
  await deleteKeys(prefix, redisUrl)
}
process.stdout.write(`${JSON.stringify({ verdict })}\n`)
process.exitCode = ok ? 0 : 1
