import type { AddressInfo } from 'node:net'
import autocannon from 'autocannon'
import { buildApp } from '../../apps/api/src/app.ts'
import { configFrom } from '../../packages/config/src/index.ts'
import { createEngine } from '../../packages/llm/src/index.ts'
import { startMockLlm, type MockHandler } from '../../packages/testkit/src/mock-llm/index.ts'
import { englishLaunchMeeting as sample } from '../../packages/testkit/src/samples/index.ts'
import { emitResult } from '../lib/common.ts'
import { deleteKeys, TEST_REDIS_URL, uniquePrefix } from '../../packages/testkit/src/redis/index.ts'

/**
 * Consolidation benchmark (not a test). Prints:
 *  1. service overhead: latency of POST /api/v1/transcripts/consolidate against a 0-latency
 *     mock LLM at a bounded rate, every request distinct (full path: chunk, map, reduce,
 *     post-process, Redis writes), then the same request repeated (cache hits);
 *  2. the wall time of a 3-hour meeting (~60k words) with a mock LLM taking 2 s per call.
 *
 *   node --conditions=@meeting-ai/source --import tsx bench/consolidation/run.ts [rate=50] [seconds=10]
 */
const RATE = Number(process.argv[2] ?? 50)
const SECONDS = Number(process.argv[3] ?? 10)
const URL_PATH = '/api/v1/transcripts/consolidate'

// Valid chunk and reduce answers for the sample's agendas, so every run is complete.
const model: MockHandler = (request) => {
  const chunk = request.body?.response_format?.json_schema?.name === 'minutes_chunk_analysis'
  const agendas = sample.agendas
  return chunk
    ? { json: { keywords: ['launch'], agendaNotes: agendas.map((a) => ({ agendaNumber: a.agendaNumber, agendaTitle: a.title, points: ['point'], decisions: [], pending: [] })), todos: ['Send the budget'] } }
    : { json: { keywords: ['launch'], agendaSummaries: agendas.map((a) => ({ agendaNumber: a.agendaNumber, agendaTitle: a.title, summaryShort: 's', summary: 'summary', decisions: [], pending: [] })), todos: [{ title: 'Send the budget' }] } }
}

function body (meetingId: string, participantMinutes = sample.participantMinutes): string {
  return JSON.stringify({ meetingId, meetingTitle: sample.meetingTitle, agendas: sample.agendas, participantMinutes, language: sample.language })
}

function longMinutes (words: number, participants = 6) {
  const base = sample.participantMinutes
  const perSession = base.reduce((sum, p) => sum + p.content.split(/\s+/).length, 0) / base.length
  const sessions = Math.ceil(words / participants / perSession)
  return Array.from({ length: participants }, (_, i) => {
    const source = base[i % base.length]!
    return { userId: `${source.userId}-${i}`, userName: `${source.userName ?? source.userId} ${i}`, content: Array.from({ length: sessions }, (_, s) => `## Session ${s + 1}\n${source.content}`).join('\n\n') }
  })
}

async function withApp<T> (latencyMs: number, run: (url: string, calls: () => number, drain: () => Promise<void>) => Promise<T>): Promise<T> {
  const mock = await startMockLlm({ latencyMs, handler: model })
  const prefix = uniquePrefix('bench-consolidation')
  const config = configFrom({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' })
  const engine = createEngine({ llmEngine: 'openai', llmBaseUrl: mock.url, llmApiKey: 'bench', llmMaxRetries: 0, llmConcurrency: 64 })
  const app = await buildApp({ config, engine, logger: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  try {
    return await run(`http://127.0.0.1:${port}`, () => mock.completions.length, async () => { await app.consolidation.drain() })
  } finally {
    await app.close()
    await mock.close()
    await deleteKeys(prefix)
  }
}

const figures: Record<string, unknown> = { rate: RATE, seconds: SECONDS }

function report (label: string, result: autocannon.Result): void {
  const { latency, requests, non2xx, errors } = result
  figures[label.startsWith('distinct') ? 'distinct' : 'cached'] = { requests: requests.total, perS: requests.average, p50: latency.p50, p90: latency.p90, p99: latency.p99, max: latency.max, non2xx, errors }
  console.log(`${label}: ${requests.total} requests at ${requests.average.toFixed(1)}/s, latency p50 ${latency.p50} ms, p90 ${latency.p90} ms, p99 ${latency.p99} ms, max ${latency.max} ms; non-2xx ${non2xx}, errors ${errors}`)
}

await withApp(0, async (url, calls, drain) => {
  let n = 0
  const distinct = await autocannon({
    url: `${url}${URL_PATH}`,
    method: 'POST',
    connections: 10,
    overallRate: RATE,
    duration: SECONDS,
    headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, body: body(`bench-${n++}`) }) }]
  })
  report(`distinct requests, 0-latency mock LLM, rate ${RATE}/s`, distinct)
  console.log(`  LLM calls: ${calls()} for ${distinct.requests.total} consolidations`)
  // Runs whose callers autocannon dropped at the end of the phase go on (by design): let them finish first.
  await drain()
  const warm = await fetch(`${url}${URL_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body('bench-0') })
  const warmAnswer = await warm.json() as { partial: boolean }
  console.log(`  bench-0 before the cache phase: status ${warm.status}, partial ${warmAnswer.partial}`)
  const before = calls()
  const cached = await autocannon({
    url: `${url}${URL_PATH}`,
    method: 'POST',
    connections: 10,
    overallRate: RATE,
    duration: SECONDS,
    headers: { 'content-type': 'application/json' },
    body: body('bench-0')
  })
  report(`identical request (cache hits), rate ${RATE}/s`, cached)
  console.log(`  LLM calls during cache hits: ${calls() - before}`)
})

await withApp(2000, async (url, calls) => {
  const minutes = longMinutes(60_000)
  const words = minutes.reduce((sum, p) => sum + p.content.split(/\s+/).length, 0)
  const started = Date.now()
  const response = await fetch(`${url}${URL_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body('bench-3h', minutes) })
  const answer = await response.json() as { partial: boolean, notes: string[] }
  figures.threeHour = { words, status: response.status, partial: answer.partial, calls: calls(), wallMs: Date.now() - started }
  console.log(`3-hour meeting: ${words} words, ${minutes.reduce((s, p) => s + p.content.length, 0)} chars, status ${response.status}, partial ${answer.partial}, ${calls()} LLM calls at 2 s each, wall time ${Date.now() - started} ms (budget 25000 ms)`)
})

emitResult('consolidation', figures)
