import type { Test } from 'tap'
import { recordingLogger, startRedisCluster, type OwnedRedisCluster } from '@meeting-ai/testkit/redis'
import { createRedisClusterClient, type RedisClusterClient } from '../../src/index.ts'

let sharedCluster: Promise<OwnedRedisCluster> | undefined

/**
 * A connected client of the one Redis Cluster a test file shares: the first call starts the
 * cluster (seconds) and registers its stop on `root`, the file's top-level test; later calls
 * only connect. The caller closes its client.
 */
export async function sharedClusterClient (root: Test): Promise<RedisClusterClient> {
  sharedCluster ??= startRedisCluster().then((cluster) => {
    root.teardown(() => cluster.stop())
    return cluster
  })
  const cluster = await sharedCluster
  const client = createRedisClusterClient({ address: { url: 'redis://127.0.0.1', clusterNodes: cluster.nodes.map((node) => `127.0.0.1:${node.port}`) }, role: 'test', logger: recordingLogger() })
  await client.connect()
  return client
}
