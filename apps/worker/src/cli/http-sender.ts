import type { Config } from '@meeting-ai/config'
import { SenderError, type EventSender } from './event-sender.ts'

export function httpSender (config: Config, baseUrl: string): EventSender {
  const url = new URL('/api/v1/stt/events', baseUrl)
  const apiKey = config.authApiKeys?.[0]
  return {
    async send (event) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(apiKey !== undefined && { authorization: `Bearer ${apiKey}` }) },
        body: JSON.stringify(event)
      })
      if (response.status !== 202) throw new SenderError(`POST ${url.href} answered ${response.status}: ${(await response.text()).slice(0, 300)}`)
    },
    async close () {}
  }
}
