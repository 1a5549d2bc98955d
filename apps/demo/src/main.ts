import { parseArgs } from 'node:util'
import closeWithGrace from 'close-with-grace'
import { ConfigError, loadConfig } from '@meeting-ai/config'
import { DEFAULT_DEMO_PORT, startDemo } from './start-demo.ts'

const USAGE = `pnpm demo [--port N] [--api-url URL --serve-only]

  --port N        port of the demo page (default: DEMO_PORT or ${DEFAULT_DEMO_PORT})
  --host H        address the page listens on (default 0.0.0.0)
  --serve-only    serve the page only, for an API that already runs (docker compose)
  --api-url URL   where the browser reaches that API (default http://localhost:8087)

Without --serve-only the service starts in this process from the usual settings (PORT,
REDIS_URL, LLM_*...): the offline engine unless an LLM is configured.`

function fail (message: string): never {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}

const { values: flags } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    'api-url': { type: 'string' },
    'serve-only': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false }
  }
})
if (flags.help === true) {
  process.stdout.write(`${USAGE}\n`)
  process.exit(0)
}

const rawPort = flags.port ?? process.env.DEMO_PORT ?? String(DEFAULT_DEMO_PORT)
const port = Number(rawPort)
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`Invalid demo port: DEMO_PORT/--port must be an integer from 0 to 65535, got ${JSON.stringify(rawPort)}`)

let config
if (flags['serve-only'] !== true) {
  // The page's own origin must be allowed by CORS; add it when the port moved and nothing was configured.
  const env = { ...process.env }
  if ((env.FRONTEND_ORIGIN ?? '') === '' && port !== DEFAULT_DEMO_PORT) env.FRONTEND_ORIGIN = `http://localhost:${port},http://127.0.0.1:${port}`
  try {
    config = loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message)
    throw error
  }
}

const demo = await startDemo({
  port,
  ...(flags.host !== undefined && { host: flags.host }),
  ...(config !== undefined ? { config } : { apiUrl: flags['api-url'] ?? 'http://localhost:8087' })
}).catch((error: unknown) => fail(`demo failed to start: ${error instanceof Error ? error.message : String(error)}${
  (error as { code?: unknown }).code === 'EADDRINUSE' ? '\na port is taken: PORT=<port> moves the service, DEMO_PORT=<port> (or --port) the page' : ''}`))

closeWithGrace({ delay: 5000 }, async () => { await demo.close() })

process.stdout.write(`\n  Demo page   ${demo.pageUrl}\n  API         ${demo.apiUrl}  (Swagger UI: ${demo.apiUrl}/swagger-ui.html)\n\n`)
