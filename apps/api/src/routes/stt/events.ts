import type { FastifyInstance, FastifySchemaCompiler } from 'fastify'
import type { Config } from '@meeting-ai/config'
import { MAX_INGEST_BATCH, type IngestResponse } from '@meeting-ai/contracts'
import { StoreError } from '@meeting-ai/store'
import { contentDedupeKey, type RawEvent, type SegmentPipeline } from '@meeting-ai/ingest'
import { badRequest, HttpProblem, serviceUnavailable } from '../../http/problems.ts'
import { problemResponses, ref } from '../../http/openapi.ts'
import { ingestPipelineFor } from './ingest-pipeline.ts'

export interface SttIngestOptions {
  config: Config
  /** The worker's pipeline in all-in-one mode; absent, the app makes its own. */
  pipeline?: SegmentPipeline
}

/** The HTTP source name: in dead letters, metrics and logs beside `event-hubs` and `redis-stream`. */
export const HTTP_SOURCE = 'http'

const SttEventRef = { $ref: 'SttEvent#' }
/** When a producer refused because the store is down should send again: about one reconnect attempt. */
const STORE_RETRY_AFTER_S = 1

/**
 * Only the envelope is checked here (an object or an array); each event is validated by the
 * worker's parser, so HTTP and the hub sources accept and reject exactly the same events,
 * and one bad event in a batch is reported by index instead of failing the whole request.
 * The schema itself is there for the OpenAPI document.
 */
const envelopeOnly: FastifySchemaCompiler<unknown> = () => (body: unknown) =>
  body !== null && typeof body === 'object'
    ? { value: body }
    : { error: new HttpProblem(400, 'INVALID_BODY', 'Bad Request', 'The body must be one STT event (a JSON object) or an array of them') }

/**
 * POST /api/v1/stt/events: STT events over HTTP, for local use, the replay CLI and meeting
 * systems without Event Hubs. Same validation, dedupe and window logic as the hub sources.
 */
export default async function sttIngestRoutes (app: FastifyInstance, options: SttIngestOptions): Promise<void> {
  const pipeline = ingestPipelineFor(app, options.config, options.pipeline)

  app.post<{ Body: unknown }>('/api/v1/stt/events', {
    ...(options.config.rateLimitPerMinute > 0 && { config: { rateLimit: {} } }),
    onRequest: async (request) => { await app.auth.requireApiKey(request) },
    validatorCompiler: envelopeOnly,
    schema: {
      operationId: 'ingestSttEvents',
      tags: ['ingest'],
      summary: `Take in one STT event or a batch of up to ${MAX_INGEST_BATCH}`,
      description: `Each event is validated on its own (the rules of the Event Hubs source): valid ones enter the meeting's
sliding window, redeliveries (same segmentId/eventId, or without either the same meetingId, timestamp, speakerId and text)
count as duplicates, invalid ones are listed in \`rejected\` by index and kept in the dead-letter stream. When nothing
of the request was taken (every event invalid: a single bad event, or a batch of only bad ones) the answer is 400
\`INVALID_EVENTS\` problem+json whose \`errors\` name each event (\`/<index>\` in a batch) with its code and reason;
those events are dead-lettered all the same. A batch with at least one accepted or duplicate event answers 202. Every item
must be a JSON object: a string, even one holding an event's JSON, is rejected as INVALID_EVENT. Analysis runs
every ANALYSIS_THRESHOLD new segments and its suggestions go out on the meeting's stream. A 503 may come after some
events of the batch were taken: send the same batch again after its \`Retry-After\` (1 s), they are recognised as
duplicates.`,
      security: [{ apiKey: [] }],
      body: { oneOf: [SttEventRef, { type: 'array', items: SttEventRef, maxItems: MAX_INGEST_BATCH }] },
      response: {
        202: { description: 'Taken in, possibly partly: see `rejected` (an empty batch is 202 too)', ...ref({ $id: 'IngestResponse' }) },
        ...problemResponses(400, 401, 403, 413, 429, 503)
      }
    }
  }, async (request, reply): Promise<IngestResponse> => {
    const bodies = Array.isArray(request.body) ? request.body as unknown[] : [request.body]
    if (bodies.length > MAX_INGEST_BATCH) {
      throw new HttpProblem(413, 'BATCH_TOO_LARGE', 'Content Too Large', `At most ${MAX_INGEST_BATCH} events per request, got ${bodies.length}; split the batch`)
    }
    const events: RawEvent[] = bodies.map((body, index) => ({
      body,
      position: `http:${request.id}/${index}`,
      // Fastify parsed the body: a string item is a string, not an event in JSON text.
      decoded: true,
      // HTTP has no delivery position: a resent event without ids is recognised by its content.
      fallbackDedupeKey: contentDedupeKey(body)
    }))
    let outcome
    try {
      outcome = await pipeline.ingest(events, HTTP_SOURCE)
    } catch (error) {
      if (error instanceof StoreError || (error as { code?: unknown }).code === 'STORE_UNAVAILABLE') {
        // The pipeline has logged and counted it; say what the caller can do.
        // Retry-After paces a resending producer: one resending at once would spend its rate
        // limit on refusals and then be refused with 429 for the rest of the minute.
        throw serviceUnavailable('STORE_UNAVAILABLE', 'The store is unavailable; send the same batch again later (events already taken count as duplicates)', STORE_RETRY_AFTER_S)
      }
      throw error
    }
    if (outcome.accepted + outcome.duplicates === 0 && outcome.rejected.length > 0) {
      throw badRequest('INVALID_EVENTS',
        `${outcome.rejected.length === 1 && !Array.isArray(request.body) ? 'The event is' : 'Every event is'} invalid; nothing was taken (kept in the dead-letter stream)`,
        outcome.rejected.map((r) => ({ field: Array.isArray(request.body) ? `/${r.index}` : '', message: `${r.code}: ${r.detail}` })))
    }
    reply.code(202)
    return { accepted: outcome.accepted, duplicates: outcome.duplicates, rejected: outcome.rejected }
  })
}
