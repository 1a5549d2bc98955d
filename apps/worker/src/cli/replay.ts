import { setTimeout as delay } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '@meeting-ai/config'
import { toLocalDateTimeArray } from '../pipeline/timestamp.ts'
import { loadRecording } from './recording.ts'
import type { EventSender } from './event-sender.ts'

const USAGE = `usage: pnpm stt:replay <file.json | sample:en | sample:ko> [--meeting <id>] [--speed <factor> | --fast]
                       [--to redis|eventhubs|http] [--url http://127.0.0.1:8087]

Sends a recorded meeting as STT events, timestamps as LocalDateTime arrays in STT_TIMESTAMP_ZONE,
re-based on now. Targets: the Redis stream (REDIS_URL, REDIS_KEY_PREFIX, STT_STREAM_KEY), Event Hubs
(EVENTHUBS_SEND_CONNECTION_STRING, partition key = meeting id) or POST /api/v1/stt/events.`

async function main (): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      meeting: { type: 'string' },
      speed: { type: 'string', default: '1' },
      fast: { type: 'boolean', default: false },
      to: { type: 'string', default: 'redis' },
      url: { type: 'string', default: 'http://127.0.0.1:8087' },
      help: { type: 'boolean', short: 'h', default: false }
    }
  })
  const spec = positionals[0]
  if (values.help || spec === undefined) {
    process.stdout.write(`${USAGE}\n`)
    process.exitCode = values.help ? 0 : 2
    return
  }
  const speed = Number(values.speed)
  if (!(speed > 0)) throw new Error(`--speed must be a positive number, got ${values.speed}`)
  const config = loadConfig()
  const recording = await loadRecording(spec, config.sttTimestampZone)
  const meetingId = values.meeting ?? recording.meetingId
  let sender: EventSender
  switch (values.to) {
    // Loaded on demand: the Event Hubs SDK alone takes seconds to load.
    case 'redis': sender = await (await import('./redis-stream-sender.ts')).redisStreamSender(config); break
    case 'eventhubs': sender = (await import('./event-hubs-sender.ts')).eventHubsSender(config); break
    case 'http': sender = (await import('./http-sender.ts')).httpSender(config, values.url); break
    default: throw new Error(`--to must be redis, eventhubs or http, got ${values.to}`)
  }
  const startedAt = Date.now()
  let sent = 0
  try {
    let previousOffset = 0
    for (const { offsetMs, event } of recording.events) {
      if (!values.fast && offsetMs > previousOffset) await delay((offsetMs - previousOffset) / speed)
      previousOffset = offsetMs
      await sender.send({ ...event, meetingId, timestamp: toLocalDateTimeArray(startedAt + offsetMs, config.sttTimestampZone) }, meetingId)
      sent += 1
    }
  } finally {
    await sender.close()
  }
  process.stdout.write(`${JSON.stringify({ meetingId, sent, to: values.to, ms: Date.now() - startedAt })}\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : `stt:replay failed: ${(error as Error).message}`}\n`)
  process.exitCode = 1
})
