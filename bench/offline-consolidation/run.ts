import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import type { Agenda, ParticipantMinutes } from '@meeting-ai/contracts'
import { buildApp } from '../../apps/api/src/app.ts'
import { configFrom } from '../../packages/config/src/index.ts'
import { englishLaunchMeeting } from '../../packages/samples/src/index.ts'
import { deleteKeys, TEST_REDIS_URL, uniquePrefix } from '../../packages/testkit/src/redis/index.ts'
import { args, emitResult, REPO_ROOT, table } from '../lib/common.ts'

/**
 * A 3,000-word meeting consolidated offline (no LLM configured), as the API runs it: the real
 * route (buildApp + inject) with one analysis-pool thread, after a warm-up request on another
 * meeting (the thread's module graph, segmenters and JIT). The first 3,000 words (split on
 * white space, as eval counts them) of each dev meeting, taken a line at a time from each
 * participant in turn, so every participant's opening minutes are in. Per meeting: the first
 * request (its texts new to the thread's word caches) and the next `--runs` (the same text
 * again, each a new meeting id: cached words). Wall ms is what the target is about; CPU ms
 * (the whole process) is beside it because this machine is shared.
 *
 *   node --conditions=@meeting-ai/source --import tsx bench/offline-consolidation/run.ts \
 *     [--words 3000] [--runs 5] [--meetings en-q3-planning-long,ko-h2-planning-long]
 */
const opts = args()
const words = Number(opts.get('words') ?? 3000)
const runs = Number(opts.get('runs') ?? 5)
const meetingIds = (opts.get('meetings') ?? 'en-q3-planning-long,ko-h2-planning-long').split(',')
const TARGET_MS = 500

interface EvalMeetingFile { id: string, language: string, agendas: Agenda[], minutes: ParticipantMinutes[] }

/** The participants' minutes, one line from each in turn, until `limit` words. */
function firstWords (minutes: ParticipantMinutes[], limit: number): ParticipantMinutes[] {
  const lines = minutes.map((m) => m.content.split('\n'))
  const taken: string[][] = minutes.map(() => [])
  let count = 0
  for (let line = 0; count < limit && lines.some((l) => line < l.length); line++) {
    for (let p = 0; p < minutes.length && count < limit; p++) {
      const text = lines[p]![line]
      if (text === undefined) continue
      const lineWords = text.split(/\s+/).filter(Boolean)
      const kept = lineWords.slice(0, limit - count)
      count += kept.length
      taken[p]!.push(kept.length === lineWords.length ? text : kept.join(' '))
    }
  }
  return minutes.map((m, p) => ({ ...m, content: taken[p]!.join('\n') })).filter((m) => m.content.trim() !== '')
}

const prefix = uniquePrefix('bench-offline')
const config = configFrom({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', ANALYSIS_THREADS: '1' })
const app = await buildApp({ config })

interface Timing { ms: number, cpuMs: number, status: number }
let request = 0
async function consolidate (body: object): Promise<Timing> {
  const payload = JSON.stringify({ meetingId: `offline-${process.pid}-${request++}`, ...body })
  const started = performance.now()
  const cpuBefore = process.cpuUsage()
  const response = await app.inject({ method: 'POST', url: '/api/v1/transcripts/consolidate', payload, headers: { 'content-type': 'application/json' } })
  const cpu = process.cpuUsage(cpuBefore)
  return { ms: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000, status: response.statusCode }
}

const rows: Array<{ meeting: string, words: number, first: Timing, next: Timing[] }> = []
try {
  const warmUp = await consolidate({ agendas: englishLaunchMeeting.agendas, participantMinutes: englishLaunchMeeting.participantMinutes, language: englishLaunchMeeting.language })
  process.stdout.write(`warm-up (testkit sample meeting): ${warmUp.ms.toFixed(0)} ms, CPU ${warmUp.cpuMs.toFixed(0)} ms, status ${warmUp.status}\n`)
  for (const id of meetingIds) {
    const meeting = JSON.parse(readFileSync(`${REPO_ROOT}eval/meetings/${id}.json`, 'utf8')) as EvalMeetingFile
    const minutes = firstWords(meeting.minutes, words)
    const body = { agendas: meeting.agendas, participantMinutes: minutes, language: meeting.language }
    const first = await consolidate(body)
    const next: Timing[] = []
    for (let i = 0; i < runs; i++) next.push(await consolidate(body))
    const counted = minutes.reduce((sum, m) => sum + m.content.split(/\s+/).filter(Boolean).length, 0)
    rows.push({ meeting: id, words: counted, first, next })
    process.stdout.write(`${id} (${counted} words): first ${first.ms.toFixed(0)} ms / CPU ${first.cpuMs.toFixed(0)} ms; next ${next.map((t) => `${t.ms.toFixed(0)}/${t.cpuMs.toFixed(0)}`).join(', ')}\n`)
  }
} finally {
  await app.close()
  await deleteKeys(prefix)
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN
const statuses = rows.flatMap((r) => [r.first, ...r.next]).filter((t) => t.status !== 200)
process.stdout.write(`\noffline consolidation of the first ${words} words, one analysis thread after its warm-up: wall ms / CPU ms (target: wall under ${TARGET_MS} ms)\n`)
process.stdout.write(table(['meeting', 'words', 'first request', `next ${runs}: median`, `next ${runs}: lowest`],
  rows.map((r) => [r.meeting, r.words, `${r.first.ms.toFixed(0)} / ${r.first.cpuMs.toFixed(0)}`,
    `${median(r.next.map((t) => t.ms)).toFixed(0)} / ${median(r.next.map((t) => t.cpuMs)).toFixed(0)}`,
    `${Math.min(...r.next.map((t) => t.ms)).toFixed(0)} / ${Math.min(...r.next.map((t) => t.cpuMs)).toFixed(0)}`])) + '\n')
if (statuses.length > 0) process.stdout.write(`\n${statuses.length} requests answered ${[...new Set(statuses.map((t) => t.status))].join(', ')}\n`)
emitResult('offline-consolidation', { words, runs, targetMs: TARGET_MS, rows })
