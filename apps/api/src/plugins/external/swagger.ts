import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import { namedSchemas } from '@meeting-ai/contracts'
import { referenceNamedSchemas } from '../../http/named-components.ts'

const DESCRIPTION = `AI assistance for meetings: live suggestions streamed over SSE while a meeting runs,
and one consolidated analysis (keywords, a summary per agenda item, todos) when it ends.

Errors are RFC 9457 \`application/problem+json\` with a stable \`code\`. Auth is off unless
API keys are configured: then service routes need \`Authorization: Bearer <key>\` and the
suggestion stream a \`?token=\` minted for its meeting. JSON bodies ignore unknown fields
and treat \`null\` as an absent optional field. Times are epoch milliseconds (int64).`

/**
 * OpenAPI 3.0.3 generated from the contracts: every named schema becomes a component
 * (the $id is its name) so that generated Java clients get real class names.
 */
export default fp(async function swaggerPlugin (app: FastifyInstance) {
  for (const schema of namedSchemas) app.addSchema(schema)
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Meeting AI service', version: '1.0.0', description: DESCRIPTION, license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' } },
      // Relative: Swagger UI calls the host that served it; a generated client is given its base URL.
      servers: [{ url: '/', description: 'The host that serves this document (locally http://localhost:8087)' }],
      tags: [
        { name: 'suggestions', description: 'Live suggestion stream (SSE)' },
        { name: 'transcripts', description: 'Consolidation of per-participant minutes' },
        { name: 'meetings', description: 'Per-meeting operations: summary regeneration, stream tokens' },
        { name: 'ingest', description: 'STT events over HTTP, for systems without Event Hubs' },
        { name: 'operations', description: 'Health and documentation' }
      ],
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: 'An API key from AUTH_API_KEYS (only when auth is on)' },
          streamToken: { type: 'apiKey', in: 'query', name: 'token', description: 'A stream token for one meeting (only when auth is on)' }
        }
      }
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => typeof json.$id === 'string' ? json.$id : `def-${i}`
    },
    transformObject: (documentObject) => {
      const document = 'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject
      return referenceNamedSchemas(document as Parameters<typeof referenceNamedSchemas>[0]) as typeof document
    }
  })
}, { name: 'swagger' })
