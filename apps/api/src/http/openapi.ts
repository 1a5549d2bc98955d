import { PROBLEM_CONTENT_TYPE } from '@meeting-ai/contracts'

const descriptions: Record<number, string> = {
  400: 'Invalid input; `errors` names each offending field',
  401: 'Missing or invalid credentials',
  403: 'Credentials do not grant this operation',
  404: 'Not found',
  406: 'The Accept header refuses every type this operation produces',
  413: 'Body larger than BODY_LIMIT_BYTES',
  429: 'Rate limited; see Retry-After',
  503: 'A dependency (Redis, the LLM) is unavailable',
  504: 'The time budget was spent with no usable answer'
}

/** Problem responses for a route's OpenAPI entry, all `application/problem+json`. */
export function problemResponses (...statuses: number[]): Record<number, unknown> {
  return Object.fromEntries(statuses.map((status) => [status, {
    description: descriptions[status] ?? 'Error',
    content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: 'Problem#' } } }
  }]))
}

/** `{ $ref: 'Name#' }` to a schema registered by name (see contracts' namedSchemas). */
export function ref (schema: { $id?: string }): { $ref: string } {
  if (schema.$id === undefined) throw new Error('schema has no $id')
  return { $ref: `${schema.$id}#` }
}
