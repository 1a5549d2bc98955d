import { test, type Test } from 'tap'
import { createClient } from 'redis'
import type { Segment } from '@meeting-ai/contracts'
import { recordingLogger, startOwnedRedis, startOwnedReplica, startRedisCluster, uniquePrefix, type ClusterNode, type OwnedRedis } from '@meeting-ai/testkit/redis'
import { createRedisStore, meetingKeys, StoreError, type RedisStore, type ReplicationSettings } from '../src/index.ts'
import { DEFAULT_LIMITS } from './contract/index.ts'

// REDIS_WAIT_REPLICAS: the store sends WAIT to every master an ingest batch wrote to, and
// reports a master whose replicas did not confirm. The WAIT calls are counted on the servers
// themselves (INFO commandstats), so these tests fail when the WAIT is not sent.

function segment (meetingId: string, n: number): Segment {
  return { meetingId, text: `segment ${n}`, timestamp: 1_700_000_000_000 + n, dedupeKey: `seg-${n}` }
}

async function redisAt (t: Test, url: string): Promise<ReturnType<typeof createClient>> {
  const client = createClient({ url })
  client.on('error', () => {})
  await client.connect()
  t.teardown(() => { if (client.isOpen) client.destroy() })
  return client
}

/** How many WAIT commands the server at `url` has run. */
async function waitCalls (t: Test, url: string): Promise<number> {
  const client = await redisAt(t, url)
  const stats = await client.info('commandstats')
  client.destroy()
  return Number(/^cmdstat_wait:calls=(\d+)/m.exec(stats)?.[1] ?? 0)
}

async function storeOn (t: Test, url: string, replication: ReplicationSettings, clusterNodes?: string[]): Promise<RedisStore> {
  const store = await createRedisStore({ url, clusterNodes, prefix: uniquePrefix('wait'), limits: DEFAULT_LIMITS, logger: recordingLogger(), replication })
  t.teardown(() => store.close())
  return store
}

async function rejection (promise: Promise<unknown>): Promise<StoreError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof StoreError) return error
    throw error
  }
  throw new Error('expected a StoreError')
}

test('one server', async (t) => {
  const master: OwnedRedis = await startOwnedRedis()
  t.teardown(() => master.stop())

  await t.test('REDIS_WAIT_REPLICAS 0 sends no WAIT', async (t) => {
    const store = await storeOn(t, master.url, { replicas: 0, timeoutMs: 50 })
    const before = await waitCalls(t, master.url)
    await store.windows.append(segment('m-off', 1))
    t.equal(store.replication.enabled, false)
    await store.replication.after({ meetingIds: ['m-off'], deadLetters: false })
    t.equal(await waitCalls(t, master.url), before, 'no WAIT reached the server')
  })

  await t.test('no replica: WAIT answers 0 after its timeout and the batch counts as not replicated', async (t) => {
    const store = await storeOn(t, master.url, { replicas: 1, timeoutMs: 50 })
    const before = await waitCalls(t, master.url)
    await store.windows.append(segment('m-alone', 1))
    const error = await rejection(store.replication.after({ meetingIds: ['m-alone', 'm-other'], deadLetters: true }))
    t.equal(error.code, 'STORE_REPLICATION_SHORT')
    t.match(error.message, /fewer than 1 replica\(s\) confirmed the writes within 50 ms: 0/)
    t.equal(await waitCalls(t, master.url), before + 1, 'one WAIT for the one server, whatever the number of meetings')
    t.equal((await store.windows.read('m-alone')).length, 1, 'the write itself stands on the master')
  })

  await t.test('with a replica attached, WAIT 1 returns once the replica holds the write', async (t) => {
    const replica = await startOwnedReplica(master)
    t.teardown(() => replica.stop())
    const replicaClient = await redisAt(t, replica.url)
    const store = await storeOn(t, master.url, { replicas: 1, timeoutMs: 5000 })
    const before = await waitCalls(t, master.url)
    await store.windows.append(segment('m-replicated', 1))
    await store.replication.after({ meetingIds: ['m-replicated'], deadLetters: false })
    t.equal(await waitCalls(t, master.url), before + 1, 'one WAIT')
    t.equal((await replicaClient.lRange(meetingKeys(store.prefix, 'm-replicated').window, 0, -1)).length, 1, 'the replica holds the segment')
  })
})

test('Redis Cluster: one WAIT per master that took writes; a master without its replica is reported', async (t) => {
  const cluster = await startRedisCluster()
  t.teardown(() => cluster.stop())
  const clusterNodes = cluster.nodes.map((node) => `127.0.0.1:${node.port}`)
  // A generous timeout where the replicas are up (the box may be busy), a short one once one is dead.
  const store = await storeOn(t, 'redis://127.0.0.1', { replicas: 1, timeoutMs: 5000 }, clusterNodes)

  // Meetings until every master has at least one, and two on one master at least.
  const byMaster = new Map<number, { master: ClusterNode, meetings: string[] }>()
  for (let n = 0; byMaster.size < 3 || [...byMaster.values()].every((entry) => entry.meetings.length < 2); n++) {
    const meetingId = `m-${n}`
    const master = await cluster.masterFor(meetingKeys(store.prefix, meetingId).window)
    const entry = byMaster.get(master.port) ?? { master, meetings: [] }
    entry.meetings.push(meetingId)
    byMaster.set(master.port, entry)
  }
  const meetingIds = [...byMaster.values()].flatMap((entry) => entry.meetings)
  const masters = [...byMaster.values()].map((entry) => entry.master)
  const replicas = cluster.nodes.filter((node) => !masters.includes(node))

  const calls = async (nodes: readonly ClusterNode[]): Promise<number[]> => await Promise.all(nodes.map(async (node) => await waitCalls(t, node.url)))
  const mastersBefore = await calls(masters)
  const replicasBefore = await calls(replicas)
  await Promise.all(store.windows.appendGroups(meetingIds.map((meetingId) => [segment(meetingId, 1)])))
  await store.replication.after({ meetingIds, deadLetters: false })
  t.same(await calls(masters), mastersBefore.map((n) => n + 1), `one WAIT on each of the 3 masters for ${meetingIds.length} meetings`)
  t.same(await calls(replicas), replicasBefore, 'none on a replica')

  // The replica of one master dies: that master's WAIT comes back short.
  const [first] = [...byMaster.values()]
  const info = await (await redisAt(t, first!.master.url)).info('replication')
  const replicaPort = Number(/^slave0:.*port=(\d+)/m.exec(info)?.[1])
  const replica = cluster.nodes.find((node) => node.port === replicaPort)
  t.ok(replica?.pid, `the master on ${first!.master.port} has a replica`)
  process.kill(replica!.pid!, 'SIGKILL')
  const hurried = await createRedisStore({ url: 'redis://127.0.0.1', clusterNodes, prefix: store.prefix, limits: DEFAULT_LIMITS, logger: recordingLogger(), replication: { replicas: 1, timeoutMs: 300 } })
  t.teardown(() => hurried.close())
  await hurried.windows.append(segment(first!.meetings[0]!, 2))
  const error = await rejection(hurried.replication.after({ meetingIds: [first!.meetings[0]!], deadLetters: false }))
  t.equal(error.code, 'STORE_REPLICATION_SHORT')
  t.match(error.message, `master of ${meetingKeys(store.prefix, first!.meetings[0]!).window}`, 'names the master by a key of its slots')
  t.equal((await store.windows.read(first!.meetings[0]!)).length, 2, 'the write stands on the master')
})
