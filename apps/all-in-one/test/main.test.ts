import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { test } from 'tap'
import { freePort } from '@meeting-ai/testkit/redis'

const root = fileURLToPath(new URL('../../../', import.meta.url))

/** `pnpm start` as a child process with only the given environment (no LLM keys, no REDIS_URL from the host). */
function start (env: Record<string, string>) {
  const child = spawn(process.execPath, ['--conditions=@meeting-ai/source', '--import', 'tsx', 'apps/all-in-one/src/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  const waiters: Array<() => void> = []
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk; for (const w of waiters) w() })
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk })
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>
  const output = async (pattern: RegExp): Promise<void> => {
    while (!pattern.test(stdout)) {
      if (child.exitCode !== null) throw new Error(`exited before ${String(pattern)}: ${stderr}`)
      await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), exited])
    }
  }
  return { child, exited, output, stdout: () => stdout, stderr: () => stderr }
}

test('a bad setting: one line on stderr naming it, exit 1', async (t) => {
  const run = start({ PORT: 'eighty' })
  const [code] = await run.exited
  t.equal(code, 1)
  t.equal(run.stderr().trim().split('\n').length, 1)
  t.match(run.stderr(), /^Invalid configuration: PORT must be an integer from 1 to 65535, got "eighty"\n$/)
})

test('an explicit REDIS_URL that does not answer: a clear error, exit 1', async (t) => {
  const run = start({ REDIS_URL: `redis://127.0.0.1:${await freePort()}`, PORT: String(await freePort()) })
  const [code] = await run.exited
  t.equal(code, 1)
  t.match(run.stderr(), /all-in-one failed to start: Redis at redis:\/\/127\.0\.0\.1:\d+ does not answer .*REDIS_URL is set.*\(STORE_UNAVAILABLE\)/)
})

test('pnpm start on the embedded store: logs store, LLM and URL, serves, stops cleanly on SIGTERM', async (t) => {
  const port = await freePort()
  const run = start({ STORE: 'embedded', PORT: String(port), HOST: '127.0.0.1' })
  t.teardown(() => { if (run.child.exitCode === null) run.child.kill('SIGKILL') })
  await run.output(/all-in-one ready/)
  const ready = run.stdout().split('\n').map((line) => line.trim() === '' ? {} : JSON.parse(line)).find((line: { msg?: string }) => /all-in-one ready/.test(line.msg ?? ''))
  t.match(ready, { store: 'embedded', llm: /^offline/, url: `http://127.0.0.1:${port}` })
  const health = await fetch(`http://127.0.0.1:${port}/health`)
  t.equal((await health.json() as { store: string }).store, 'embedded')
  t.equal((await fetch(`http://127.0.0.1:${port}/health/live`)).status, 200)
  t.equal((await fetch(`http://127.0.0.1:${port}/v3/api-docs`)).status, 200)
  run.child.kill('SIGTERM')
  const [code] = await run.exited
  t.equal(code, 0, 'close-with-grace shut it down')
  t.match(run.stdout(), /all-in-one stopping/)
  t.match(run.stdout(), /"url":"\/v3\/api-docs"/, 'requests are logged at info')
  t.notMatch(run.stdout(), /"url":"\/health/, 'health probes are not')
})

test('a port already in use: the error says so and how to move with PORT', async (t) => {
  const blocker = createServer()
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
  t.teardown(() => { blocker.close() })
  const port = (blocker.address() as AddressInfo).port
  // Under the setting's former name, which is still read and named on stderr.
  const run = start({ STORE_ENGINE: 'embedded', PORT: String(port), HOST: '127.0.0.1' })
  const [code] = await run.exited
  t.equal(code, 1)
  t.match(run.stderr(), /STORE_ENGINE is deprecated and will be removed; set STORE instead/)
  t.match(run.stderr(), /EADDRINUSE/)
  t.match(run.stderr(), `port ${port} is taken`)
  t.match(run.stderr(), 'PORT=<port> pnpm start')
})
