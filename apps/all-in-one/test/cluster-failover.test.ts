import t from 'tap'
import { failOverDuringLoad, startFailoverRig } from './failover-drill.ts'

/*
 * Issue 20: the master serving a meeting's slot is SIGKILLed while events stream in over HTTP
 * and two viewers watch. The replica takes over, the same process keeps ingesting, the viewer
 * that stayed connected gets what was published meanwhile (the bus resubscribes and replays),
 * the one that left comes back with Last-Event-ID, and no event answered 202 (HTTP ingest) or
 * XACKed (the worker's Redis-stream source) is missing from the window. bench/failover/run.ts runs the same round many times and counts.
 */
t.test('a master SIGKILLed during ingest and streaming: replica promoted, ingest resumes, viewers resume without a gap, nothing acknowledged lost', async (t) => {
  const rig = await startFailoverRig()
  t.teardown(() => rig.close())
  const round = await failOverDuringLoad(rig, { meetingId: 'm-failover', setsBeforeKill: 2, eventsAfterRecovery: 15 })

  t.not(round.promoted.port, round.killed.port, `replica ${round.promoted.port} took the slot of ${round.killed.port} in ${round.failoverMs} ms`)
  t.equal(rig.cluster.nodes.find((node) => node.port === round.killed.port)?.pid, undefined, 'the killed master is gone')
  t.ok(round.failedRequests > 0, `the outage was felt: ${round.failedRequests} ingest requests refused and sent again`)
  t.ok(round.ingestRecoveryMs > 0, `ingest came back in the same process ${round.ingestRecoveryMs} ms after the kill`)
  t.same(round.lostAcknowledged, [], `all ${round.acknowledged} events answered 202 are in the window`)
  t.ok(round.streamCaughtUp, 'the Redis-stream source read and acknowledged every entry after the failover', { streamGroup: round.streamGroup })
  t.ok(round.xacked > 0, `${round.xacked} events came through the Redis-stream source`)
  t.same(round.lostXacked, [], `all ${round.xacked} events XACKed by the stream source are in the window (stream ${round.streamOnKilledMaster ? 'on' : 'not on'} the killed master)`)
  // Sets before and after the kill are what failOverDuringLoad waits for; their number varies
  // with how many segments an analysis coalesced (an analysis may also publish nothing new).
  t.ok(round.publishedWhileAway > 0, `sets were published while a viewer was away (${round.publishedWhileAway})`)
  t.equal(round.replayedOnResume, round.publishedWhileAway, 'the viewer that left got, from Last-Event-ID, every set published while it was away')
  for (const viewer of round.viewers) {
    t.same(viewer.missing, [], `${viewer.viewer}: no set missing`)
    t.same(viewer.phantom, [], `${viewer.viewer}: no set the replay stream does not hold`)
    t.equal(viewer.duplicates, 0, `${viewer.viewer}: no set twice`)
    t.ok(viewer.inOrder, `${viewer.viewer}: the replay stream's ${round.sets} sets, consecutive and in order`)
  }
  t.ok(rig.logger.lines.some((line) => line.level === 'warn' || line.level === 'error'), 'the outage was logged')
  t.comment(`figures: failover ${round.failoverMs} ms, ingest back after ${round.ingestRecoveryMs} ms, streaming after ${round.streamRecoveryMs} ms; ${round.acknowledged} events answered 202 and ${round.xacked} XACKed, ${round.failedRequests} requests refused; ${round.sets} sets (cluster-node-timeout 1000 ms)`)
})
