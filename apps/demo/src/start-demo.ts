import type { AddressInfo } from 'node:net'
import type { Config } from '@meeting-ai/config'
import { startAllInOne, type AllInOne } from '@meeting-ai/all-in-one'
import { startDemoServer, type DemoServer } from './demo-server.ts'
import { demoSample } from './sample.ts'

export const DEFAULT_DEMO_PORT = 8888

export interface StartDemoOptions {
  /** Port of the demo page (DEMO_PORT, default 8888; 0 picks a free one). */
  port?: number
  host?: string
  /**
   * The service's settings. Absent together with apiUrl is an error: the demo either starts
   * the service itself (config) or shows one that already runs (apiUrl).
   */
  config?: Config
  /** An API that already runs (docker compose): the page talks to it and no service is started. */
  apiUrl?: string
}

export interface Demo {
  /** The demo page. */
  readonly pageUrl: string
  /** The API the page talks to. */
  readonly apiUrl: string
  /** The service started by the demo, when it started one. */
  readonly service?: AllInOne
  close (): Promise<void>
}

/**
 * The service for the demo: API and worker in one process (the same as `pnpm start`), on Redis or,
 * when REDIS_URL is unset and nothing answers, on the embedded store. Segments posted by the page
 * go through the worker's pipeline, are analysed every ANALYSIS_THRESHOLD segments and published to
 * the page's stream. Offline engine unless LLM_* is configured.
 */
async function startService (config: Config): Promise<{ service: AllInOne, url: string }> {
  const service = await startAllInOne({ config })
  const { port } = service.app.server.address() as AddressInfo
  return { service, url: `http://localhost:${port}` }
}

/** `pnpm demo`: the service (unless apiUrl is given) and the demo page in front of it. */
export async function startDemo (options: StartDemoOptions): Promise<Demo> {
  let service: { service: AllInOne, url: string } | undefined
  let apiUrl = options.apiUrl
  if (apiUrl === undefined) {
    if (options.config === undefined) throw new Error('startDemo needs either config (to start the service) or apiUrl')
    service = await startService(options.config)
    apiUrl = service.url
  }
  let page: DemoServer
  try {
    page = await startDemoServer({ port: options.port ?? DEFAULT_DEMO_PORT, ...(options.host !== undefined && { host: options.host }), apiUrl, sample: demoSample() })
  } catch (error) {
    await service?.service.close()
    throw error
  }
  return {
    pageUrl: page.url,
    apiUrl,
    ...(service !== undefined && { service: service.service }),
    async close () {
      await page.close()
      await service?.service.close()
    }
  }
}
