import { once } from 'node:events'
import type { Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface LoopbackServer {
  /** http://127.0.0.1:<port> */
  readonly origin: string
  /** Stops listening and destroys open sockets, so hanging requests end too. Idempotent. */
  close (): Promise<void>
}

/** Listens on an ephemeral loopback port and tracks sockets, so a test peer closes at once. */
export async function listenOnLoopback (server: Server): Promise<LoopbackServer> {
  const sockets = new Set<Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  let closed: Promise<void> | undefined
  return {
    origin: `http://127.0.0.1:${port}`,
    async close () {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      })
      await closed
    }
  }
}
