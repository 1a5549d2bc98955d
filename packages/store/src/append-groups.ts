import type { Segment } from '@meeting-ai/contracts'
import type { AppendResult } from './types.ts'

/**
 * `appendGroups` input both stores refuse whole (nothing written): an empty group, a group of
 * several meetings, or a meeting in two groups. Returns one rejected promise per group then,
 * else undefined.
 */
export function refuseInvalidGroups (groups: ReadonlyArray<readonly Segment[]>): Array<Promise<AppendResult[]>> | undefined {
  const seen = new Set<string>()
  for (const group of groups) {
    const meetingId = group[0]?.meetingId
    if (meetingId === undefined || seen.has(meetingId) || group.some((segment) => segment.meetingId !== meetingId)) {
      return groups.map(async () => { throw new RangeError('appendGroups takes one non-empty group per meeting') })
    }
    seen.add(meetingId)
  }
  return undefined
}
