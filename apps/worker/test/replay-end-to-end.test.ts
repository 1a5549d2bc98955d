import { spawn } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { test } from 'tap'
import { Registry } from 'prom-client'
import { createEngine } from '@meeting-ai/llm'
import { deleteKeys, TEST_REDIS_URL, uniquePrefix } from '@meeting-ai/testkit/redis'
import { createWorker } from '../src/index.ts'
import { replayTimestamps } from '../src/cli/replay-timing.ts'
import { eventually, listen, recordingLogger, redisStore, testConfig } from './fixtures/harness.ts'

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

async function replay (args: string[], env: Record<string, string>): Promise<{ code: number | null, stdout: string, stderr: string }> {
  const child = spawn(process.execPath, ['--conditions=@meeting-ai/source', '--import', 'tsx', 'apps/worker/src/cli/replay.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString() })
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  return { code, stdout, stderr }
}

test('replay CLI → Redis stream → worker (offline engine) → suggestion sets on the channel and in the replay stream', async (t) => {
  const prefix = uniquePrefix('worker-e2e')
  const env = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, STT_TIMESTAMP_ZONE: 'Asia/Seoul' }
  const config = testConfig(prefix, { STT_SOURCE: 'redis-stream', STT_TIMESTAMP_ZONE: 'Asia/Seoul' })
  const store = await redisStore(t, prefix, config)
  const engine = createEngine({ llmEngine: 'offline' })
  const worker = createWorker({ config, store, engine, logger: recordingLogger(), registry: new Registry(), redisStream: { blockMs: 100 } })
  t.teardown(async () => { await worker.stop() })
  const live = await listen(t, store, 'e2e-en')
  await worker.start()

  const result = await replay(['sample:en', '--to', 'redis', '--meeting', 'e2e-en', '--fast'], env)
  t.equal(result.code, 0, result.stderr)
  t.match(JSON.parse(result.stdout), { meetingId: 'e2e-en', sent: 25, to: 'redis' })

  await live.count(1)
  await eventually(async () => (await store.windows.read('e2e-en')).length === 25)
  await eventually(async () => await store.windows.pending('e2e-en') < 3)
  await worker.pipeline.drain()
  const kept = await store.suggestions.readAfter('e2e-en', '0')
  t.ok(kept.length >= 1, `${kept.length} suggestion sets kept for replay`)
  t.same(live.entries.map((e) => e.id), kept.map((e) => e.id), 'every published set is in the replay stream, same ids, same order')
  const set = JSON.parse(kept[0]!.payload)
  t.equal(set.meetingId, 'e2e-en')
  t.ok(set.suggestions.length > 0 && set.suggestions.every((s: { content: string }) => s.content.length > 0))
  const window = await store.windows.read('e2e-en')
  t.ok(window.every((s) => Math.abs(s.timestamp - Date.now()) < 10 * 60_000), 'LocalDateTime arrays in Asia/Seoul read back to now')
  t.ok(window.every((s) => s.timestamp <= Date.now()), 'no segment time lies in the future under --fast')
  t.ok(window.every((s, i) => i === 0 || s.timestamp >= window[i - 1]!.timestamp), 'the recording\'s order and spacing are kept')
  t.equal(await store.deadLetters.count(), 0)
})

test('without --meeting every run is a fresh meeting, named with the stream URL to watch (default URL from PORT)', async (t) => {
  const prefix = uniquePrefix('worker-e2e')
  const env = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, PORT: '18099' }
  t.teardown(async () => { await deleteKeys(prefix) })
  const first = await replay(['sample:en', '--to', 'redis', '--fast'], env)
  const second = await replay(['sample:en', '--to', 'redis', '--fast'], env)
  t.equal(first.code, 0, first.stderr)
  const [a, b] = [JSON.parse(first.stdout), JSON.parse(second.stdout)]
  t.match(a.meetingId, /^sample-en-launch-[0-9a-f]{6}$/)
  t.not(a.meetingId, b.meetingId, 'a second run is not a replay of duplicates')
  t.equal(a.stream, `http://127.0.0.1:18099/api/ai/suggestions/meetings/${a.meetingId}/stream?lastEventId=0`)
  t.match(first.stderr, `suggestions: curl -N '${a.stream}'`)
})

test('a service that does not answer: the failure names the URL and what to try', async (t) => {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  await new Promise((resolve) => server.close(resolve))
  const result = await replay(['sample:en', '--fast', '--to', 'http'], { PORT: String(port) })
  t.equal(result.code, 1)
  t.match(result.stderr, `stt:replay failed: cannot reach http://127.0.0.1:${port}/api/v1/stt/events (ECONNREFUSED)`)
  t.match(result.stderr, /pnpm start.*PORT=<port>.*--url/)
})

test('replay times keep the recording\'s spacing and are never later than their sending', async (t) => {
  const offsets = [0, 4000, 9000, 60_000]
  const startedAt = 1_800_000_000_000
  t.same(replayTimestamps(offsets, startedAt, Infinity), [startedAt - 60_000, startedAt - 56_000, startedAt - 51_000, startedAt], '--fast: the last is now')
  const at10 = replayTimestamps(offsets, startedAt, 10)
  t.equal(at10[3], startedAt + 6000, 'at 10x the last is sent 6 s after the start, and carries that time')
  for (const [i, offset] of offsets.entries()) t.ok(at10[i]! <= startedAt + offset / 10, `event ${i} no later than its send time`)
  t.same(replayTimestamps(offsets, startedAt, 1), offsets.map((o) => startedAt + o), 'real pace: the recording\'s times from now')
})
