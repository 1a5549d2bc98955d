import { test } from 'tap'
import type { ReceiverInfo } from '@meeting-ai/testkit/event-hubs-peer'
import {
  SLOW_SKIP,
  allPartitionsHeld,
  assertCheckpointsCoverWritten,
  assertEverySegmentOnce,
  hubScenario,
  startSoleWorker,
  startWorkerProcess,
  untilReceivers
} from './fixtures/hub-workers.ts'

test('a worker restarted (SIGTERM, start again) resumes every partition at its checkpoint: nothing lost, nothing read twice', { skip: SLOW_SKIP }, async (t) => {
  const scenario = await hubScenario(t, 'restart')
  const { peer, prefix, store, meetings, producer } = scenario
  const { worker: first, connectionId: firstConnection } = await startSoleWorker(t, scenario, 'worker-1')

  // Graceful stop while the producer keeps sending: the batch in flight finishes and is checkpointed.
  const stopAt = Date.now()
  first.child.kill('SIGTERM')
  t.equal(await first.exited(), 0, 'SIGTERM: exit code 0')
  const stopMs = Date.now() - stopAt
  const checkpoints = await assertCheckpointsCoverWritten(t, { peer, prefix, store, meetings })
  const sentWhileStopped = producer.total()

  // Where each partition's new receiver starts reading, as the peer sees it at attach.
  const resumedAt = new Map<string, number>()
  const onAttach = (r: ReceiverInfo): void => { if (r.connectionId !== firstConnection && !resumedAt.has(r.partitionId)) resumedAt.set(r.partitionId, r.nextSequenceNumber) }
  peer.on('receiver-attached', onAttach)
  t.teardown(() => { peer.off('receiver-attached', onAttach) })

  const restartAt = Date.now()
  const second = startWorkerProcess(t, peer, prefix, 'worker-1')
  await untilReceivers(peer, (rs) => allPartitionsHeld(rs, (id) => id !== firstConnection && id === rs[0]?.connectionId), 40_000, 'the restarted worker holds every partition')
  const restartMs = Date.now() - restartAt
  for (const [partition, sequenceNumber] of checkpoints) {
    t.equal(resumedAt.get(partition), sequenceNumber + 1, `partition ${partition}: resumed right after checkpoint ${sequenceNumber}`)
  }

  await producer.more(8 * 10)
  await producer.stop()
  await assertEverySegmentOnce(t, store, producer.sent)
  t.equal(Object.values(peer.eventCounts()).reduce((x, y) => x + y, 0), producer.total(), 'the hub holds exactly what was sent')
  second.child.kill('SIGTERM')
  t.equal(await second.exited(), 0, 'the restarted worker stops cleanly too')
  // A close step the hub did not answer in time (EVENTHUBS_CLOSE_TIMEOUT_MS) explains a slow stop.
  const abandoned = first.logLines().filter((line) => typeof line.msg === 'string' && line.msg.startsWith('event hubs close abandoned')).map((line) => String(line.step))
  t.comment(`sent ${producer.total()} events over ${meetings.size} meetings (${sentWhileStopped} when the first worker had stopped); SIGTERM to exit ${stopMs} ms (close steps abandoned: ${abandoned.join(', ') || 'none'}); restart to all partitions held ${restartMs} ms`)
  if (!t.passing()) t.comment(`first worker:\n${first.output()}\nsecond worker:\n${second.output()}`)
})
