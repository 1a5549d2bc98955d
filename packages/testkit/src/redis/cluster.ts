import { spawn, execFile, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { createClient } from 'redis'
import { freePort } from './server.ts'

const run = promisify(execFile)

export interface ClusterNode {
  readonly port: number
  readonly url: string
  /** undefined once killed */
  readonly pid: number | undefined
}

export interface OwnedRedisCluster {
  /** Every node, masters and replicas as `redis-cli --cluster create` paired them. */
  readonly nodes: readonly ClusterNode[]
  /** `{ url }` per node, the form node-redis `createCluster({ rootNodes })` takes. */
  readonly rootNodes: Array<{ url: string }>
  /** The live nodes that are masters right now. */
  masters (): Promise<ClusterNode[]>
  /** `key`'s hash slot (CLUSTER KEYSLOT). */
  slotOf (key: string): Promise<number>
  /** The node that serves `key`'s slot as master right now. */
  masterFor (key: string): Promise<ClusterNode>
  /** SIGKILLs the master serving `key` and resolves once a replica has taken its slots and the cluster is ok again. */
  failOverFor (key: string, timeoutMs?: number): Promise<{ killed: ClusterNode, promoted: ClusterNode, ms: number }>
  /**
   * Starts a killed node again on its port with its cluster config file. Its slots went to its
   * replica with a newer epoch, so it rejoins as that master's replica; resolves once it has
   * synced and every node sees the cluster ok, ready for the next failover.
   */
  restart (node: ClusterNode, timeoutMs?: number): Promise<{ ms: number }>
  /**
   * Moves `key`'s slot to another master the way `redis-cli --cluster reshard` does: SETSLOT
   * IMPORTING on the target, MIGRATING on the source, the slot's keys MIGRATEd in batches,
   * then SETSLOT NODE on the target, the source and the other masters. `to` picks the target
   * (default: the first other master). `whileMigrating(moved)` runs while the slot is
   * MIGRATING, before each MIGRATE batch and once after the last (`moved` keys are on the
   * target by then), so clients can act on a half-moved slot. Resolves once every live node
   * maps the slot to the target.
   */
  migrateSlot (key: string, options?: MigrateSlotOptions): Promise<{ slot: number, from: ClusterNode, to: ClusterNode, keys: number, ms: number }>
  /** Kills every node and removes their files. */
  stop (): Promise<void>
}

export interface MigrateSlotOptions {
  to?: ClusterNode
  whileMigrating?: (moved: number) => Promise<void>
  /** Keys per MIGRATE call (default 100). */
  batch?: number
  timeoutMs?: number
}

export interface ClusterOptions {
  masters?: number
  replicasPerMaster?: number
  /** cluster-node-timeout: how long a silent master goes before its replica is promoted. */
  nodeTimeoutMs?: number
}

interface Running extends ClusterNode {
  child: ChildProcess
}

function spawnNode (port: number, dir: string, nodeTimeoutMs: number): ChildProcess {
  // No persistence: a restarted node comes back empty and takes a full sync from its master.
  return spawn('redis-server', [
    '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no',
    '--cluster-enabled', 'yes', '--cluster-config-file', join(dir, `nodes-${port}.conf`),
    '--cluster-node-timeout', String(nodeTimeoutMs), '--dir', dir
  ], { stdio: 'ignore' })
}

/** Redis Cluster's bus port is the client port + 10000: redis-server refuses a port above 55535. */
const CLUSTER_BUS_OFFSET = 10_000
const MAX_CLUSTER_PORT = 65_535 - CLUSTER_BUS_OFFSET

/** A free port for a cluster node: at most 55535, with its bus port free too. */
async function freeClusterPort (): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = await freePort()
    if (port <= MAX_CLUSTER_PORT && await portIsFree(port + CLUSTER_BUS_OFFSET)) return port
  }
  throw new Error('redis cluster: no free port pair (port, port + 10000) found')
}

/**
 * Whether a loopback port can be listened on right now. One promise for both outcomes: `once(server,
 * 'listening')` rejects on 'error', so a race of the two threw EADDRINUSE for a busy port.
 */
export async function portIsFree (port: number): Promise<boolean> {
  const server = createServer()
  const outcome = new Promise<boolean>((resolve) => {
    server.once('listening', () => resolve(true))
    server.once('error', () => resolve(false))
  })
  server.listen(port, '127.0.0.1')
  const free = await outcome
  if (free) {
    server.close()
    await once(server, 'close')
  }
  return free
}

const isRunning = (child: ChildProcess): boolean => child.exitCode === null && child.signalCode === null

async function cli (port: number, ...args: string[]): Promise<string> {
  const { stdout } = await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], { timeout: 10_000 })
  return stdout
}

async function waitFor (check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await check().catch(() => false)) return
    if (Date.now() > deadline) throw new Error(`redis cluster: ${what} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** How long a fresh redis-server may take to answer: a loaded CI machine starting several tests at once is slow. */
const NODE_START_MS = 15_000
const NODE_START_ATTEMPTS = 3

/**
 * A node on a free port pair, answering PING. The pair is free when picked but not held, so another
 * process may take it before redis-server binds; the node then exits and is started on another pair.
 */
async function startNode (dir: string, nodeTimeoutMs: number, taken: ReadonlySet<number>): Promise<{ port: number, child: ChildProcess }> {
  for (let attempt = 1; ; attempt++) {
    let port = await freeClusterPort()
    while (taken.has(port)) port = await freeClusterPort()
    const child = spawnNode(port, dir, nodeTimeoutMs)
    const exited = once(child, 'exit').then(() => true)
    const answering = waitFor(async () => !isRunning(child) || (await cli(port, 'ping')).trim() === 'PONG', NODE_START_MS, `node ${port} answering`)
    try {
      await Promise.race([answering, exited])
    } catch (error) {
      child.kill('SIGKILL')
      throw error
    }
    if (isRunning(child)) return { port, child }
    await answering.catch(() => {})
    if (attempt === NODE_START_ATTEMPTS) throw new Error(`redis cluster: no node started after ${attempt} attempts (last on port ${port} exited)`)
  }
}

/**
 * A real Redis Cluster on loopback ports (default 3 masters, 3 replicas), each node a
 * redis-server child process with its own directory, joined by `redis-cli --cluster create`.
 * Tests use it for the cluster store mode and for failover (SIGKILL a master).
 */
export async function startRedisCluster (options: ClusterOptions = {}): Promise<OwnedRedisCluster> {
  const masterCount = options.masters ?? 3
  const replicas = options.replicasPerMaster ?? 1
  const nodeTimeoutMs = options.nodeTimeoutMs ?? 1000
  const dir = await mkdtemp(join(tmpdir(), 'meeting-ai-cluster-'))
  const running: Running[] = []
  const stop = async (): Promise<void> => {
    await Promise.all(running.map(async (node) => {
      if (!isRunning(node.child)) return
      const exited = once(node.child, 'exit')
      node.child.kill('SIGKILL')
      await exited
    }))
    await rm(dir, { recursive: true, force: true })
  }
  try {
    for (let i = 0; i < masterCount * (1 + replicas); i++) {
      const { port, child } = await startNode(dir, nodeTimeoutMs, new Set(running.map((n) => n.port)))
      running.push({ port, url: `redis://127.0.0.1:${port}`, child, get pid () { return isRunning(this.child) ? this.child.pid : undefined } })
    }
    await run('redis-cli', ['--cluster', 'create', ...running.map((n) => `127.0.0.1:${n.port}`), '--cluster-replicas', String(replicas), '--cluster-yes'], { timeout: 30_000 })
    await settled(running, 15_000)
  } catch (error) {
    await stop()
    throw error
  }

  const alive = (): Running[] => running.filter((n) => isRunning(n.child))
  const liveMasters = async (): Promise<Running[]> => (await Promise.all(alive().map(async (node) => (await cli(node.port, 'role')).startsWith('master') ? node : undefined)))
    .filter((node): node is Running => node !== undefined)
  const slotOf = async (key: string): Promise<number> => Number((await cli(alive()[0]!.port, 'cluster', 'keyslot', key)).trim())
  const masterFor = async (key: string): Promise<ClusterNode> => {
    const slot = await slotOf(key)
    const client = createClient({ url: alive()[0]!.url })
    client.on('error', () => {})
    await client.connect()
    try {
      const shards = await client.clusterSlots()
      const owner = shards.find((range) => range.from <= slot && slot <= range.to)
      const port = owner?.master.port
      const node = running.find((n) => n.port === port)
      if (node === undefined) throw new Error(`redis cluster: no master for slot ${slot}`)
      return node
    } finally {
      client.destroy()
    }
  }
  const nodeId = async (node: ClusterNode): Promise<string> => (await cli(node.port, 'cluster', 'myid')).trim()
  const slotOwnerSeenBy = async (node: ClusterNode, slot: number): Promise<number | undefined> => {
    const client = createClient({ url: node.url })
    client.on('error', () => {})
    await client.connect()
    try {
      const shards = await client.clusterSlots()
      return shards.find((range) => range.from <= slot && slot <= range.to)?.master.port
    } finally {
      client.destroy()
    }
  }
  return {
    nodes: running,
    rootNodes: running.map((n) => ({ url: n.url })),
    masters: liveMasters,
    slotOf,
    masterFor,
    async failOverFor (key, timeoutMs = 20_000) {
      const killed = await masterFor(key) as Running
      const started = Date.now()
      const exited = once(killed.child, 'exit')
      killed.child.kill('SIGKILL')
      await exited
      let promoted: ClusterNode | undefined
      await waitFor(async () => {
        const master = await masterFor(key)
        if (master.port === killed.port) return false
        const states = await Promise.all(alive().map(async (n) => (await cli(n.port, 'cluster', 'info')).includes('cluster_state:ok')))
        promoted = master
        return states.every(Boolean)
      }, timeoutMs, `a replica promoted for ${key}`)
      return { killed, promoted: promoted!, ms: Date.now() - started }
    },
    async restart (node, timeoutMs = 20_000) {
      const dead = running.find((n) => n.port === node.port)
      if (dead === undefined) throw new Error(`redis cluster: no node on port ${node.port}`)
      if (isRunning(dead.child)) throw new Error(`redis cluster: node ${node.port} is still running`)
      const started = Date.now()
      dead.child = spawnNode(dead.port, dir, nodeTimeoutMs)
      await waitFor(async () => (await cli(dead.port, 'ping')).trim() === 'PONG', NODE_START_MS, `node ${dead.port} answering again`)
      await waitFor(async () => (await cli(dead.port, 'info', 'replication')).includes('role:slave'), timeoutMs, `node ${dead.port} rejoining as a replica`)
      await settled(alive(), timeoutMs)
      return { ms: Date.now() - started }
    },
    async migrateSlot (key, options = {}) {
      const timeoutMs = options.timeoutMs ?? 20_000
      const slot = await slotOf(key)
      const from = await masterFor(key)
      const others = (await liveMasters()).filter((node) => node.port !== from.port)
      const to = options.to ?? others[0]
      if (to === undefined || !others.some((node) => node.port === to.port)) throw new Error(`redis cluster: no other master to move slot ${slot} to`)
      const started = Date.now()
      const [fromId, toId] = await Promise.all([nodeId(from), nodeId(to)])
      const ok = async (port: number, ...args: string[]): Promise<void> => {
        const reply = (await cli(port, ...args)).trim()
        if (reply !== 'OK') throw new Error(`redis cluster: ${args.join(' ')} on ${port} answered ${reply}`)
      }
      await ok(to.port, 'cluster', 'setslot', String(slot), 'importing', fromId)
      await ok(from.port, 'cluster', 'setslot', String(slot), 'migrating', toId)
      let keys = 0
      for (;;) {
        await options.whileMigrating?.(keys)
        const batch = (await cli(from.port, 'cluster', 'getkeysinslot', String(slot), String(options.batch ?? 100))).split('\n').filter((line) => line !== '')
        if (batch.length === 0) break
        await ok(from.port, 'migrate', '127.0.0.1', String(to.port), '', '0', '5000', 'keys', ...batch)
        keys += batch.length
      }
      // The target first, so the slot is never without an owner that accepts it.
      await ok(to.port, 'cluster', 'setslot', String(slot), 'node', toId)
      await ok(from.port, 'cluster', 'setslot', String(slot), 'node', toId)
      for (const node of others) if (node.port !== to.port) await ok(node.port, 'cluster', 'setslot', String(slot), 'node', toId)
      await waitFor(async () => (await Promise.all(alive().map(async (node) => await slotOwnerSeenBy(node, slot)))).every((port) => port === to.port),
        timeoutMs, `every node mapping slot ${slot} to ${to.port}`)
      return { slot, from, to, keys, ms: Date.now() - started }
    },
    stop
  }
}

/** Every node sees the cluster ok and every replica has synced (a failover can promote it). */
async function settled (nodes: readonly Running[], timeoutMs: number): Promise<void> {
  for (const node of nodes) await waitFor(async () => (await cli(node.port, 'cluster', 'info')).includes('cluster_state:ok'), timeoutMs, `node ${node.port} seeing the cluster ok`)
  for (const node of nodes) {
    await waitFor(async () => {
      const info = await cli(node.port, 'info', 'replication')
      return info.includes('role:master') || info.includes('master_link_status:up')
    }, timeoutMs, `node ${node.port} in sync`)
  }
}
