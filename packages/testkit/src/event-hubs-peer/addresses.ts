/**
 * What a link address names. The client attaches to these paths, always
 * relative to the namespace (`<hub>`, `<hub>/Partitions/<n>`,
 * `<hub>/ConsumerGroups/<group>/Partitions/<n>`, `$cbs`, `<hub>/$management`).
 */
export type LinkAddress =
  | { kind: 'cbs' }
  | { kind: 'management', hubName: string }
  | { kind: 'hub-sender', hubName: string, partitionId?: string }
  | { kind: 'partition-receiver', hubName: string, consumerGroup: string, partitionId: string }
  | { kind: 'unknown', address: string }

export function parseLinkAddress (address: string | undefined): LinkAddress {
  const path = (address ?? '').replace(/^amqps?:\/\/[^/]+\//i, '').replace(/^\/+/, '')
  if (path === '$cbs') return { kind: 'cbs' }
  if (path === '$management') return { kind: 'management', hubName: '' }
  const parts = path.split('/')
  const [hubName = '', second, third, fourth, fifth] = parts
  if (hubName === '') return { kind: 'unknown', address: path }
  if (parts.length === 1) return { kind: 'hub-sender', hubName }
  if (parts.length === 2 && second === '$management') return { kind: 'management', hubName }
  if (parts.length === 3 && second?.toLowerCase() === 'partitions' && third) {
    return { kind: 'hub-sender', hubName, partitionId: third }
  }
  if (parts.length === 5 && second?.toLowerCase() === 'consumergroups' && third &&
    fourth?.toLowerCase() === 'partitions' && fifth) {
    return { kind: 'partition-receiver', hubName, consumerGroup: third, partitionId: fifth }
  }
  return { kind: 'unknown', address: path }
}

/**
 * The entity path of a CBS audience (`sb://host:port/<path>`), lower-cased
 * because Event Hubs entity names are case-insensitive. The host is not
 * checked: tests may reach the peer under any name.
 */
export function audiencePath (audience: string): string {
  return audience.replace(/^[a-z]+:\/\/[^/]*/i, '').replace(/^\/+|\/+$/g, '').toLowerCase()
}
