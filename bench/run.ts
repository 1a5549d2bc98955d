import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { args, table } from './lib/common.ts'

/**
 * `pnpm bench`: a short version of every benchmark (under 10 minutes), each in its own process,
 * then one table. Figures inform; nothing here fails a build.
 *
 *   pnpm bench [--connections 5000] [--meetings 500] [--rate 500] [--seconds 5] [--targets ours,nchan,nchan-redis,pushpin]
 */
const opts = args()
const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url))
const fanoutArgs = ['--targets', opts.get('targets') ?? 'ours,nchan,nchan-redis,pushpin', '--connections', opts.get('connections') ?? '5000', '--meetings', opts.get('meetings') ?? '500', '--rate', opts.get('rate') ?? '500', '--seconds', opts.get('seconds') ?? '5', '--deadline', '300']
const steps: Array<{ name: string, script: string, argv: string[], nodeFlags?: string[] }> = [
  // The worker's production flag (apps/worker start, Dockerfile): see RESULTS.md section 2.
  { name: 'ingest', script: here('./ingest/run.ts'), argv: ['--concurrency', '1,16', '--events', '100000'], nodeFlags: ['--max-semi-space-size=64'] },
  { name: 'consolidation', script: here('./consolidation/run.ts'), argv: ['1000', '5'] },
  { name: 'consolidation-scaling', script: here('./consolidation-scaling/run.ts'), argv: ['--sizes', '100000,200000,400000,1000000', '--stop-after-ms', '30000'] },
  { name: 'live-window', script: here('./live-window/run.ts'), argv: [] },
  { name: 'offline-consolidation', script: here('./offline-consolidation/run.ts'), argv: [] },
  { name: 'fanout', script: here('./fanout/run.ts'), argv: fanoutArgs }
]

type Json = Record<string, any>
const results = new Map<string, Json>()
const started = Date.now()
for (const step of steps) {
  process.stdout.write(`\n== ${step.name} ==\n`)
  const child = spawn(process.execPath, [...(step.nodeFlags ?? []), '--conditions=@meeting-ai/source', '--import', 'tsx', step.script, ...step.argv], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.setEncoding('utf8')
  child.stdout.on('data', (chunk: string) => {
    out += chunk
    process.stdout.write(chunk.split('\n').filter((l) => !l.startsWith('BENCH_RESULT ')).join('\n'))
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), 360_000)
  await new Promise((resolve) => child.on('close', resolve))
  clearTimeout(timer)
  const line = out.split('\n').find((l) => l.startsWith('BENCH_RESULT '))
  if (line !== undefined) results.set(step.name, JSON.parse(line.slice('BENCH_RESULT '.length)) as Json)
  else process.stdout.write(`${step.name}: no result\n`)
}

const f = (n: unknown, d = 1): string => typeof n === 'number' && Number.isFinite(n) ? n.toFixed(d) : '-'
const rows: string[][] = []
const ingest = results.get('ingest')
if (ingest !== undefined) {
  rows.push(['ingest events/s, one meeting per batch', f(ingest.best, 0), `SET -P 16 ${f(ingest.setP16, 0)}`, f(ingest.best / ingest.setP16, 3), '>= 50000', ingest.best >= 50_000 ? 'met' : 'missed'])
  rows.push(['ingest events/s, mixed meetings per batch', f(ingest.bestMixed, 0), `SET -P 16 ${f(ingest.setP16, 0)}`, f(ingest.bestMixed / ingest.setP16, 3), '>= 50000', ingest.bestMixed >= 50_000 ? 'met' : 'missed'])
  rows.push(['ingest mixed / SET -P 1', f(ingest.bestMixed, 0), `SET -P 1 ${f(ingest.setP1, 0)}`, f(ingest.bestMixed / ingest.setP1, 2), '', ''])
  rows.push(['LLM calls per meeting-minute', f(ingest.llm?.[0]?.llmCallsPerMinute, 2), '', '', '', ''])
}
const consolidation = results.get('consolidation')
if (consolidation !== undefined) {
  rows.push([`consolidate p99 ms at ${f(consolidation.distinct?.perS, 0)} req/s (0-latency LLM)`, f(consolidation.distinct?.p99, 0), '', '', '<= 5', consolidation.distinct?.p99 <= 5 ? 'met' : 'missed'])
  rows.push(['consolidate p99 ms, cache hits', f(consolidation.cached?.p99, 0), '', '', '', ''])
  rows.push(['3-hour meeting wall s (2 s/call LLM)', f((consolidation.threeHour?.wallMs ?? NaN) / 1000), '', '', '< 20', consolidation.threeHour?.wallMs < 20_000 ? 'met' : 'missed'])
}
const scaling = results.get('consolidation-scaling')
if (scaling !== undefined) {
  const largest = (scaling.rows as Json[]).filter((r) => r.chars >= 900_000)
  const slowest = largest.sort((a, b) => b.ms - a.ms)[0]
  rows.push([`consolidation of 1M chars, slowest family (${String(slowest?.family ?? '-')}) ms`, f(slowest?.ms, 0), '', '', '<= 25000', slowest !== undefined && slowest.ms <= 25_000 ? 'met' : 'missed'])
  rows.push(['consolidation scaling: sizes flagged (ratio > 2.3 per doubling, over budget)', String((scaling.flagged as string[]).length), '', '', '0', (scaling.flagged as string[]).length === 0 ? 'met' : 'missed'])
}
const offline = results.get('offline-consolidation')
if (offline !== undefined) {
  const slowest = Math.max(...(offline.rows as Json[]).map((r) => r.first.ms as number))
  rows.push([`${String(offline.words)}-word offline consolidation, first request ms (slowest meeting)`, f(slowest, 0), '', '', `< ${String(offline.targetMs)}`, slowest < offline.targetMs ? 'met' : 'missed'])
}
const liveWindow = results.get('live-window')
if (liveWindow !== undefined) {
  const worst = Math.max(...(liveWindow.rows as Json[]).map((r) => Number.isFinite(r.suggestRatio) ? r.suggestRatio as number : 0))
  rows.push(['live window: highest CPU ratio per doubling (segment length, segment count)', f(worst, 2), '', '', '<= 2.3', worst <= 2.3 ? 'met' : 'missed'])
}
const fanout = results.get('fanout')
if (fanout !== undefined) {
  const byTarget = new Map<string, Json>((fanout.rows as Json[]).map((r) => [r.target, r]))
  const ours = byTarget.get('ours')
  // The targets are set against Nchan as it ships (channels in memory); nchan-redis is
  // Nchan's scaled-out setup, the same path as ours (through Redis), reported beside it.
  for (const peer of ['nchan', 'nchan-redis', 'pushpin']) {
    const p = byTarget.get(peer)
    if (ours === undefined || p === undefined) continue
    rows.push([`SSE RSS/conn KiB (${fanout.connections} conns) vs ${peer}`, f(ours.rssPerConnKiB, 2), f(p.rssPerConnKiB, 2), f(ours.rssPerConnKiB / p.rssPerConnKiB, 2), peer === 'nchan' ? '<= 1.5x' : '', peer === 'nchan' ? (ours.rssPerConnKiB <= 1.5 * p.rssPerConnKiB ? 'met' : 'missed') : ''])
    rows.push([`publish->receive p99 ms vs ${peer}`, f(ours.p99), f(p.p99), f(ours.p99 / p.p99, 2), peer === 'nchan' ? '<= 1x' : '', peer === 'nchan' ? (ours.p99 <= p.p99 ? 'met' : 'missed') : ''])
    rows.push([`delivered/expected vs ${peer}`, `${ours.delivered as number}/${ours.expected as number}`, `${p.delivered as number}/${p.expected as number}`, '', peer === 'nchan' ? 'zero lost' : '', peer === 'nchan' ? (ours.delivered >= ours.expected ? 'met' : 'missed') : ''])
  }
  for (const failure of fanout.failures as Json[]) rows.push([`fanout ${failure.target as string}`, 'FAILED', String(failure.error).slice(0, 60), '', '', ''])
}
process.stdout.write(`\n== summary (${((Date.now() - started) / 1000).toFixed(0)} s; short run: see bench/RESULTS.md for the full sizes) ==\n`)
process.stdout.write(table(['figure', 'ours', 'peer', 'ratio', 'target', ''], rows) + '\n')
