import { existsSync } from 'node:fs'
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import t from 'tap'
import { chromium } from 'playwright-core'
import { publish, startApi } from './stream-fixture.ts'

const CHROMIUM = '/usr/bin/chromium'

/** What the page collects on its global object (window in the browser). */
interface PageState {
  received: Array<{ type: string, id?: string, data: unknown }>
  errors: number
}

/** The demo page: EventSource against the API on another origin, events collected on window. */
function page (streamUrl: string): string {
  return `<!doctype html><meta charset="utf-8"><title>stream</title><script>
window.received = []; window.errors = 0;
const source = new EventSource(${JSON.stringify(streamUrl)});
source.addEventListener('ai-suggestion', (e) => { window.received.push({ type: e.type, id: e.lastEventId, data: JSON.parse(e.data) }) });
source.addEventListener('ping', (e) => { window.received.push({ type: e.type, data: e.data }) });
source.onerror = () => { window.errors++; window.state = source.readyState };
</script>`
}

async function listenPage (port: number, html: () => string): Promise<Server> {
  const server = createServer((_request, response) => { response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html()) })
  server.listen(port, '127.0.0.1')
  await once(server, 'listening')
  return server
}

async function pageServer (html: () => string): Promise<Server> {
  // The frontend origin of DESIGN 3 is http://localhost:8888; another port when 8888 is taken.
  try {
    return await listenPage(8888, html)
  } catch {
    return await listenPage(0, html)
  }
}

t.test('a browser EventSource on http://localhost:<page port> receives suggestions and pings across origins', { skip: existsSync(CHROMIUM) ? false : `${CHROMIUM} not found (apt-get install -y chromium); the CI script installs it` }, async (t) => {
  let streamUrl = ''
  const allowedPage = await pageServer(() => page(streamUrl))
  const otherPage = await listenPage(0, () => page(streamUrl))
  t.teardown(() => { allowedPage.close(); otherPage.close() })
  const allowedOrigin = `http://localhost:${(allowedPage.address() as AddressInfo).port}`
  const otherOrigin = `http://localhost:${(otherPage.address() as AddressInfo).port}`

  const api = await startApi(t, { FRONTEND_ORIGIN: `http://example.test,${allowedOrigin}`, SSE_PING_MS: '100' })
  // ?lastEventId=0: everything published is replayed, so nothing races the subscription.
  streamUrl = `${api.base}/api/ai/suggestions/meetings/m-browser/stream?lastEventId=0`
  const ids = [await publish(api, 'm-browser', 'first'), await publish(api, 'm-browser', 'second')]

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync']
  })
  t.teardown(async () => { await browser.close() })

  const tab = await browser.newPage()
  await tab.goto(allowedOrigin)
  await tab.waitForFunction(() => (globalThis as unknown as PageState).received.filter((e) => e.type === 'ai-suggestion').length >= 2, undefined, { timeout: 10_000 })
  const live = await publish(api, 'm-browser', 'third, live')
  await tab.waitForFunction((id) => (globalThis as unknown as PageState).received.some((e) => e.id === id), live, { timeout: 10_000 })
  await tab.waitForFunction(() => (globalThis as unknown as PageState).received.filter((e) => e.type === 'ping').length >= 2, undefined, { timeout: 10_000 })

  const received = await tab.evaluate(() => (globalThis as unknown as PageState).received)
  const suggestions = received.filter((e) => e.type === 'ai-suggestion')
  t.same(suggestions.map((e) => e.id), [...ids, live], 'ai-suggestion events with the replay ids, in order')
  t.match(suggestions[2]?.data, { meetingId: 'm-browser', suggestions: [{ content: 'third, live' }] })
  t.ok(received.filter((e) => e.type === 'ping').every((e) => e.data === '{}'), 'pings carry {}')
  t.equal(await tab.evaluate(() => (globalThis as unknown as PageState).errors), 0, 'no EventSource error')

  // The same page from an origin not in FRONTEND_ORIGIN: the browser itself blocks the stream.
  const blocked = await browser.newPage()
  await blocked.goto(otherOrigin)
  await blocked.waitForFunction(() => (globalThis as unknown as PageState).errors > 0, undefined, { timeout: 10_000 })
  t.equal(await blocked.evaluate(() => (globalThis as unknown as PageState).received.length), 0, 'an unlisted origin gets nothing (CORS enforced by the browser)')
})
