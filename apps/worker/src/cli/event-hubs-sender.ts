import { EventHubProducerClient } from '@azure/event-hubs'
import type { Config } from '@meeting-ai/config'
import { SenderError, type EventSender } from './event-sender.ts'

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
      return undefined
    },
    async close () {
      await producer.close()
    }
  }
}
