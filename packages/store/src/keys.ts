/**
 * Every key and channel name in one place. The meeting id sits in a hash tag `{…}` so that
 * all keys of one meeting land in one Redis Cluster slot and a Lua script may touch them together.
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

export function deadLetterKey (prefix: string): string {
  return `${prefix}dlq:stt`
}
