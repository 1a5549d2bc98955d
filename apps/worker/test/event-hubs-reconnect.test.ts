import { test } from 'tap'
import {
  SLOW_SKIP,
  allPartitionsHeld,
  assertEverySegmentOnce,
  hubScenario,
  startSoleWorker,
  untilReceivers
} from './fixtures/hub-workers.ts'

test('a dropped connection (network cut) while the worker consumes is recovered: later events reach the windows, nothing counted twice', { skip: SLOW_SKIP }, async (t) => {
  const scenario = await hubScenario(t, 'reconnect')
  const { peer, store, meetings, producer } = scenario
  const { worker, connectionId: before } = await startSoleWorker(t, scenario, 'worker-1')

  // Cut every socket (worker and producer) with no AMQP close, as a network failure would.
  const droppedAt = Date.now()
  const sentAtDrop = producer.total()
  const dropped = peer.dropConnections()
  t.ok(dropped >= 2, `${dropped} connections cut (worker and producer)`)
  await untilReceivers(peer, (rs) => allPartitionsHeld(rs, (id) => id !== before && id === rs[0]?.connectionId), 30_000, 'the worker reattached every partition on a new connection')
  const recoveryMs = Date.now() - droppedAt

  // Events sent after the recovery still reach the windows.
  const sentAtRecovery = producer.total()
  await producer.more(8 * 15)
  await producer.stop()
  await assertEverySegmentOnce(t, store, producer.sent)
  const inHub = Object.values(peer.eventCounts()).reduce((x, y) => x + y, 0)
  t.ok(inHub >= producer.total(), 'the hub holds every event sent (a send retried after a lost acknowledgement may be stored twice)')

  // After a link detach @azure/event-hubs 6.0.4 leaves a token-renewal timer running; main exits anyway.
  worker.child.kill('SIGTERM')
  t.equal(await worker.exited(), 0, 'the worker still stops cleanly after the reconnect')
  t.comment(`sent ${producer.total()} events over ${meetings.size} meetings (${sentAtDrop} before the cut, ${sentAtRecovery} at recovery), ${inHub} stored in the hub; receivers back ${recoveryMs} ms after the cut`)
  if (!t.passing()) t.comment(`worker output:\n${worker.output()}`)
})
