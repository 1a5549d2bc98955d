import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { configFrom } from '@meeting-ai/config'
import { OfflineEngine } from '@meeting-ai/llm'
import { createRedisEngine } from '@meeting-ai/store'
import { englishLaunchMeeting, koreanLaunchMeeting, type SampleMeeting } from '@meeting-ai/testkit/samples'
import { startOwnedRedis } from '@meeting-ai/testkit/redis'
import { createSegmentPipeline, parseSttEvent, type RawEvent } from '@meeting-ai/worker'
import { args, emitResult, table } from '../lib/common.ts'

/**
 * Worker ingest benchmark (not a test): events/s through the real segment pipeline (JSON parse,
 * validation, timestamp, then the one Lua call doing dedupe + window append + trim + counter)
 * on one process with analysis effectively off (ANALYSIS_THRESHOLD=1000), against
 * redis-benchmark's SET rate for the same redis-server (own process, own port) in the same run.
 * The pipeline awaits each append in order within a batch (one partition), so several batches
 * over different meetings run concurrently, as partitions would.
 *
 *   node --conditions=@meeting-ai/source --import tsx bench/ingest/run.ts [--events 200000] [--concurrency 1,16,64,256] [--batch 100]
 */
const opts = args()
const EVENTS = Number(opts.get('events') ?? 200_000)
const CONCURRENCY = (opts.get('concurrency') ?? '1,16,64,256').split(',').map(Number)
const BATCH = Number(opts.get('batch') ?? 100)
const MEETINGS = Number(opts.get('meetings') ?? 2000)

function redisBenchmark (port: number, pipeline: number, requests: number): number {
  const run = spawnSync('redis-benchmark', ['-p', String(port), '-t', 'set', '-n', String(requests), '-P', String(pipeline), '--csv'], { encoding: 'utf8' })
  // "test","rps",... then "SET","123456.79",...
  const line = run.stdout.split('\n').find((l) => l.startsWith('"SET"'))
  return Number(line?.split(',')[1]?.replace(/"/g, '') ?? NaN)
}

const redis = await startOwnedRedis()
const port = Number(new URL(redis.url).port)
const prefix = 'bench-ingest:'
const config = configFrom({ REDIS_URL: redis.url, REDIS_KEY_PREFIX: prefix, ANALYSIS_THRESHOLD: '1000', LLM_ENGINE: 'offline', LOG_LEVEL: 'silent' })
const store = await createRedisEngine({ url: redis.url, prefix, limits: { windowSegments: config.windowSegments, meetingTtlS: config.meetingTtlS, replayMaxLen: 100 }, logger: { info () {}, warn () {}, error () {} } })
const noop = (): void => {}
const pipeline = createSegmentPipeline({ config, store, engine: new OfflineEngine(), logger: { info: noop, warn: noop, error: noop, debug: noop } })

const setP1 = redisBenchmark(port, 1, 200_000)
const setP16 = redisBenchmark(port, 16, 1_000_000)

// STT events as they arrive from a source: JSON text, one meeting per batch (a partition's slice).
const texts = englishLaunchMeeting.segments.map((s) => s.text)
let sequence = 0
function batchFor (size: number): RawEvent[] {
  const meeting = Math.floor(sequence / BATCH) % MEETINGS
  return Array.from({ length: size }, () => {
    const n = sequence++
    const body = JSON.stringify({ meetingId: `bench-${meeting}`, text: texts[n % texts.length], timestamp: Date.now(), segmentId: `seg-${n}`, speakerId: `spk-${n % 4}`, speakerName: 'Speaker', language: 'en' })
    return { body, position: `0:${n}`, fallbackDedupeKey: `fb-${n}` }
  })
}

interface IngestRow { concurrency: number, events: number, seconds: number, eventsPerS: number, accepted: number, vsP1: number, vsP16: number }
const rows: IngestRow[] = []
let serialBaseline = NaN
for (const concurrency of CONCURRENCY) {
  const total = concurrency === 1 ? Math.min(EVENTS, 50_000) : EVENTS
  let next = 0
  let accepted = 0
  const started = performance.now()
  await Promise.all(Array.from({ length: concurrency }, async () => {
    for (;;) {
      const start = next
      if (start >= total) return
      next += BATCH
      const outcome = await pipeline.ingest(batchFor(Math.min(BATCH, total - start)), 'bench')
      accepted += outcome.accepted
    }
  }))
  const seconds = (performance.now() - started) / 1000
  const eventsPerS = total / seconds
  rows.push({ concurrency, events: total, seconds, eventsPerS, accepted, vsP1: eventsPerS / setP1, vsP16: eventsPerS / setP16 })
  process.stdout.write(`concurrency ${concurrency}: ${total} events in ${seconds.toFixed(2)} s = ${eventsPerS.toFixed(0)} events/s (accepted ${accepted})\n`)
}
// Baseline of the pipeline before it sent a batch's appends together: parse, then await each
// append in turn (one round trip per event), one batch at a time, on the same store.
{
  const total = Math.min(EVENTS, 20_000)
  sequence = 10_000_000
  const started = performance.now()
  for (let done = 0; done < total; done += BATCH) {
    for (const event of batchFor(BATCH)) {
      const parsed = parseSttEvent(event.body, { zone: config.sttTimestampZone, fallbackDedupeKey: event.fallbackDedupeKey })
      if (parsed.ok) await store.windows.append(parsed.segment)
    }
  }
  const eventsPerS = total / ((performance.now() - started) / 1000)
  serialBaseline = eventsPerS
  process.stdout.write(`serial appends (one await per event, the pipeline before bench/ingest): ${eventsPerS.toFixed(0)} events/s\n`)
}
// Duplicates: the first phase's events again (the dedupe path of the same Lua call).
const dupTotal = rows[0]?.events ?? 0
sequence = 0
let duplicates = 0
const dupStart = performance.now()
await Promise.all(Array.from({ length: 16 }, async () => {
  while (sequence < dupTotal) {
    const outcome = await pipeline.ingest(batchFor(Math.min(BATCH, dupTotal - sequence)), 'bench')
    duplicates += outcome.duplicates
  }
}))
const dupPerS = dupTotal / ((performance.now() - dupStart) / 1000)
process.stdout.write(`duplicates: ${duplicates}/${dupTotal} recognised\n`)
// Time Redis itself spent per append (wall time inside the Lua call, so it grows when the
// machine is loaded): its inverse is the ceiling of one Redis core for this workload.
const evalsha = /cmdstat_evalsha:calls=(\d+),usec=(\d+)/.exec(spawnSync('redis-cli', ['-p', String(port), 'info', 'commandstats'], { encoding: 'utf8' }).stdout)
const luaUsPerCall = Number(evalsha?.[2] ?? NaN) / Number(evalsha?.[1] ?? NaN)
process.stdout.write(`redis: append Lua ${luaUsPerCall.toFixed(1)} us per call => one Redis core tops out near ${(1e6 / luaUsPerCall).toFixed(0)} appends/s\n`)
await pipeline.close()
await store.close()
await redis.stop()

// LLM calls per meeting-minute: one analysis every ANALYSIS_THRESHOLD (3) new segments.
const llm = [englishLaunchMeeting, koreanLaunchMeeting].map((sample: SampleMeeting) => {
  const times = sample.segments.map((s) => Date.UTC(s.timestamp[0], s.timestamp[1] - 1, s.timestamp[2], s.timestamp[3], s.timestamp[4], s.timestamp[5]))
  const minutes = (Math.max(...times) - Math.min(...times)) / 60_000
  const segmentsPerMinute = sample.segments.length / minutes
  return { sample: sample.meetingId, segments: sample.segments.length, minutes, segmentsPerMinute, llmCallsPerMinute: segmentsPerMinute / 3 }
})

const best = Math.max(...rows.map((r) => r.eventsPerS))
process.stdout.write(`\nredis-benchmark SET on the same redis-server: -P 1 ${setP1.toFixed(0)} req/s, -P 16 ${setP16.toFixed(0)} req/s\n`)
process.stdout.write(table(['concurrent batches', 'events', 'events/s', 'ratio to SET -P 1', 'ratio to SET -P 16'],
  rows.map((r) => [r.concurrency, r.events, r.eventsPerS.toFixed(0), r.vsP1.toFixed(2), r.vsP16.toFixed(3)])) + '\n')
process.stdout.write(`duplicates (dedupe path, 16 concurrent): ${dupPerS.toFixed(0)} events/s\n`)
process.stdout.write(`serial baseline ${serialBaseline.toFixed(0)} events/s; best ${best.toFixed(0)} events/s (x${(best / serialBaseline).toFixed(1)}): target >= 50000 ${best >= 50_000 ? 'met' : 'MISSED'}\n`)
for (const l of llm) process.stdout.write(`${l.sample}: ${l.segments} segments over ${l.minutes.toFixed(1)} min = ${l.segmentsPerMinute.toFixed(1)} segments/min -> ${l.llmCallsPerMinute.toFixed(1)} LLM calls per meeting-minute (threshold 3)\n`)
emitResult('ingest', { setP1, setP16, rows, best, serialBaseline, duplicatesPerS: dupPerS, luaUsPerCall, redisCeiling: 1e6 / luaUsPerCall, loadAverage: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '), llm })
process.exit(0)
