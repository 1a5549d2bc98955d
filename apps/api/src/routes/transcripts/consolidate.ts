import type { FastifyInstance } from 'fastify'
import Type, { type Static } from 'typebox'
import type { Config } from '@meeting-ai/config'
import type { ConsolidateRequest } from '@meeting-ai/contracts'
import { problemResponses, ref } from '../../http/openapi.ts'
import { consolidationProblem } from './consolidation-problems.ts'

const Headers = Type.Object({
  'idempotency-key': Type.Optional(Type.String({
    minLength: 1,
    maxLength: 255,
    description: 'Optional. A retry with the same key (and the same body) gets the same stored answer; the same key with another body is refused with 422.'
  }))
})

/**
 * POST /api/v1/transcripts/consolidate: the meeting service's end-of-meeting call. The
 * handler only translates HTTP; budget, cache and fallbacks live in the consolidation service.
 */
export default async function consolidateRoutes (app: FastifyInstance, options: { config: Config }): Promise<void> {
  app.post<{ Body: Static<typeof ConsolidateRequest>, Headers: Static<typeof Headers> }>('/api/v1/transcripts/consolidate', {
    // RATE_LIMIT_PER_MINUTE per caller (API key, else address), 0 = off.
    ...(options.config.rateLimitPerMinute > 0 && { config: { rateLimit: {} } }),
    onRequest: async (request) => { await app.auth.requireApiKey(request) },
    schema: {
      operationId: 'consolidateTranscripts',
      tags: ['transcripts'],
      summary: 'Consolidate per-participant minutes into keywords, per-agenda summaries and todos',
      description: [
        'Answers within CONSOLIDATE_BUDGET_MS of arrival (default 25 s, under the caller\'s 30 s timeout). Long minutes are chunked and analysed in parallel, then merged.',
        'When the LLM is late or down, the missing parts come from the offline extractive engine: the answer then has `partial: true` and `notes` naming those parts (504 only when nothing usable exists).',
        'Identical requests (same content whatever the order of participants or keys) are answered from a cache for RESULT_TTL_S; a partial answer is never cached. A run continues after the caller disconnects, so a retry finds its answer.',
        'Total minutes are capped by MAX_MINUTES_CHARS (400) and the body by BODY_LIMIT_BYTES (413).',
        'The analysis runs on worker threads with a bounded queue (ANALYSIS_THREADS, ANALYSIS_QUEUE_MAX): offline work still running when its part of the budget ends is stopped and the parts left out are named in `notes`; when the queue is full the answer is 503 `ANALYSIS_QUEUE_FULL` with `Retry-After`.'
      ].join('\n\n'),
      security: [{ apiKey: [] }],
      headers: Headers,
      body: ref({ $id: 'ConsolidateRequest' }),
      response: { 200: ref({ $id: 'ConsolidateResponse' }), ...problemResponses(400, 401, 403, 413, 422, 429, 503, 504) }
    }
  }, async (request, reply) => {
    try {
      return await app.consolidation.consolidate(request.body, {
        arrival: Math.floor(Date.now() - reply.elapsedTime),
        caller: app.auth.callerOf(request),
        log: request.log,
        ...(request.headers['idempotency-key'] !== undefined && { idempotencyKey: request.headers['idempotency-key'] })
      })
    } catch (error) {
      throw consolidationProblem(error)
    }
  })
}
