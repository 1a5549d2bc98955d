import closeWithGrace from 'close-with-grace'
import { pino } from 'pino'
import { loadConfigOrExit } from '@meeting-ai/config'
import type { AllInOne } from './all-in-one.ts'

/** `pnpm start`: the whole service in one process, on Redis or the embedded store. */
const config = loadConfigOrExit()
const logger = pino({ level: config.logLevel, base: { app: 'all-in-one' } })

let service: AllInOne
try {
  // Loaded after the configuration is checked, so a bad setting is reported without waiting for the whole service to load.
  const { startAllInOne } = await import('./all-in-one.ts')
  service = await startAllInOne({ config, logger })
} catch (error) {
  // Start-up errors (Redis required but down, LLM misconfigured) carry their own clear message.
  const code = (error as { code?: unknown }).code
  process.stderr.write(`all-in-one failed to start: ${error instanceof Error ? error.message : String(error)}${typeof code === 'string' ? ` (${code})` : ''}\n`)
  if (code === 'EADDRINUSE') process.stderr.write(`port ${config.port} is taken (an earlier \`pnpm start\` still running?): stop that process, or start on another port with PORT=<port> pnpm start (and run the replay with the same PORT)\n`)
  process.exit(1)
}

closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
  if (err !== undefined) logger.error({ err }, 'all-in-one stopping after an error')
  else logger.info({ signal }, 'all-in-one stopping')
  await service.close()
})
