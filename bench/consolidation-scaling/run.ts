import { performance } from 'node:perf_hooks'
import { buildApp } from '../../apps/api/src/app.ts'
import { configFrom } from '../../packages/config/src/index.ts'
import { OfflineEngine } from '../../packages/llm/src/index.ts'
import { deleteKeys, TEST_REDIS_URL, uniquePrefix } from '../../packages/testkit/src/redis/index.ts'
import { args, emitResult, table } from '../lib/common.ts'
import { FAMILIES, segmentWindow } from './inputs.ts'

/**
 * How consolidation time grows with the minutes: each input family at each size, through the
 * real route (buildApp + inject, no LLM configured, so the offline engine does it all),
 * `--requests` requests per size, of which the lowest CPU time and the lowest wall time are
 * kept: one GC or JIT pause in a single request swung a ratio by x1.5. The requests go in
 * rounds (every family at every size, then again), after one unmeasured request per family
 * (`--warm-up false` leaves it out), so that a slower or faster stretch of a shared machine
 * falls on all the sizes a ratio compares rather than on some of them. Each request is a new
 * meeting with other words of the same family (Family.build's variant, never the same one twice
 * in a run), so none is cheaper for the words the analysis thread has cached from the one before.
 * Ratios are per doubling of the size ((t2/t1)^(1/log2(s2/s1))), flagged above 2.3, and taken
 * on the process's CPU time: on a shared, loaded machine wall time swings with the neighbours.
 * A size whose lowest wall time is over the 25 s budget is flagged too. Beside the steps, each
 * family's growth over all its sizes at once: 2 to the power of the least-squares slope of
 * log CPU time on log size, which one noisy size moves much less than it moves the two steps
 * it takes part in (reported, not flagged: the issue's limit is per step). Then the live path:
 * the worker's engine call on a segment window as it grows.
 *
 *   node --conditions=@meeting-ai/source --import tsx bench/consolidation-scaling/run.ts \
 *     [--families realistic-en,decisions-4] [--sizes 50000,100000,200000,400000,1000000] \
 *     [--requests 3] [--warm-up true|false] [--stop-after-ms 60000] [--live true|false]
 *
 * --stop-after-ms: once a size of a family takes longer, its larger sizes are skipped (a
 * quadratic family would otherwise run for many minutes).
 */
const opts = args()
const sizes = (opts.get('sizes') ?? '50000,100000,200000,400000,1000000').split(',').map(Number)
const wanted = opts.get('families')?.split(',')
const families = FAMILIES.filter((f) => wanted === undefined || wanted.includes(f.name))
const stopAfterMs = Number(opts.get('stop-after-ms') ?? 60_000)
const requests = Math.max(1, Number(opts.get('requests') ?? 3))
const warmUp = opts.get('warm-up') !== 'false'
const BUDGET_MS = 25_000
const RATIO_LIMIT = 2.3

const prefix = uniquePrefix('bench-scaling')
const config = configFrom({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', CONSOLIDATE_BUDGET_MS: '120000' })
const app = await buildApp({ config })

const perDoubling = (t1: number, t2: number, s1: number, s2: number): number => (t2 / t1) ** (1 / Math.log2(s2 / s1))
/** 2 ** (least-squares slope of log2 time on log2 size): the time factor per doubling that fits every size at once. */
function fittedPerDoubling (points: Array<{ chars: number, cpuMs: number }>): number {
  if (points.length < 2) return NaN
  const xs = points.map((p) => Math.log2(p.chars))
  const ys = points.map((p) => Math.log2(p.cpuMs))
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length
  const my = ys.reduce((a, b) => a + b, 0) / ys.length
  let covariance = 0
  let variance = 0
  xs.forEach((x, i) => {
    covariance += (x - mx) * (ys[i]! - my)
    variance += (x - mx) ** 2
  })
  return 2 ** (covariance / variance)
}
const f = (n: number, d = 0): string => Number.isFinite(n) ? n.toFixed(d) : '-'

interface Row { family: string, chars: number, ms: number, cpuMs: number, cpuRuns: number[], status: number, todos: number, partial: boolean }
const rows: Row[] = families.flatMap((family) => sizes.map((): Row => ({ family: family.name, chars: 0, ms: Infinity, cpuMs: Infinity, cpuRuns: [], status: 200, todos: 0, partial: false })))
const rowOf = (familyIndex: number, sizeIndex: number): Row => rows[familyIndex * sizes.length + sizeIndex]!
/** Per family, the sizes still measured: a size slower than --stop-after-ms ends its family's larger sizes. */
const sizesLeft = families.map(() => sizes.length)
let request = 0

async function consolidate (family: (typeof families)[number], chars: number, variant: number): Promise<{ chars: number, ms: number, cpuMs: number, status: number, todos: number, partial: boolean }> {
  const input = family.build(chars, variant)
  const payload = JSON.stringify({ meetingId: `scaling-${process.pid}-${request++}`, agendas: input.agendas, participantMinutes: input.minutes, ...(input.language === undefined ? {} : { language: input.language }) })
  const started = performance.now()
  const cpuBefore = process.cpuUsage()
  const response = await app.inject({ method: 'POST', url: '/api/v1/transcripts/consolidate', payload, headers: { 'content-type': 'application/json' } })
  const ms = performance.now() - started
  const cpu = process.cpuUsage(cpuBefore)
  const body = response.statusCode === 200 ? response.json() : undefined
  return {
    chars: input.minutes.reduce((sum, m) => sum + m.content.length, 0),
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    status: response.statusCode,
    todos: body?.todos?.length ?? 0,
    partial: body?.partial === true
  }
}

try {
  // One unmeasured request per family first: the analysis thread's first run of a family's
  // code paths (module load, JIT) would otherwise land on its smallest size alone.
  if (warmUp) {
    for (const family of families) await consolidate(family, sizes[0]!, sizes.length * requests)
  }
  // Rounds: each round takes one request of every family at every size, so the machine's drift
  // over the minutes of a run (its speed moved by x1.6 within one run) reaches every size of a
  // family alike instead of the sizes measured in one stretch.
  for (let round = 0; round < requests; round++) {
    for (const [familyIndex, family] of families.entries()) {
      for (let sizeIndex = 0; sizeIndex < sizesLeft[familyIndex]!; sizeIndex++) {
        // Each request its own words, across sizes too: a family's text of one variant starts
        // with its shorter text of that variant, which the analysis thread has cached.
        const result = await consolidate(family, sizes[sizeIndex]!, sizeIndex * requests + round)
        const row = rowOf(familyIndex, sizeIndex)
        process.stdout.write(`${family.name} ${result.chars} chars, request ${round + 1}: ${f(result.ms)} ms, CPU ${f(result.cpuMs)} ms (status ${result.status}, ${result.todos} todos${result.partial ? ', partial' : ''})\n`)
        row.chars = result.chars
        row.cpuRuns.push(result.cpuMs)
        row.ms = Math.min(row.ms, result.ms)
        row.cpuMs = Math.min(row.cpuMs, result.cpuMs)
        row.todos = result.todos
        // A failed request or a partial answer counts, whichever request it was.
        if (result.status !== 200) row.status = result.status
        if (result.partial) row.partial = true
        // A size this slow once is slow: its larger sizes would only add minutes.
        if (result.ms > stopAfterMs) sizesLeft[familyIndex] = sizeIndex + 1
      }
    }
  }
} finally {
  await app.close()
  await deleteKeys(prefix)
}

const measured = rows.filter((r) => r.cpuRuns.length > 0)
const flagged: string[] = []
const fitted: Record<string, number> = Object.fromEntries(families.map((family) => [family.name, fittedPerDoubling(measured.filter((r) => r.family === family.name))]))
const tableRows = families.map((family) => {
  const mine = measured.filter((r) => r.family === family.name)
  return [family.name, ...sizes.map((_, i) => {
    const row = mine[i]
    if (row === undefined) return 'skipped'
    const previous = mine[i - 1]
    const ratio = previous === undefined ? NaN : perDoubling(previous.cpuMs, row.cpuMs, previous.chars, row.chars)
    const flags = [ratio > RATIO_LIMIT ? 'RATIO' : '', row.ms > BUDGET_MS ? 'BUDGET' : '', row.status !== 200 ? `HTTP ${row.status}` : ''].filter(Boolean)
    if (flags.length > 0) flagged.push(`${family.name} at ${row.chars}: ${flags.join(', ')}`)
    return `${f(row.ms)} / ${f(row.cpuMs)}${Number.isFinite(ratio) ? ` (x${ratio.toFixed(2)})` : ''}${flags.length > 0 ? ' !' : ''}`
  }), Number.isFinite(fitted[family.name]!) ? `x${fitted[family.name]!.toFixed(2)}` : '-']
})
process.stdout.write(`\nconsolidation wall ms / CPU ms by size in characters, lowest of ${requests} requests each (xN: CPU time ratio per doubling of the size; ! over 2.3 or wall time over the 25 s budget; fitted: per doubling over every size)\n`)
process.stdout.write(table(['family', ...sizes.map((s) => `${s / 1000}k`), 'fitted'], tableRows) + '\n')

// The worker's analysis of one window: the engine call it makes per analysis.
interface LiveRow { segments: number, segmentChars: number, ms: number }
const live: LiveRow[] = []
if (opts.get('live') !== 'false') {
  const engine = new OfflineEngine()
  const shapes: Array<[number, number]> = [[30, 200], [60, 200], [120, 200], [240, 200], [30, 1250], [30, 2500], [30, 5000], [30, 10_000]]
  // CPU milliseconds each: the median of five windows of fresh text (words are memoised per text).
  for (const [count, chars] of shapes) {
    const times: number[] = []
    for (let seed = 0; seed < 5; seed++) {
      const segments = segmentWindow(count, chars, 100 * count + chars + seed)
      const cpuBefore = process.cpuUsage()
      await engine.suggest({ meetingId: 'bench-live', segments, previousSuggestions: [], language: 'en' })
      const cpu = process.cpuUsage(cpuBefore)
      times.push((cpu.user + cpu.system) / 1000)
    }
    live.push({ segments: count, segmentChars: chars, ms: times.sort((a, b) => a - b)[2]! })
  }
  const liveRows = live.map((row, i) => {
    // A ratio against the row before when only one of the two dimensions grew.
    const before = live[i - 1]
    const previous = before !== undefined && (before.segmentChars === row.segmentChars || before.segments === row.segments) ? before : undefined
    const ratio = previous === undefined ? NaN : perDoubling(previous.ms, row.ms, previous.segments * previous.segmentChars, row.segments * row.segmentChars)
    if (ratio > RATIO_LIMIT) flagged.push(`live ${row.segments} x ${row.segmentChars}: RATIO`)
    return [String(row.segments), String(row.segmentChars), String(row.segments * row.segmentChars), f(row.ms, 1), Number.isFinite(ratio) ? ratio.toFixed(2) : '']
  })
  process.stdout.write('\nlive path: one engine.suggest on a window (offline engine), CPU ms, median of 5\n')
  process.stdout.write(table(['segments', 'chars each', 'window chars', 'CPU ms', 'x per doubling'], liveRows) + '\n')
}

process.stdout.write(flagged.length === 0 ? '\nno ratio over 2.3, every size within the 25 s budget\n' : `\nflagged:\n${flagged.map((l) => `  ${l}`).join('\n')}\n`)
emitResult('consolidation-scaling', { sizes, requests, warmUp, rows: measured, fitted, live, flagged })
