import { once } from 'node:events'
import { createServer } from 'node:net'
import {
  EventHubConsumerClient,
  EventHubProducerClient,
  earliestEventPosition,
  latestEventPosition
} from '@azure/event-hubs'
import type { EventPosition, ReceivedEventData, SubscribeOptions, Subscription } from '@azure/event-hubs'
import rhea from 'rhea'
import t from 'tap'
import type { Test } from 'tap'
import { startEventHubsPeer } from '../src/event-hubs-peer/index.ts'
import type { EventHubsPeer, EventHubsPeerOptions, ReceiverInfo, UnansweredClose } from '../src/event-hubs-peer/index.ts'

const policies: EventHubsPeerOptions['policies'] = {
  send: { key: 'send-key', rights: ['Send'] },
  listen: { key: 'listen-key', rights: ['Listen'] },
  manage: { key: 'manage-key', rights: ['Manage'] }
}
const fastRetry = { maxRetries: 1, retryDelayInMs: 20, maxRetryDelayInMs: 100, timeoutInMs: 5000 }

async function peerFor (t: Test, partitionCount = 4): Promise<EventHubsPeer> {
  const peer = await startEventHubsPeer({
    hubName: 'meetings',
    partitionCount,
    policies
  })
  t.teardown(() => peer.close())
  return peer
}

function producerFor (t: Test, connectionString: string, timeoutInMs = fastRetry.timeoutInMs): EventHubProducerClient {
  const producer = new EventHubProducerClient(connectionString, { retryOptions: { ...fastRetry, timeoutInMs } })
  t.teardown(() => producer.close())
  return producer
}

function consumerFor (t: Test, connectionString: string): EventHubConsumerClient {
  // A short loop interval so a partition pump that failed is restarted quickly.
  const consumer = new EventHubConsumerClient('$Default', connectionString, { retryOptions: fastRetry, loadBalancingOptions: { updateIntervalInMs: 100 } })
  t.teardown(() => consumer.close())
  return consumer
}

interface Collector {
  events: Array<ReceivedEventData & { partitionId: string }>
  errors: Error[]
  /** Resolves once `count` events have arrived in total. */
  until: (count: number) => Promise<void>
  /** Resolves at the next error handed to processError. */
  nextError: () => Promise<Error>
  subscription: Subscription
}

function collect (consumer: EventHubConsumerClient, partitionId: string | undefined, options: SubscribeOptions): Collector {
  const events: Collector['events'] = []
  const errors: Error[] = []
  const waiters = new Set<() => void>()
  const errorWaiters: Array<(error: Error) => void> = []
  const handlers = {
    processEvents: async (batch: ReceivedEventData[], context: { partitionId: string }) => {
      for (const event of batch) events.push({ ...event, partitionId: context.partitionId })
      for (const wake of waiters) wake()
    },
    processError: async (error: Error) => {
      errors.push(error)
      for (const wake of errorWaiters.splice(0)) wake(error)
    }
  }
  const subscription = partitionId === undefined
    ? consumer.subscribe(handlers, options)
    : consumer.subscribe(partitionId, handlers, options)
  return {
    events,
    errors,
    subscription,
    until: (count) => new Promise<void>((resolve) => {
      const check = (): void => {
        if (events.length >= count) {
          waiters.delete(check)
          resolve()
        }
      }
      waiters.add(check)
      check()
    }),
    nextError: () => new Promise<Error>((resolve) => errorWaiters.push(resolve))
  }
}

async function attached (peer: EventHubsPeer, predicate: (info: ReceiverInfo) => boolean = () => true): Promise<ReceiverInfo> {
  const already = peer.receivers().find(predicate)
  if (already !== undefined) return already
  return await new Promise<ReceiverInfo>((resolve) => {
    const listener = (info: ReceiverInfo): void => {
      if (!predicate(info)) return
      peer.off('receiver-attached', listener)
      resolve(info)
    }
    peer.on('receiver-attached', listener)
  })
}

/** Error codes of an error and of every error an AggregateError (the SDK's retries) wraps. */
function codesOf (error: unknown): string[] {
  if (error instanceof AggregateError) return error.errors.flatMap(codesOf)
  return [String((error as { code?: unknown }).code)]
}

function messagesOf (error: unknown): string[] {
  if (error instanceof AggregateError) return error.errors.flatMap(messagesOf)
  return [String((error as Error).message)]
}

async function rejectionCodes (promise: Promise<unknown>): Promise<string[]> {
  try {
    await promise
  } catch (error) {
    return [...new Set(codesOf(error))]
  }
  return ['resolved']
}

const quick: SubscribeOptions = { maxWaitTimeInSeconds: 1, maxBatchSize: 10 }

t.test('$management answers hub and partition properties', async (t) => {
  const peer = await peerFor(t, 3)
  const producer = producerFor(t, peer.connectionString('send'))
  const hub = await producer.getEventHubProperties()
  t.equal(hub.name, 'meetings')
  t.same(hub.partitionIds, ['0', '1', '2'])
  t.ok(hub.createdOn instanceof Date)

  const empty = await producer.getPartitionProperties('1')
  t.match(empty, { partitionId: '1', isEmpty: true, lastEnqueuedSequenceNumber: -1, beginningSequenceNumber: 0 })

  peer.enqueue({ partitionId: '1', body: { n: 1 } })
  const second = peer.enqueue({ partitionId: '1', body: { n: 2 } })
  const filled = await producer.getPartitionProperties('1')
  t.match(filled, { isEmpty: false, lastEnqueuedSequenceNumber: 1, lastEnqueuedOffset: second.offset, beginningSequenceNumber: 0 })
  t.equal(filled.lastEnqueuedOnUtc.getTime(), second.enqueuedTime.getTime())
  t.same(await rejectionCodes(producer.getPartitionProperties('7')), ['ArgumentOutOfRangeError'])
  const otherHub = producerFor(t, peer.connectionString('send', { entityPath: 'nope' }))
  t.same(await rejectionCodes(otherHub.getEventHubProperties()), ['MessagingEntityNotFoundError'])
})

t.test('batches from the producer reach the consumer with sequence numbers, offsets, keys and JSON bodies', async (t) => {
  const peer = await peerFor(t)
  const producer = producerFor(t, peer.connectionString('send'))
  const keyed = await producer.createBatch({ partitionKey: 'meeting-42' })
  for (let i = 0; i < 3; i++) t.ok(keyed.tryAdd({ body: { meetingId: 'meeting-42', seq: i }, properties: { kind: 'stt' } }))
  await producer.sendBatch(keyed)
  await producer.sendBatch([{ body: { direct: 0 } }, { body: { direct: 1 } }], { partitionId: '2' })
  await producer.sendBatch([{ body: 'no key' }])

  const counts = peer.eventCounts()
  t.equal(Object.values(counts).reduce((a, b) => a + b, 0), 6)
  const keyedPartition = Object.keys(counts).find((id) => peer.eventsIn(id).some((e) => e.partitionKey === 'meeting-42')) as string
  t.equal(peer.eventsIn(keyedPartition).filter((e) => e.partitionKey === 'meeting-42').length, 3, 'one batch lands in one partition')
  t.same(peer.eventsIn('2').map((e) => JSON.parse(String(e.body)) as unknown).filter((b) => typeof b === 'object'), [{ direct: 0 }, { direct: 1 }], 'a partition id picks the partition')

  const consumer = consumerFor(t, peer.connectionString('listen'))
  const got = collect(consumer, undefined, { ...quick, startPosition: earliestEventPosition })
  await got.until(6)
  await got.subscription.close()

  const keyedEvents = got.events.filter((e) => e.partitionKey === 'meeting-42')
  t.same(keyedEvents.map((e) => e.body), [0, 1, 2].map((seq) => ({ meetingId: 'meeting-42', seq })), 'JSON bodies parsed, in order')
  t.ok(keyedEvents.every((e) => e.properties?.kind === 'stt' && e.partitionId === keyedPartition), 'properties kept')
  for (const partitionId of peer.partitionIds) {
    const received = got.events.filter((e) => e.partitionId === partitionId)
    t.same(received.map((e) => e.sequenceNumber), received.map((_, i) => i), `partition ${partitionId}: sequence numbers 0..n-1`)
    t.same(received.map((e) => e.offset), peer.eventsIn(partitionId).map((e) => e.offset), `partition ${partitionId}: offsets as stored`)
  }
  t.same(got.events.filter((e) => e.partitionId === '2' && e.partitionKey === undefined && typeof e.body === 'object').map((e) => e.body), [{ direct: 0 }, { direct: 1 }])
  t.ok(got.events.every((e) => e.enqueuedTimeUtc instanceof Date && e.enqueuedTimeUtc.getTime() > 0))
  t.same(got.errors, [])
})

t.test('a partition key always maps to the same partition', async (t) => {
  const peer = await peerFor(t)
  const producer = producerFor(t, peer.connectionString('send'))
  for (let i = 0; i < 3; i++) await producer.sendBatch([{ body: i }], { partitionKey: 'same-meeting' })
  const holding = peer.partitionIds.filter((id) => peer.eventsIn(id).length > 0)
  t.equal(holding.length, 1)
  t.same(peer.eventsIn(holding[0] as string).map((e) => e.partitionKey), ['same-meeting', 'same-meeting', 'same-meeting'])
})

t.test('a wrong key is an authorization failure for producer and consumer', async (t) => {
  const peer = await peerFor(t)
  const rejected = once(peer, 'token-rejected')
  const producer = producerFor(t, peer.connectionString('send', { key: 'wrong' }))
  t.same(await rejectionCodes(producer.sendBatch([{ body: 1 }])), ['UnauthorizedError'])
  const [rejection] = await rejected
  t.match(rejection, { statusCode: 401, description: /InvalidSignature/ })
  t.same(peer.eventCounts(), { 0: 0, 1: 0, 2: 0, 3: 0 })

  const consumer = consumerFor(t, peer.connectionString('listen', { key: 'wrong' }))
  const got = collect(consumer, '0', { ...quick, startPosition: earliestEventPosition })
  const error = await got.nextError()
  await got.subscription.close()
  t.same([...new Set(codesOf(error))], ['UnauthorizedError'])

  const stranger = producerFor(t, peer.connectionString('nobody', { key: 'x' }))
  t.same(await rejectionCodes(stranger.getEventHubProperties()), ['UnauthorizedError'])
})

t.test('a listen policy cannot send and a send policy cannot listen', async (t) => {
  const peer = await peerFor(t)
  const producer = producerFor(t, peer.connectionString('listen'))
  const sendFailure = await producer.sendBatch([{ body: 1 }]).catch((error: unknown) => error)
  t.same([...new Set(codesOf(sendFailure))], ['UnauthorizedError'])
  t.match(messagesOf(sendFailure), [/'Send' claim\(s\) are required/])
  t.equal(peer.stats().eventsEnqueued, 0)

  const consumer = consumerFor(t, peer.connectionString('send'))
  const got = collect(consumer, '0', { ...quick, startPosition: earliestEventPosition })
  const listenFailure = await got.nextError()
  t.same([...new Set(codesOf(listenFailure))], ['UnauthorizedError'])
  t.match(messagesOf(listenFailure), [/'Listen' claim\(s\) are required/])
  await got.subscription.close()

  const manager = producerFor(t, peer.connectionString('manage'))
  await manager.sendBatch([{ body: 'manage implies send' }], { partitionId: '0' })
  t.equal(peer.eventsIn('0').length, 1)
})

t.test('receivers start where the selector filter says', async (t) => {
  const peer = await peerFor(t, 1)
  const stored = [0, 1, 2, 3, 4].map((n) => peer.enqueue({ partitionId: '0', body: { n } }))
  const consumer = consumerFor(t, peer.connectionString('listen'))
  const firstFrom = async (startPosition: EventPosition): Promise<number[]> => {
    const got = collect(consumer, '0', { ...quick, startPosition })
    await got.until(1)
    await got.subscription.close()
    return got.events.map((e) => e.sequenceNumber)
  }
  t.equal((await firstFrom(earliestEventPosition))[0], 0, 'earliest')
  t.equal((await firstFrom({ sequenceNumber: 2 }))[0], 3, 'sequence number, exclusive')
  t.equal((await firstFrom({ sequenceNumber: 2, isInclusive: true }))[0], 2, 'sequence number, inclusive')
  t.equal((await firstFrom({ offset: stored[3]?.offset as string }))[0], 4, 'offset, exclusive')
  t.equal((await firstFrom({ offset: stored[1]?.offset as string, isInclusive: true }))[0], 1, 'offset, inclusive')
  t.equal((await firstFrom({ enqueuedOn: new Date(0) }))[0], 0, 'enqueued time')

  const latest = collect(consumer, '0', { ...quick, startPosition: latestEventPosition })
  await attached(peer)
  peer.enqueue({ partitionId: '0', body: { n: 5 } })
  await latest.until(1)
  await latest.subscription.close()
  t.same(latest.events.map((e) => [e.sequenceNumber, e.body]), [[5, { n: 5 }]], 'latest: only what arrives after attaching')
})

t.test('a receiver with an equal or higher owner level takes the partition over', async (t) => {
  const peer = await peerFor(t, 1)
  const first = consumerFor(t, peer.connectionString('listen'))
  const low = collect(first, '0', { ...quick, startPosition: earliestEventPosition, ownerLevel: 1 })
  await attached(peer, (r) => r.ownerLevel === 1)

  const second = consumerFor(t, peer.connectionString('listen'))
  const displaced = low.nextError()
  const high = collect(second, '0', { ...quick, startPosition: earliestEventPosition, ownerLevel: 2 })
  t.match(await displaced, { code: 'ReceiverDisconnectedError', message: /higher epoch of '2'/ })
  await attached(peer, (r) => r.ownerLevel === 2)
  t.same(peer.receivers().map((r) => r.ownerLevel), [2])

  const refused = low.nextError()
  t.match(await refused, { code: 'ReceiverDisconnectedError' }, 'the lower level cannot come back')

  const third = consumerFor(t, peer.connectionString('listen'))
  const plain = collect(third, '0', { ...quick, startPosition: earliestEventPosition })
  t.match(await plain.nextError(), { code: 'ReceiverDisconnectedError', message: /non-epoch receiver is not allowed/ })

  peer.enqueue({ partitionId: '0', body: 'for the owner' })
  await high.until(1)
  t.same(high.events.map((e) => e.body), ['for the owner'])
  t.same(low.events, [])
  t.equal(peer.stats().receiversDisplaced, 1)
  await Promise.all([low.subscription.close(), high.subscription.close(), plain.subscription.close()])
})

t.test('live events flow to an attached receiver within its credit', async (t) => {
  const peer = await peerFor(t, 1)
  const consumer = consumerFor(t, peer.connectionString('listen'))
  const got = collect(consumer, '0', { maxWaitTimeInSeconds: 1, maxBatchSize: 7, startPosition: latestEventPosition })
  await attached(peer)
  for (let n = 0; n < 60; n++) peer.enqueue({ partitionId: '0', body: { n } })
  await got.until(60)
  await got.subscription.close()
  t.same(got.events.map((e) => e.body), Array.from({ length: 60 }, (_, n) => ({ n })))
  t.ok(got.events.length <= 60, 'nothing delivered twice')
})

t.test('clients recover from dropped connections without losing or repeating events', async (t) => {
  const peer = await peerFor(t, 2)
  // A send racing the cut waits for its attempt to time out (the client has not seen the FIN yet), then retries.
  const producer = producerFor(t, peer.connectionString('send'), 1000)
  const consumer = consumerFor(t, peer.connectionString('listen'))
  const got = collect(consumer, undefined, { ...quick, startPosition: earliestEventPosition })
  await producer.sendBatch([{ body: 'a' }, { body: 'b' }], { partitionId: '0' })
  await got.until(2)

  const accepted = peer.stats().connectionsAccepted
  t.ok(peer.dropConnections() >= 2, 'producer and consumer connections cut')
  await producer.sendBatch([{ body: 'c' }], { partitionId: '0' })
  await producer.sendBatch([{ body: 'd' }], { partitionId: '1' })
  await got.until(4)
  t.ok(peer.stats().connectionsAccepted > accepted, 'clients reconnected')

  await got.subscription.close()

  const byPartition = (id: string): unknown[] => got.events.filter((e) => e.partitionId === id).map((e) => [e.sequenceNumber, e.body])
  t.same(byPartition('0'), [[0, 'a'], [1, 'b'], [2, 'c']], 'partition 0: nothing lost or repeated')
  t.same(byPartition('1'), [[0, 'd']])
})

t.test('delayDeliveries holds events back for the configured time', async (t) => {
  const peer = await peerFor(t, 1)
  const consumer = consumerFor(t, peer.connectionString('listen'))
  const got = collect(consumer, '0', { ...quick, startPosition: latestEventPosition })
  await attached(peer)
  peer.delayDeliveries(300)
  const event = peer.enqueue({ partitionId: '0', body: 'late' })
  await got.until(1)
  const arrivedAfter = Date.now() - event.enqueuedTime.getTime()
  t.ok(arrivedAfter >= 300, `arrived ${arrivedAfter} ms after it was stored`)
  peer.delayDeliveries(0)
  await got.subscription.close()
})

t.test('SASL PLAIN with a policy key authorises links without CBS; ANONYMOUS without a token does not', async (t) => {
  const peer = await peerFor(t, 1)
  peer.enqueue({ partitionId: '0', body: { via: 'plain' } })
  const address = 'meetings/ConsumerGroups/$Default/Partitions/0'

  const plain = rhea.create_container().connect({ host: peer.host, port: peer.port, username: 'listen', password: 'listen-key', reconnect: false })
  t.teardown(() => plain.close())
  const receiver = plain.open_receiver({ source: { address } })
  const [context] = await once(receiver, 'message') as [rhea.EventContext]
  t.equal(context.message?.message_annotations?.['x-opt-sequence-number'], 0)
  t.same(JSON.parse(String((context.message?.body as { content: Buffer }).content)), { via: 'plain' })

  const anonymous = rhea.create_container().connect({ host: peer.host, port: peer.port, reconnect: false })
  t.teardown(() => anonymous.close())
  const refused = anonymous.open_receiver({ source: { address } })
  const [closed] = await once(refused, 'receiver_close') as [rhea.EventContext]
  t.match(closed.receiver?.error, { condition: 'amqp:unauthorized-access' })

  const wrong = rhea.create_container().connect({ host: peer.host, port: peer.port, username: 'listen', password: 'nope', reconnect: false })
  wrong.on('connection_error', () => {})
  const [failure] = await once(wrong, 'disconnected') as [rhea.EventContext]
  t.ok(failure.error !== undefined || failure.connection.error !== undefined, 'SASL with a wrong key fails')
})

t.test('detachReceivers detaches consumer links with amqp:link:detach-forced; a new link resumes', async (t) => {
  // A raw AMQP client: the SDK reattaches in place after a detach and leaves
  // its 45-minute token-renewal timer of the old link running, which would
  // keep this test process alive (see README).
  const peer = await peerFor(t, 2)
  for (const n of [0, 1, 2]) peer.enqueue({ partitionId: '1', body: { n } })
  const connection = rhea.create_container().connect({ host: peer.host, port: peer.port, username: 'listen', password: 'listen-key', reconnect: false })
  t.teardown(() => connection.close())
  const address = 'meetings/ConsumerGroups/$Default/Partitions/1'
  const first = connection.open_receiver({ source: { address }, credit_window: 0 })
  first.add_credit(2)
  const seen: number[] = []
  first.on('message', (context: rhea.EventContext) => seen.push(Number(context.message?.message_annotations?.['x-opt-sequence-number'])))
  await attached(peer, (r) => r.partitionId === '1')
  await new Promise<void>((resolve) => first.on('message', () => { if (seen.length === 2) resolve() }))
  t.same(peer.receivers().map((r) => r.nextSequenceNumber), [2], 'no more than the 2 credits granted were sent')

  const detached = once(first, 'receiver_close') as Promise<[rhea.EventContext]>
  t.equal(peer.detachReceivers('0'), 0, 'other partitions untouched')
  t.equal(peer.detachReceivers('1'), 1)
  const [closed] = await detached
  t.match(closed.receiver?.error, { condition: 'amqp:link:detach-forced' })
  t.same(peer.receivers(), [])

  const filter = { 'apache.org:selector-filter:string': rhea.types.wrap_described(`amqp.annotation.x-opt-sequence-number > '${seen.at(-1) ?? -1}'`, 0x468c00000004) }
  // A fresh session, as the SDK uses per link: rhea may still hold the detached link's handle on the old one.
  const session = connection.create_session()
  session.begin()
  const second = session.attach_receiver({ source: { address, filter } })
  const [resumed] = await once(second, 'message') as [rhea.EventContext]
  t.equal(resumed.message?.message_annotations?.['x-opt-sequence-number'], 2, 'continues after the last event seen')
})

t.test('leaveClosesUnanswered leaves a client\'s detach, end and close unanswered; an empty list answers again', async (t) => {
  // A raw AMQP client, to see each frame the peer sends back. Frames arrive in order, so an answer
  // the peer had sent would arrive before the answer to whatever the client asks for next.
  const peer = await peerFor(t, 2)
  const connection = rhea.create_container().connect({ host: peer.host, port: peer.port, username: 'listen', password: 'listen-key', reconnect: false })
  t.teardown(() => connection.close())
  const address = (partition: string): string => `meetings/ConsumerGroups/$Default/Partitions/${partition}`
  const unanswered = async (performative: UnansweredClose['performative']): Promise<UnansweredClose> => await new Promise((resolve) => {
    const listener = (close: UnansweredClose): void => {
      if (close.performative !== performative) return
      peer.off('close-unanswered', listener)
      resolve(close)
    }
    peer.on('close-unanswered', listener)
  })
  const openReceiver = async (partition: string): Promise<{ session: rhea.Session, receiver: rhea.Receiver, closed: string[] }> => {
    const session = connection.create_session()
    session.begin()
    const receiver = session.attach_receiver({ source: { address: address(partition) } })
    const closed: string[] = []
    receiver.on('receiver_close', () => closed.push('detach'))
    session.on('session_close', () => closed.push('end'))
    await once(receiver, 'receiver_open')
    return { session, receiver, closed }
  }

  const first = await openReceiver('0')
  peer.leaveClosesUnanswered(['detach', 'end', 'close'])
  const detach = unanswered('detach')
  first.receiver.close()
  t.match(await detach, { performative: 'detach', connectionId: /^connection-/, address: address('0') })
  t.same(peer.receivers(), [], 'the peer counts the consumer link as detached')

  const second = await openReceiver('1')
  t.same(first.closed, [], 'no detach came back')
  const end = unanswered('end')
  second.session.close()
  t.match(await end, { performative: 'end' })

  const third = await openReceiver('0')
  t.same(second.closed, [], 'no end came back')
  peer.leaveClosesUnanswered([])
  third.receiver.close()
  await once(third.receiver, 'receiver_close')
  t.pass('with an empty list a detach is answered again')

  peer.leaveClosesUnanswered(['close'])
  const seen: string[] = []
  const gone = new Promise<void>((resolve) => {
    connection.on('connection_close', () => { seen.push('close'); resolve() })
    connection.on('disconnected', () => { seen.push('disconnected'); resolve() })
  })
  const close = unanswered('close')
  connection.close()
  t.match(await close, { performative: 'close' })
  // A close the peer answered would be written by now; cutting the socket shows what arrived.
  await new Promise((resolve) => setImmediate(resolve))
  peer.dropConnections()
  await gone
  t.same(seen, ['disconnected'], 'no close came back before the socket was cut')
})

t.test('close releases the port', async (t) => {
  const peer = await startEventHubsPeer({ hubName: 'meetings', policies: {} })
  const port = peer.port
  await peer.close()
  const server = createServer()
  server.listen(port, '127.0.0.1')
  await once(server, 'listening')
  await new Promise<void>((resolve) => server.close(() => resolve()))
  t.pass(`port ${port} free again`)
})
