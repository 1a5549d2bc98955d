import { chunkMinutes } from '../../apps/api/src/consolidation/chunking.ts'
import { finalise } from '../../apps/api/src/consolidation/finalise.ts'
import { OfflineEngine, type ChunkAnalysis } from '../../packages/llm/src/index.ts'
import { findConflicts } from '../../packages/llm/src/offline/conflicts.ts'
import { dedupeTexts } from '../../packages/llm/src/text/similarity.ts'
import { args, table } from '../lib/common.ts'
import { FAMILIES } from './inputs.ts'

/**
 * Where a consolidation's CPU time goes as the minutes grow: the steps the route runs on an
 * analysis thread, here one after the other on this thread (CPU ms of the process, so the
 * analyses are not spread over the pool). Per size: chunking, the chunk analyses (all, and per
 * chunk in the first and last quarter of the run: a cost that rises along a run shows there),
 * the reduce and finalise. Then the reduce's steps that compare items across the whole meeting,
 * run again on the same chunk analyses (`--repeat` times, lowest kept; the words are cached by
 * then, as they are for the reduce): the todo and decision dedupes and the cross-chunk
 * conflict search. Each size gets other words of its family, as in run.ts, after a warm-up
 * on 50k characters of it.
 *
 *   node --conditions=@meeting-ai/source --import tsx bench/consolidation-scaling/stages.ts \
 *     [--families one-line,todos-4] [--sizes 400000,1000000] [--repeat 5]
 */
const opts = args()
const sizes = (opts.get('sizes') ?? '400000,1000000').split(',').map(Number)
const wanted = (opts.get('families') ?? 'one-line,todos-4').split(',')
const repeat = Math.max(1, Number(opts.get('repeat') ?? 5))
const engine = new OfflineEngine()

const cpuMs = (): number => {
  const usage = process.cpuUsage()
  return (usage.user + usage.system) / 1000
}
function timed<T> (work: () => T): [T, number] {
  const started = cpuMs()
  const result = work()
  return [result, cpuMs() - started]
}
function lowest (work: () => unknown): number {
  let best = Infinity
  for (let i = 0; i < repeat; i++) best = Math.min(best, timed(work)[1])
  return best
}
const mean = (values: number[]): number => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length)
const f = (n: number): string => n.toFixed(n < 10 ? 1 : 0)

const rows: string[][] = []
for (const family of FAMILIES.filter((candidate) => wanted.includes(candidate.name))) {
  // Warm-up (not reported): the first analyses load the tagger and compile the hot code.
  const warmUp = family.build(50_000, 0)
  for (const chunk of chunkMinutes(warmUp.minutes, 24_000)) await engine.analyseChunk({ agendas: warmUp.agendas, minutes: chunk.minutes, ...(warmUp.language === undefined ? {} : { language: warmUp.language }) })
  for (const [s, chars] of sizes.entries()) {
    const input = family.build(chars, s + 1)
    const language = input.language === undefined ? {} : { language: input.language }
    const [chunks, chunkMs] = timed(() => chunkMinutes(input.minutes, 24_000))
    const analyses: ChunkAnalysis[] = []
    const perChunk: number[] = []
    for (const chunk of chunks) {
      const started = cpuMs()
      analyses.push(await engine.analyseChunk({ agendas: input.agendas, minutes: chunk.minutes, ...language }))
      perChunk.push(cpuMs() - started)
    }
    const reduceStarted = cpuMs()
    const draft = await engine.reduce({ agendas: input.agendas, chunks: analyses, ...language })
    const reduceMs = cpuMs() - reduceStarted
    const [answer, finaliseMs] = timed(() => finalise(draft, { meetingId: 'stages', agendas: input.agendas, languageSample: '', model: engine.name, partial: false, notes: [] }))
    // The reduce's inputs to its whole-meeting comparisons (see OfflineEngine's reduce and mergeNotes).
    const todos = analyses.flatMap((a) => a.todos)
    const decisions = analyses.flatMap((a) => a.agendaNotes.flatMap((n) => n.decisions))
    const points = analyses.flatMap((a, c) => a.agendaNotes.flatMap((n) => n.points.map((text) => ({ text, source: `part ${c + 1}` }))))
    const quarter = Math.max(1, Math.floor(perChunk.length / 4))
    rows.push([
      family.name, String(chars), f(chunkMs), `${f(mean(perChunk) * perChunk.length)} (${chunks.length})`,
      f(mean(perChunk.slice(0, quarter))), f(mean(perChunk.slice(-quarter))), f(reduceMs), f(finaliseMs),
      `${f(lowest(() => dedupeTexts(todos)))} (${todos.length})`,
      `${f(lowest(() => dedupeTexts(decisions)))} (${decisions.length})`,
      `${f(lowest(() => findConflicts(points)))} (${points.length})`,
      String(answer.todos.length)
    ])
    process.stdout.write(`${rows.at(-1)!.join(' ')}\n`)
  }
}
process.stdout.write('\nCPU ms per step on one thread (reduce steps: lowest of ' + String(repeat) + ', item counts in brackets)\n')
process.stdout.write(table(['family', 'chars', 'chunk', 'analyses (chunks)', 'per chunk, first quarter', 'per chunk, last quarter', 'reduce', 'finalise', 'todo dedupe', 'decision dedupe', 'cross-chunk conflicts', 'todos'], rows) + '\n')
