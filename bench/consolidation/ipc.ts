import type { ChildProcess } from 'node:child_process'
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/**
 * The benchmark's processes talk over the fork IPC channel: a child announces itself with
 * `{ ready: ... }`, then answers `{ id, command, args }` with `{ id, result }` (or `{ id, error }`).
 */
export interface Peer<Ready> {
  readonly child: ChildProcess
  readonly ready: Ready
  call<T = unknown> (command: string, args?: unknown): Promise<T>
  /** Asks the child to exit (its `close` command) and waits for it. */
  stop (): Promise<void>
}

export async function startPeer<Ready> (script: string, args: string[] = [], env: Record<string, string> = {}): Promise<Peer<Ready>> {
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), args, { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const pending = new Map<number, { resolve: (v: any) => void, reject: (e: Error) => void }>()
  let nextId = 0
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited (${String(code)}) before it was ready`)))
    child.on('message', (message: any) => {
      if ('ready' in message) return resolve(message.ready as Ready)
      const waiter = pending.get(message.id)
      pending.delete(message.id)
      if (message.error !== undefined) waiter?.reject(new Error(message.error))
      else waiter?.resolve(message.result)
    })
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    child,
    ready,
    async call<T> (command: string, commandArgs?: unknown): Promise<T> {
      const id = nextId++
      const answer = new Promise<T>((resolve, reject) => pending.set(id, { resolve, reject }))
      child.send({ id, command, args: commandArgs })
      return await answer
    },
    async stop () {
      if (child.exitCode !== null) return
      child.send({ id: -1, command: 'close' })
      await exited
    }
  }
}

/** The child side: announce `ready`, answer commands; `close` runs `onClose` then exits. */
export function serve (ready: unknown, commands: Record<string, (args: any) => unknown>, onClose: () => Promise<void>): void {
  process.on('message', (message: { id: number, command: string, args: unknown }) => {
    if (message.command === 'close') {
      onClose().finally(() => process.exit(0))
      return
    }
    Promise.resolve()
      .then(() => {
        const command = commands[message.command]
        if (command === undefined) throw new Error(`unknown command ${message.command}`)
        return command(message.args)
      })
      .then(
        (result) => process.send?.({ id: message.id, result }),
        (error: unknown) => process.send?.({ id: message.id, error: String(error) })
      )
  })
  process.send?.({ ready })
}
