import type { Config } from '@meeting-ai/config'
import { connectWithin, createRedisClient } from '@meeting-ai/store'
import { sttStreamKeyFor } from '../sources/stream-shards.ts'
import type { EventSender } from './event-sender.ts'

const quietLogger = { info () {}, warn () {}, error () {} }

export async function redisStreamSender (config: Config): Promise<EventSender> {
  const client = createRedisClient({ url: config.redisUrl, role: 'replay', logger: quietLogger })
  await connectWithin(client, 5000)
  const baseKey = `${config.redisKeyPrefix}${config.sttStreamKey}`
  return {
    async send (event, meetingId) {
      await client.xAdd(sttStreamKeyFor(baseKey, config.sttStreamShards, meetingId), '*', { event: JSON.stringify(event) })
    },
    async close () {
      await client.close()
    }
  }
}
