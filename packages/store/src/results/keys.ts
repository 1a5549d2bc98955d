/**
 * Result keys. Per-meeting keys carry the meeting id in a hash tag like the other meeting
 * keys; per-request keys are addressed by the canonical request hash alone.
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
