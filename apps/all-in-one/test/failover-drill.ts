import { configFrom, type Config } from '@meeting-ai/config'
import { englishLaunchMeeting } from '@meeting-ai/samples'
import { compareStreamIds, createRedisConnection, meetingKeys, sttStreamBaseKey, sttStreamKeyFor, type RedisCommands } from '@meeting-ai/store'
import { DEFAULT_STREAM_GROUP, sttStreamKeysOf } from '@meeting-ai/worker'
import { recordingLogger, startRedisCluster, TEST_REDIS_URL, type ClusterNode, type OwnedRedisCluster } from '@meeting-ai/testkit/redis'
import { SseClient } from '@meeting-ai/testkit/sse-client'
import { startAllInOne, type AllInOne } from '../src/all-in-one.ts'

/*
 * A master failover under load, shared by the failover test (one round) and
 * bench/failover/run.ts (many rounds on one cluster): the all-in-one process on a real
 * 3-master, 3-replica cluster, a producer sending STT events over HTTP at a steady pace, and
 * two SSE viewers of the meeting. The master serving the meeting's slot is SIGKILLed in the
 * middle; the round then counts what a failover costs: events answered 202 and missing from
 * the window, suggestion sets a viewer missed or saw out of order, and how long ingest and
 * streaming took to come back.
 */

const THRESHOLD = 3
/** A producer's request without an answer this long is abandoned and sent again. */
const SEND_TIMEOUT_MS = 10_000

export interface FailoverRig {
  readonly cluster: OwnedRedisCluster
  readonly service: AllInOne
  readonly config: Config
  /** `http://127.0.0.1:<port>` of the all-in-one process. */
  readonly base: string
  readonly logger: ReturnType<typeof recordingLogger>
  /** A cluster connection of the test's own (the STT stream's producer, checks). */
  readonly producer: RedisCommands
  close (): Promise<void>
}

/**
 * A cluster with a short node timeout (a dead master is replaced within seconds) and the
 * all-in-one process on it. `env` adds or overrides settings (the bench's `--env KEY=VALUE`).
 */
export async function startFailoverRig (env: Record<string, string> = {}, nodeTimeoutMs = 1000, replicasPerMaster = 1): Promise<FailoverRig> {
  const cluster = await startRedisCluster({ nodeTimeoutMs, replicasPerMaster })
  const logger = recordingLogger()
  try {
    const config = configFrom({
      REDIS_URL: TEST_REDIS_URL,
      REDIS_CLUSTER_NODES: cluster.nodes.map((node) => `127.0.0.1:${node.port}`).join(','),
      REDIS_CLUSTER_REDISCOVER_MS: '200',
      REDIS_KEY_PREFIX: `failover-${process.pid}:`,
      LLM_ENGINE: 'offline',
      ANALYSIS_THRESHOLD: String(THRESHOLD),
      ANALYSIS_THREADS: '1',
      // An analysis whose lease release died with the master waits this out, not 30 s.
      ANALYSIS_LOCK_TTL_MS: '2000',
      // Every event of a round stays in the window, so a missing one is a lost one.
      WINDOW_SEGMENTS: '10000',
      // The producers are one caller that sends a refused event again every interval: at the
      // default 600 requests per minute, an outage's refusals use up the caller's budget and the
      // limiter answers 429 for up to a minute after the store is back. The drill measures the store.
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'silent',
      ...env
    })
    const service = await startAllInOne({ config, logger, listen: false })
    try {
      await service.app.listen({ port: 0, host: '127.0.0.1' })
    } catch (error) {
      await service.close()
      throw error
    }
    const address = service.app.server.address()
    const base = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`
    const producer = createRedisConnection({ address: { url: config.redisUrl, clusterNodes: config.redisClusterNodes, rediscoverMs: 200 }, role: 'failover-producer', logger: recordingLogger() })
    try {
      await producer.connect()
    } catch (error) {
      producer.destroy()
      await service.close()
      throw error
    }
    return {
      cluster,
      service,
      config,
      base,
      logger,
      producer,
      close: async () => {
        producer.destroy()
        await service.close()
        await cluster.stop()
      }
    }
  } catch (error) {
    await cluster.stop()
    throw error
  }
}

interface Acknowledged { segmentId: string, sentAt: number, ackedAt: number }

/**
 * Sends one STT event at a time, one every `intervalMs`, each event again until `send` says it
 * was taken (what a source does with a 503 or a dropped connection). `acknowledged` holds the
 * events taken, in order.
 */
class SteadyProducer {
  readonly acknowledged: Acknowledged[] = []
  failures = 0
  /** Attempts that got no answer within SEND_TIMEOUT_MS (counted in `failures` too). */
  timeouts = 0
  private stopping = false
  private running: Promise<void> | undefined
  private readonly waiters = new Set<() => void>()

  constructor (
    private readonly name: string,
    private readonly meetingId: string,
    private readonly intervalMs: number,
    private readonly send: (event: { segmentId: string }) => Promise<boolean>
  ) {}

  start (): void {
    this.running = this.loop()
  }

  async stop (): Promise<void> {
    this.stopping = true
    await this.running
  }

  /** Resolves once `condition` holds, checked after every attempt. */
  async until (condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
    if (condition()) return
    await new Promise<void>((resolve, reject) => {
      const check = (): void => {
        if (!condition()) return
        done()
        resolve()
      }
      const timer = setTimeout(() => {
        done()
        reject(new Error(`${this.name}: timed out after ${timeoutMs} ms waiting for ${what} (${this.acknowledged.length} taken, ${this.failures} refused)`))
      }, timeoutMs)
      const done = (): void => {
        clearTimeout(timer)
        this.waiters.delete(check)
      }
      this.waiters.add(check)
    })
  }

  private async loop (): Promise<void> {
    const templates = englishLaunchMeeting.segments
    for (let n = 0; !this.stopping; n++) {
      const template = templates[n % templates.length]!
      const event = { ...template, meetingId: this.meetingId, segmentId: `${this.meetingId}/${this.name}-${n}`, timestamp: timestampOf(n) }
      for (;;) {
        const sentAt = Date.now()
        const taken = await this.send(event).catch((error: unknown) => {
          if ((error as Error).name === 'TimeoutError') this.timeouts += 1
          return false
        })
        if (taken) this.acknowledged.push({ segmentId: event.segmentId, sentAt, ackedAt: Date.now() })
        else this.failures += 1
        for (const check of [...this.waiters]) check()
        // Pacing of the load (and the retry interval of a refused event), not a synchronisation.
        await new Promise((resolve) => setTimeout(resolve, this.intervalMs))
        if (taken || this.stopping) break
      }
    }
  }
}

/** One second apart, from 10:00 on the meeting day (the window orders by arrival, not by this). */
function timestampOf (n: number): number[] {
  return [2026, 11, 26, 10 + Math.floor(n / 3600), Math.floor(n / 60) % 60, n % 60]
}

const setIds = (client: SseClient): string[] => client.named('ai-suggestion').map((event) => event.id ?? '')
/** Redis stream ids start with the server's milliseconds. */
const idMs = (id: string): number => Number(id.split('-')[0])

/** An ingest request that was not answered 202: its status (0 = no answer) and problem code. */
interface Refusal { at: number, status: number, code: string }

export interface RefusalsAfterFailover {
  /** Ingest requests refused (or unanswered) after every node saw the cluster ok again. */
  count: number
  /** Of those, the problem codes (or error names) and how often. */
  codes: Record<string, number>
  /** ms from the cluster being ok to the last of them. */
  lastMs: number | undefined
  /** Errors the service logged in that span, each as "message: error (cause)", and how often. */
  logged: Record<string, number>
}

export interface ViewerOutcome {
  /** `stayed`: connected throughout; `resumed`: left at the kill, came back with Last-Event-ID. */
  viewer: 'stayed' | 'resumed'
  seen: number
  /** Sets in the meeting's replay stream the viewer never got. */
  missing: string[]
  /** Sets the viewer got that the replay stream no longer holds (written to the dead master, never replicated). */
  phantom: string[]
  duplicates: number
  /** The viewer's ids are exactly the replay stream's, in its order. */
  inOrder: boolean
}

export interface FailoverRound {
  meetingId: string
  killed: { port: number, url: string }
  promoted: { port: number, url: string }
  /** SIGKILL to a replica serving the slot and every node seeing the cluster ok. */
  failoverMs: number
  /** SIGKILL to the first 202 for an event sent after it. */
  ingestRecoveryMs: number
  /** SIGKILL to the staying viewer's first set published after it. */
  streamRecoveryMs: number
  acknowledged: number
  failedRequests: number
  /** Of those, requests the service did not answer within SEND_TIMEOUT_MS. */
  unansweredRequests: number
  /** Events answered 202 that the meeting's window does not hold. */
  lostAcknowledged: string[]
  /** Events of the STT stream the worker's source XACKed. */
  xacked: number
  /** Of those, the ones the meeting's window does not hold. */
  lostXacked: string[]
  /** The killed master also held the STT stream (else the stream lived through the failover). */
  streamOnKilledMaster: boolean
  /** A migration round moved the STT stream's slot too (to another master, while the worker was blocked reading it). */
  streamSlotMigrated: boolean
  /** The worker's stream source read and acknowledged every entry before the round's timeout. */
  streamCaughtUp: boolean
  /** When it did not: the group's pending count and last-delivered id, the stream's newest id. */
  streamGroup?: { pending: number, lastDelivered: string, newest: string | undefined }
  /** Sets in the replay stream at the end. */
  sets: number
  /** Sets published while the resumed viewer was away: those after its Last-Event-ID that the staying viewer had when it came back. */
  publishedWhileAway: number
  /** Of those, the ones the resumed viewer got (from Last-Event-ID). */
  replayedOnResume: number
  viewers: ViewerOutcome[]
  /** With `restartAfterPromotion`: SIGKILL to the killed node synced as the new master's replica. */
  restartedMs?: number
  /** What HTTP ingest answered, and what the service logged, once the cluster was ok. */
  refusals: RefusalsAfterFailover
}

export interface RoundOptions {
  meetingId: string
  /**
   * What happens to the meeting's slot mid-round: `failover` SIGKILLs its master (a replica is
   * promoted), `migration` moves the slot, and then the STT stream's, to another master while
   * every node stays up (a reshard). For a migration, `killed` and `promoted` of the round are
   * the slot's old and new owner, and nothing is killed.
   */
  disruption?: 'failover' | 'migration'
  /** Between two ingest requests. */
  ingestIntervalMs?: number
  /** Sets each viewer has before the kill. */
  setsBeforeKill?: number
  /** Events acknowledged after ingest came back before the producer stops. */
  eventsAfterRecovery?: number
  timeoutMs?: number
  /**
   * Start the killed node again as soon as its replica is promoted, as an orchestrator restarts
   * a dead pod, instead of leaving it down for the caller: the new master regains a replica, so
   * that with REDIS_WAIT_REPLICAS=1 ingest to its slots stops only until that replica has synced.
   */
  restartAfterPromotion?: boolean
}

/**
 * One failover under load, from a fresh meeting to its settled end: viewers connected, the
 * producer running, the meeting's master SIGKILLed once both viewers have sets, one viewer
 * leaving at the kill and resuming with Last-Event-ID after it, the producer stopped once
 * ingest has come back, the last analysis published and delivered. The killed node stays down
 * (`rig.cluster.restart(round.killed)` brings it back as a replica).
 */
export async function failOverDuringLoad (rig: FailoverRig, options: RoundOptions): Promise<FailoverRound> {
  const { meetingId } = options
  const timeoutMs = options.timeoutMs ?? 30_000
  const setsBeforeKill = options.setsBeforeKill ?? 2
  const store = rig.service.store
  const streamUrl = `${rig.base}/api/ai/suggestions/meetings/${meetingId}/stream`
  const connectLive = async (lastEventId?: string): Promise<SseClient> => {
    const client = await SseClient.connect(streamUrl, lastEventId === undefined ? {} : { lastEventId })
    if (client.status !== 200) throw new Error(`stream of ${meetingId}: HTTP ${client.status} ${client.body}`)
    // `retry:` comes once the bus subscription is confirmed: sets published from then on reach it.
    await client.waitUntil(() => client.retries.length > 0, timeoutMs, 'retry: (subscription confirmed)')
    return client
  }
  const stayed = await connectLive()
  const leaving = await connectLive()
  const intervalMs = options.ingestIntervalMs ?? 20
  const refusals: Refusal[] = []
  const ingest = new SteadyProducer('http', meetingId, intervalMs, async (event) => {
    let response: Response
    try {
      response = await fetch(`${rig.base}/api/v1/stt/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(event),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS)
      })
    } catch (error) {
      refusals.push({ at: Date.now(), status: 0, code: (error as Error).name })
      throw error
    }
    const body = await response.text()
    if (response.status === 202) return true
    refusals.push({ at: Date.now(), status: response.status, code: `${response.status} ${problemCodeOf(body)}` })
    return false
  })
  // The worker's Redis-stream source: events XADDed to the STT stream, XACKed once written.
  const streamKey = sttStreamKeyFor(sttStreamBaseKey(rig.config.redisKeyPrefix, rig.config.sttStreamKey, true), rig.config.sttStreamShards, meetingId)
  if (!sttStreamKeysOf(rig.config).includes(streamKey)) throw new Error(`${streamKey} is not a stream the worker reads`)
  const streamed = new SteadyProducer('stream', meetingId, intervalMs, async (event) => {
    await rig.producer.xAdd(streamKey, '*', { event: JSON.stringify(event) })
    return true
  })
  let resumed: SseClient | undefined
  // Settles to ms since the kill or to the restart's failure (never rejects); awaited before the round ends.
  let restarting: Promise<number | Error> | undefined
  try {
    ingest.start()
    streamed.start()
    await stayed.waitUntil(() => setIds(stayed).length >= setsBeforeKill, timeoutMs, `${setsBeforeKill} sets before the kill`)
    await leaving.waitUntil(() => setIds(leaving).length >= setsBeforeKill, timeoutMs, `${setsBeforeKill} sets before the kill`)
    const seenBeforeLeaving = setIds(leaving)
    leaving.close()

    const streamMaster = await rig.cluster.masterFor(streamKey)
    const failover = await disrupt(rig, options.disruption ?? 'failover', meetingKeys(rig.config.redisKeyPrefix, meetingId).window, streamKey, timeoutMs)
    const clusterOkAt = Date.now()
    const killedAt = clusterOkAt - failover.ms
    restarting = options.restartAfterPromotion === true && options.disruption !== 'migration'
      ? rig.cluster.restart(failover.killed, timeoutMs).then(() => Date.now() - killedAt, (error: unknown) => error as Error)
      : undefined
    const sentAfterKill = (): Acknowledged | undefined => ingest.acknowledged.find((ack) => ack.sentAt >= killedAt)
    await ingest.until(() => sentAfterKill() !== undefined, timeoutMs, 'a 202 for an event sent after the kill')
    const ingestRecoveryMs = sentAfterKill()!.ackedAt - killedAt
    const publishedAfterKill = (): boolean => stayed.named('ai-suggestion').some((event) => idMs(event.id ?? '') >= killedAt)
    await stayed.waitUntil(publishedAfterKill, timeoutMs, 'a set published after the kill')
    const streamRecoveryMs = stayed.named('ai-suggestion').find((event) => idMs(event.id ?? '') >= killedAt)!.receivedAt - killedAt
    const refusalsAfterOk = refusals.filter((refusal) => refusal.at >= clusterOkAt)
    const lastRefusalAt = refusalsAfterOk.at(-1)?.at
    const refusalSummary: RefusalsAfterFailover = {
      count: refusalsAfterOk.length,
      codes: countBy(refusalsAfterOk.map((refusal) => refusal.code)),
      lastMs: lastRefusalAt === undefined ? undefined : lastRefusalAt - clusterOkAt,
      logged: countBy(rig.logger.lines
        .filter((line) => line.level === 'error' && line.at >= clusterOkAt && line.at <= (lastRefusalAt ?? clusterOkAt))
        .map((line) => `${line.msg}: ${describeError((line.obj as { err?: unknown }).err)}`))
    }

    // By stream position, not by clock: a set's id is the Redis server's millisecond, which
    // need not be before a local Date.now() taken after the set arrived.
    const awayFrom = leaving.lastEventId
    const whileAway = setIds(stayed).filter((id) => awayFrom === undefined || compareStreamIds(id, awayFrom) > 0)
    resumed = await connectLive(leaving.lastEventId)
    const recoveredCount = ingest.acknowledged.length
    await ingest.until(() => ingest.acknowledged.length >= recoveredCount + (options.eventsAfterRecovery ?? 10), timeoutMs, 'events after recovery')
    await ingest.stop()
    await streamed.stop()

    // Every event is in; the last analysis has run once fewer than THRESHOLD wait for one.
    await pollUntil(async () => await store.windows.pending(meetingId) < THRESHOLD, timeoutMs, 'the last analysis')
    // Every entry of the STT stream read and acknowledged (XACK) by the worker's source; a
    // source that never gets there is reported (`streamCaughtUp`), its XACKed entries counted.
    const streamCaughtUp = await pollUntil(async () => {
      const { pending, lastDelivered } = await groupState(rig.producer, streamKey)
      const [newest] = await rig.producer.xRevRange(streamKey, '+', '-', { COUNT: 1 })
      return pending.size === 0 && newest !== undefined && compareStreamIds(lastDelivered, newest.id) >= 0
    }, timeoutMs, 'every stream entry acknowledged').then(() => true, () => false)
    // Where a source that did not catch up stands, for the failure message.
    const streamGroup = streamCaughtUp
      ? undefined
      : await groupState(rig.producer, streamKey).then(async ({ pending, lastDelivered }) => ({
        pending: pending.size,
        lastDelivered,
        newest: (await rig.producer.xRevRange(streamKey, '+', '-', { COUNT: 1 }))[0]?.id
      }))
    await rig.service.worker.pipeline.drain()
    const restartedMs = await restarting
    if (restartedMs instanceof Error) throw restartedMs
    const stream = (await store.suggestions.readAfter(meetingId, '0')).map((entry) => entry.id)
    const last = stream.at(-1)
    const viewers: ViewerOutcome[] = []
    for (const [viewer, client, before] of [['stayed', stayed, []], ['resumed', resumed, seenBeforeLeaving]] as const) {
      if (last !== undefined) await client.waitUntil(() => setIds(client).includes(last), timeoutMs, `the last set (${last})`).catch(() => {})
      viewers.push(outcomeOf(viewer, [...before, ...setIds(client)], stream))
    }
    // XACKed: delivered to the group (up to its last-delivered id) and no longer pending.
    const { pending, lastDelivered } = await groupState(rig.producer, streamKey)
    // The stream is shared by every meeting (and every round of the bench): this meeting's entries only.
    const xacked = (await rig.producer.xRange(streamKey, '-', '+'))
      .filter((entry) => compareStreamIds(entry.id, lastDelivered) <= 0 && !pending.has(entry.id))
      .map((entry) => JSON.parse(String(entry.message.event)) as { meetingId: string, segmentId: string })
      .filter((event) => event.meetingId === meetingId)
      .map((event) => event.segmentId)
    const windowIds = new Set((await store.windows.read(meetingId)).map((segment) => segment.dedupeKey))
    return {
      meetingId,
      killed: { port: failover.killed.port, url: failover.killed.url },
      promoted: { port: failover.promoted.port, url: failover.promoted.url },
      failoverMs: failover.ms,
      ingestRecoveryMs,
      streamRecoveryMs,
      acknowledged: ingest.acknowledged.length,
      failedRequests: ingest.failures,
      unansweredRequests: ingest.timeouts,
      lostAcknowledged: ingest.acknowledged.map((ack) => ack.segmentId).filter((id) => !windowIds.has(id)),
      xacked: xacked.length,
      lostXacked: xacked.filter((id) => !windowIds.has(id)),
      streamOnKilledMaster: streamMaster.port === failover.killed.port,
      streamSlotMigrated: failover.streamSlotMigrated,
      streamCaughtUp,
      ...(streamGroup !== undefined && { streamGroup }),
      sets: stream.length,
      publishedWhileAway: whileAway.length,
      replayedOnResume: whileAway.filter((id) => setIds(resumed!).includes(id)).length,
      viewers,
      ...(restartedMs !== undefined && { restartedMs }),
      refusals: refusalSummary
    }
  } finally {
    await ingest.stop()
    await streamed.stop()
    stayed.close()
    leaving.close()
    resumed?.close()
    // A round that failed still leaves the node restarted (or its failure settled) behind it.
    await restarting
  }
}

/** Fails the slot of `meetingKey` over, or migrates it and then `streamKey`'s slot (when another). */
async function disrupt (rig: FailoverRig, disruption: 'failover' | 'migration', meetingKey: string, streamKey: string, timeoutMs: number): Promise<{ killed: ClusterNode, promoted: ClusterNode, ms: number, streamSlotMigrated: boolean }> {
  if (disruption === 'failover') return { ...await rig.cluster.failOverFor(meetingKey, timeoutMs), streamSlotMigrated: false }
  const started = Date.now()
  const meeting = await rig.cluster.migrateSlot(meetingKey, { timeoutMs })
  const streamSlotMigrated = await rig.cluster.slotOf(streamKey) !== meeting.slot
  if (streamSlotMigrated) await rig.cluster.migrateSlot(streamKey, { timeoutMs })
  return { killed: meeting.from, promoted: meeting.to, ms: Date.now() - started, streamSlotMigrated }
}

function problemCodeOf (body: string): string {
  try {
    return String((JSON.parse(body) as { code?: unknown }).code ?? 'no code')
  } catch {
    return 'not JSON'
  }
}

/** An error with its chain of causes, on one line. */
function describeError (error: unknown): string {
  const parts: string[] = []
  for (let e = error, depth = 0; e !== undefined && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    parts.push(e instanceof Error ? `${e.name}: ${e.message}` : String(e))
  }
  return parts.length === 0 ? '(no error object)' : parts.join(' <- ')
}

function countBy (values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1
  return counts
}

function outcomeOf (viewer: ViewerOutcome['viewer'], seen: string[], stream: string[]): ViewerOutcome {
  const seenSet = new Set(seen)
  const streamSet = new Set(stream)
  return {
    viewer,
    seen: seen.length,
    missing: stream.filter((id) => !seenSet.has(id)),
    phantom: [...seenSet].filter((id) => !streamSet.has(id)),
    duplicates: seen.length - seenSet.size,
    inOrder: seen.length === stream.length && seen.every((id, i) => id === stream[i])
  }
}

/** The consumer group's pending entries and last-delivered id (XINFO GROUPS' lag is null after a failover). */
async function groupState (client: RedisCommands, streamKey: string): Promise<{ pending: Set<string>, lastDelivered: string }> {
  const group = (await client.xInfoGroups(streamKey)).find((g) => String(g.name) === DEFAULT_STREAM_GROUP)
  if (group === undefined) throw new Error(`no group ${DEFAULT_STREAM_GROUP} on ${streamKey}`)
  const pending = await client.xPendingRange(streamKey, DEFAULT_STREAM_GROUP, '-', '+', 10_000)
  return { pending: new Set(pending.map((entry) => String(entry.id))), lastDelivered: String(group['last-delivered-id']) }
}

/** Polls server-side state (Redis has no event for "this counter changed"). */
async function pollUntil (check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await check().catch(() => false)) return
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
