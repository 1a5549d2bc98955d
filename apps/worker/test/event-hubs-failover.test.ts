import { test } from 'tap'
import {
  OWNERSHIP_EXPIRY_MS,
  SLOW_SKIP,
  allPartitionsHeld,
  assertEverySegmentOnce,
  hubScenario,
  partitionsByConnection,
  startWorkerProcess,
  untilReceivers,
  untilRedis,
  windowTotal
} from './fixtures/hub-workers.ts'

test('two worker processes split 4 partitions through the Redis checkpoint store; the survivor of a SIGKILL takes over, every segment once', { skip: SLOW_SKIP }, async (t) => {
  const { peer, prefix, store, meetings, producer } = await hubScenario(t, 'failover')
  const started = Date.now()
  const phase = (name: string): void => { t.comment(`${name} at ${Date.now() - started} ms, ${producer.total()} sent`) }

  // Both start together and race for the partitions; balanced load balancing settles on two each.
  const a = startWorkerProcess(t, peer, prefix, 'worker-a')
  const b = startWorkerProcess(t, peer, prefix, 'worker-b')
  const split = await untilReceivers(peer, (rs) => {
    const byConnection = partitionsByConnection(rs)
    return allPartitionsHeld(rs, () => true) && byConnection.size === 2 && [...byConnection.values()].every((ps) => ps.length === 2)
  }, 40_000, 'two workers hold two partitions each')
  const [connectionX, connectionY] = [...partitionsByConnection(split).keys()] as [string, string]
  for (const [connection, partitions] of partitionsByConnection(split)) t.equal(partitions.length, 2, `${connection} holds partitions ${partitions.join(',')}`)
  phase('split 2/2')

  // Both consume: every receiver moves past where it was at the split.
  const atSplit = new Map(split.map((r) => [r.partitionId, r.nextSequenceNumber]))
  await producer.more(8 * 20)
  await untilReceivers(peer, () => peer.receivers().length === 4 && peer.receivers().every((r) => r.nextSequenceNumber > (atSplit.get(r.partitionId) ?? 0)), 20_000, 'all four receivers delivering')
  await untilRedis(async () => await windowTotal(store, meetings.keys()) >= producer.total() - 8 * 10, 20_000, 'windows keep up while split')

  phase('both consumed')
  // Both still hold two each right before the kill: on a loaded runner a worker's renewal can
  // lag past the expiry and the other claim its partitions early, and a takeover timed from the
  // kill would then measure nothing.
  await untilReceivers(peer, (rs) => {
    const byConnection = partitionsByConnection(rs)
    return rs.length === 4 && [connectionX, connectionY].every((connection) => byConnection.get(connection)?.length === 2)
  }, 20_000, 'still two partitions each before the kill')
  // SIGKILL A mid-stream: no close, no checkpoint, its ownership records simply stop being renewed.
  const killedAt = Date.now()
  const sentAtKill = producer.total()
  a.child.kill('SIGKILL')
  t.equal(await a.exited(), 'SIGKILL', 'A is gone')
  // The survivor is whichever of the two connections is still up; it ends up with all four.
  const after = await untilReceivers(peer, (rs) => allPartitionsHeld(rs, (id) => id === rs[0]?.connectionId) && [connectionX, connectionY].includes(rs[0]?.connectionId as string), OWNERSHIP_EXPIRY_MS + 15_000, 'the survivor holds every partition')
  const survivor = after[0]?.connectionId as string
  const victimPartitions = partitionsByConnection(split).get(survivor === connectionX ? connectionY : connectionX)
  const takeoverMs = Date.now() - killedAt
  t.ok(takeoverMs >= OWNERSHIP_EXPIRY_MS - 500, `B waited for A's ownership to expire (${takeoverMs} ms, expiry ${OWNERSHIP_EXPIRY_MS} ms)`)

  // Keep sending after the takeover, then stop and count.
  await producer.more(8 * 20)
  await producer.stop()
  const total = producer.total()
  await assertEverySegmentOnce(t, store, producer.sent)
  t.equal(Object.values(peer.eventCounts()).reduce((x, y) => x + y, 0), total, 'the hub holds exactly what was sent')
  t.equal(b.child.exitCode, null, 'B still running')
  t.comment(`sent ${total} events over ${meetings.size} meetings (${sentAtKill} before the kill); takeover of A's partitions ${String(victimPartitions)} ${takeoverMs} ms after SIGKILL (ownership expiry ${OWNERSHIP_EXPIRY_MS} ms)`)
  if (t.passing()) return
  t.comment(`worker A output:\n${a.output()}\nworker B output:\n${b.output()}`)
})
