import { EventHubConsumerClient, EventHubProducerClient, earliestEventPosition } from '@azure/event-hubs'
import type { ReceivedEventData, Subscription } from '@azure/event-hubs'
import { startEventHubsPeer } from '@meeting-ai/testkit/event-hubs-peer'
import type { EventHubsPeer } from '@meeting-ai/testkit/event-hubs-peer'
import { TEST_REDIS_URL, deleteKeys, uniquePrefix } from '@meeting-ai/testkit/redis'
import { createClient } from 'redis'
import t from 'tap'
import type { Test } from 'tap'
import { RedisCheckpointStore } from '../src/checkpoints/index.ts'

const retryOptions = { maxRetries: 2, retryDelayInMs: 20, maxRetryDelayInMs: 100, timeoutInMs: 5000 }
// Short intervals so ownership moves within a second and the test waits on events, not on minutes.
const loadBalancingOptions = { strategy: 'balanced' as const, updateIntervalInMs: 100, partitionOwnershipExpirationIntervalInMs: 1000 }

async function setup (t: Test): Promise<{ peer: EventHubsPeer, store: RedisCheckpointStore, producer: EventHubProducerClient, consumer: () => EventHubConsumerClient }> {
  const peer = await startEventHubsPeer({
    hubName: 'stt',
    partitionCount: 4,
    policies: { send: { key: 'send-key', rights: ['Send'] }, listen: { key: 'listen-key', rights: ['Listen'] } }
  })
  t.teardown(() => peer.close())
  const redis = createClient({ url: TEST_REDIS_URL })
  redis.on('error', () => {})
  await redis.connect()
  const prefix = uniquePrefix('checkpoints')
  t.teardown(async () => {
    redis.destroy()
    await deleteKeys(prefix)
  })
  const store = new RedisCheckpointStore(redis, prefix)
  const producer = new EventHubProducerClient(peer.connectionString('send'), { retryOptions })
  t.teardown(() => producer.close())
  const consumer = (): EventHubConsumerClient => {
    const client = new EventHubConsumerClient('$Default', peer.connectionString('listen'), store, { retryOptions, loadBalancingOptions })
    t.teardown(() => client.close())
    return client
  }
  return { peer, store, producer, consumer }
}

interface Received { partitionId: string, sequenceNumber: number, body: unknown }

/** Subscribes, checkpointing after every batch, and resolves `until(n)` once n events arrived. */
function consume (client: EventHubConsumerClient): { received: Received[], until: (n: number) => Promise<void>, subscription: Subscription } {
  const received: Received[] = []
  const waiters = new Set<() => void>()
  const subscription = client.subscribe({
    processEvents: async (events: ReceivedEventData[], context) => {
      for (const e of events) received.push({ partitionId: context.partitionId, sequenceNumber: e.sequenceNumber, body: e.body })
      const last = events.at(-1)
      if (last !== undefined) await context.updateCheckpoint(last)
      for (const wake of waiters) wake()
    },
    processError: async () => {}
  }, { startPosition: earliestEventPosition, maxWaitTimeInSeconds: 1, maxBatchSize: 20 })
  return {
    received,
    subscription,
    until: (n) => new Promise<void>((resolve) => {
      const check = (): void => { if (received.length >= n) { waiters.delete(check); resolve() } }
      waiters.add(check)
      check()
    })
  }
}

/** Resolves when `predicate` holds, re-checked whenever a consumer link attaches or detaches. */
async function receiversSettle (peer: EventHubsPeer, predicate: () => boolean): Promise<void> {
  if (predicate()) return
  await new Promise<void>((resolve) => {
    const check = (): void => {
      if (!predicate()) return
      peer.off('receiver-attached', check)
      peer.off('receiver-detached', check)
      resolve()
    }
    peer.on('receiver-attached', check)
    peer.on('receiver-detached', check)
  })
}

async function sendTo (producer: EventHubProducerClient, partitionId: string, bodies: unknown[]): Promise<void> {
  await producer.sendBatch(bodies.map((body) => ({ body })), { partitionId })
}

t.test('a consumer with the Redis store receives what the producer sent and checkpoints it', async (t) => {
  const { peer, store, producer, consumer } = await setup(t)
  await sendTo(producer, '0', [{ meetingId: 'm1', text: 'hello' }, { meetingId: 'm1', text: 'world' }])
  await sendTo(producer, '3', [{ meetingId: 'm2', text: 'hi' }])
  const { received, until, subscription } = consume(consumer())
  await until(3)
  await subscription.close()
  const sorted = [...received].sort((a, b) => a.partitionId.localeCompare(b.partitionId) || a.sequenceNumber - b.sequenceNumber)
  t.same(sorted, [
    { partitionId: '0', sequenceNumber: 0, body: { meetingId: 'm1', text: 'hello' } },
    { partitionId: '0', sequenceNumber: 1, body: { meetingId: 'm1', text: 'world' } },
    { partitionId: '3', sequenceNumber: 0, body: { meetingId: 'm2', text: 'hi' } }
  ])
  const checkpoints = (await store.listCheckpoints(peer.host, 'stt', '$Default'))
    .map((c) => [c.partitionId, c.sequenceNumber, c.offset]).sort()
  t.same(checkpoints, [['0', 1, peer.eventsIn('0')[1]?.offset], ['3', 0, peer.eventsIn('3')[0]?.offset]])
})

t.test('a reopened consumer resumes from the checkpoints: nothing lost, nothing repeated', async (t) => {
  const { producer, consumer } = await setup(t)
  for (const partitionId of ['0', '1', '2', '3']) await sendTo(producer, partitionId, [`${partitionId}-a`, `${partitionId}-b`])
  const first = consumer()
  const before = consume(first)
  await before.until(8)
  await before.subscription.close()
  await first.close()

  for (const partitionId of ['0', '1', '2', '3']) await sendTo(producer, partitionId, [`${partitionId}-c`])
  const after = consume(consumer())
  await after.until(4)
  // Events would be repeated by now if the checkpoints were ignored: each partition's first batch is delivered at once.
  await after.subscription.close()
  t.same(after.received.map((r) => r.body).sort(), ['0-c', '1-c', '2-c', '3-c'])
  t.ok(after.received.every((r) => r.sequenceNumber === 2))
  t.same(before.received.map((r) => r.body).sort(), ['0-a', '0-b', '1-a', '1-b', '2-a', '2-b', '3-a', '3-b'])
})

t.test('two consumers split the partitions, and one takes over when the other closes', async (t) => {
  const { peer, store, producer, consumer } = await setup(t)
  const clientA = consumer()
  const clientB = consumer()
  const a = consume(clientA)
  const b = consume(clientB)

  const connections = (): Map<string, string[]> => {
    const byConnection = new Map<string, string[]>()
    for (const r of peer.receivers()) byConnection.set(r.connectionId, [...(byConnection.get(r.connectionId) ?? []), r.partitionId])
    return byConnection
  }
  const partitionsCovered = (): boolean => new Set(peer.receivers().map((r) => r.partitionId)).size === 4 && peer.receivers().length === 4
  await receiversSettle(peer, () => partitionsCovered() && [...connections().values()].every((p) => p.length === 2) && connections().size === 2)
  const owners = await store.listOwnership(peer.host, 'stt', '$Default')
  const perOwner = new Map<string, number>()
  for (const o of owners) perOwner.set(o.ownerId, (perOwner.get(o.ownerId) ?? 0) + 1)
  t.same([...perOwner.values()], [2, 2], 'the store shows two owners with two partitions each')

  for (const partitionId of ['0', '1', '2', '3']) await sendTo(producer, partitionId, [`${partitionId}-1`])
  await Promise.all([a.until(2), b.until(2)])
  t.equal(a.received.length + b.received.length, 4)

  const connectionsOfA = new Set(peer.receivers().filter((r) => a.received.some((e) => e.partitionId === r.partitionId)).map((r) => r.connectionId))
  await a.subscription.close()
  await clientA.close()
  await receiversSettle(peer, () => partitionsCovered() && peer.receivers().every((r) => !connectionsOfA.has(r.connectionId)))
  const after = await store.listOwnership(peer.host, 'stt', '$Default')
  t.equal(new Set(after.map((o) => o.ownerId)).size, 1, 'one owner holds every partition')

  for (const partitionId of ['0', '1', '2', '3']) await sendTo(producer, partitionId, [`${partitionId}-2`])
  await b.until(6)
  await b.subscription.close()
  t.same(b.received.filter((r) => String(r.body).endsWith('-2')).map((r) => r.body).sort(), ['0-2', '1-2', '2-2', '3-2'])
  const firstRound = [...a.received, ...b.received].filter((r) => String(r.body).endsWith('-1'))
  t.equal(firstRound.length, 4, 'no event of the first round delivered twice across the handover')
})
