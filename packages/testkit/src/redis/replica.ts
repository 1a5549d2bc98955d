import { createClient } from 'redis'
import { startOwnedRedis, type OwnedRedis } from './server.ts'

/** An OwnedRedis without `start`: started again, it would be a plain server, not a replica. */
export type OwnedReplica = Omit<OwnedRedis, 'start'>

export interface ReplicaOptions {
  /** Resolve only once the first sync is done (master_link_status:up); Redis delays a diskless sync by ~5 s. */
  waitForSync?: boolean
}

/**
 * A redis-server of the test's own replicating `master` (REPLICAOF), for WAIT and replication
 * tests. It loads the master's data without writing an RDB file, which would otherwise land in
 * the test's current directory.
 */
export async function startOwnedReplica (master: Pick<OwnedRedis, 'port'>, options: ReplicaOptions = {}): Promise<OwnedReplica> {
  const replica = await startOwnedRedis()
  const client = createClient({ url: replica.url })
  client.on('error', () => {})
  try {
    await client.connect()
    // `dir` cannot be changed at run time (a protected setting), so the replica loads the master's
    // RDB straight from the socket instead of through a file (the master sends it disklessly,
    // Redis 7's default).
    await client.configSet('repl-diskless-load', 'on-empty-db')
    await client.sendCommand(['REPLICAOF', '127.0.0.1', String(master.port)])
    while (options.waitForSync !== false && !(await client.info('replication')).includes('master_link_status:up')) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  } catch (error) {
    await replica.stop()
    throw error
  } finally {
    if (client.isOpen) client.destroy()
  }
  return {
    get port () { return replica.port },
    get url () { return replica.url },
    get pid () { return replica.pid },
    stop: async () => { await replica.stop() }
  }
}
