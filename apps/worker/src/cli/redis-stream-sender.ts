import type { Config } from '@meeting-ai/config'
import { connectWithin, createRedisClient, sttStreamBaseKey, sttStreamKeyFor } from '@meeting-ai/store'
import { SenderError, type EventSender } from './event-sender.ts'

const quietLogger = { info () {}, warn () {}, error () {} }

export async function redisStreamSender (config: Config): Promise<EventSender> {
  const client = createRedisClient({ url: config.redisUrl, role: 'replay', logger: quietLogger })
  try {
    await connectWithin(client, 5000)
  } catch (error) {
    throw new SenderError(`cannot reach Redis at ${config.redisUrl.replace(/\/\/[^@/]*@/, '//')} (${(error as Error).message}): start Redis or set REDIS_URL; a service on the embedded engine takes events with --to http only`)
  }
  const baseKey = sttStreamBaseKey(config.redisKeyPrefix, config.sttStreamKey)
  return {
    async send (event, meetingId) {
      await client.xAdd(sttStreamKeyFor(baseKey, config.sttStreamShards, meetingId), '*', { event: JSON.stringify(event) })
      return undefined
    },
    async close () {
      await client.close()
    }
  }
}
