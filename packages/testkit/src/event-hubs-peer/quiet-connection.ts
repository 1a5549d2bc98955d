import type { Socket } from 'node:net'
import type { Connection } from 'rhea'

interface RheaConnectionInternals {
  socket?: Socket
  socket_ready?: boolean
  heartbeat_out?: NodeJS.Timeout
  heartbeat_in?: NodeJS.Timeout
}

export function socketOf (connection: Connection): Socket | undefined {
  return (connection as unknown as RheaConnectionInternals).socket
}

/**
 * Stops a server-side rhea connection whose socket has closed from writing
 * again. rhea re-arms its heartbeat timer on every write, even to a dead
 * socket, which keeps a test process alive long after the peer closed.
 */
export function quietConnection (connection: Connection): void {
  const internals = connection as unknown as RheaConnectionInternals
  internals.socket_ready = false
  if (internals.heartbeat_out !== undefined) clearTimeout(internals.heartbeat_out)
  if (internals.heartbeat_in !== undefined) clearTimeout(internals.heartbeat_in)
  internals.heartbeat_out = undefined
  internals.heartbeat_in = undefined
}
