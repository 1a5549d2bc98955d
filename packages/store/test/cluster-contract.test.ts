import { test } from 'tap'
import { recordingLogger, startRedisCluster, uniquePrefix } from '@meeting-ai/testkit/redis'
import { createRedisStore } from '../src/index.ts'
import { DEFAULT_LIMITS, storeContract, type MakeEngine } from './contract/index.ts'

// The store contract suites once more, on a real 3-master, 3-replica cluster: every script
// call must touch one slot, and suggestions travel by SPUBLISH/SSUBSCRIBE. One cluster for the
// whole file (it takes seconds to start); each test has its own key prefix on it.
test('Redis store on a Redis Cluster', async (t) => {
  const cluster = await startRedisCluster()
  t.teardown(() => cluster.stop())
  const clusterNodes = cluster.nodes.map((node) => `127.0.0.1:${node.port}`)
  const onCluster: MakeEngine = async (t, limits = {}) => {
    const engine = await createRedisStore({
      url: 'redis://127.0.0.1',
      clusterNodes,
      prefix: uniquePrefix('cluster'),
      limits: { ...DEFAULT_LIMITS, ...limits },
      logger: recordingLogger()
    })
    t.teardown(() => engine.close())
    return engine
  }
  const probe = await createRedisStore({ url: 'redis://127.0.0.1', clusterNodes, prefix: uniquePrefix('cluster'), limits: DEFAULT_LIMITS, logger: recordingLogger() })
  t.equal(probe.cluster, true, 'runs in cluster mode')
  await probe.close()
  await storeContract(t, onCluster)
})
