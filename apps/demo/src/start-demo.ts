import type { FastifyInstance } from 'fastify'
import type { Config } from '@meeting-ai/config'
import { buildApp } from '@meeting-ai/api'
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
  /** false silences the service's request logs (tests). */
  logger?: boolean
}

export interface Demo {
  /** The demo page. */
  readonly pageUrl: string
  /** The API the page talks to. */
  readonly apiUrl: string
  /** The service started by the demo, when it started one. */
  readonly app?: FastifyInstance
  close (): Promise<void>
}

/**
 * The service for the demo: the API, whose HTTP ingest runs the worker's pipeline in the same
 * process, so segments posted by the page are windowed, analysed every ANALYSIS_THRESHOLD
 * segments and published to the page's stream. Offline engine unless LLM_* is configured.
 */
async function startService (config: Config, logger: boolean | undefined): Promise<{ app: FastifyInstance, url: string }> {
  const app = await buildApp({ config, ...(logger !== undefined && { logger }) })
  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await app.close()
    throw error
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address !== null ? address.port : config.port
  return { app, url: `http://localhost:${port}` }
}

/** `pnpm demo`: the service (unless apiUrl is given) and the demo page in front of it. */
export async function startDemo (options: StartDemoOptions): Promise<Demo> {
  let service: { app: FastifyInstance, url: string } | undefined
  let apiUrl = options.apiUrl
  if (apiUrl === undefined) {
    if (options.config === undefined) throw new Error('startDemo needs either config (to start the service) or apiUrl')
    service = await startService(options.config, options.logger)
    apiUrl = service.url
  }
  let page: DemoServer
  try {
    page = await startDemoServer({ port: options.port ?? DEFAULT_DEMO_PORT, ...(options.host !== undefined && { host: options.host }), apiUrl, sample: demoSample() })
  } catch (error) {
    await service?.app.close()
    throw error
  }
  return {
    pageUrl: page.url,
    apiUrl,
    ...(service !== undefined && { app: service.app }),
    async close () {
      await page.close()
      await service?.app.close()
    }
  }
}
