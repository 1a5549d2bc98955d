import { createHash } from 'node:crypto'

/**
 * Maps a partition key to a partition, always the same one for a key. Azure
 * uses its own hash, so a key lands on a different partition number here
 * than on the real service; only the stability matters for tests.
 */
export function partitionForKey (partitionKey: string, partitionCount: number): number {
  const digest = createHash('sha256').update(partitionKey, 'utf8').digest()
  return digest.readUInt32BE(0) % partitionCount
}
