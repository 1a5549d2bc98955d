import type { Config } from '@meeting-ai/config'
import { SenderError, type EventSender, type SendOutcome } from './event-sender.ts'

/** What to try when the service cannot be reached at `baseUrl`. */
export function unreachableHint (baseUrl: string): string {
  return `is the service running at ${baseUrl}? Start it with \`pnpm start\`; if it listens on another port, run the replay with the same PORT=<port> or pass --url http://127.0.0.1:<port>`
}

export function httpSender (config: Config, baseUrl: string): EventSender {
  const url = new URL('/api/v1/stt/events', baseUrl)
  const apiKey = config.authApiKeys?.[0]
  return {
    async send (event): Promise<SendOutcome> {
      let response: Response
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(apiKey !== undefined && { authorization: `Bearer ${apiKey}` }) },
          body: JSON.stringify(event)
        })
      } catch (error) {
        const cause = (error as { cause?: { code?: string, message?: string } }).cause
        throw new SenderError(`cannot reach ${url.href} (${cause?.code ?? cause?.message ?? (error as Error).message}): ${unreachableHint(baseUrl)}`)
      }
      const text = await response.text()
      if (response.status === 202) return JSON.parse(text) as SendOutcome
      // Nothing of the request was taken: every event was invalid (and is in the dead-letter stream).
      if (response.status === 400) {
        const problem = JSON.parse(text) as { code?: string, detail?: string, errors?: Array<{ field: string, message: string }> }
        if (problem.code === 'INVALID_EVENTS') {
          return { accepted: 0, duplicates: 0, rejected: (problem.errors ?? []).map((e) => ({ code: problem.code ?? 'INVALID_EVENTS', detail: e.message })) }
        }
      }
      const hint = response.status === 401 || response.status === 403
        ? ': auth is on; set AUTH_API_KEYS to one of the service\'s keys (its first key is sent as Bearer)'
        : response.status === 404 ? `: ${baseUrl} is not this service; pass --url with the service's address` : ''
      throw new SenderError(`POST ${url.href} answered ${response.status}: ${text.slice(0, 300)}${hint}`)
    },
    async close () {}
  }
}
