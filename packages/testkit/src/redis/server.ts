import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { createClient } from 'redis'

/** A port nothing listens on right now (for own Redis instances and "closed port" tests). */
export async function freePort (): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  server.close()
  await once(server, 'close')
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

export interface OwnedRedis {
  readonly port: number
  readonly url: string
  /** The running server's process id (undefined while stopped); benchmarks read its CPU and set its priority. */
  readonly pid: number | undefined
  /** Stops the server (SIGKILL: an outage, not a clean shutdown). */
  stop (): Promise<void>
  /** Starts it again on the same port. */
  start (): Promise<void>
}

async function waitUntilAnswering (url: string, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs
  for (;;) {
    const client = createClient({ url, socket: { reconnectStrategy: false, connectTimeout: 200 } })
    client.on('error', () => {})
    try {
      await client.connect()
      await client.ping()
      client.destroy()
      return
    } catch {
      if (client.isOpen) client.destroy()
      if (Date.now() > deadline) throw new Error(`redis at ${url} did not start`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
}

/**
 * A redis-server child process this test owns, on its own port, so that a test can stop
 * and restart "Redis" without touching the shared instance on 6379.
 */
export async function startOwnedRedis (): Promise<OwnedRedis> {
  const port = await freePort()
  const url = `redis://127.0.0.1:${port}`
  let child: ChildProcess | undefined
  const start = async (): Promise<void> => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
    await waitUntilAnswering(url, 5000)
  }
  // A child killed by a signal keeps exitCode null (signalCode is set): both mean it has gone.
  const running = (): boolean => child !== undefined && child.exitCode === null && child.signalCode === null
  const stop = async (): Promise<void> => {
    if (child === undefined || !running()) return
    const exited = once(child, 'exit')
    child.kill('SIGKILL')
    await exited
  }
  await start()
  return { port, url, start, stop, get pid () { return running() ? child?.pid : undefined } }
}
