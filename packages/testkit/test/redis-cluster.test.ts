import t from 'tap'
import { createClient, createCluster } from 'redis'
import { createServer } from 'node:net'
import { once } from 'node:events'
import { portIsFree, startRedisCluster } from '../src/redis/cluster.ts'

/*
 * The cluster fixture itself: six real nodes, keys routed by slot, sharded pub/sub
 * (SSUBSCRIBE/SPUBLISH) through node-redis's cluster client, and a master SIGKILLed whose
 * replica takes over with the data it had replicated.
 */
t.test('a 3-master, 3-replica cluster on loopback: keys by slot, sharded pub/sub, failover', async (t) => {
  const cluster = await startRedisCluster()
  t.teardown(async () => { await cluster.stop() })
  t.equal(cluster.nodes.length, 6, 'six nodes')

  const client = createCluster({ rootNodes: cluster.rootNodes, defaults: { socket: { connectTimeout: 1000, reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 500) } } })
  client.on('error', () => {})
  await client.connect()
  t.teardown(async () => { client.destroy() })

  // Keys of three meetings land on different masters; a hash tag keeps one meeting on one slot.
  const owners = new Set<number>()
  for (const meeting of ['m-1', 'm-2', 'm-3', 'm-4', 'm-5', 'm-6']) {
    await client.set(`{${meeting}}:window`, meeting)
    owners.add((await cluster.masterFor(`{${meeting}}:window`)).port)
  }
  t.ok(owners.size > 1, `keys spread over ${owners.size} masters`)

  const channel = '{m-1}:suggestions'
  const received: string[] = []
  let wake: (() => void) | undefined
  await client.sSubscribe(channel, (message) => {
    received.push(message)
    wake?.()
  })
  const nextMessage = async (expected: string, timeoutMs: number): Promise<void> => {
    const deadline = Date.now() + timeoutMs
    while (!received.includes(expected)) {
      if (Date.now() > deadline) throw new Error(`no "${expected}" within ${timeoutMs} ms; got ${JSON.stringify(received)}`)
      // Published again until it arrives: a message sent while the subscriber was moving is lost (pub/sub is at most once).
      await client.sPublish(channel, expected).catch(() => 0)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100)
        wake = () => { clearTimeout(timer); resolve() }
      })
    }
  }
  await nextMessage('before', 5000)
  t.ok(received.includes('before'), 'a sharded message reaches the subscriber')

  const failover = await cluster.failOverFor(channel)
  t.not(failover.promoted.port, failover.killed.port, `replica ${failover.promoted.port} took over from ${failover.killed.port} in ${failover.ms} ms`)
  // A fresh client: node-redis refreshes its slot map only on MOVED/ASK, and a dead master
  // answers neither, so a client that lived through the failover needs its owner (the store's
  // cluster mode) to rediscover the topology; here the fixture's promise is what is tested.
  const after = createCluster({ rootNodes: cluster.rootNodes.filter((node) => node.url !== failover.killed.url) })
  after.on('error', () => {})
  await after.connect()
  t.teardown(async () => { after.destroy() })
  t.equal(await after.get('{m-1}:window'), 'm-1', 'a key written before the failover is read from the promoted replica')

  // The killed master comes back as the promoted one's replica, so failovers can follow each
  // other on one cluster: the second kills the promoted node and the restarted one takes over
  // with the key it synced after its restart.
  const restarted = await cluster.restart(failover.killed)
  const rejoined = createClient({ url: failover.killed.url })
  rejoined.on('error', () => {})
  await rejoined.connect()
  t.teardown(async () => { rejoined.destroy() })
  const replication = await rejoined.info('replication')
  t.match(replication, /role:slave/, 'the restarted node is a replica')
  t.match(replication, new RegExp(`master_port:${failover.promoted.port}\\b`), 'of the replica that took its slots')
  const second = await cluster.failOverFor(channel)
  t.equal(second.killed.port, failover.promoted.port, 'the second failover kills the promoted node')
  t.equal(second.promoted.port, failover.killed.port, 'and the restarted node takes the slots back')
  const third = createCluster({ rootNodes: [{ url: failover.killed.url }] })
  third.on('error', () => {})
  await third.connect()
  t.teardown(async () => { third.destroy() })
  t.equal(await third.get('{m-1}:window'), 'm-1', 'the key survived two failovers')
  t.comment(`figures: failover ${failover.ms} ms, restart and resync ${restarted.ms} ms, second failover ${second.ms} ms (cluster-node-timeout 1000 ms)`)
})

t.test('migrateSlot moves a slot and its keys to another master while both stay up', async (t) => {
  const cluster = await startRedisCluster({ replicasPerMaster: 0 })
  t.teardown(async () => { await cluster.stop() })
  const client = createCluster({ rootNodes: cluster.rootNodes })
  client.on('error', () => {})
  await client.connect()
  t.teardown(async () => { client.destroy() })
  for (let i = 0; i < 250; i++) await client.set(`{m-move}:key-${i}`, String(i))
  await client.set('{m-stay}:key', 'stays')

  let stateWhileMigrating = ''
  const moved = await cluster.migrateSlot('{m-move}:key-0', {
    whileMigrating: async (moved) => {
      if (moved > 0) return
      const source = createClient({ url: (await cluster.masterFor('{m-move}:key-0')).url })
      source.on('error', () => {})
      await source.connect()
      stateWhileMigrating = String(await source.sendCommand(['CLUSTER', 'NODES']))
      source.destroy()
    }
  })
  t.not(moved.to.port, moved.from.port, `slot ${moved.slot} moved from ${moved.from.port} to ${moved.to.port} in ${moved.ms} ms`)
  t.match(stateWhileMigrating, new RegExp(`\\[${moved.slot}->-`), 'the source showed the slot as migrating before the keys moved')
  t.equal(moved.keys, 250, 'every key of the slot was migrated')
  t.equal((await cluster.masterFor('{m-move}:key-0')).port, moved.to.port, 'the target serves the slot')
  // The client's slot map is stale: the old owner answers MOVED and node-redis follows it.
  t.equal(await client.get('{m-move}:key-249'), '249', 'a migrated key is read through the stale client')
  t.equal(await client.get('{m-stay}:key'), 'stays', 'another slot is untouched')
})

t.test('a busy bus port reads as taken, not as an error', async (t) => {
  const busy = createServer()
  busy.listen(0, '127.0.0.1')
  await once(busy, 'listening')
  t.teardown(() => { busy.close() })
  const port = (busy.address() as { port: number }).port
  t.equal(await portIsFree(port), false)
})
