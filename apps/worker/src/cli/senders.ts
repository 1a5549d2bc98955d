import { EventHubProducerClient } from '@azure/event-hubs'
import type { Config } from '@meeting-ai/config'
import { connectWithin, createRedisClient } from '@meeting-ai/store'
import { sttStreamKeyFor } from '../sources/stream-shards.ts'

/** Where the replay CLI sends events. */
export interface EventSender {
  send (event: Record<string, unknown>, meetingId: string): Promise<void>
  close (): Promise<void>
}

export class SenderError extends Error {
  readonly code = 'REPLAY_SEND_FAILED'
  constructor (message: string) {
    super(message)
    this.name = 'SenderError'
  }
}

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

export function eventHubsSender (config: Config): EventSender {
  const connectionString = config.eventhubsSendConnectionString
  if (connectionString === undefined) throw new SenderError('--to eventhubs needs EVENTHUBS_SEND_CONNECTION_STRING')
  const producer = config.eventhubsName === undefined
    ? new EventHubProducerClient(connectionString)
    : new EventHubProducerClient(connectionString, config.eventhubsName)
  return {
    async send (event, meetingId) {
      // One meeting on one partition keeps its segments in order.
      await producer.sendBatch([{ body: event }], { partitionKey: meetingId })
    },
    async close () {
      await producer.close()
    }
  }
}

export function httpSender (config: Config, baseUrl: string): EventSender {
  const url = new URL('/api/v1/stt/events', baseUrl)
  const apiKey = config.authApiKeys?.[0]
  return {
    async send (event) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(apiKey !== undefined && { authorization: `Bearer ${apiKey}` }) },
        body: JSON.stringify(event)
      })
      if (response.status !== 202) throw new SenderError(`POST ${url.href} answered ${response.status}: ${(await response.text()).slice(0, 300)}`)
    },
    async close () {}
  }
}
