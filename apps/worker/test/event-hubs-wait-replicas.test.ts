import { test, type Test } from 'tap'
import { createRedisStore, type RedisStore } from '@meeting-ai/store'
import { freePort, recordingLogger, startOwnedRedis, startOwnedReplica, uniquePrefix, type OwnedReplica } from '@meeting-ai/testkit/redis'
import {
  SLOW_SKIP,
  allPartitionsHeld,
  assertEverySegmentOnce,
  hubPeer,
  meetingsOnEveryPartition,
  startWorkerProcess,
  steadyProducer,
  untilReceivers,
  untilRedis,
  windowTotal,
  type WorkerProcess
} from './fixtures/hub-workers.ts'

const PARTITIONS = 2
const WAIT_TIMEOUT_MS = 100
const RETRY_LOG = 'batch not written; retrying it before checkpointing'
const SHORT_WAIT_LOG = 'replicas did not confirm the batch; not acknowledged, the source delivers it again'

/** Sum of a counter's samples on the worker's /metrics whose labels include `labels` (Prometheus text format). */
async function scrape (port: number, name: string, labels: Record<string, string>): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`)
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`)
  let sum = 0
  for (const line of (await response.text()).split('\n')) {
    const match = /^(\w+)(?:\{([^}]*)\})? (\S+)$/.exec(line)
    if (match?.[1] !== name) continue
    const sample = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]))
    if (Object.entries(labels).every(([key, value]) => sample[key] === value)) sum += Number(match[3])
  }
  return sum
}

async function waitCalls (store: RedisStore): Promise<number> {
  return Number(/cmdstat_wait:calls=(\d+)/.exec(await store.client.info('commandstats'))?.[1] ?? 0)
}

/** Sequence number of each partition's checkpoint (-1: none yet). */
async function checkpoints (store: RedisStore, namespace: string): Promise<number[]> {
  const byPartition = new Map((await store.checkpoints.listCheckpoints(namespace, 'stt', '$Default')).map((c) => [c.partitionId, c.sequenceNumber]))
  return Array.from({ length: PARTITIONS }, (_, p) => byPartition.get(String(p)) ?? -1)
}

/** Segments in the windows of each partition's meetings: a partition's events are numbered 0.. in the hub, so a checkpoint at n covers n + 1 of them. */
async function writtenPerPartition (store: RedisStore, meetings: Map<string, number>): Promise<number[]> {
  const written = new Array<number>(PARTITIONS).fill(0)
  for (const [meetingId, partition] of meetings) written[partition] = (written[partition] as number) + (await store.windows.read(meetingId)).length
  return written
}

/** Highest retry attempt the worker has logged per partition since `fromLine`. */
function retryAttempts (worker: WorkerProcess, fromLine: number): number[] {
  const attempts = new Array<number>(PARTITIONS).fill(0)
  for (const line of worker.logLines().slice(fromLine)) {
    if (line.msg !== RETRY_LOG) continue
    const partition = Number(line.partitionId)
    attempts[partition] = Math.max(attempts[partition] as number, Number(line.attempt))
  }
  return attempts
}

test('REDIS_WAIT_REPLICAS=1, Event Hubs: a batch no replica confirmed is not checkpointed until the replica is back; every event once', { skip: SLOW_SKIP }, async (t: Test) => {
  const master = await startOwnedRedis()
  t.teardown(() => master.stop())
  const prefix = uniquePrefix('hub-wait')
  const store = await createRedisStore({
    url: master.url,
    prefix,
    limits: { windowSegments: 10_000, meetingTtlS: 3600, replayMaxLen: 1000 },
    logger: recordingLogger()
  })
  t.teardown(() => store.close())
  // A replica's first sync (and its resync after the restart) would otherwise wait ~5 s.
  await store.client.configSet('repl-diskless-sync-delay', '0')
  let replica: OwnedReplica = await startOwnedReplica(master)
  t.teardown(async () => { await replica.stop() })

  const peer = await hubPeer(t, PARTITIONS)
  const meetings = meetingsOnEveryPartition('wait', 2, PARTITIONS)
  const producer = steadyProducer(t, peer, meetings.keys())
  const metricsPort = await freePort()
  const worker = startWorkerProcess(t, peer, prefix, 'worker-wait', {
    REDIS_URL: master.url,
    REDIS_WAIT_REPLICAS: '1',
    REDIS_WAIT_TIMEOUT_MS: String(WAIT_TIMEOUT_MS),
    METRICS_PORT: String(metricsPort)
  })
  const started = Date.now()
  const phase = (name: string): void => { t.comment(`${name} at ${Date.now() - started} ms, ${producer.total()} sent`) }
  // On stderr: the test may have ended (a failed wait throws) by the time teardowns run.
  t.teardown(() => { if (!t.passing()) process.stderr.write(`worker output:\n${worker.output()}\n`) })
  const namespace = peer.host

  // Replica up: events flow, each batch waits for the replica, checkpoints follow the writes.
  await untilReceivers(peer, (rs) => allPartitionsHeld(rs, (id) => id === rs[0]?.connectionId, PARTITIONS), 40_000, 'the worker holds every partition')
  await producer.more(meetings.size * 5)
  const sentWithReplica = producer.total()
  await untilRedis(async () => (await checkpoints(store, namespace)).reduce((sum, c) => sum + c + 1, 0) >= sentWithReplica, 20_000, `checkpoints cover the ${sentWithReplica} events sent with the replica up`)
  t.ok(await waitCalls(store) > 0, `the master answered WAIT (${await waitCalls(store)} calls)`)
  t.equal(await scrape(metricsPort, 'meeting_ai_worker_store_errors_total', { operation: 'wait_replicas' }), 0, 'no short WAIT while the replica is up')
  phase('checkpointed with the replica up')

  // Replica SIGKILLed: the batch each partition takes in next is written on the master, but its
  // WAIT comes back short, so it is retried and its checkpoint holds.
  const linesBeforeKill = worker.logLines().length
  await replica.stop()
  await producer.more(meetings.size * 2)
  await untilRedis(async () => retryAttempts(worker, linesBeforeKill).every((attempt) => attempt >= 2), 20_000, 'every partition retries its batch')
  const heldAt = await checkpoints(store, namespace)
  const writtenWhileDown = await writtenPerPartition(store, meetings)
  for (let p = 0; p < PARTITIONS; p++) {
    t.ok((writtenWhileDown[p] as number) > (heldAt[p] as number) + 1, `partition ${p}: ${writtenWhileDown[p]} events written, the checkpoint covers ${(heldAt[p] as number) + 1}`)
  }
  const shortAtHold = await scrape(metricsPort, 'meeting_ai_worker_store_errors_total', { operation: 'wait_replicas' })
  t.ok(shortAtHold >= PARTITIONS * 2, `the short WAITs are counted on /metrics (${shortAtHold})`)
  const logged = await worker.logged(SHORT_WAIT_LOG)
  t.match(logged, { level: 50, err: { code: 'STORE_REPLICATION_SHORT' } }, 'and logged as errors with their code')
  // Two more retries per partition: the checkpoints have not moved.
  await untilRedis(async () => retryAttempts(worker, linesBeforeKill).every((attempt) => attempt >= 4), 20_000, 'every partition retries twice more')
  t.same(await checkpoints(store, namespace), heldAt, 'no checkpoint moved while the replica was down')
  t.same(await writtenPerPartition(store, meetings), writtenWhileDown, 'nothing past the held batch was taken in')
  t.ok(await scrape(metricsPort, 'meeting_ai_worker_store_errors_total', { operation: 'wait_replicas' }) > shortAtHold, 'each retry waited again')
  t.equal(worker.child.exitCode, null, 'the worker is still running')
  phase('checkpoints held with the replica down')

  // Replica back (a new one of the same master): the retried batches are confirmed and checkpointed.
  const waitsBeforeRestart = await waitCalls(store)
  replica = await startOwnedReplica(master)
  phase('replica back')
  await producer.more(meetings.size * 3)
  await producer.stop()
  const total = producer.total()
  await assertEverySegmentOnce(t, store, producer.sent)
  await untilRedis(async () => {
    const [at, written] = [await checkpoints(store, namespace), await writtenPerPartition(store, meetings)]
    return at.every((c, p) => c + 1 === written[p])
  }, 20_000, 'every partition checkpointed up to its last written event')
  t.equal(await windowTotal(store, meetings.keys()), total, `the windows hold the ${total} events sent`)
  t.equal(await scrape(metricsPort, 'meeting_ai_worker_events_total', { source: 'event-hubs', outcome: 'accepted' }), total, 'each event accepted once')
  t.ok(await scrape(metricsPort, 'meeting_ai_worker_events_total', { source: 'event-hubs', outcome: 'duplicate' }) > 0, 'the retries were taken as duplicates')
  t.ok(await waitCalls(store) > waitsBeforeRestart, 'the batches after the restart waited for the replica again')
  t.equal(worker.child.exitCode, null, 'the worker ran throughout')
  phase('all checkpointed')
  worker.child.kill('SIGTERM')
  t.equal(await worker.exited(), 0, 'and stops cleanly')
})
