/**
 * The Redis stream source shards by meeting so that one meeting stays in order on one shard
 * (DESIGN 8), the way Event Hubs producers use partitionKey = meetingId.
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
