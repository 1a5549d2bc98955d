import { test } from 'tap'
import type { ReceiverInfo } from '@meeting-ai/testkit/event-hubs-peer'
import {
  SLOW_SKIP,
  allPartitionsHeld,
  assertEverySegmentOnce,
  hubScenario,
  partitionsByConnection,
  untilReceivers
} from './fixtures/hub-workers.ts'
import { HUB_PARTITIONS, SHIPPED_LB, balancedOver, describeSplit, startClaimingWorker } from './fixtures/partition-claims.ts'

/*
 * A rolling deploy at 32 partitions with the shipped load balancing: two workers run, the
 * replacement starts and takes its share, then the old one gets SIGTERM. Closing its
 * subscription gives up its ownerships (after its batches in flight are written and
 * checkpointed), so the others read its partitions within 5 s, starting right after its
 * checkpoints, instead of after the ownership expiry.
 */
const RELEASE_MS = 5000

test('32 partitions, rolling deploy: the SIGTERMed worker releases its partitions, read again within 5 s from its checkpoints; every segment once', { skip: SLOW_SKIP }, async (t) => {
  const scenario = await hubScenario(t, 'rolling', { partitions: HUB_PARTITIONS, perPartition: 1, roundGapMs: 200 })
  const { peer, store, meetings, producer } = scenario
  t.comment(`load balancing: ${JSON.stringify(SHIPPED_LB)}`)

  const old = await startClaimingWorker(t, scenario, 'worker-old')
  const alone = await untilReceivers(peer, (rs) => allPartitionsHeld(rs, () => true, HUB_PARTITIONS), 30_000, 'the old worker holds every partition')
  const connectionOld = alone[0]?.connectionId as string
  const other = await startClaimingWorker(t, scenario, 'worker-other')
  await untilReceivers(peer, (rs) => balancedOver(rs, 2), 40_000, 'two workers split the partitions')
  await producer.more(meetings.size * 5)

  // The replacement comes up first (maxSurge 1, maxUnavailable 0) and takes its share.
  const replacement = await startClaimingWorker(t, scenario, 'worker-new')
  const three = await untilReceivers(peer, (rs) => balancedOver(rs, 3), 40_000, 'three workers split the partitions')
  t.comment(`before the deploy step: split ${describeSplit(three)}`)

  // Where and when the others start reading each of the old worker's partitions, as the peer sees it.
  const oldPartitions = partitionsByConnection(peer.receivers()).get(connectionOld) ?? []
  const resumed = new Map<string, { sequenceNumber: number, at: number }>()
  let allResumed: () => void = () => {}
  const everyPartitionResumed = new Promise<void>((resolve) => { allResumed = resolve })
  const onAttach = (r: ReceiverInfo): void => {
    if (r.connectionId === connectionOld || resumed.has(r.partitionId)) return
    resumed.set(r.partitionId, { sequenceNumber: r.nextSequenceNumber, at: Date.now() })
    if (oldPartitions.every((p) => resumed.has(p))) allResumed()
  }
  peer.on('receiver-attached', onAttach)
  t.teardown(() => { peer.off('receiver-attached', onAttach) })

  const termAt = Date.now()
  old.worker.child.kill('SIGTERM')
  const exit = old.worker.exited().then((code) => ({ code, ms: Date.now() - termAt }))
  await everyPartitionResumed
  const releaseMs = Math.max(...oldPartitions.map((p) => (resumed.get(p)?.at ?? Infinity) - termAt))
  const { code, ms: exitMs } = await exit
  t.equal(code, 0, 'SIGTERM: exit code 0')
  const after = await untilReceivers(peer, (rs) => allPartitionsHeld(rs, (id) => id !== connectionOld, HUB_PARTITIONS), 20_000, "the others hold the old worker's partitions")
  t.comment(`rolling deploy: the old worker held ${oldPartitions.length} partitions; the last of them attached elsewhere ${releaseMs} ms after SIGTERM (its process exited after ${exitMs} ms); split ${describeSplit(after)}`)
  t.ok(releaseMs <= RELEASE_MS, `released partitions read again within ${RELEASE_MS} ms of SIGTERM (${releaseMs} ms)`)

  // The old worker's last checkpoints (logged as it closed each partition) are final: each of
  // its partitions resumes right after them, so nothing it had taken in is read again.
  const lastCheckpoint = new Map(old.worker.logLines()
    .filter((l) => l.msg === 'event hubs partition closed' && l.reason === 'Shutdown')
    .map((l) => [String(l.partitionId), Number(l.lastCheckpoint ?? -1)]))
  for (const partition of oldPartitions) {
    t.equal(resumed.get(partition)?.sequenceNumber, (lastCheckpoint.get(partition) ?? -1) + 1, `partition ${partition}: resumed right after the old worker's last checkpoint ${lastCheckpoint.get(partition)}`)
  }

  await producer.more(meetings.size * 5)
  await producer.stop()
  await assertEverySegmentOnce(t, store, producer.sent, 30_000)
  t.comment(`sent ${producer.total()} events over ${meetings.size} meetings`)
  if (!t.passing()) t.comment([old, other, replacement].map((w) => `${w.worker.name}:\n${w.worker.output()}`).join('\n'))
})
