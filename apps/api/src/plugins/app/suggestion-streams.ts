import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { Config } from '@meeting-ai/config'
import { checkDirectChunkWrites } from '../../streaming/direct-chunk-writes.ts'
import { SuggestionStreams } from '../../streaming/suggestion-streams.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Every open suggestion stream of this process (streaming/suggestion-streams.ts). */
    suggestionStreams: SuggestionStreams
  }
}

/** The suggestion streams of this process over the store's multiplexed bus. */
export default fp(async function suggestionStreamsPlugin (app: FastifyInstance, options: { config: Config }) {
  const { config } = options
  const log = app.log.child({ component: 'suggestion-streams' })
  const suggestionStreams = new SuggestionStreams({
    store: app.store,
    registry: app.metrics.registry,
    log,
    pingMs: config.ssePingMs,
    retryMs: config.sseRetryMs,
    maxViewersPerMeeting: config.maxViewersPerMeeting,
    maxViewersPerProcess: config.maxViewersPerProcess,
    maxBufferedBytes: config.sseMaxBufferedBytes,
    directChunkWrites: await directChunkWritesOn(config, log)
  })
  app.decorate('suggestionStreams', suggestionStreams)
  // preClose, before the server stops accepting: streams end now, so clients move to another pod.
  app.addHook('preClose', async () => { await suggestionStreams.close() })
}, { name: 'suggestion-streams', dependencies: ['store', 'metrics'] })

/** The setting, and the start-up check that node:http on this Node still has what the fast path reads. */
async function directChunkWritesOn (config: Config, log: FastifyInstance['log']): Promise<boolean> {
  if (!config.sseDirectChunkWrites) {
    log.info('SSE_DIRECT_CHUNK_WRITES=false: stream frames go through response.write')
    return false
  }
  const check = await checkDirectChunkWrites()
  if (!check.ok) log.warn({ node: process.version, reason: check.reason }, 'node:http does not behave as the direct chunk writes expect; stream frames go through response.write')
  return check.ok
}
