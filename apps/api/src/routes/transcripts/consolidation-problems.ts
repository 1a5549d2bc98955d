import { AnalysisQueueFullError } from '@meeting-ai/llm'
import { ConsolidationError } from '../../consolidation/errors.ts'
import { HttpProblem, badRequest, gatewayTimeout, notFound, serviceUnavailable } from '../../http/problems.ts'

/** The HTTP answer to each ConsolidationError code; anything else is rethrown for the problem plugin. */
export function consolidationProblem (error: unknown): unknown {
  if (error instanceof AnalysisQueueFullError) {
    return new HttpProblem(503, error.code, 'Service Unavailable', error.message, undefined, { 'retry-after': String(error.retryAfterS) })
  }
  if (!(error instanceof ConsolidationError)) return error
  const fieldErrors = error.field !== undefined ? [{ field: error.field, message: error.message }] : undefined
  switch (error.code) {
    case 'MINUTES_TOO_LARGE':
    case 'IDEMPOTENCY_KEY_INVALID':
      return badRequest(error.code, error.message, fieldErrors)
    case 'IDEMPOTENCY_KEY_REUSED':
      return new HttpProblem(422, error.code, 'Unprocessable Content', error.message, fieldErrors)
    case 'MEETING_NOT_CONSOLIDATED':
    case 'AGENDA_NOT_FOUND':
      return notFound(error.code, error.message)
    case 'STORE_UNAVAILABLE':
      return serviceUnavailable(error.code, error.message)
    case 'NO_USABLE_ANSWER':
      return gatewayTimeout(error.code, error.message)
  }
}
