import t from 'tap'
import { failOverDuringLoad, startFailoverRig } from './failover-drill.ts'

/*
 * Issue 20, with REDIS_WAIT_REPLICAS=1: the promoted replica has no replica of its own, so its
 * WAITs come back short and HTTP ingest to its slots is refused until the killed node, started
 * again at once (as an orchestrator restarts a pod), has synced as its replica. Then ingest
 * resumes, and no event answered 202 or XACKed is missing from the window.
 */
t.test('REDIS_WAIT_REPLICAS=1, the killed master restarted at its replica\'s promotion: ingest refused until the new replica synced, then resumes, nothing acknowledged lost', async (t) => {
  const rig = await startFailoverRig({ REDIS_WAIT_REPLICAS: '1' })
  t.teardown(() => rig.close())
  const round = await failOverDuringLoad(rig, { meetingId: 'm-failover-wait', setsBeforeKill: 2, eventsAfterRecovery: 15, restartAfterPromotion: true })

  t.not(round.promoted.port, round.killed.port, `replica ${round.promoted.port} took the slot of ${round.killed.port} in ${round.failoverMs} ms`)
  t.ok(round.restartedMs !== undefined && round.restartedMs > round.failoverMs, `the killed node was back as a synced replica ${round.restartedMs} ms after the kill`)
  t.not(rig.cluster.nodes.find((node) => node.port === round.killed.port)?.pid, undefined, 'the killed node runs again')
  t.ok(round.refusals.count > 0, `ingest was refused after the cluster was ok (${round.refusals.count} times, the last ${round.refusals.lastMs} ms after)`)
  t.same(Object.keys(round.refusals.codes), ['503 STORE_UNAVAILABLE'], 'each refusal a 503 of the store', { codes: round.refusals.codes })
  t.ok(Object.keys(round.refusals.logged).some((line) => line.includes('replicas did not confirm the batch')), 'because the new master\'s WAIT came back short', { logged: round.refusals.logged })
  t.ok(round.ingestRecoveryMs > round.failoverMs, `ingest came back ${round.ingestRecoveryMs} ms after the kill, after the promotion (${round.failoverMs} ms)`)
  t.same(round.lostAcknowledged, [], `all ${round.acknowledged} events answered 202 are in the window`)
  t.ok(round.streamCaughtUp, 'the Redis-stream source read and acknowledged every entry', { streamGroup: round.streamGroup })
  t.same(round.lostXacked, [], `all ${round.xacked} events XACKed by the stream source are in the window`)
  for (const viewer of round.viewers) {
    t.same(viewer.missing, [], `${viewer.viewer}: no set missing`)
    t.equal(viewer.duplicates, 0, `${viewer.viewer}: no set twice`)
  }
  t.comment(`figures: failover ${round.failoverMs} ms, replica synced ${round.restartedMs} ms, ingest back ${round.ingestRecoveryMs} ms, streaming ${round.streamRecoveryMs} ms after the kill; ${round.acknowledged} answered 202, ${round.xacked} XACKed, ${round.failedRequests} refused`)
})
