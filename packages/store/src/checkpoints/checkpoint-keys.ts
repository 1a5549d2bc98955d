/**
 * Where one consumer group's records live:
 * `<prefix>eh:<namespace>:<hub>:<group>:ownership` and `...:checkpoints`,
 * each a hash keyed by partition id. Namespace, hub and group are
 * lower-cased because Event Hubs treats those names case-insensitively.
 */
export interface ConsumerGroupKeys {
  ownership: string
  checkpoints: string
}

export function consumerGroupKeys (
  prefix: string,
  fullyQualifiedNamespace: string,
  eventHubName: string,
  consumerGroup: string
): ConsumerGroupKeys {
  const base = `${prefix}eh:${fullyQualifiedNamespace.toLowerCase()}:${eventHubName.toLowerCase()}:${consumerGroup.toLowerCase()}`
  return { ownership: `${base}:ownership`, checkpoints: `${base}:checkpoints` }
}
