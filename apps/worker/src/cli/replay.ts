import { randomBytes } from 'node:crypto'
import { setTimeout as delay } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '@meeting-ai/config'
import { toLocalDateTimeArray } from '@meeting-ai/ingest'
import { loadRecording } from './recording.ts'
import type { EventSender } from './event-sender.ts'
import { followSuggestions, type FollowedSet } from './suggestion-follower.ts'
import { replayTimestamps } from './replay-timing.ts'

const USAGE = `usage: pnpm stt:replay <file.json | sample:en | sample:ko> [--meeting <id>] [--speed <factor> | --fast]
                       [--to http|redis|eventhubs] [--url http://127.0.0.1:$PORT] [--follow]

Sends a recorded meeting as STT events, timestamps as LocalDateTime arrays in STT_TIMESTAMP_ZONE,
re-based so that the last one is the moment it is sent (never in the future). Each run is a new
meeting (<recording id>-<random>) unless --meeting names one: a meeting replayed again is all
duplicates, and duplicates are not analysed again.

Targets (--to): http (the default), POST /api/v1/stt/events of the service at --url (default http://127.0.0.1:$PORT, PORT
default 8087), the Redis stream (REDIS_URL, REDIS_KEY_PREFIX, STT_STREAM_KEY) or Event Hubs
(EVENTHUBS_SEND_CONNECTION_STRING, partition key = meeting id).

--follow reads the meeting's suggestion stream at --url while replaying and prints each
suggestion set; it stops once none arrived for --quiet-ms (default 3000) after the last segment.
Analysis runs every ANALYSIS_THRESHOLD (3) new segments with at most one in flight per meeting:
under --fast, segments that arrive during an analysis are covered by the next one, so fewer sets
than segments/3 may come; the summary prints how many did.`

const TARGETS: Record<string, 'redis' | 'eventhubs' | 'http'> = { redis: 'redis', eventhubs: 'eventhubs', 'event-hubs': 'eventhubs', http: 'http' }

async function main (): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      meeting: { type: 'string' },
      speed: { type: 'string', default: '1' },
      fast: { type: 'boolean', default: false },
      to: { type: 'string', default: 'http' },
      url: { type: 'string' },
      follow: { type: 'boolean', default: false },
      'quiet-ms': { type: 'string', default: '3000' },
      help: { type: 'boolean', short: 'h', default: false }
    }
  })
  const spec = positionals[0]
  if (values.help || spec === undefined) {
    process.stdout.write(`${USAGE}\n`)
    process.exitCode = values.help ? 0 : 2
    return
  }
  const speed = values.fast ? Infinity : Number(values.speed)
  if (!(speed > 0)) throw new Error(`--speed must be a positive number, got ${values.speed}`)
  const quietMs = Number(values['quiet-ms'])
  if (!(quietMs >= 0)) throw new Error(`--quiet-ms must be a number of milliseconds, got ${values['quiet-ms']}`)
  const target = TARGETS[values.to]
  if (target === undefined) throw new Error(`--to must be redis, eventhubs or http, got ${values.to}`)
  const config = loadConfig()
  const baseUrl = (values.url ?? `http://127.0.0.1:${config.port}`).replace(/\/+$/, '')
  const recording = await loadRecording(spec, config.sttTimestampZone)
  const meetingId = values.meeting ?? `${recording.meetingId}-${randomBytes(3).toString('hex')}`
  const streamUrl = `${baseUrl}/api/ai/suggestions/meetings/${encodeURIComponent(meetingId)}/stream?lastEventId=0`
  const log = (line: string): void => { process.stderr.write(`${line}\n`) }

  log(`replaying ${spec} (${recording.events.length} segments) as meeting ${meetingId} to ${target === 'http' ? baseUrl : target}`)
  const follower = values.follow
    ? await followSuggestions(streamUrl, baseUrl, config.authApiKeys?.[0], printSet(log))
    : undefined
  if (follower === undefined) log(`suggestions: curl -N '${streamUrl}'`)
  else log(`following ${streamUrl}`)

  let sender: EventSender
  switch (target) {
    // Loaded on demand: the Event Hubs SDK alone takes seconds to load.
    case 'redis': sender = await (await import('./redis-stream-sender.ts')).redisStreamSender(config); break
    case 'eventhubs': sender = (await import('./event-hubs-sender.ts')).eventHubsSender(config); break
    case 'http': sender = (await import('./http-sender.ts')).httpSender(config, baseUrl); break
  }
  const startedAt = Date.now()
  const offsets = recording.events.map((e) => e.offsetMs)
  const timestamps = replayTimestamps(offsets, startedAt, speed)
  const totals = { sent: 0, new: 0, duplicates: 0, invalid: 0, answered: false }
  try {
    for (const [index, { offsetMs, event }] of recording.events.entries()) {
      const wait = startedAt + offsetMs / speed - Date.now()
      if (wait > 0) await delay(wait)
      const outcome = await sender.send({ ...event, meetingId, timestamp: toLocalDateTimeArray(timestamps[index] as number, config.sttTimestampZone) }, meetingId)
      totals.sent += 1
      if (outcome !== undefined) {
        totals.answered = true
        totals.new += outcome.accepted
        totals.duplicates += outcome.duplicates
        totals.invalid += outcome.rejected.length
        for (const rejection of outcome.rejected) log(`segment ${index} rejected: ${rejection.code} ${rejection.detail}`)
      }
    }
  } finally {
    await sender.close()
  }
  if (totals.answered && totals.new === 0 && totals.duplicates > 0) {
    log(`every segment was a duplicate: meeting ${meetingId} already holds them (kept MEETING_TTL_S after its last segment), so nothing new is analysed; run without --meeting for a fresh meeting id`)
  }
  if (follower !== undefined) {
    await follower.quiet(quietMs)
    follower.close()
  }
  const summary = {
    meetingId,
    to: target,
    sent: totals.sent,
    ...(totals.answered && { new: totals.new, duplicates: totals.duplicates, invalid: totals.invalid }),
    ...(follower !== undefined && { suggestionSets: follower.count }),
    stream: streamUrl,
    ms: Date.now() - startedAt
  }
  process.stdout.write(`${JSON.stringify(summary)}\n`)
}

function printSet (log: (line: string) => void): (set: FollowedSet) => void {
  return (set) => {
    const at = new Date(set.generatedAt ?? Date.now()).toISOString().slice(11, 19)
    log(`${at} suggestion set ${set.id}:`)
    for (const s of set.suggestions) log(`  - [${s.kind ?? 'suggestion'}${s.confidence === undefined ? '' : ` ${s.confidence.toFixed(2)}`}] ${s.content}`)
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : `stt:replay failed: ${(error as Error).message}`}\n`)
  process.exitCode = 1
})
