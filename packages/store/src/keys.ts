/**
 * Every Redis key and channel name in one place. The meeting id sits in a hash tag `{…}` so
 * that all keys of one meeting land in one Redis Cluster slot and a Lua script may touch them
 * together.
 */
export function meetingKeys (prefix: string, meetingId: string) {
  const base = `${prefix}m:{${meetingId}}`
  return {
    window: `${base}:window`,
    pending: `${base}:pending`,
    dedupe: `${base}:dedupe`,
    lock: `${base}:lock`,
    fence: `${base}:fence`,
    replay: `${base}:suggestions`,
    channel: `${base}:live`
  }
}

/** One key, so one slot whatever the mode. */
export function deadLetterKey (prefix: string): string {
  return `${prefix}dlq:stt`
}

/**
 * Consolidation result keys. Per-meeting keys carry the meeting id in a hash tag like the
 * other meeting keys; per-request keys are addressed by the canonical request hash alone.
 */
export function resultKeys (prefix: string) {
  return {
    cached: (requestHash: string) => `${prefix}consolidation:{${requestHash}}:result`,
    runLock: (requestHash: string) => `${prefix}consolidation:{${requestHash}}:run`,
    idempotent: (scope: string, key: string) => `${prefix}consolidation:idem:${scope}:${key}`,
    lastRequest: (meetingId: string) => `${prefix}m:{${meetingId}}:consolidation:request`,
    lastResult: (meetingId: string) => `${prefix}m:{${meetingId}}:consolidation:result`
  }
}

/**
 * Where one Event Hubs consumer group's records live:
 * `<prefix>eh:<namespace>:<hub>:<group>:ownership` and `...:checkpoints`, each a hash keyed
 * by partition id. Namespace, hub and group are lower-cased because Event Hubs treats those
 * names case-insensitively.
 */
export interface ConsumerGroupKeys {
  ownership: string
  checkpoints: string
  /**
   * Where checkpoints were written while the worker passed `<prefix>eh:` as the prefix (keys
   * came out as `<prefix>eh:eh:…`); read when the current key has no checkpoint for a
   * partition, never written.
   */
  legacyCheckpoints: string
}

export function consumerGroupKeys (
  prefix: string,
  fullyQualifiedNamespace: string,
  eventHubName: string,
  consumerGroup: string
): ConsumerGroupKeys {
  const group = `${fullyQualifiedNamespace.toLowerCase()}:${eventHubName.toLowerCase()}:${consumerGroup.toLowerCase()}`
  return {
    ownership: `${prefix}eh:${group}:ownership`,
    checkpoints: `${prefix}eh:${group}:checkpoints`,
    legacyCheckpoints: `${prefix}eh:eh:${group}:checkpoints`
  }
}

/**
 * The STT stream's base key (prefix included); shards append `:<n>`. On a cluster the stream
 * key is put in a hash tag (unless it has one), so that every shard and its consumer group
 * share one slot: XREADGROUP names all shards in one command.
 */
export function sttStreamBaseKey (prefix: string, streamKey: string, cluster = false): string {
  if (cluster && !HASH_TAG.test(streamKey)) return `${prefix}{${streamKey}}`
  return `${prefix}${streamKey}`
}

/** A non-empty `{…}` section: Redis Cluster hashes only that part of the key. */
const HASH_TAG = /\{[^}]+\}/

/**
 * The Redis stream source shards by meeting so that one meeting stays in order on one shard,
 * the way Event Hubs producers use partitionKey = meetingId.
 */
export function sttStreamKeys (baseKey: string, shards: number): string[] {
  if (shards <= 1) return [baseKey]
  return Array.from({ length: shards }, (_, shard) => `${baseKey}:${shard}`)
}

/** The shard key a producer writes an event of `meetingId` to. */
export function sttStreamKeyFor (baseKey: string, shards: number, meetingId: string): string {
  if (shards <= 1) return baseKey
  return `${baseKey}:${fnv1a(meetingId) % shards}`
}

/** FNV-1a (32 bit): stable across processes and languages, unlike any runtime hash. */
function fnv1a (text: string): number {
  let hash = 0x811c9dc5
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}
