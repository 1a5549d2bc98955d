import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { test } from 'tap'
import { Registry } from 'prom-client'
import { createEngine } from '@meeting-ai/llm'
import { TEST_REDIS_URL, uniquePrefix } from '@meeting-ai/testkit/redis'
import { createWorker } from '../src/index.ts'
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

  const result = await replay(['sample:en', '--meeting', 'e2e-en', '--fast'], env)
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
  t.equal(await store.deadLetters.count(), 0)
})
