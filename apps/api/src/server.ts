import closeWithGrace from 'close-with-grace'
import { loadConfigOrExit } from '@meeting-ai/config'
import { buildApp } from './app.ts'

/** Entry of the split deployment: the API alone, on Redis (required). */
async function main (): Promise<void> {
  const config = loadConfigOrExit()
  const app = await buildApp({ config })
  closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
    if (err !== undefined) app.log.error({ err }, 'shutting down after an error')
    else app.log.info({ signal }, 'shutting down')
    await app.close()
  })
  await app.listen({ port: config.port, host: config.host })
}

main().catch((error: unknown) => {
  process.stderr.write(`api failed to start: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
