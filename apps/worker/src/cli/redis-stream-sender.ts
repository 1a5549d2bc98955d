import type { Config } from '@meeting-ai/config'
import { openSegmentStreamWriter, sttStreamBaseKey, type SegmentStreamWriter } from '@meeting-ai/store'
import { SenderError, type EventSender } from './event-sender.ts'

const quietLogger = { info () {}, warn () {}, error () {} }

export async function redisStreamSender (config: Config): Promise<EventSender> {
  let stream: SegmentStreamWriter
  try {
    stream = await openSegmentStreamWriter({
      url: config.redisUrl,
      clusterNodes: config.redisClusterNodes,
      clusterRediscoverMs: config.redisClusterRediscoverMs,
      baseKey: sttStreamBaseKey(config.redisKeyPrefix, config.sttStreamKey, (config.redisClusterNodes?.length ?? 0) > 0),
      shards: config.sttStreamShards,
      logger: quietLogger
    })
  } catch (error) {
    throw new SenderError(`cannot reach Redis at ${config.redisUrl.replace(/\/\/[^@/]*@/, '//')} (${(error as Error).message}): start Redis or set REDIS_URL; a service on the embedded store takes events with --to http only`)
  }
  return {
    async send (event, meetingId) {
      await stream.append(meetingId, event)
      return undefined
    },
    async close () {
      await stream.close()
    }
  }
}
