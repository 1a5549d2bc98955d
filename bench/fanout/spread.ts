/**
 * How the fan-out bench spreads viewers over several server processes (our API processes
 * behind a load balancer). Viewer g watches meeting g mod M.
 *
 * - `meeting`: every viewer of a meeting on one process (a balancer hashing on the meeting):
 *   each meeting has one subscriber in Redis, and a set is one message out of Redis.
 * - `connection`: a meeting's viewers round-robin over the processes (a balancer that ignores
 *   the path): viewer g of round r = floor(g / M) goes to (g mod M + r) mod N, so a meeting's
 *   successive viewers land on successive processes and the totals stay within one round of
 *   each other; a set leaves Redis once per process that has a viewer of its meeting.
 */
export type Spread = 'meeting' | 'connection'

export const SPREADS: readonly Spread[] = ['meeting', 'connection']

export function serverOf (viewer: number, meetings: number, servers: number, spread: Spread): number {
  const meeting = viewer % meetings
  if (spread === 'meeting') return meeting % servers
  return (meeting + Math.floor(viewer / meetings)) % servers
}
