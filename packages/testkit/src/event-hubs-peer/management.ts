import rhea from 'rhea'
import type { Message } from 'rhea'
import type { PartitionLog } from './partition-log.ts'

export interface HubView {
  name: string
  createdAt: Date
  partitions: ReadonlyMap<string, PartitionLog>
}

/**
 * Answers a `$management` READ for `com.microsoft:eventhub` (hub
 * properties) or `com.microsoft:partition` (one partition's properties),
 * with the body fields the SDK reads.
 */
export function managementReply (request: Message, hub: HubView): Message {
  const props = request.application_properties ?? {}
  const reply = (statusCode: number, description: string, body?: unknown, condition?: string): Message => {
    const properties: Record<string, unknown> = { 'status-code': statusCode, 'status-description': description }
    // The SDK names its error after this condition; without it a 404 reads as a communication error.
    if (condition !== undefined) properties['error-condition'] = condition
    const message: Message = {
      correlation_id: request.message_id,
      to: request.reply_to,
      application_properties: properties,
      body
    }
    return message
  }
  if (props.operation !== 'READ') return reply(400, `Unsupported management operation '${String(props.operation)}'.`)
  if (typeof props.name !== 'string' || props.name.toLowerCase() !== hub.name.toLowerCase()) {
    return reply(404, `The messaging entity '${String(props.name)}' could not be found.`, undefined, 'amqp:not-found')
  }
  if (props.type === 'com.microsoft:eventhub') {
    return reply(200, 'OK', {
      name: hub.name,
      type: 'com.microsoft:eventhub',
      created_at: hub.createdAt,
      partition_count: hub.partitions.size,
      partition_ids: [...hub.partitions.keys()]
    })
  }
  if (props.type === 'com.microsoft:partition') {
    const log = hub.partitions.get(String(props.partition))
    if (log === undefined) {
      return reply(400, `Partition '${String(props.partition)}' does not exist in '${hub.name}'.`, undefined, 'com.microsoft:argument-out-of-range')
    }
    const p = log.properties()
    return reply(200, 'OK', {
      name: hub.name,
      type: 'com.microsoft:partition',
      partition: log.partitionId,
      // The service and the SDK use `begin_`; the longer name is kept for other readers of the brief's wording.
      begin_sequence_number: rhea.types.wrap_long(p.beginningSequenceNumber),
      beginning_sequence_number: rhea.types.wrap_long(p.beginningSequenceNumber),
      last_enqueued_sequence_number: rhea.types.wrap_long(p.lastEnqueuedSequenceNumber),
      last_enqueued_offset: p.lastEnqueuedOffset,
      last_enqueued_time_utc: p.lastEnqueuedTimeUtc,
      is_partition_empty: p.isEmpty
    })
  }
  return reply(400, `Unsupported management type '${String(props.type)}'.`)
}
