import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { connectWithin, createRedisClient, type RedisClient } from '@meeting-ai/store'
import { freePort } from '@meeting-ai/testkit/redis'

/** What the reliability tests need from tap's `t`. */
interface Teardown { teardown: (fn: () => unknown) => void }

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

export interface ChildService {
  readonly child: ChildProcess
  readonly pid: number
  /** Everything the child wrote (pino JSON lines on stdout, anything else on stderr). */
  output (): string
  /** SIGKILL (a crash, not a shutdown) and wait for the exit. */
  kill (): Promise<void>
  /** SIGTERM and wait for the exit. */
  stop (): Promise<void>
  /** SIGSTOP: the process (all its threads) stays exactly where it is until thaw() or kill(). */
  freeze (): void
  /** SIGCONT after freeze(). */
  thaw (): void
  /** Resolves when `line` appears in the output (start-up and log checks, no sleeping). */
  waitForOutput (needle: string, timeoutMs?: number): Promise<void>
}

/** `node --conditions=@meeting-ai/source --import tsx <entry>` from the repository root, as `pnpm start:*` runs it. */
export function spawnService (t: Teardown, entry: string, env: Record<string, string>): ChildService {
  const child = spawn(process.execPath, ['--conditions=@meeting-ai/source', '--import', 'tsx', entry], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let text = ''
  const waiters = new Set<() => void>()
  const collect = (chunk: Buffer): void => {
    text += chunk.toString()
    for (const waiter of [...waiters]) waiter()
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const exited = (): boolean => child.exitCode !== null || child.signalCode !== null
  const end = async (signal: NodeJS.Signals): Promise<void> => {
    if (exited()) return
    const gone = once(child, 'exit')
    child.kill(signal)
    await gone
  }
  t.teardown(async () => { await end('SIGKILL') })
  return {
    child,
    pid: child.pid as number,
    output: () => text,
    kill: async () => { await end('SIGKILL') },
    stop: async () => { await end('SIGTERM') },
    freeze: () => { if (!exited()) child.kill('SIGSTOP') },
    thaw: () => { if (!exited()) child.kill('SIGCONT') },
    waitForOutput: async (needle, timeoutMs = 20_000) => {
      if (text.includes(needle)) return
      await new Promise<void>((resolve, reject) => {
        const check = (): void => {
          if (text.includes(needle)) finish(resolve)
          else if (exited()) finish(() => { reject(new Error(`${entry} exited (${String(child.exitCode ?? child.signalCode)}) before "${needle}":\n${text}`)) })
        }
        const finish = (fn: () => void): void => {
          clearTimeout(timer)
          waiters.delete(check)
          child.off('exit', check)
          fn()
        }
        const timer = setTimeout(() => { finish(() => { reject(new Error(`no "${needle}" from ${entry} within ${timeoutMs} ms:\n${text}`)) }) }, timeoutMs)
        waiters.add(check)
        child.on('exit', check)
      })
    }
  }
}

export interface PersistentRedis {
  readonly port: number
  readonly url: string
  /** SIGKILL: an outage, not a clean shutdown. */
  stop (): Promise<void>
  /** Starts again on the same port and data directory (it reloads its append-only file). */
  start (): Promise<void>
}

/**
 * A redis-server child on its own port with `appendfsync always`, as production runs Redis
 * when a write it acknowledged must survive a crash: what it answered OK to before a SIGKILL
 * is there after the restart, so "no accepted segment lost" can be checked across the outage.
 * (testkit's startOwnedRedis keeps nothing across a kill.)
 */
export async function startPersistentRedis (t: Teardown): Promise<PersistentRedis> {
  const port = await freePort()
  const url = `redis://127.0.0.1:${port}`
  const dir = mkdtempSync(join(tmpdir(), 'meeting-ai-redis-'))
  let child: ChildProcess | undefined
  const stop = async (): Promise<void> => {
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return
    const exited = once(child, 'exit')
    child.kill('SIGKILL')
    await exited
  }
  const start = async (): Promise<void> => {
    const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '',
      '--appendonly', 'yes', '--appendfsync', 'always'], { stdio: ['ignore', 'pipe', 'pipe'] })
    child = server
    let log = ''
    server.stdout?.setEncoding('utf8')
    await new Promise<void>((resolve, reject) => {
      server.stdout?.on('data', (chunk: string) => {
        log += chunk
        if (log.includes('Ready to accept connections')) resolve()
      })
      server.once('exit', (code) => { reject(new Error(`redis-server exited with ${String(code)}: ${log}`)) })
    })
    server.stdout?.removeAllListeners('data')
    server.stdout?.resume()
  }
  t.teardown(async () => {
    await stop()
    rmSync(dir, { recursive: true, force: true })
  })
  await start()
  return { port, url, stop, start }
}

/** A plain node-redis client for the test's own reads (XPENDING, XRANGE…), closed in teardown. */
export async function redisClient (t: Teardown, url: string): Promise<RedisClient> {
  const client = createRedisClient({ url, role: 'test', logger: { info () {}, warn () {}, error () {} } })
  await connectWithin(client, 5000)
  t.teardown(() => { if (client.isOpen) client.destroy() })
  return client
}

/** Sum of a Prometheus counter's samples whose labels contain every `labels` pair. */
export function counterValue (exposition: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0
  for (const line of exposition.split('\n')) {
    if (!line.startsWith(name)) continue
    const match = /^([a-z_:]+)(\{[^}]*\})? ([0-9.e+-]+)$/i.exec(line)
    if (match === null || match[1] !== name) continue
    const labelText = match[2] ?? ''
    if (Object.entries(labels).every(([key, value]) => labelText.includes(`${key}="${value}"`))) total += Number(match[3])
  }
  return total
}

/** Polls `check` (state another process writes, where no event exists) until it holds, within a bound. */
export async function pollUntil (check: () => Promise<boolean>, timeoutMs: number, what: string, everyMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!await check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}
