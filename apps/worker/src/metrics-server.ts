import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { HealthComponent } from '@meeting-ai/contracts'
import type { Store } from '@meeting-ai/store'
import type { Registry } from 'prom-client'

export interface MetricsServer {
  readonly port: number
  close (): Promise<void>
}

export interface MetricsServerOptions {
  port: number
  host?: string
  registry: Registry
  store: Store
  /** The analysis pool's readiness (AnalysisPool.health): DOWN while its queue is full. */
  analysis?: { health: () => HealthComponent }
}

/**
 * The worker alone has no HTTP API: this serves /metrics (Prometheus), /health (readiness:
 * 200 UP, or 503 DOWN when the store does not answer or the analysis queue is full) and
 * /health/live (the process answers) for probes and scraping.
 */
export async function startMetricsServer (options: MetricsServerOptions): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]
    if (request.method !== 'GET') {
      response.writeHead(405, { allow: 'GET' }).end()
      return
    }
    if (path === '/metrics') {
      options.registry.metrics().then((body) => {
        response.writeHead(200, { 'content-type': options.registry.contentType }).end(body)
      }, () => {
        response.writeHead(500).end()
      })
      return
    }
    if (path === '/health/live') {
      respond(response, 200, { status: 'UP' })
      return
    }
    if (path === '/health') {
      readiness(options).then((health) => { respond(response, health.status === 'UP' ? 200 : 503, health) }, () => { response.writeHead(500).end() })
      return
    }
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host ?? '0.0.0.0', () => { resolve() })
  })
  return {
    port: (server.address() as AddressInfo).port,
    async close () {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => { resolve() }))
    }
  }
}

function respond (response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

async function readiness (options: MetricsServerOptions): Promise<{ status: 'UP' | 'DOWN', store: string, components: Record<string, HealthComponent> }> {
  let store: HealthComponent
  try {
    await options.store.ping()
    store = { status: 'UP' }
  } catch (error) {
    store = { status: 'DOWN', details: { error: (error as Error).message } }
  }
  const components: Record<string, HealthComponent> = { [options.store.kind]: store }
  if (options.analysis !== undefined) components.analysis = options.analysis.health()
  const up = Object.values(components).every((component) => component.status === 'UP')
  return { status: up ? 'UP' : 'DOWN', store: options.store.kind, components }
}
