import t from 'tap'
import { failOverDuringLoad, startFailoverRig } from './failover-drill.ts'

/*
 * Issue 20: the meeting's slot, then the STT stream's, is MIGRATED to another master (a
 * reshard: SETSLOT IMPORTING/MIGRATING, MIGRATE of the keys, SETSLOT NODE) while events
 * stream in over HTTP and over the Redis-stream source and two viewers watch; every node
 * stays up. The old owner unsubscribes the slot's sharded channels; the bus subscribes again
 * on the new owner and the viewer that stayed connected gets every set, the one that left
 * comes back with Last-Event-ID, and no event answered 202 or XACKed is missing.
 */
t.test('a meeting\'s slot migrated during ingest and streaming: viewers keep every set, nothing acknowledged lost', async (t) => {
  const rig = await startFailoverRig()
  t.teardown(() => rig.close())
  const round = await failOverDuringLoad(rig, { meetingId: 'm-migrate', setsBeforeKill: 2, eventsAfterRecovery: 15, disruption: 'migration' })

  t.not(round.promoted.port, round.killed.port, `the slot moved from ${round.killed.port} to ${round.promoted.port} in ${round.failoverMs} ms`)
  t.ok(round.streamSlotMigrated, 'the STT stream\'s slot was migrated too')
  t.ok(rig.cluster.nodes.every((node) => node.pid !== undefined), 'every node stayed up')
  t.same(round.lostAcknowledged, [], `all ${round.acknowledged} events answered 202 are in the window (${round.failedRequests} requests refused and sent again)`)
  t.ok(round.streamCaughtUp, 'the Redis-stream source read and acknowledged every entry after the move', { streamGroup: round.streamGroup })
  t.ok(round.xacked > 0, `${round.xacked} events came through the Redis-stream source`)
  t.same(round.lostXacked, [], `all ${round.xacked} events XACKed by the stream source are in the window`)
  t.equal(round.replayedOnResume, round.publishedWhileAway, `the viewer that left got, from Last-Event-ID, every set published while it was away (${round.publishedWhileAway})`)
  for (const viewer of round.viewers) {
    t.same(viewer.missing, [], `${viewer.viewer}: no set missing`)
    t.same(viewer.phantom, [], `${viewer.viewer}: no set the replay stream does not hold`)
    t.equal(viewer.duplicates, 0, `${viewer.viewer}: no set twice`)
    t.ok(viewer.inOrder, `${viewer.viewer}: the replay stream's ${round.sets} sets, consecutive and in order`)
  }
  t.ok(rig.logger.lines.some((line) => line.level === 'warn' && line.msg.includes('slot moved')), 'the move was logged')
  t.comment(`figures: move ${round.failoverMs} ms, ingest answered 202 ${round.ingestRecoveryMs} ms after it began, a set reached the staying viewer ${round.streamRecoveryMs} ms after; ${round.acknowledged} events answered 202 and ${round.xacked} XACKed, ${round.failedRequests} requests refused; ${round.sets} sets`)
})
