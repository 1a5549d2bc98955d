import { randomBytes } from 'node:crypto'
import { createClient } from 'redis'

/** The Redis every test talks to; CI makes sure it answers. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

/** A key prefix no other test uses, so suites can run in parallel on one Redis. */
export function uniquePrefix (label = 'test'): string {
  return `t:${label}:${randomBytes(6).toString('hex')}:`
}

/** Deletes every key under `prefix` (SCAN, not KEYS, so a shared Redis is not blocked). */
export async function deleteKeys (prefix: string, url = TEST_REDIS_URL): Promise<number> {
  const client = createClient({ url })
  client.on('error', () => {})
  await client.connect()
  let deleted = 0
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
      if (keys.length > 0) deleted += await client.del(keys)
    }
  } finally {
    client.destroy()
  }
  return deleted
}

/** Counts keys under `prefix` (soak and expiry tests). */
export async function countKeys (prefix: string, url = TEST_REDIS_URL): Promise<number> {
  const client = createClient({ url })
  client.on('error', () => {})
  await client.connect()
  let count = 0
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) count += keys.length
  } finally {
    client.destroy()
  }
  return count
}

/** A logger that records instead of printing, for asserting what was logged. */
export function recordingLogger () {
  /** `at`: Date.now() when logged, to tell what was logged during a test's phase. */
  const lines: Array<{ level: string, obj: object, msg: string, at: number }> = []
  const at = (level: string) => (obj: object, msg: string) => { lines.push({ level, obj, msg, at: Date.now() }) }
  return { lines, info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') }
}

export { freePort, startOwnedRedis, type OwnedRedis } from './server.ts'
export { startOwnedReplica, type OwnedReplica, type ReplicaOptions } from './replica.ts'
export { startRedisCluster, type ClusterNode, type ClusterOptions, type MigrateSlotOptions, type OwnedRedisCluster } from './cluster.ts'
