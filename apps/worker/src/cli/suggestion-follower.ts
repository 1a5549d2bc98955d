import { SenderError } from './event-sender.ts'
import { unreachableHint } from './http-sender.ts'

export interface FollowedSet {
  id: string
  suggestions: Array<{ content: string, kind?: string, confidence?: number, timestamp?: number }>
  generatedAt?: number
}

/** A meeting's suggestion stream read by the replay CLI's `--follow`. */
export interface SuggestionFollower {
  /** Suggestion sets received so far. */
  readonly count: number
  /** Resolves once no set has arrived for `quietMs`. */
  quiet (quietMs: number): Promise<void>
  close (): void
}

/**
 * Opens `streamUrl` (with `?lastEventId=0`, so nothing published before the connection is
 * missed) and calls `onSet` for every `ai-suggestion` event. Resolves once the stream answered.
 */
export async function followSuggestions (streamUrl: string, baseUrl: string, apiKey: string | undefined, onSet: (set: FollowedSet) => void): Promise<SuggestionFollower> {
  const abort = new AbortController()
  let response: Response
  try {
    const url = apiKey === undefined ? streamUrl : `${streamUrl}&token=${encodeURIComponent(await mintStreamToken(streamUrl, baseUrl, apiKey))}`
    response = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: abort.signal })
  } catch (error) {
    if (error instanceof SenderError) throw error
    const cause = (error as { cause?: { code?: string } }).cause
    throw new SenderError(`cannot reach ${streamUrl} (${cause?.code ?? (error as Error).message}): ${unreachableHint(baseUrl)}`)
  }
  if (response.status !== 200 || response.body === null) {
    abort.abort()
    throw new SenderError(`GET ${streamUrl} answered ${response.status}: ${(await response.text().catch(() => '')).slice(0, 300)}`)
  }
  let count = 0
  let lastAt = Date.now()
  const decoder = new TextDecoderStream()
  const body = response.body
  const reading = (async () => {
    let buffer = ''
    for await (const chunk of body.pipeThrough(decoder)) {
      buffer += chunk.replaceAll('\r\n', '\n')
      let end
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const fields = new Map<string, string>()
        for (const line of frame.split('\n')) {
          const colon = line.indexOf(':')
          if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart())
        }
        if (fields.get('event') !== 'ai-suggestion') continue
        count += 1
        lastAt = Date.now()
        onSet({ id: fields.get('id') ?? '', ...JSON.parse(fields.get('data') ?? '{}') as Omit<FollowedSet, 'id'> })
      }
    }
  })()
  // The read ends with an abort error when closed: nothing to report.
  reading.catch(() => {})
  return {
    get count () { return count },
    async quiet (quietMs) {
      lastAt = Math.max(lastAt, Date.now())
      while (Date.now() - lastAt < quietMs) {
        await new Promise((resolve) => setTimeout(resolve, quietMs - (Date.now() - lastAt)))
      }
    },
    close () {
      abort.abort()
    }
  }
}

/** With auth on, a stream opens with a token minted for its meeting by an API key (as a browser's would be). */
async function mintStreamToken (streamUrl: string, baseUrl: string, apiKey: string): Promise<string> {
  const meetingId = /\/meetings\/([^/]+)\/stream/.exec(streamUrl)?.[1] ?? ''
  const url = `${baseUrl}/api/v1/meetings/${meetingId}/stream-token`
  const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${apiKey}` } })
  if (response.status !== 200) throw new SenderError(`POST ${url} answered ${response.status}: ${(await response.text()).slice(0, 300)}; --follow needs one of the service's AUTH_API_KEYS`)
  return ((await response.json()) as { token: string }).token
}
