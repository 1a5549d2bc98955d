import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { test, type Test } from 'tap'
import { createRedisStore, meetingKeys, type RedisStore } from '@meeting-ai/store'
import {
  freePort,
  recordingLogger,
  startOwnedRedis,
  startOwnedReplica,
  startRedisCluster,
  uniquePrefix,
  type ClusterNode,
  type OwnedReplica
} from '@meeting-ai/testkit/redis'
import {
  SLOW_SKIP,
  allPartitionsHeld,
  assertEverySegmentOnce,
  hubPeer,
  meetingsOnEveryPartition,
  partitionOf,
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

/** A server's answer to INFO `section`, on a connection of its own (a cluster node, not the cluster). */
async function infoAt (url: string, section: string): Promise<string> {
  return (await promisify(execFile)('redis-cli', ['-u', url, 'INFO', section], { timeout: 10_000 })).stdout
}

async function waitCalls (url: string): Promise<number> {
  return Number(/cmdstat_wait:calls=(\d+)/.exec(await infoAt(url, 'commandstats'))?.[1] ?? 0)
}

const shortWaits = async (metricsPort: number): Promise<number> => await scrape(metricsPort, 'meeting_ai_worker_store_errors_total', { operation: 'wait_replicas' })

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
  t.ok(await waitCalls(master.url) > 0, `the master answered WAIT (${await waitCalls(master.url)} calls)`)
  t.equal(await shortWaits(metricsPort), 0, 'no short WAIT while the replica is up')
  phase('checkpointed with the replica up')

  // Replica SIGKILLed: the batch each partition takes in next is written on the master, but its
  // WAIT comes back short, so it is retried and its checkpoint holds.
  const linesBeforeKill = worker.logLines().length
  await replica.stop()
  // Only events written before the kill can have been confirmed by the replica: no checkpoint may
  // pass them. Waiting ends early if one does, so that a broken hold fails here, with figures.
  const writtenAtKill = await writtenPerPartition(store, meetings)
  const checkpointedPastKill = async (): Promise<boolean> => (await checkpoints(store, namespace)).some((c, p) => c + 1 > (writtenAtKill[p] as number))
  await producer.more(meetings.size * 2)
  await untilRedis(async () => retryAttempts(worker, linesBeforeKill).every((attempt) => attempt >= 2) || await checkpointedPastKill(), 20_000, 'every partition retries its batch')
  const heldAt = await checkpoints(store, namespace)
  for (let p = 0; p < PARTITIONS; p++) {
    t.ok((heldAt[p] as number) + 1 <= (writtenAtKill[p] as number), `partition ${p}: the checkpoint covers ${(heldAt[p] as number) + 1} events, no more than the ${writtenAtKill[p]} written before the kill`)
  }
  // A checkpoint past the kill: the rest would only wait for retries that do not come.
  if (!t.passing()) return
  const writtenWhileDown = await writtenPerPartition(store, meetings)
  for (let p = 0; p < PARTITIONS; p++) {
    t.ok((writtenWhileDown[p] as number) > (heldAt[p] as number) + 1, `partition ${p}: ${writtenWhileDown[p]} events written, the checkpoint covers ${(heldAt[p] as number) + 1}`)
  }
  const shortAtHold = await shortWaits(metricsPort)
  t.ok(shortAtHold >= PARTITIONS * 2, `the short WAITs are counted on /metrics (${shortAtHold})`)
  const logged = await worker.logged(SHORT_WAIT_LOG)
  t.match(logged, { level: 50, err: { code: 'STORE_REPLICATION_SHORT' } }, 'and logged as errors with their code')
  // Two more retries per partition: the checkpoints have not moved.
  await untilRedis(async () => retryAttempts(worker, linesBeforeKill).every((attempt) => attempt >= 4), 20_000, 'every partition retries twice more')
  t.same(await checkpoints(store, namespace), heldAt, 'no checkpoint moved while the replica was down')
  t.same(await writtenPerPartition(store, meetings), writtenWhileDown, 'nothing past the held batch was taken in')
  t.ok(await shortWaits(metricsPort) > shortAtHold, 'each retry waited again')
  t.equal(worker.child.exitCode, null, 'the worker is still running')
  phase('checkpoints held with the replica down')

  // Replica back (a new one of the same master): the retried batches are confirmed and checkpointed.
  const waitsBeforeRestart = await waitCalls(master.url)
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
  t.ok(await waitCalls(master.url) > waitsBeforeRestart, 'the batches after the restart waited for the replica again')
  t.equal(worker.child.exitCode, null, 'the worker ran throughout')
  phase('all checkpointed')
  worker.child.kill('SIGTERM')
  t.equal(await worker.exited(), 0, 'and stops cleanly')
})

/**
 * Two meetings per partition, partition 0's on one master and partition 1's on another, so
 * that the replica of partition 0's master can die without touching partition 1.
 */
async function meetingsOnTwoMasters (cluster: { masterFor: (key: string) => Promise<ClusterNode> }, prefix: string): Promise<{ meetings: Map<string, number>, heldMaster: ClusterNode, freeMaster: ClusterNode }> {
  const seen: Array<{ id: string, partition: number, master: ClusterNode }> = []
  const on = (partition: number, port: number) => seen.filter((m) => m.partition === partition && m.master.port === port)
  for (let i = 0; i < 400; i++) {
    const id = `wait-cluster-m${i}`
    seen.push({ id, partition: partitionOf(id, PARTITIONS), master: await cluster.masterFor(meetingKeys(prefix, id).window) })
    for (const { master: held } of seen.filter((m) => m.partition === 0)) {
      const free = seen.find((m) => m.partition === 1 && m.master.port !== held.port && on(1, m.master.port).length >= 2)?.master
      if (on(0, held.port).length < 2 || free === undefined) continue
      const chosen = [...on(0, held.port).slice(0, 2), ...on(1, free.port).slice(0, 2)]
      return { meetings: new Map(chosen.map((m) => [m.id, m.partition])), heldMaster: held, freeMaster: free }
    }
  }
  throw new Error('no two masters found for the meetings of the two partitions')
}

test('Redis Cluster, REDIS_WAIT_REPLICAS=1: the partition whose meetings live on the master that lost its replica holds its checkpoint, the other keeps checkpointing; every event once', { skip: SLOW_SKIP }, async (t: Test) => {
  const cluster = await startRedisCluster()
  t.teardown(() => cluster.stop())
  const clusterNodes = cluster.nodes.map((node) => `127.0.0.1:${node.port}`)
  const prefix = uniquePrefix('hub-wait-cluster')
  const store = await createRedisStore({
    url: 'redis://127.0.0.1',
    clusterNodes,
    prefix,
    limits: { windowSegments: 10_000, meetingTtlS: 3600, replayMaxLen: 1000 },
    logger: recordingLogger()
  })
  t.teardown(() => store.close())
  const { meetings, heldMaster, freeMaster } = await meetingsOnTwoMasters(cluster, prefix)
  const replicaPort = Number(/^slave0:.*port=(\d+)/m.exec(await infoAt(heldMaster.url, 'replication'))?.[1])
  const replica = cluster.nodes.find((node) => node.port === replicaPort)
  if (replica?.pid === undefined) throw new Error(`the master on ${heldMaster.port} has no running replica`)

  const peer = await hubPeer(t, PARTITIONS)
  const producer = steadyProducer(t, peer, meetings.keys())
  const metricsPort = await freePort()
  const worker = startWorkerProcess(t, peer, prefix, 'worker-wait-cluster', {
    REDIS_CLUSTER_NODES: clusterNodes.join(','),
    REDIS_WAIT_REPLICAS: '1',
    REDIS_WAIT_TIMEOUT_MS: String(WAIT_TIMEOUT_MS),
    METRICS_PORT: String(metricsPort)
  })
  const started = Date.now()
  const phase = (name: string): void => { t.comment(`${name} at ${Date.now() - started} ms, ${producer.total()} sent`) }
  t.teardown(() => { if (!t.passing()) process.stderr.write(`worker output:\n${worker.output()}\n`) })
  const namespace = peer.host

  // All replicas up: both partitions checkpoint; each master that took writes answered WAIT.
  await untilReceivers(peer, (rs) => allPartitionsHeld(rs, (id) => id === rs[0]?.connectionId, PARTITIONS), 40_000, 'the worker holds every partition')
  await producer.more(meetings.size * 5)
  const sentWithReplicas = producer.total()
  await untilRedis(async () => (await checkpoints(store, namespace)).reduce((sum, c) => sum + c + 1, 0) >= sentWithReplicas, 20_000, `checkpoints cover the ${sentWithReplicas} events sent with every replica up`)
  t.ok(await waitCalls(heldMaster.url) > 0 && await waitCalls(freeMaster.url) > 0, 'both masters answered WAIT')
  t.equal(await shortWaits(metricsPort), 0, 'no short WAIT while every replica is up')
  phase('checkpointed with every replica up')

  // The replica of partition 0's master SIGKILLed: partition 0 holds, partition 1 goes on.
  const linesBeforeKill = worker.logLines().length
  process.kill(replica.pid, 'SIGKILL')
  await untilRedis(async () => replica.pid === undefined, 5000, 'the replica gone')
  const writtenAtKill = await writtenPerPartition(store, meetings)
  const checkpointedPastKill = async (): Promise<boolean> => ((await checkpoints(store, namespace))[0] as number) + 1 > (writtenAtKill[0] as number)
  await producer.more(meetings.size * 2)
  await untilRedis(async () => (retryAttempts(worker, linesBeforeKill)[0] as number) >= 2 || await checkpointedPastKill(), 20_000, 'partition 0 retries its batch')
  const heldAt = await checkpoints(store, namespace)
  t.ok((heldAt[0] as number) + 1 <= (writtenAtKill[0] as number), `partition 0: the checkpoint covers ${(heldAt[0] as number) + 1} events, no more than the ${writtenAtKill[0]} written before the kill`)
  if (!t.passing()) return
  const writtenWhileDown = await writtenPerPartition(store, meetings)
  t.ok((writtenWhileDown[0] as number) > (heldAt[0] as number) + 1, `partition 0: ${writtenWhileDown[0]} events written, the checkpoint covers ${(heldAt[0] as number) + 1}`)
  t.ok(await shortWaits(metricsPort) >= 2, 'the short WAITs are counted on /metrics')
  t.match(await worker.logged(SHORT_WAIT_LOG), { level: 50, err: { code: 'STORE_REPLICATION_SHORT', message: new RegExp(`master of ${meetingKeys(prefix, [...meetings.keys()][0] as string).window}`) } }, 'and logged, naming the master by a key of its slots')
  await producer.more(meetings.size * 3)
  await untilRedis(async () => (retryAttempts(worker, linesBeforeKill)[0] as number) >= 4 && ((await checkpoints(store, namespace))[1] as number) >= (heldAt[1] as number) + 3, 20_000, 'partition 0 retries twice more while partition 1 checkpoints more events')
  const later = await checkpoints(store, namespace)
  t.equal(later[0], heldAt[0], 'partition 0: its checkpoint did not move while its master had no replica')
  t.ok((later[1] as number) > (heldAt[1] as number), `partition 1: its checkpoint went on (${heldAt[1]} → ${later[1]})`)
  t.equal(retryAttempts(worker, linesBeforeKill)[1], 0, 'partition 1 never retried')
  t.equal(worker.child.exitCode, null, 'the worker is still running')
  phase('partition 0 held, partition 1 flowing')

  // The replica back: it rejoins its master, the retried batch is confirmed and checkpointed.
  const waitsBeforeRestart = await waitCalls(heldMaster.url)
  await cluster.restart(replica)
  phase('replica back')
  await producer.more(meetings.size * 3)
  await producer.stop()
  const total = producer.total()
  await assertEverySegmentOnce(t, store, producer.sent)
  await untilRedis(async () => {
    const [at, written] = [await checkpoints(store, namespace), await writtenPerPartition(store, meetings)]
    return at.every((c, p) => c + 1 === written[p])
  }, 20_000, 'every partition checkpointed up to its last written event')
  t.equal(await scrape(metricsPort, 'meeting_ai_worker_events_total', { source: 'event-hubs', outcome: 'accepted' }), total, `each of the ${total} events accepted once`)
  t.ok(await waitCalls(heldMaster.url) > waitsBeforeRestart, 'the master waited for its replica again')
  t.equal(worker.child.exitCode, null, 'the worker ran throughout')
  phase('all checkpointed')
  worker.child.kill('SIGTERM')
  t.equal(await worker.exited(), 0, 'and stops cleanly')
})
