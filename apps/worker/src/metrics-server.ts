import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Store } from '@meeting-ai/store'
import type { Registry } from 'prom-client'

export interface MetricsServer {
  readonly port: number
  close (): Promise<void>
}

/**
 * The worker alone has no HTTP API: this serves /metrics (Prometheus) and /health
 * (200 UP / 503 DOWN on the store's ping) for probes and scraping.
 */
export async function startMetricsServer (options: { port: number, host?: string, registry: Registry, store: Store }): Promise<MetricsServer> {
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
    if (path === '/health' || path === '/health/live') {
      const live = path === '/health/live'
      const check = live ? Promise.resolve() : options.store.ping()
      check.then(() => {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'UP', components: live ? {} : { redis: { status: 'UP' } } }))
      }, () => {
        response.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'DOWN', components: { redis: { status: 'DOWN' } } }))
      })
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
