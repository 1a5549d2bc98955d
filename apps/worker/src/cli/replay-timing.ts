/**
 * Event times for a replay that starts sending at `startedAt` and sends the event at offset
 * `o` at `startedAt + o / speed` (`speed` Infinity = all at once). The recording's spacing is
 * kept and the whole is shifted so that the last event's time is the moment it is sent:
 * every event then carries a time at or before the moment it leaves, never one in the future.
 */
export function replayTimestamps (offsetsMs: number[], startedAt: number, speed: number): number[] {
  if (offsetsMs.length === 0) return []
  const last = Math.max(...offsetsMs)
  const lastSentAt = startedAt + (Number.isFinite(speed) ? last / speed : 0)
  const base = lastSentAt - last
  return offsetsMs.map((offset) => Math.floor(base + offset))
}
