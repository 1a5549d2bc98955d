import type { FastifyInstance } from 'fastify'
import Type, { type Static } from 'typebox'
import type { Config } from '@meeting-ai/config'
import { MeetingId, type RegenerateRequest } from '@meeting-ai/contracts'
import { problemResponses, ref } from '../../http/openapi.ts'
import { consolidationProblem } from '../transcripts/consolidation-problems.ts'

const Params = Type.Object({ meetingId: MeetingId })

/**
 * POST /api/v1/meetings/{meetingId}/summary/regenerate: a fresh analysis from the request the
 * meeting was last consolidated with, whole or for one agenda item.
 */
export default async function regenerateRoutes (app: FastifyInstance, options: { config: Config }): Promise<void> {
  app.post<{ Params: Static<typeof Params>, Body: Static<typeof RegenerateRequest> }>('/api/v1/meetings/:meetingId/summary/regenerate', {
    ...(options.config.rateLimitPerMinute > 0 && { config: { rateLimit: {} } }),
    onRequest: async (request) => { await app.auth.requireApiKey(request) },
    // The body is optional: an empty POST means "regenerate everything as before".
    preValidation: async (request) => { request.body ??= {} },
    schema: {
      operationId: 'regenerateSummary',
      tags: ['meetings'],
      summary: 'Regenerate the AI summary of a consolidated meeting, whole or one agenda item',
      description: [
        'Re-runs the analysis from the stored consolidation request (kept RESULT_TTL_S), optionally with `instructions` and another `language`, and stores the fresh answer as the meeting\'s result.',
        'With `agendaNumber`, only that item is regenerated; every other item and every todo is returned as previously stored. The body is optional.',
        '404 (MEETING_NOT_CONSOLIDATED) when the meeting was never consolidated or its stored request expired.'
      ].join('\n\n'),
      security: [{ apiKey: [] }],
      params: Params,
      body: ref({ $id: 'RegenerateRequest' }),
      response: { 200: ref({ $id: 'ConsolidateResponse' }), ...problemResponses(400, 401, 403, 404, 413, 429, 503, 504) }
    }
  }, async (request, reply) => {
    try {
      return await app.consolidation.regenerate(request.params.meetingId, request.body, {
        arrival: Math.floor(Date.now() - reply.elapsedTime),
        caller: app.auth.callerOf(request),
        log: request.log
      })
    } catch (error) {
      throw consolidationProblem(error)
    }
  })
}
