import { TEST_REDIS_URL, uniquePrefix } from '@meeting-ai/testkit/redis'
import type { RedisClusterClient } from '../src/index.ts'
import { createClient } from 'redis'
import t from 'tap'
import { CheckpointStoreError, MemoryCheckpointStore, RedisCheckpointStore } from '../src/checkpoints/index.ts'
import type { PartitionCheckpointStore, PartitionOwnership } from '../src/types.ts'
import { sharedClusterClient } from './contract/shared-cluster.ts'

const ns = 'ns.example.net'
const hub = 'Meetings'
const group = '$Default'

function ownership (partitionId: string, ownerId: string, etag?: string): PartitionOwnership {
  const claim: PartitionOwnership = { fullyQualifiedNamespace: ns, eventHubName: hub, consumerGroup: group, partitionId, ownerId }
  if (etag !== undefined) claim.etag = etag
  return claim
}

interface Fixture { store: PartitionCheckpointStore, cleanup: () => Promise<void> }

async function redisFixture (): Promise<Fixture & { prefix: string, keys: () => Promise<string[]> }> {
  const client = createClient({ url: TEST_REDIS_URL })
  client.on('error', () => {})
  await client.connect()
  const prefix = uniquePrefix('checkpoints')
  const keys = async (): Promise<string[]> => {
    const found: string[] = []
    for await (const batch of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 100 })) found.push(...batch)
    return found.sort()
  }
  return {
    store: new RedisCheckpointStore(client, prefix),
    prefix,
    keys,
    cleanup: async () => {
      const left = await keys()
      if (left.length > 0) await client.del(left)
      client.destroy()
    }
  }
}

// The cluster runs of this file share one cluster, started by the first that needs it.
const clusterClient = async (): Promise<RedisClusterClient> => await sharedClusterClient(t)

const implementations: Array<[string, () => Promise<Fixture>]> = [
  ['redis', redisFixture],
  ['redis cluster', async () => {
    const client = await clusterClient()
    return { store: new RedisCheckpointStore(client, uniquePrefix('checkpoints')), cleanup: async () => { client.destroy() } }
  }],
  ['memory', async () => ({ store: new MemoryCheckpointStore(), cleanup: async () => {} })]
]

for (const [name, make] of implementations) {
  t.test(`${name} checkpoint store`, async (t) => {
    const { store, cleanup } = await make()
    t.teardown(cleanup)

    t.test('starts empty', async (t) => {
      t.same(await store.listOwnership(ns, hub, group), [])
      t.same(await store.listCheckpoints(ns, hub, group), [])
    })

    t.test('claims a free partition once, then only with the current etag', async (t) => {
      const before = Date.now()
      const [first] = await store.claimOwnership([ownership('0', 'a')])
      t.ok(first, 'the first claim wins')
      t.type(first?.etag, 'string')
      t.ok((first?.lastModifiedTimeInMs ?? 0) >= before - 1000, 'lastModifiedTimeInMs is set to now')
      t.same(await store.listOwnership(ns, hub, group), [first], 'listed as claimed')

      t.same(await store.claimOwnership([ownership('0', 'b')]), [], 'a claim without etag on an owned partition loses')
      t.same(await store.claimOwnership([ownership('0', 'b', 'not-the-etag')]), [], 'a wrong etag loses')

      const [second] = await store.claimOwnership([ownership('0', 'b', first?.etag)])
      t.equal(second?.ownerId, 'b', 'the current etag wins')
      t.not(second?.etag, first?.etag, 'each claim gets a new etag')
      t.same(await store.claimOwnership([ownership('0', 'a', first?.etag)]), [], 'the stale etag now loses')
      const [listed] = await store.listOwnership(ns, hub, group)
      t.equal(listed?.ownerId, 'b')
      t.equal(listed?.etag, second?.etag)
    })

    t.test('a claim with an etag on a partition never claimed loses', async (t) => {
      t.same(await store.claimOwnership([ownership('9', 'a', 'made-up')]), [])
    })

    t.test('of concurrent claims with one etag exactly one wins', async (t) => {
      const [base] = await store.claimOwnership([ownership('1', 'x')])
      const results = await Promise.all(['p', 'q', 'r', 's'].map((owner) => store.claimOwnership([ownership('1', owner, base?.etag)])))
      t.equal(results.flat().length, 1)
      const [listed] = (await store.listOwnership(ns, hub, group)).filter((o) => o.partitionId === '1')
      t.equal(listed?.ownerId, results.flat()[0]?.ownerId)
    })

    t.test('a multi-partition claim returns only the partitions won', async (t) => {
      const current = await store.listOwnership(ns, hub, group)
      const p0 = current.find((o) => o.partitionId === '0')
      const claimed = await store.claimOwnership([
        ownership('0', 'c', p0?.etag),
        ownership('1', 'c', 'stale'),
        ownership('2', 'c')
      ])
      t.same(claimed.map((o) => o.partitionId).sort(), ['0', '2'])
      t.ok(claimed.every((o) => o.ownerId === 'c' && o.fullyQualifiedNamespace === ns && o.eventHubName === hub && o.consumerGroup === group))
    })

    t.test('an owner gives a partition up by claiming it with an empty owner id', async (t) => {
      const p2 = (await store.listOwnership(ns, hub, group)).find((o) => o.partitionId === '2')
      const [released] = await store.claimOwnership([ownership('2', '', p2?.etag)])
      t.equal(released?.ownerId, '')
    })

    t.test('checkpoints are stored per partition and overwritten', async (t) => {
      await store.updateCheckpoint({ fullyQualifiedNamespace: ns, eventHubName: hub, consumerGroup: group, partitionId: '0', sequenceNumber: 4, offset: '400' })
      await store.updateCheckpoint({ fullyQualifiedNamespace: ns, eventHubName: hub, consumerGroup: group, partitionId: '1', sequenceNumber: 1, offset: '100' })
      await store.updateCheckpoint({ fullyQualifiedNamespace: ns, eventHubName: hub, consumerGroup: group, partitionId: '0', sequenceNumber: 7, offset: '700' })
      const listed = (await store.listCheckpoints(ns, hub, group)).sort((a, b) => a.partitionId.localeCompare(b.partitionId))
      t.same(listed, [
        { fullyQualifiedNamespace: ns, eventHubName: hub, consumerGroup: group, partitionId: '0', sequenceNumber: 7, offset: '700' },
        { fullyQualifiedNamespace: ns, eventHubName: hub, consumerGroup: group, partitionId: '1', sequenceNumber: 1, offset: '100' }
      ])
    })

    t.test('a checkpoint without sequence number or offset is refused', async (t) => {
      const bad = { fullyQualifiedNamespace: ns, eventHubName: hub, consumerGroup: group, partitionId: '3', offset: '1' } as unknown as Parameters<PartitionCheckpointStore['updateCheckpoint']>[0]
      await t.rejects(store.updateCheckpoint(bad), { code: 'INVALID_CHECKPOINT' })
      await t.rejects(store.updateCheckpoint({ ...bad, sequenceNumber: 1, offset: '' }), CheckpointStoreError)
    })

    t.test('records are scoped by namespace, hub and group, case-insensitively', async (t) => {
      t.same(await store.listOwnership(ns, hub, 'other-group'), [])
      t.same(await store.listCheckpoints(ns, 'other-hub', group), [])
      t.same(await store.listOwnership('other.example.net', hub, group), [])
      t.equal((await store.listCheckpoints(ns.toUpperCase(), hub.toLowerCase(), group.toUpperCase())).length, 2)
    })
  })
}

t.test('redis keys live under <prefix>eh:<namespace>:<hub>:<group>:', async (t) => {
  const fixture = await redisFixture()
  t.teardown(fixture.cleanup)
  await fixture.store.claimOwnership([ownership('0', 'a')])
  await fixture.store.updateCheckpoint({ fullyQualifiedNamespace: ns, eventHubName: hub, consumerGroup: group, partitionId: '0', sequenceNumber: 0, offset: '0' })
  t.same(await fixture.keys(), [
    `${fixture.prefix}eh:ns.example.net:meetings:$default:checkpoints`,
    `${fixture.prefix}eh:ns.example.net:meetings:$default:ownership`
  ])
})

t.test('checkpoints written under the legacy <prefix>eh:eh: key are read until the partition is checkpointed again', async (t) => {
  const fixture = await redisFixture()
  t.teardown(fixture.cleanup)
  const client = createClient({ url: TEST_REDIS_URL })
  client.on('error', () => {})
  await client.connect()
  t.teardown(() => client.destroy())
  const legacyKey = `${fixture.prefix}eh:eh:ns.example.net:meetings:$default:checkpoints`
  await client.hSet(legacyKey, { 0: JSON.stringify({ sequenceNumber: 3, offset: '300' }), 1: JSON.stringify({ sequenceNumber: 5, offset: '500' }) })
  const byPartition = async (): Promise<Array<[string, number]>> =>
    (await fixture.store.listCheckpoints(ns, hub, group)).map((c): [string, number] => [c.partitionId, c.sequenceNumber]).sort()
  t.same(await byPartition(), [['0', 3], ['1', 5]], 'the legacy checkpoints are found')

  await fixture.store.updateCheckpoint({ fullyQualifiedNamespace: ns, eventHubName: hub, consumerGroup: group, partitionId: '0', sequenceNumber: 9, offset: '900' })
  t.same(await byPartition(), [['0', 9], ['1', 5]], 'a new checkpoint wins over the legacy one of its partition only')
  t.same(await client.hGetAll(legacyKey), { 0: JSON.stringify({ sequenceNumber: 3, offset: '300' }), 1: JSON.stringify({ sequenceNumber: 5, offset: '500' }) }, 'the legacy key is never written')
  t.same(Object.keys(await client.hGetAll(`${fixture.prefix}eh:ns.example.net:meetings:$default:checkpoints`)), ['0'], 'the update went to the current key')
})
