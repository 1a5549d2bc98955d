import type { FastifyInstance } from 'fastify'
import Negotiator from 'negotiator'
import Type, { type Static } from 'typebox'
import { MeetingId, SSE_EVENTS, STREAM_ENTRY_ID_PATTERN } from '@meeting-ai/contracts'
import { problemResponses, ref } from '../../http/openapi.ts'
import { notAcceptable } from '../../http/problems.ts'
import { resumePosition } from '../../streaming/last-event-id.ts'

const EVENT_STREAM = 'text/event-stream'

const Params = Type.Object({ meetingId: MeetingId })
const Query = Type.Object({
  lastEventId: Type.Optional(Type.String({
    maxLength: 64,
    description: `Resume after this replay-stream id (\`${STREAM_ENTRY_ID_PATTERN}\`) for clients that cannot set the \`Last-Event-ID\` header; the header wins when both are present. \`0\` replays everything still kept; any other value is ignored.`
  })),
  token: Type.Optional(Type.String({ maxLength: 4096, description: 'Stream token of this meeting (POST /api/v1/meetings/{meetingId}/stream-token); required when auth is on. Never logged.' }))
})

const DESCRIPTION = `Server-Sent Events. The stream starts with \`retry: <SSE_RETRY_MS>\`, then carries:

- \`${SSE_EVENTS.suggestion}\`: \`id:\` is the replay-stream entry id, \`data:\` a RealtimeSuggestionsResponse (the schema below).
- \`${SSE_EVENTS.ping}\`: \`data: {}\` every SSE_PING_MS (5 s by default); keep-alive only.
- \`${SSE_EVENTS.reset}\`: \`data: {"lastEventId","oldestId"}\` when the resume position is older than the trimmed replay stream; everything still kept follows, so drop what you show and rebuild.

Resume: send \`Last-Event-ID\` (EventSource does so by itself on reconnect) or \`?lastEventId=\`; missed events still kept come first, then live ones, with no gap and no duplicate.

Over a viewer limit (MAX_VIEWERS_PER_MEETING, MAX_VIEWERS_PER_PROCESS) or while the pod shuts down the answer is still **200**: a jittered \`retry:\` and the end of the stream, because EventSource gives up for good on any non-200 answer (the 429 of the original issue would stop the browser from ever retrying). A client that falls more than SSE_MAX_BUFFERED_BYTES behind is disconnected and resumes with Last-Event-ID.

Auth errors (401 missing, bad or expired token; 403 token of another meeting) are answered as problem+json before the stream starts, on purpose: a browser with a bad token must stop retrying and fetch a new token.`

/** GET /api/ai/suggestions/meetings/{meetingId}/stream: the live suggestion stream (SSE). */
export default async function suggestionStreamRoutes (app: FastifyInstance): Promise<void> {
  app.get<{ Params: Static<typeof Params>, Querystring: Static<typeof Query> }>('/api/ai/suggestions/meetings/:meetingId/stream', {
    schema: {
      operationId: 'streamSuggestions',
      tags: ['suggestions'],
      summary: 'Live suggestion sets of a meeting as Server-Sent Events',
      description: DESCRIPTION,
      security: [{}, { streamToken: [] }],
      params: Params,
      querystring: Query,
      headers: Type.Object({
        'last-event-id': Type.Optional(Type.String({ maxLength: 64, description: 'Resume after this id (wins over ?lastEventId=)' }))
      }),
      response: {
        200: {
          description: `An endless text/event-stream of \`${SSE_EVENTS.suggestion}\`, \`${SSE_EVENTS.ping}\` and \`${SSE_EVENTS.reset}\` events; the schema is the data of one \`${SSE_EVENTS.suggestion}\` event`,
          headers: {
            // @fastify/swagger wraps each of these JSON schemas into an OpenAPI header object.
            'Cache-Control': { type: 'string', description: 'no-cache, no-transform' },
            'X-Accel-Buffering': { type: 'string', description: 'no (nginx must not buffer the stream)' },
            'Access-Control-Allow-Origin': { type: 'string', description: 'The matching FRONTEND_ORIGIN, e.g. http://localhost:8888' }
          },
          content: { 'text/event-stream': { schema: ref({ $id: 'RealtimeSuggestionsResponse' }) } }
        },
        ...problemResponses(400, 401, 403, 406)
      }
    }
  }, async (request, reply) => {
    // A client that refuses text/event-stream (Accept without it, or with q=0); none or */* is fine.
    if (new Negotiator(request.raw).mediaType([EVENT_STREAM]) === undefined) throw notAcceptable(`This endpoint only produces ${EVENT_STREAM}`)
    const { meetingId } = request.params
    // Before any byte of the stream: a bad token gets a final 401/403, not an endless retry loop.
    await app.auth.verifyStreamToken(request.query.token, meetingId)
    // The stream's head is written by hand, so the onSend hook that sets this never runs for it.
    reply.header('x-request-id', request.id)
    await app.suggestionStreams.serve(meetingId, reply, resumePosition(request.headers['last-event-id'], request.query.lastEventId))
  })
}
