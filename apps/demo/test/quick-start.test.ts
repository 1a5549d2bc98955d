import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { test } from 'tap'
import { chromium } from 'playwright-core'
import { deleteKeys, freePort, TEST_REDIS_URL, uniquePrefix } from '@meeting-ai/testkit/redis'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const REPO_ROOT = resolve(import.meta.dirname, '../../..')

// Slow suite (a clone, an install, three processes and a browser): run once, on Node 24 (the production runtime), not again on Node 20.
const skip = process.env.MEETING_AI_SKIP_SLOW === '1' ? 'slow quick-start suite: MEETING_AI_SKIP_SLOW=1' : false

/** The shell lines of the README's Quick start section, comments dropped, one command per entry. */
async function quickStartCommands (readmePath: string): Promise<string[]> {
  const readme = await readFile(readmePath, 'utf8')
  const section = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1))
  const commands: string[] = []
  for (const block of section.matchAll(/```sh\n([\s\S]*?)```/g)) {
    for (const line of (block[1] ?? '').split('\n')) {
      if (line.trim() === '' || line.trimStart().startsWith('#')) continue
      // A line that does not start a command continues the previous one (a quoted body over two lines).
      if (/^(pnpm|npm|npx|curl) /.test(line)) commands.push(line)
      else commands[commands.length - 1] += `\n${line}`
    }
  }
  return commands
}

interface Running {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  /** Resolves once stdout matches; rejects if the process exits first. */
  output: (pattern: RegExp) => Promise<RegExpMatchArray>
  exited: Promise<number | null>
}

function run (command: string, args: string[], options: { cwd: string, env: NodeJS.ProcessEnv }): Running {
  // Its own process group, so that pnpm and the node process it starts are stopped together.
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  const waiters = new Set<() => void>()
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk; for (const wake of waiters) wake() })
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk })
  const exited = once(child, 'close').then(([code]) => code as number | null)
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    async output (pattern) {
      for (;;) {
        const match = stdout.match(pattern)
        if (match !== null) return match
        if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited ${child.exitCode} before ${String(pattern)}:\n${stderr}`)
        await new Promise<void>((resolve) => {
          const wake = (): void => { waiters.delete(wake); resolve() }
          waiters.add(wake)
          exited.then(wake, wake)
        })
      }
    }
  }
}

function stop (child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
    try { process.kill(-child.pid, signal) } catch { /* already gone */ }
  }
}

async function completed (running: Running): Promise<{ code: number | null, stdout: string, stderr: string }> {
  const code = await running.exited
  return { code, stdout: running.stdout(), stderr: running.stderr() }
}

test('the README quick start from a fresh clone: start, replay, suggestions in curl and in the demo page, consolidate, regenerate', { skip, timeout: 110_000 }, async (t) => {
  const clone = await mkdtemp(join(tmpdir(), 'quick-start-'))
  const prefix = uniquePrefix('quick-start')
  const [port, demoPort] = [await freePort(), await freePort()]
  const children: ChildProcess[] = []
  t.teardown(async () => {
    for (const child of children) stop(child, 'SIGKILL')
    await rm(clone, { recursive: true, force: true })
    await deleteKeys(prefix)
  })
  // A fresh shell's environment: no npm_* of the test runner, no LLM key of the machine.
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm_|LLM_|REDIS_|PORT$|FRONTEND_ORIGIN$|TAP)/.test(name)))
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    FRONTEND_ORIGIN: `http://localhost:${demoPort}`,
    DEMO_PORT: String(demoPort)
  })
  const inClone = { cwd: clone, env }
  const local = (command: string): string => command.replaceAll('localhost:8087', `localhost:${port}`)

  t.equal((await completed(run('git', ['clone', '-q', REPO_ROOT, clone], { cwd: REPO_ROOT, env }))).code, 0, 'git clone')
  const commands = await quickStartCommands(join(clone, 'README.md'))
  t.match(commands[0], /^npm i -g pnpm@10 && pnpm install && pnpm start$/, 'step 1: install pnpm, install, start')
  t.equal(commands[1], 'npm i -g pnpm@10 && pnpm install --frozen-lockfile && pnpm test', 'step 2: install pnpm, install, test')
  const ciTest = /^readme_test\(\) \{ (.+); \}$/m.exec(await readFile(join(clone, '.ci', 'run'), 'utf8'))?.[1]
  t.equal(ciTest, commands[1], 'step 2 is the test command .ci/run runs, verbatim')
  // The store is warm: the install of step 1 from the store, asking the registry only for what it lacks (pnpm itself is on PATH already).
  const install = await completed(run('pnpm', ['install', '--prefer-offline', '--frozen-lockfile'], inClone))
  t.equal(install.code, 0, `pnpm install: ${install.stdout.slice(-500)} ${install.stderr.slice(-500)}`)

  const service = run('pnpm', ['start'], inClone)
  children.push(service.child)
  await service.output(/all-in-one ready/)
  for (let i = 0; i < 3; i++) t.equal((await fetch(`http://127.0.0.1:${port}/health`)).status, 200, 'health UP')
  const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()
  t.notMatch(metrics, /^meeting_ai_llm_calls_total\{/m, 'the start-up warm-up is not counted as LLM calls')

  // Step: replay the sample and follow its suggestions, as the README writes it.
  const replayLine = commands.find((c) => c.startsWith('pnpm stt:replay '))
  t.ok(replayLine, 'the quick start names the replay command')
  const replayArgs = (replayLine ?? '').split(' ').slice(1)
  const replay = await completed(run('pnpm', replayArgs, inClone))
  t.equal(replay.code, 0, replay.stderr)
  const summary = JSON.parse(replay.stdout.trim().split('\n').at(-1) ?? '{}')
  t.match(summary, { sent: 25, new: 25, duplicates: 0, invalid: 0, to: 'http' })
  t.match(summary.meetingId, /^sample-en-launch-[0-9a-f]{6}$/, 'a fresh meeting id')
  t.ok(summary.suggestionSets >= 1, `${summary.suggestionSets} suggestion sets followed`)
  t.match(replay.stderr, `following http://127.0.0.1:${port}/api/ai/suggestions/meetings/${summary.meetingId}/stream?lastEventId=0`)
  t.match(replay.stderr, /suggestion set \d+-\d+:\n {2}- \[(action|question|decision|risk)/, 'suggestions printed as they arrive')
  const meetingId = summary.meetingId as string
  const withMeeting = (command: string): string => local(command).replaceAll('<meetingId>', meetingId)

  // The same meeting again: all duplicates, and the CLI says so.
  const again = await completed(run('pnpm', ['stt:replay', 'sample:en', '--fast', '--meeting', meetingId], inClone))
  t.match(JSON.parse(again.stdout.trim().split('\n').at(-1) ?? '{}'), { new: 0, duplicates: 25 })
  t.match(again.stderr, /every segment was a duplicate/)

  // Step: the curl line shows the suggestions after the fact.
  const curlLine = commands.find((c) => c.startsWith('curl -N '))
  t.ok(curlLine, 'the quick start names the curl line')
  const curl = run('bash', ['-c', withMeeting(curlLine ?? '')], inClone)
  children.push(curl.child)
  const [frame] = await curl.output(/event: ai-suggestion\ndata: (.*)\n/)
  stop(curl.child, 'SIGTERM')
  t.match(frame, `"meetingId":"${meetingId}"`, 'curl shows a suggestion set of the meeting')

  // Step: the demo page watches the meeting.
  const demo = run('pnpm', ['demo', '--serve-only', '--api-url', `http://localhost:${port}`], inClone)
  children.push(demo.child)
  const [, pageUrl] = await demo.output(/Demo page\s+(\S+)/)
  t.equal(pageUrl, `http://localhost:${demoPort}`)
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync']
  })
  t.teardown(() => browser.close())
  const page = await browser.newPage()
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  await page.goto(`http://localhost:${demoPort}/?meeting=${meetingId}`)
  const suggestion = page.locator('.suggestion-set .suggestion').first()
  await suggestion.waitFor({ timeout: 20_000 })
  t.ok((await suggestion.textContent() ?? '').length > 0, 'the demo page shows a suggestion of the replayed meeting')
  t.same(pageErrors, [], 'no script error on the page')

  // Steps: consolidate, then regenerate, with the README's curl lines.
  const consolidateLine = commands.find((c) => c.includes('/api/v1/transcripts/consolidate'))
  const regenerateLine = commands.find((c) => c.includes('/summary/regenerate'))
  t.ok(consolidateLine !== undefined && regenerateLine !== undefined, 'the quick start names consolidate and regenerate')
  const consolidated = await completed(run('bash', ['-c', withMeeting(consolidateLine ?? '')], inClone))
  const analysis = JSON.parse(consolidated.stdout)
  t.match(analysis, { meetingId, partial: false })
  t.ok(analysis.todos.length >= 1, `consolidation: ${analysis.todos.length} todos`)
  const regenerated = await completed(run('bash', ['-c', withMeeting(regenerateLine ?? '')], inClone))
  const fresh = JSON.parse(regenerated.stdout)
  t.match(fresh, { meetingId })
  t.same(fresh.todos, analysis.todos, 'regenerated from the stored request')

  t.notMatch(service.stdout(), /"url":"\/health/, 'health probes are not logged at info')
  stop(service.child, 'SIGTERM')
  await service.exited
  t.match(service.stdout(), /all-in-one stopping/, 'pnpm start stops on SIGTERM')
})
