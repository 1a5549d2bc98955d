import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { readFile } from 'node:fs/promises'
import { extname } from 'node:path'
import type { AddressInfo } from 'node:net'
import type { DemoSample } from './sample.ts'

export interface DemoServerOptions {
  port: number
  host?: string
  /** Where the browser reaches the API (the stream, HTTP ingest, consolidation). */
  apiUrl: string
  sample: DemoSample
}

export interface DemoServer {
  readonly url: string
  readonly port: number
  close (): Promise<void>
}

/** Static files of the page, next to src/ and dist/ alike. */
const PUBLIC_DIR = new URL('../public/', import.meta.url)

const FILES: Record<string, string> = {
  '/': 'index.html',
  '/index.html': 'index.html',
  '/app.js': 'app.js',
  '/style.css': 'style.css',
  '/favicon.svg': 'favicon.svg'
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml'
}

function send (response: ServerResponse, status: number, type: string, body: string | Buffer): void {
  response.writeHead(status, {
    'content-type': type,
    'content-length': Buffer.byteLength(body),
    // The page is tiny and changes with the code: never serve a stale copy.
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff'
  })
  response.end(body)
}

/**
 * The demo page: plain HTML, CSS and JavaScript served by node:http, no build step. The page
 * itself talks to the API (SSE, HTTP ingest, consolidation); this server only hands it the
 * files, the API's address and the sample meeting it replays.
 */
export async function startDemoServer (options: DemoServerOptions): Promise<DemoServer> {
  const pageConfig = JSON.stringify({ apiUrl: options.apiUrl.replace(/\/+$/, ''), sample: options.sample })

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = new URL(request.url ?? '/', 'http://demo.invalid').pathname
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      send(response, 405, 'text/plain; charset=utf-8', 'Method Not Allowed')
      return
    }
    if (path === '/health') {
      send(response, 200, 'application/json', '{"status":"UP"}')
      return
    }
    if (path === '/demo/config.json') {
      send(response, 200, 'application/json', pageConfig)
      return
    }
    const file = FILES[path]
    if (file === undefined) {
      send(response, 404, 'text/plain; charset=utf-8', 'Not Found')
      return
    }
    send(response, 200, TYPES[extname(file)] ?? 'application/octet-stream', await readFile(new URL(file, PUBLIC_DIR)))
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) send(response, 500, 'text/plain; charset=utf-8', 'Internal Server Error')
      else response.destroy()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host ?? '0.0.0.0', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://localhost:${port}`,
    port,
    async close () {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
