import { isStreamId } from '@meeting-ai/store'

/**
 * Where a reconnecting client resumes. The header wins over `?lastEventId=`: EventSource
 * reconnects with its original URL, so the query holds the position of the first connect and
 * the header the newer one. `0` means "everything kept"; anything not shaped `<ms>-<seq>` is
 * ignored (live only) rather than rejected, so a stale or foreign id never locks a client out.
 */
export function resumePosition (header: string | string[] | undefined, query: string | undefined): string | undefined {
  const fromHeader = Array.isArray(header) ? header[0] : header
  for (const candidate of [fromHeader, query]) {
    const value = candidate?.trim()
    if (value === undefined || value === '') continue
    if (value === '0') return '0'
    if (isStreamId(value)) return value
  }
  return undefined
}
