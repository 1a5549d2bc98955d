import { loadavg } from 'node:os'
import { failOverDuringLoad, startFailoverRig, type FailoverRound } from '../../apps/all-in-one/test/failover-drill.ts'
import { args, emitResult, percentile, table } from '../lib/common.ts'

/**
 * Issue 20: what a Redis Cluster master failover costs under load. One real 3-master,
 * 3-replica cluster (cluster-node-timeout `--node-timeout-ms`), the all-in-one process on it,
 * and `--failovers` rounds, each on a fresh meeting: steady ingest over HTTP and over the
 * Redis-stream source, two SSE viewers (one stays, one leaves at the kill and resumes with
 * Last-Event-ID), the meeting's master SIGKILLed, then restarted so that it rejoins as a replica
 * before the next round (apps/all-in-one/test/failover-drill.ts is the round). Counted per
 * round and in total: events acknowledged to their source (202, XACK) and missing from the
 * window, sets a viewer missed, saw twice, out of order, or that the stream lost after it was
 * delivered; ms from the SIGKILL until ingest and streaming are back.
 *
 *   node --conditions=@meeting-ai/source --import tsx bench/failover/run.ts [--failovers 20]
 *     [--interval-ms 20] [--node-timeout-ms 1000] [--replicas-per-master 1] [--restart promotion|end]
 *     [--env KEY=VALUE]...
 *
 * `--restart promotion` starts the killed node again as soon as its replica is promoted (as an
 * orchestrator restarts a dead pod), so the new master regains a replica during the round: the
 * mode for `--env REDIS_WAIT_REPLICAS=1`, whose WAITs on a master without a replica refuse
 * ingest until one has synced. `end` (the default) restarts it after the round.
 * `--replicas-per-master 2` is the other way to keep a replica behind a promoted master.
 * `--env` (repeatable) adds a setting of the all-in-one process.
 */
const opts = args()
const failovers = Number(opts.get('failovers') ?? 20)
const intervalMs = Number(opts.get('interval-ms') ?? 20)
const nodeTimeoutMs = Number(opts.get('node-timeout-ms') ?? 1000)
const replicasPerMaster = Number(opts.get('replicas-per-master') ?? 1)
if (!Number.isInteger(replicasPerMaster) || replicasPerMaster < 1) throw new Error(`--replicas-per-master takes an integer >= 1, got "${opts.get('replicas-per-master')}"`)
const restartAt = opts.get('restart') ?? 'end'
if (restartAt !== 'promotion' && restartAt !== 'end') throw new Error(`--restart takes promotion or end, got "${restartAt}"`)
const env: Record<string, string> = {}
const argv = process.argv.slice(2)
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i] ?? ''
  const value = arg === '--env' ? argv[++i] : arg.startsWith('--env=') ? arg.slice('--env='.length) : undefined
  if (value === undefined) continue
  const eq = value.indexOf('=')
  if (eq <= 0) throw new Error(`--env takes KEY=VALUE, got "${value}"`)
  env[value.slice(0, eq)] = value.slice(eq + 1)
}

interface Row {
  round: number
  killed: number
  streamOnKilled: boolean
  failoverMs: number
  ingestBackMs: number
  streamBackMs: number
  acked202: number
  unanswered: number
  lost202: number
  xacked: number
  lostXacked: number
  /** The worker's stream source read and acknowledged every entry within the round's 30 s. */
  sourceCaughtUp: boolean
  sets: number
  viewerGaps: number
  /** `--restart end`: restart to synced after the round; `promotion`: SIGKILL to the killed node synced again. */
  restartMs: number
  /** HTTP ingest refusals after the cluster was ok again: count, ms to the last, problem codes, errors logged. */
  refusedAfterOk: number
  lastRefusalMs: number | undefined
  refusalCodes: Record<string, number>
  refusalLogged: Record<string, number>
  error?: string
}

/** Missing, phantom (delivered, then gone from the stream), duplicate and out-of-order sets over both viewers. */
const viewerGaps = (round: FailoverRound): number =>
  round.viewers.reduce((sum, v) => sum + v.missing.length + v.phantom.length + v.duplicates + (v.inOrder ? 0 : 1), 0)

const loadBefore = loadavg()
const cpuBefore = process.cpuUsage()
const started = Date.now()
const rig = await startFailoverRig(env, nodeTimeoutMs, replicasPerMaster)
// Interrupted, the cluster's redis-server processes and their directory go with the script.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => { rig.close().finally(() => process.exit(130)) })
}
const rows: Row[] = []
try {
  for (let i = 1; i <= failovers; i++) {
    const row: Row = { round: i, killed: 0, streamOnKilled: false, failoverMs: NaN, ingestBackMs: NaN, streamBackMs: NaN, acked202: 0, unanswered: 0, lost202: 0, xacked: 0, lostXacked: 0, sourceCaughtUp: false, sets: 0, viewerGaps: 0, restartMs: NaN, refusedAfterOk: 0, lastRefusalMs: undefined, refusalCodes: {}, refusalLogged: {} }
    try {
      const round = await failOverDuringLoad(rig, { meetingId: `failover-${i}`, ingestIntervalMs: intervalMs, eventsAfterRecovery: 20, restartAfterPromotion: restartAt === 'promotion' })
      Object.assign(row, {
        killed: round.killed.port,
        streamOnKilled: round.streamOnKilledMaster,
        failoverMs: round.failoverMs,
        ingestBackMs: round.ingestRecoveryMs,
        streamBackMs: round.streamRecoveryMs,
        acked202: round.acknowledged,
        unanswered: round.unansweredRequests,
        lost202: round.lostAcknowledged.length,
        xacked: round.xacked,
        lostXacked: round.lostXacked.length,
        sourceCaughtUp: round.streamCaughtUp,
        sets: round.sets,
        viewerGaps: viewerGaps(round),
        restartMs: round.restartedMs ?? NaN,
        refusedAfterOk: round.refusals.count,
        lastRefusalMs: round.refusals.lastMs,
        refusalCodes: round.refusals.codes,
        refusalLogged: round.refusals.logged
      })
    } catch (error) {
      row.error = (error as Error).message
    }
    // Whatever the round did, every killed node comes back before the next one.
    for (const node of rig.cluster.nodes.filter((n) => n.pid === undefined)) {
      row.killed ||= node.port
      row.restartMs = (await rig.cluster.restart(node, 30_000)).ms
    }
    rows.push(row)
    process.stdout.write(`round ${i}/${failovers}: ${row.error ?? `lost 202 ${row.lost202}, lost XACK ${row.lostXacked}, viewer gaps ${row.viewerGaps}, ingest back ${row.ingestBackMs} ms, streaming back ${row.streamBackMs} ms`}\n`)
    if (row.refusedAfterOk > 0) process.stdout.write(`  refused after the cluster was ok: ${row.refusedAfterOk}, the last ${row.lastRefusalMs} ms after; ${JSON.stringify(row.refusalCodes)}; logged ${JSON.stringify(row.refusalLogged)}\n`)
  }
} finally {
  await rig.close()
}

const cpu = process.cpuUsage(cpuBefore)
const ok = rows.filter((row) => row.error === undefined)
const sum = (pick: (row: Row) => number): number => rows.reduce((total, row) => total + pick(row), 0)
const sorted = (pick: (row: Row) => number): number[] => ok.map(pick).sort((a, b) => a - b)
const totals = {
  failovers: rows.length,
  roundsFailed: rows.length - ok.length,
  acked202: sum((r) => r.acked202),
  unanswered: sum((r) => r.unanswered),
  lost202: sum((r) => r.lost202),
  xacked: sum((r) => r.xacked),
  lostXacked: sum((r) => r.lostXacked),
  sourceStalled: ok.filter((r) => !r.sourceCaughtUp).length,
  viewerGaps: sum((r) => r.viewerGaps),
  refusedAfterOk: sum((r) => r.refusedAfterOk),
  failoverMsP50: percentile(sorted((r) => r.failoverMs), 0.5),
  ingestBackMsP50: percentile(sorted((r) => r.ingestBackMs), 0.5),
  ingestBackMsMax: Math.max(...sorted((r) => r.ingestBackMs)),
  streamBackMsP50: percentile(sorted((r) => r.streamBackMs), 0.5),
  streamBackMsMax: Math.max(...sorted((r) => r.streamBackMs)),
  restartMsP50: percentile(sorted((r) => r.restartMs), 0.5),
  restartMsMax: Math.max(...sorted((r) => r.restartMs))
}
process.stdout.write('\n' + table(
  ['round', 'killed', 'stream there', 'failover ms', 'ingest back ms', 'stream back ms', '202', 'no answer 10 s', 'refused after ok', 'lost 202', 'XACK', 'lost XACK', 'source caught up', 'sets', 'viewer gaps', restartAt === 'promotion' ? 'kill to replica synced ms' : 'restart ms', 'error'],
  rows.map((r) => [r.round, r.killed, r.streamOnKilled ? 'yes' : 'no', r.failoverMs, r.ingestBackMs, r.streamBackMs, r.acked202, r.unanswered, r.refusedAfterOk, r.lost202, r.xacked, r.lostXacked, r.sourceCaughtUp ? 'yes' : 'NO', r.sets, r.viewerGaps, r.restartMs, r.error ?? ''])
) + '\n\n')
process.stdout.write(`${JSON.stringify(totals)}\n`)
process.stdout.write(`settings: ${JSON.stringify(env)}; ${replicasPerMaster} replica(s) per master; killed node restarted at ${restartAt === 'promotion' ? 'its replica\'s promotion' : 'the end of the round'}; cluster-node-timeout ${nodeTimeoutMs} ms; one event per ${intervalMs} ms on each of HTTP and the stream; ${((Date.now() - started) / 1000).toFixed(0)} s wall, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU of this process; load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadavg().map((l) => l.toFixed(2)).join(' ')} after\n`)
emitResult('failover', { env, replicasPerMaster, restartAt, nodeTimeoutMs, intervalMs, totals, rounds: rows, loadBefore, loadAfter: loadavg() })
