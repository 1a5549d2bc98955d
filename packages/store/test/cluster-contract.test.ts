import { test } from 'tap'
import { recordingLogger, startRedisCluster, uniquePrefix } from '@meeting-ai/testkit/redis'
import { createRedisStore, meetingKeys, type ReplayEntry } from '../src/index.ts'
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

  // Last, as it kills a master of the shared cluster. node-redis alone would answer "client
  // is offline" for the dead master's slots forever (it rediscovers only on MOVED/ASK).
  await t.test('after a master is SIGKILLed, commands and the sharded subscription follow the promoted replica', async (t) => {
    const prefix = uniquePrefix('failover')
    const store = await createRedisStore({ url: 'redis://127.0.0.1', clusterNodes, clusterRediscoverMs: 200, prefix, limits: DEFAULT_LIMITS, logger: recordingLogger() })
    t.teardown(() => store.close())
    const delivered: ReplayEntry[] = []
    const onDelivery: Array<() => void> = []
    await store.bus.subscribe('m-failover', (entry) => {
      delivered.push(entry)
      for (const check of onDelivery) check()
    })
    const resubscribed = new Promise<void>((resolve) => { store.bus.onReconnect(() => { resolve() }) })
    const set = { meetingId: 'm-failover', suggestions: [], generatedAt: 1 }
    await store.suggestions.publish(set, null)

    const failover = await cluster.failOverFor(meetingKeys(prefix, 'm-failover').replay)
    t.not(failover.promoted.port, failover.killed.port, 'a replica took the slot')
    // The bus tells its listeners once it has SSUBSCRIBEd again on the new master; a set
    // published before that is for the listeners to replay from the stream.
    await resubscribed
    const id = await store.suggestions.publish(set, null)
    t.type(id, 'string', 'the promoted replica takes the publish script')
    await new Promise<void>((resolve) => {
      const check = (): void => { if (delivered.some((entry) => entry.id === id)) resolve() }
      onDelivery.push(check)
      check()
    })
    t.ok(delivered.some((entry) => entry.id === id), 'a set published after the failover reaches the first subscriber')
    t.ok((await store.suggestions.readAfter('m-failover', '0')).some((entry) => entry.id === id), 'the replay stream has it')
  })
})
