import t from 'tap'
import { recordingLogger, startRedisCluster } from '@meeting-ai/testkit/redis'
import { createRedisClient, meetingKeys, type RedisStore } from '@meeting-ai/store'
import { resumesWithoutGap, startApi } from './stream-fixture.ts'

// SSE end to end on a real Redis Cluster: sets go out by SPUBLISH from the publish script and
// reach the API's SSUBSCRIBE, one sharded subscriber connection per master. One cluster for
// the file.
t.test('on a Redis Cluster, viewers of meetings on different masters get live sets and resume with Last-Event-ID', async (t) => {
  const cluster = await startRedisCluster()
  t.teardown(() => cluster.stop())
  const api = await startApi(t, { REDIS_CLUSTER_NODES: cluster.nodes.map((node) => `127.0.0.1:${node.port}`).join(',') })
  t.equal((api.app.store as RedisStore).cluster, true, 'the API runs in cluster mode')

  // Meetings whose keys live on two different masters, so two sharded subscriber connections.
  const masters = new Map<number, string>()
  for (let n = 0; masters.size < 2 && n < 100; n++) {
    const meetingId = `m-cluster-${n}`
    const master = await cluster.masterFor(meetingKeys(api.prefix, meetingId).channel)
    if (!masters.has(master.port)) masters.set(master.port, meetingId)
  }
  t.equal(masters.size, 2, 'two meetings on two masters')
  for (const meetingId of masters.values()) await t.test(meetingId, async (t) => { await resumesWithoutGap(t, api, meetingId) })

  // The resumed viewers are still connected: each channel is a sharded subscription on its
  // own master (a classic SUBSCRIBE would count in PUBSUB NUMSUB instead).
  for (const [port, meetingId] of masters) {
    const node = createRedisClient({ url: `redis://127.0.0.1:${port}`, role: 'test', logger: recordingLogger() })
    await node.connect()
    const channel = meetingKeys(api.prefix, meetingId).channel
    t.same(await node.sendCommand(['PUBSUB', 'SHARDNUMSUB', channel]), [channel, 1], `${meetingId}: one SSUBSCRIBE on its master`)
    t.same(await node.sendCommand(['PUBSUB', 'NUMSUB', channel]), [channel, 0], `${meetingId}: no classic SUBSCRIBE`)
    node.destroy()
  }
})
