import { spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

/** Shared helpers of the benchmark scripts (not a test utility: figures only). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url))

export const sleep = async (ms: number): Promise<void> => { await new Promise((resolve) => setTimeout(resolve, ms)) }

export async function freePort (): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  server.close()
  await once(server, 'close')
  return port
}

/** Resident set size of one process, KiB (0 when it is gone). */
export function rssKiB (pid: number | undefined): number {
  if (pid === undefined) return 0
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
  } catch {
    return 0
  }
}

/** Direct children of a process (nginx master -> worker, pushpin runner -> services). */
export function childPids (pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
  } catch {
    return []
  }
}

export function processName (pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
  } catch {
    return '?'
  }
}

export function percentile (sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN
}

export async function waitHttp (url: string, deadlineMs = 20_000): Promise<void> {
  const deadline = Date.now() + deadlineMs
  for (;;) {
    try {
      const response = await fetch(url)
      await response.arrayBuffer()
      if (response.status < 500) return
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} did not answer`)
    await sleep(100)
  }
}

/** Installs Debian packages when a binary is missing (benchmarks of peers only). */
export function ensureDebian (binary: string, packages: string[]): void {
  if (spawnSync('sh', ['-c', `command -v ${binary}`]).status === 0) return
  process.stderr.write(`installing ${packages.join(' ')} (apt-get)\n`)
  const install = spawnSync('sh', ['-c', `apt-get install -y ${packages.join(' ')} || (apt-get update && apt-get install -y ${packages.join(' ')})`], { stdio: ['ignore', 'ignore', 'inherit'] })
  if (install.status !== 0) throw new Error(`apt-get install ${packages.join(' ')} failed`)
}

/** The machine-readable line every bench script prints last; `pnpm bench` collects them. */
export function emitResult (name: string, result: object): void {
  mkdirSync(RESULTS_DIR, { recursive: true })
  writeFileSync(`${RESULTS_DIR}${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`, JSON.stringify(result, null, 2))
  process.stdout.write(`BENCH_RESULT ${JSON.stringify({ name, ...result })}\n`)
}

/** `--key value` and `--key=value` arguments. */
export function args (): Map<string, string> {
  const map = new Map<string, string>()
  const argv = process.argv.slice(2)
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    if (!arg.startsWith('--')) continue
    const eq = arg.indexOf('=')
    if (eq !== -1) map.set(arg.slice(2, eq), arg.slice(eq + 1))
    else if (argv[i + 1] !== undefined && !(argv[i + 1] ?? '').startsWith('--')) map.set(arg.slice(2), argv[++i] ?? '')
    else map.set(arg.slice(2), 'true')
  }
  return map
}

export function table (headers: string[], rows: Array<Array<string | number>>): string {
  const cells = [headers, ...rows.map((r) => r.map(String))]
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)))
  const line = (r: string[]): string => '| ' + r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ') + ' |'
  return [line(headers), '| ' + widths.map((w) => '-'.repeat(w)).join(' | ') + ' |', ...cells.slice(1).map(line)].join('\n')
}

/** User + system CPU time of a process, ms (clock ticks of 10 ms). */
export function cpuMs (pid: number | undefined): number {
  if (pid === undefined) return 0
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return 0
  }
}
