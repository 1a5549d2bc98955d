import { test } from 'tap'
import type { ReceiverInfo } from '@meeting-ai/testkit/event-hubs-peer'
import {
  SLOW_SKIP,
  allPartitionsHeld,
  assertEverySegmentOnce,
  hubScenario,
  partitionsByConnection,
  untilReceivers,
  untilRedis
} from './fixtures/hub-workers.ts'
import { HUB_PARTITIONS, SHIPPED_LB, balancedOver, describeSplit, startClaimingWorker, type ClaimingWorker } from './fixtures/partition-claims.ts'

/*
 * The deadlines at 32 partitions with the shipped load balancing (greedy, 2 s update,
 * 10 s ownership expiry): cold start within 5 s, each joining worker's share within 30 s, a
 * SIGKILLed worker's partitions read again within 15 s. A producer sends all along; at the end
 * every segment is in its meeting's window exactly once.
 */
const COLD_START_MS = 5000
const SCALE_OUT_MS = 30_000
const CRASH_MS = 15_000

test('32 partitions: cold start, a second and third worker joining, SIGKILL of one of three; every segment once', { skip: SLOW_SKIP }, async (t) => {
  const scenario = await hubScenario(t, 'claims', { partitions: HUB_PARTITIONS, perPartition: 1, roundGapMs: 200 })
  const { peer, store, meetings, producer } = scenario
  const held = (on: (id: string) => boolean) => (rs: ReceiverInfo[]): boolean => allPartitionsHeld(rs, on, HUB_PARTITIONS)
  t.comment(`load balancing: ${JSON.stringify(SHIPPED_LB)}`)

  // Cold start: one worker reads every partition (a segment of each meeting in the store).
  const a = await startClaimingWorker(t, scenario, 'worker-a')
  const aliveAtStart = await untilReceivers(peer, held(() => true), COLD_START_MS + 20_000, 'A holds every partition')
  const attachedMs = Date.now() - a.sourceStartedAt
  await untilRedis(async () => {
    for (const id of meetings.keys()) if ((await store.windows.read(id)).length === 0) return false
    return true
  }, COLD_START_MS + 20_000, 'a segment of every meeting read')
  const readMs = Date.now() - a.sourceStartedAt
  t.comment(`cold start: ${HUB_PARTITIONS} receivers attached ${attachedMs} ms and every partition read ${readMs} ms after the source started (${a.sourceStartedAt - a.spawnedAt} ms from spawn to source start)`)
  t.ok(readMs <= COLD_START_MS, `cold start: every partition read within ${COLD_START_MS} ms of start (${readMs} ms)`)
  const connectionA = aliveAtStart[0]?.connectionId as string

  // Scale-out: B, then C, each takes its share while the producer keeps sending.
  const join = async (name: string, workers: number): Promise<{ joined: ClaimingWorker, split: ReceiverInfo[] }> => {
    const joined = await startClaimingWorker(t, scenario, name)
    const split = await untilReceivers(peer, (rs) => balancedOver(rs, workers), SCALE_OUT_MS + 20_000, `${workers} workers share the partitions`)
    const ms = Date.now() - joined.sourceStartedAt
    t.comment(`scale-out to ${workers}: split ${describeSplit(split)} ${ms} ms after ${name}'s source started`)
    t.ok(ms <= SCALE_OUT_MS, `${name} took its share within ${SCALE_OUT_MS} ms (${ms} ms)`)
    await producer.more(meetings.size * 5)
    return { joined, split }
  }
  const { joined: b, split: splitTwo } = await join('worker-b', 2)
  const { joined: c, split: splitThree } = await join('worker-c', 3)

  // Crash: SIGKILL C, whose connection is the one that appeared when it joined.
  const connectionB = [...partitionsByConnection(splitTwo).keys()].find((id) => id !== connectionA) as string
  const connectionC = [...partitionsByConnection(splitThree).keys()].find((id) => id !== connectionA && id !== connectionB) as string
  const victimPartitions = partitionsByConnection(splitThree).get(connectionC) ?? []
  const killedAt = Date.now()
  c.worker.child.kill('SIGKILL')
  t.equal(await c.worker.exited(), 'SIGKILL', 'C is gone')
  const after = await untilReceivers(peer, held((id) => id === connectionA || id === connectionB), CRASH_MS + 20_000, "A and B hold C's partitions")
  const crashMs = Date.now() - killedAt
  t.comment(`crash: C SIGKILLed holding ${victimPartitions.length} partitions; all read again ${crashMs} ms later, split ${describeSplit(after)}`)
  t.ok(crashMs <= CRASH_MS, `a dead worker's partitions are read again within ${CRASH_MS} ms (${crashMs} ms)`)

  await producer.more(meetings.size * 5)
  await producer.stop()
  await assertEverySegmentOnce(t, store, producer.sent, 30_000)
  t.comment(`sent ${producer.total()} events over ${meetings.size} meetings`)
  if (!t.passing()) t.comment([a, b, c].map((w) => `${w.worker.name}:\n${w.worker.output()}`).join('\n'))
})
