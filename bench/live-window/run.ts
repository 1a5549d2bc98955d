import type { Segment } from '@meeting-ai/contracts'
import { OfflineEngine } from '../../packages/llm/src/index.ts'
import { answeredQuestions, type Spoken } from '../../packages/llm/src/offline/live-suggestions.ts'
import { splitSentences } from '../../packages/llm/src/text/sentences.ts'
import { args, emitResult, table } from '../lib/common.ts'
import { segmentWindow } from '../consolidation-scaling/inputs.ts'

/**
 * How the worker's live analysis grows with its window: one offline `engine.suggest` (what an
 * analysis thread runs per analysis) on windows whose segments double in length (30 segments,
 * up to the 10,000-character limit of an STT event) and on windows whose segment count doubles
 * (200 characters each). Each figure is the lowest CPU time of `--windows` windows of fresh text
 * (the word caches hold per text), after one warm-up window per shape. Ratios are per doubling,
 * flagged above 2.3. The answered-question step (the one that read every later statement) is
 * timed alone beside it, on the same windows' sentences.
 *
 *   node --conditions=@meeting-ai/source --import tsx bench/live-window/run.ts [--windows 15]
 */
const opts = args()
const windows = Number(opts.get('windows') ?? 15)
const RATIO_LIMIT = 2.3
const engine = new OfflineEngine()

const cpuMsOf = (work: () => unknown): number => {
  const before = process.cpuUsage()
  work()
  const used = process.cpuUsage(before)
  return (used.user + used.system) / 1000
}
// The fastest window: on a shared machine neighbours only ever add to a window's CPU time (cache
// misses, frequency), and the windows of a shape are alike.
const fastest = (values: number[]): number => Math.min(...values)

function sentencesOf (segments: Segment[]): Spoken[] {
  const spoken: Spoken[] = []
  for (const segment of segments) {
    for (const sentence of splitSentences(segment.text)) if (!sentence.heading) spoken.push({ text: sentence.text, speaker: segment.speakerId ?? '', position: spoken.length })
  }
  return spoken
}

interface Row { series: string, segments: number, segmentChars: number, suggestMs: number, answeredMs: number, suggestRatio: number, answeredRatio: number }
const SERIES: Array<{ name: string, shapes: Array<[number, number]> }> = [
  { name: 'segment length', shapes: [[30, 625], [30, 1250], [30, 2500], [30, 5000], [30, 10_000]] },
  { name: 'segment count', shapes: [[30, 200], [60, 200], [120, 200], [240, 200], [480, 200]] }
]

const rows: Row[] = []
const flagged: string[] = []
for (const series of SERIES) {
  let previous: Row | undefined
  for (const [count, chars] of series.shapes) {
    // Warm-up: the segmenters, regexes and JIT of this shape's code paths.
    const warm = segmentWindow(count, chars, 7)
    await engine.suggest({ meetingId: 'bench-live', segments: warm, previousSuggestions: [], language: 'en' })
    const suggest: number[] = []
    const answered: number[] = []
    for (let seed = 0; seed < windows; seed++) {
      const segments = segmentWindow(count, chars, 1000 * count + chars + seed)
      const before = process.cpuUsage()
      await engine.suggest({ meetingId: 'bench-live', segments, previousSuggestions: [], language: 'en' })
      const used = process.cpuUsage(before)
      suggest.push((used.user + used.system) / 1000)
      // Sentences and their stems are cached by now: this is the scan alone.
      const spoken = sentencesOf(segments)
      answered.push(cpuMsOf(() => answeredQuestions(spoken)))
    }
    const size = count * chars
    const perDoubling = (t1: number, t2: number, s1: number): number => (t2 / t1) ** (1 / Math.log2(size / s1))
    const row: Row = { series: series.name, segments: count, segmentChars: chars, suggestMs: fastest(suggest), answeredMs: fastest(answered), suggestRatio: NaN, answeredRatio: NaN }
    if (previous !== undefined) {
      const s1 = previous.segments * previous.segmentChars
      row.suggestRatio = perDoubling(previous.suggestMs, row.suggestMs, s1)
      row.answeredRatio = perDoubling(previous.answeredMs, row.answeredMs, s1)
      if (row.suggestRatio > RATIO_LIMIT) flagged.push(`${count} x ${chars}: suggest x${row.suggestRatio.toFixed(2)}`)
    }
    rows.push(row)
    previous = row
  }
}

const f = (n: number, d: number): string => Number.isFinite(n) ? n.toFixed(d) : ''
process.stdout.write(`live path: one offline engine.suggest per window, CPU ms, fastest of ${windows} windows (x: per doubling of the window's characters)\n`)
process.stdout.write(table(['series', 'segments', 'chars each', 'window chars', 'suggest CPU ms', 'x per doubling', 'answered-question scan ms', 'x per doubling'],
  rows.map((r) => [r.series, r.segments, r.segmentChars, r.segments * r.segmentChars, f(r.suggestMs, 1), f(r.suggestRatio, 2), f(r.answeredMs, 2), f(r.answeredRatio, 2)])) + '\n')
process.stdout.write(flagged.length === 0 ? `\nno suggest ratio over ${RATIO_LIMIT}\n` : `\nflagged:\n${flagged.map((l) => `  ${l}`).join('\n')}\n`)
emitResult('live-window', { windows, rows, flagged })
