import type { FastifyInstance } from 'fastify'
import type { Config } from '@meeting-ai/config'
import Type, { type Static } from 'typebox'
import { MeetingId, type StreamTokenResponse } from '@meeting-ai/contracts'
import { problemResponses, ref } from '../../http/openapi.ts'

const Params = Type.Object({ meetingId: MeetingId })

/**
 * POST /api/v1/meetings/{meetingId}/stream-token: the meeting service (API key) mints a token
 * that lets a browser open this meeting's stream with `?token=` (EventSource cannot send headers).
 */
export default async function streamTokenRoutes (app: FastifyInstance, options: { config: Config }): Promise<void> {
  app.post<{ Params: Static<typeof Params> }>('/api/v1/meetings/:meetingId/stream-token', {
    // Like every POST route: RATE_LIMIT_PER_MINUTE per caller, 0 = off.
    ...(options.config.rateLimitPerMinute > 0 && { config: { rateLimit: {} } }),
    onRequest: async (request) => { await app.auth.requireApiKey(request) },
    schema: {
      operationId: 'createStreamToken',
      tags: ['meetings'],
      summary: 'Mint a stream token for one meeting (lives STREAM_TOKEN_TTL_S, a whole meeting)',
      description: 'The token opens GET /api/ai/suggestions/meetings/{meetingId}/stream?token=… for this meeting only. Requires an API key when auth is on; without auth the token is issued but not needed.',
      security: [{ apiKey: [] }],
      params: Params,
      response: { 200: ref({ $id: 'StreamTokenResponse' }), ...problemResponses(400, 401, 403, 429) }
    }
  }, async (request): Promise<StreamTokenResponse> => await app.auth.mintStreamToken(request.params.meetingId))
}
