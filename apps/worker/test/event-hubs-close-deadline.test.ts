import { test, type Test } from 'tap'
import { Registry } from 'prom-client'
import type { RedisStore } from '@meeting-ai/store'
import type { ClosePerformative, EventHubsPeer, UnansweredClose } from '@meeting-ai/testkit/event-hubs-peer'
import { uniquePrefix } from '@meeting-ai/testkit/redis'
import { createWorker } from '../src/index.ts'
import { ScriptedEngine } from './fixtures/scripted-engine.ts'
import { recordingLogger, redisStore, sttEvent, testConfig } from './fixtures/harness.ts'
import { PARTITIONS, SLOW_SKIP, assertCheckpointsCoverWritten, hubPeer, hubScenario, meetingsOnEveryPartition, startSoleWorker, untilRedis, windowTotal } from './fixtures/hub-workers.ts'

/*
 * rhea-promise waits 60 s for the hub's answer to each detach, end and close the SDK sends while
 * closing. One answer lost must not hold a stopping worker past its grace: each closing step of
 * the Event Hubs source has a deadline, after which it is abandoned, logged and counted.
 */

const ABANDONED = 'event hubs close abandoned at its deadline: the hub had not answered (a detach, end or close) or a batch was still being written'
const CLOSE_TIMEOUTS = 'meeting_ai_worker_source_close_timeouts_total'

/** `promise`, or a failure naming `what` once `ms` have passed (without the fix a step waits 60 s). */
async function within<T> (ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_resolve, reject) => { timer = setTimeout(() => { reject(new Error(`${what}: not done within ${ms} ms`)) }, ms) })
  try {
    return await Promise.race([promise, late])
  } finally {
    clearTimeout(timer)
  }
}

/** Every close the peer leaves unanswered from now on, in order. */
function recordUnanswered (t: Test, peer: EventHubsPeer): UnansweredClose[] {
  const seen: UnansweredClose[] = []
  const onClose = (close: UnansweredClose): void => { seen.push(close) }
  peer.on('close-unanswered', onClose)
  t.teardown(() => { peer.off('close-unanswered', onClose) })
  return seen
}

async function closeTimeouts (registry: Registry): Promise<Record<string, number>> {
  const values = (await registry.getSingleMetric(CLOSE_TIMEOUTS)?.get())?.values ?? []
  return Object.fromEntries(values.filter((v) => v.labels.source === 'event-hubs').map((v) => [String(v.labels.step), v.value]))
}

/** Partition id → sequence number of its checkpoint. */
async function checkpointsOf (store: RedisStore, peer: EventHubsPeer): Promise<Map<string, number>> {
  return new Map((await store.checkpoints.listCheckpoints(peer.host, peer.hubName, '$Default')).map((c) => [c.partitionId, c.sequenceNumber]))
}

/**
 * An in-process worker on a 2-partition hub with CLOSE_TIMEOUT_MS per closing step, every event
 * written and checkpointed; then the peer stops answering `performatives` and the worker stops.
 */
async function stopWithUnanswered (t: Test, performatives: ClosePerformative[], closeTimeoutMs: number) {
  const peer = await hubPeer(t, 2)
  const prefix = uniquePrefix('worker-close')
  const store = await redisStore(t, prefix)
  const registry = new Registry()
  const logger = recordingLogger()
  const worker = createWorker({
    config: testConfig(prefix, {
      EVENTHUBS_LISTEN_CONNECTION_STRING: peer.connectionString('listen'),
      EVENTHUBS_MAX_BATCH_SIZE: '10',
      EVENTHUBS_CLOSE_TIMEOUT_MS: String(closeTimeoutMs),
      ANALYSIS_THRESHOLD: '1000'
    }),
    store,
    engine: new ScriptedEngine(),
    logger,
    registry,
    loadBalancingOptions: { updateIntervalInMs: 100, partitionOwnershipExpirationIntervalInMs: 1000 },
    maxWaitTimeInSeconds: 0.2
  })
  const meetings = meetingsOnEveryPartition('close', 1, 2)
  for (const meetingId of meetings.keys()) {
    for (let n = 1; n <= 5; n++) peer.enqueue({ body: sttEvent(meetingId, n), partitionKey: meetingId })
  }
  await worker.start()
  await untilRedis(async () => {
    const checkpoints = await checkpointsOf(store, peer)
    return peer.partitionIds.every((id) => checkpoints.get(id) === 4)
  }, 20_000, 'every event written and checkpointed')
  const before = await checkpointsOf(store, peer)

  const unanswered = recordUnanswered(t, peer)
  peer.leaveClosesUnanswered(performatives)
  const stopAt = Date.now()
  // 10 times the deadlines: a bound for the test, far below the 2 x 60 s it would wait without them.
  await within(20 * closeTimeoutMs, 'worker.stop()', worker.stop())
  const stopMs = Date.now() - stopAt

  t.equal(await windowTotal(store, meetings.keys()), 10, 'every event is in its window')
  t.same(await checkpointsOf(store, peer), before, 'the checkpoints are as they were: nothing to re-read')
  const ownerships = await store.checkpoints.listOwnership(peer.host, peer.hubName, '$Default')
  const abandoned = logger.lines.filter((line) => line.msg === ABANDONED)
  return { stopMs, unanswered, abandoned, timeouts: await closeTimeouts(registry), ownerships }
}

test('the hub answers no detach, end or close: stop() abandons both closing steps at their deadline, logs and counts each', async (t) => {
  const closeTimeoutMs = 500
  const got = await stopWithUnanswered(t, ['detach', 'end', 'close'], closeTimeoutMs)
  t.ok(got.unanswered.some((c) => c.performative === 'end'), 'the peer left a session end unanswered (it holds the subscription close)')
  t.ok(got.unanswered.some((c) => c.performative === 'detach' && c.address === '$cbs'), 'and the $cbs link detach (it holds the client close)')
  // Less a few ms: Date.now() and the timers' clock do not tick together.
  t.ok(got.stopMs >= 2 * closeTimeoutMs - 5, `stop() waited out both deadlines (${got.stopMs} ms)`)
  t.same(got.timeouts, { subscription: 1, client: 1 }, `${CLOSE_TIMEOUTS} counts each abandoned step`)
  t.same(got.abandoned.map((line) => [line.level, (line.obj as { step: string }).step]), [['warn', 'subscription'], ['warn', 'client']], 'a warning per abandoned step')
  const [subscription] = got.abandoned as Array<{ obj: { deadlineMs: number, partitionsNotReleased: string[], effect: string } }>
  t.equal(subscription?.obj.deadlineMs, closeTimeoutMs, 'with its deadline')
  t.same([...subscription?.obj.partitionsNotReleased ?? []].sort(), ['0', '1'], 'naming the partitions whose ownership was not given up')
  t.match(subscription?.obj.effect, /expire/, 'and what follows: the ownerships expire')
  t.ok(got.ownerships.every((o) => o.ownerId !== ''), 'the ownerships were not given up: other workers claim them once they expire')
  t.comment(`stop() with no detach, end or close answered: ${got.stopMs} ms (deadline ${closeTimeoutMs} ms per step)`)
})

test('the hub answers no connection close: the subscription closes and gives up its partitions, only the client close is abandoned', async (t) => {
  const closeTimeoutMs = 500
  const got = await stopWithUnanswered(t, ['close'], closeTimeoutMs)
  t.same(got.unanswered.map((c) => c.performative), ['close'], 'the peer left the connection close unanswered')
  t.same(got.timeouts, { subscription: 0, client: 1 }, `${CLOSE_TIMEOUTS}: the client step only`)
  t.same(got.abandoned.map((line) => [line.level, line.obj]), [['warn', { step: 'client', deadlineMs: closeTimeoutMs, effect: 'the connection stays open until the process exits' }]], 'a warning for the client step')
  t.same(got.ownerships.map((o) => o.ownerId), ['', ''], 'the ownerships were given up: the quick hand-off happened')
  t.comment(`stop() with the connection close unanswered: ${got.stopMs} ms (deadline ${closeTimeoutMs} ms per step)`)
})

test('SIGTERM while the hub answers no detach, end or close: the worker exits 0 well within its grace, every checkpoint written, and says what it abandoned', { skip: SLOW_SKIP }, async (t) => {
  const scenario = await hubScenario(t, 'close-deadline')
  const { peer, prefix, store, meetings, producer } = scenario
  // The default EVENTHUBS_CLOSE_TIMEOUT_MS (2 s per step) against SHUTDOWN_GRACE_MS=10000.
  const { worker } = await startSoleWorker(t, scenario, 'worker-1')
  const unanswered = recordUnanswered(t, peer)
  peer.leaveClosesUnanswered(['detach', 'end', 'close'])

  const stopAt = Date.now()
  worker.child.kill('SIGTERM')
  t.equal(await worker.exited(), 0, 'SIGTERM: exit code 0')
  const stopMs = Date.now() - stopAt
  // The producer's own links close normally at the end of the test.
  peer.leaveClosesUnanswered([])
  // Which closing step the client reaches before its deadline (a link detach, or the session end after it) is the SDK's timing.
  t.ok(unanswered.some((c) => c.performative === 'end' || c.performative === 'detach'), 'the peer left the worker\'s closing steps unanswered')
  t.ok(stopMs < 10_000, `exited ${stopMs} ms after SIGTERM, within SHUTDOWN_GRACE_MS`)
  const abandoned = worker.logLines().filter((line) => line.msg === ABANDONED)
  t.same(abandoned.map((line) => [line.level, line.step, line.deadlineMs]), [[40, 'subscription', 2000], [40, 'client', 2000]], 'a pino warning per abandoned step')
  t.same([...(abandoned[0]?.partitionsNotReleased as string[] | undefined) ?? []].sort(), Array.from({ length: PARTITIONS }, (_, p) => String(p)), 'naming every partition not given up')

  await assertCheckpointsCoverWritten(t, { peer, prefix, store, meetings })
  await producer.stop()
  t.comment(`SIGTERM to exit with no detach, end or close answered: ${stopMs} ms`)
  if (!t.passing()) t.comment(worker.output())
})
