import { EventEmitter } from 'node:events'
import { test } from 'tap'
import { Registry } from 'prom-client'
import type { Checkpoint, CheckpointStore, PartitionOwnership } from '@azure/event-hubs'
import { RedisCheckpointStore } from '@meeting-ai/store'
import { startEventHubsPeer } from '@meeting-ai/testkit/event-hubs-peer'
import { createWorker } from '../src/index.ts'
import { ScriptedEngine } from './fixtures/scripted-engine.ts'
import { eventually, recordingLogger, redisStore, sttEvent, testConfig } from './fixtures/harness.ts'

const PARTITIONS = 32

type StoreCall = 'listOwnership' | 'claimOwnership' | 'listCheckpoints' | 'updateCheckpoint'

/** The Redis checkpoint store, counting the calls the SDK's processor makes on it. */
class CountingCheckpointStore extends EventEmitter<{ call: [StoreCall] }> implements CheckpointStore {
  readonly calls: Record<StoreCall, number> = { listOwnership: 0, claimOwnership: 0, listCheckpoints: 0, updateCheckpoint: 0 }
  readonly #inner: CheckpointStore

  constructor (inner: CheckpointStore) {
    super()
    this.#inner = inner
  }

  #count (call: StoreCall): void {
    this.calls[call] += 1
    this.emit('call', call)
  }

  async listOwnership (namespace: string, hub: string, group: string): Promise<PartitionOwnership[]> {
    const result = await this.#inner.listOwnership(namespace, hub, group)
    this.#count('listOwnership')
    return result
  }

  async claimOwnership (ownerships: PartitionOwnership[]): Promise<PartitionOwnership[]> {
    const result = await this.#inner.claimOwnership(ownerships)
    this.#count('claimOwnership')
    return result
  }

  async listCheckpoints (namespace: string, hub: string, group: string): Promise<Checkpoint[]> {
    const result = await this.#inner.listCheckpoints(namespace, hub, group)
    this.#count('listCheckpoints')
    return result
  }

  async updateCheckpoint (checkpoint: Checkpoint): Promise<void> {
    await this.#inner.updateCheckpoint(checkpoint)
    this.#count('updateCheckpoint')
  }

  /** Resolves with the counts as they stand when `n` more calls of `call` have completed. */
  async more (call: StoreCall, n: number, timeoutMs: number): Promise<Record<StoreCall, number>> {
    const target = this.calls[call] + n
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(() => { this.off('call', onCall); reject(new Error(`${n} more ${call} not seen in ${timeoutMs} ms`)) }, timeoutMs)
      const onCall = (): void => {
        if (this.calls[call] < target) return
        clearTimeout(timer)
        this.off('call', onCall)
        resolve({ ...this.calls })
      }
      this.on('call', onCall)
    })
  }
}

async function gauge (registry: Registry, name: string): Promise<Array<{ labels: Record<string, unknown>, value: number }>> {
  return (await registry.getSingleMetric(name)?.get())?.values ?? []
}

test('32 partitions, one worker with the shipped settings: every partition read within 5 s; owned and last-event-age gauges; storage calls per update', async (t) => {
  const peer = await startEventHubsPeer({ hubName: 'stt', partitionCount: PARTITIONS, policies: { listen: { key: 'listen-key', rights: ['Listen'] } } })
  t.teardown(async () => { await peer.close() })
  const store = await redisStore(t)
  // One event on each partition, as the issue measured it.
  const meetingOf = (p: string): string => `p${p}-meeting`
  for (const p of peer.partitionIds) peer.enqueue({ partitionId: p, body: sttEvent(meetingOf(p), 1) })

  const checkpoints = new CountingCheckpointStore(new RedisCheckpointStore(store.client, store.prefix))
  const config = testConfig(store.prefix, { EVENTHUBS_LISTEN_CONNECTION_STRING: peer.connectionString('listen'), EVENTHUBS_MAX_BATCH_SIZE: '10' })
  const registry = new Registry()
  const worker = createWorker({ config, store, engine: new ScriptedEngine(), logger: recordingLogger(), registry, checkpointStore: checkpoints })
  t.teardown(async () => { await worker.stop() })
  t.equal(config.eventhubsLbStrategy, 'greedy', 'greedy is the default strategy')
  const interval = config.eventhubsLbUpdateIntervalMs

  const startedAt = Date.now()
  await worker.start()
  await eventually(async () => {
    for (const p of peer.partitionIds) if ((await store.windows.read(meetingOf(p))).length === 0) return false
    return true
  }, 20_000)
  const coldStartMs = Date.now() - startedAt
  t.comment(`cold start in process: the event of each of ${PARTITIONS} partitions written ${coldStartMs} ms after start (strategy greedy, update ${interval} ms)`)
  t.ok(coldStartMs <= 5000, `every partition read within 5 s (${coldStartMs} ms)`)

  const owned = await gauge(registry, 'meeting_ai_worker_eventhubs_partitions_owned')
  t.same(owned.map((v) => v.value), [PARTITIONS], `partitions owned = ${PARTITIONS}`)
  const ages = await gauge(registry, 'meeting_ai_worker_eventhubs_last_event_age_seconds')
  t.same(ages.map((v) => String(v.labels.partition)).sort(), [...peer.partitionIds].sort(), 'an age per owned partition')
  t.ok(ages.every((v) => v.value >= 0 && v.value < 60), 'ages are those of events just read')

  // The cost of the load-balancing loop in steady state: per update, one listOwnership and one
  // claimOwnership (a renewal) per partition owned; no checkpoints without new events.
  // Counted from one listOwnership to the third after it: the renewals of three whole updates.
  const before = await checkpoints.more('listOwnership', 1, interval * 5)
  const loops = 3
  const after = await checkpoints.more('listOwnership', loops, interval * (loops + 3))
  const delta = Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - before[k as StoreCall]])) as Record<StoreCall, number>
  t.equal(delta.listOwnership, loops, `${loops} listOwnership calls in ${loops} updates`)
  t.equal(delta.claimOwnership, loops * PARTITIONS, `${PARTITIONS} claimOwnership renewals per update`)
  t.equal(delta.listCheckpoints, 0, 'no listCheckpoints once every partition is claimed')
  t.equal(delta.updateCheckpoint, 0, 'no checkpoint without a new event')
  const perMinute = (60_000 / interval) * (1 + PARTITIONS)
  t.comment(`storage calls per update: ${delta.listOwnership / loops} listOwnership + ${delta.claimOwnership / loops} claimOwnership; ${perMinute} per minute at ${interval} ms for N=${PARTITIONS}, M=1 (formula (60000/interval) x (M + N))`)

  // A new event costs one checkpoint.
  const p0 = peer.partitionIds[0] as string
  peer.enqueue({ partitionId: p0, body: sttEvent(meetingOf(p0), 2) })
  await checkpoints.more('updateCheckpoint', 1, 10_000)
  t.equal(checkpoints.calls.updateCheckpoint - before.updateCheckpoint, 1, 'one checkpoint for the new event')

  const stopAt = Date.now()
  await worker.stop()
  t.comment(`stop (partitions closed, ownership given up, client closed) took ${Date.now() - stopAt} ms`)
  t.same((await gauge(registry, 'meeting_ai_worker_eventhubs_partitions_owned')).map((v) => v.value), [0], 'no partition owned after stop')
  t.same(await gauge(registry, 'meeting_ai_worker_eventhubs_last_event_age_seconds'), [], 'no age series after stop')
  const released = await checkpoints.listOwnership(peer.host, 'stt', '$Default')
  t.ok(released.length === PARTITIONS && released.every((o) => o.ownerId === ''), 'stop gave up every ownership (owner id empty)')
})
