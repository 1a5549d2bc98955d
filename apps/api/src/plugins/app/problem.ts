import fp from 'fastify-plugin'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { PROBLEM_CONTENT_TYPE, stripNulls, type ProblemFieldError } from '@meeting-ai/contracts'
import { HttpProblem, problemType } from '../../http/problems.ts'

/** The request path without its query: `instance` must never echo tokens or ids from the query. */
function instanceOf (request: FastifyRequest): string {
  const url = request.raw.url ?? request.url
  const queryStart = url.indexOf('?')
  return queryStart === -1 ? url : url.slice(0, queryStart)
}

function fieldErrors (error: FastifyError): ProblemFieldError[] {
  return (error.validation ?? []).map((issue) => {
    const missing = (issue.params as { missingProperty?: string } | undefined)?.missingProperty
    const path = issue.instancePath === '' ? '' : issue.instancePath
    const field = `${error.validationContext ?? 'body'}${path}${missing !== undefined ? `/${missing}` : ''}`
    return { field, message: issue.message ?? 'is invalid' }
  })
}

/** Maps anything thrown to an HttpProblem; unknown errors become a 500 that reveals nothing. */
function toProblem (error: FastifyError): HttpProblem {
  if (error instanceof HttpProblem) return error
  if (error.validation !== undefined) {
    const errors = fieldErrors(error)
    const summary = errors.map((e) => `${e.field} ${e.message}`).join('; ')
    return new HttpProblem(400, 'VALIDATION_FAILED', 'Bad Request', `Invalid request: ${summary}`, errors)
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpProblem(413, 'BODY_TOO_LARGE', 'Content Too Large', 'The request body exceeds the configured limit (BODY_LIMIT_BYTES)')
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpProblem(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported Media Type', 'Send application/json')
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new HttpProblem(400, 'INVALID_JSON', 'Bad Request', 'The body is not valid JSON')
  }
  const status = error.statusCode ?? 500
  if (status === 400 && error instanceof SyntaxError) {
    return new HttpProblem(400, 'INVALID_JSON', 'Bad Request', 'The body is not valid JSON')
  }
  if (status >= 400 && status < 500) {
    return new HttpProblem(status, error.code ?? 'BAD_REQUEST', 'Request Error', error.message)
  }
  return new HttpProblem(500, 'INTERNAL_ERROR', 'Internal Server Error', 'An unexpected error occurred; it has been logged')
}

export async function sendProblem (reply: FastifyReply, problem: HttpProblem): Promise<void> {
  if (problem.headers !== undefined) reply.headers(problem.headers)
  await reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem.toProblem(instanceOf(reply.request)))
}

/**
 * Every error leaves as RFC 9457 problem+json, 404s included, never with a stack trace.
 * Nulls are stripped before validation because the Java caller sends `null` for absent
 * optionals and Ajv would coerce them to "" or [null].
 */
export default fp(async function problemPlugin (app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && request.body !== null && typeof request.body === 'object') stripNulls(request.body)
  })

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const problem = toProblem(error)
    if (problem.status >= 500 && !(error instanceof HttpProblem)) {
      request.log.error({ err: error }, 'unhandled error')
    } else if (problem.status >= 500) {
      request.log.warn({ code: problem.code, detail: problem.message }, 'request failed on a dependency')
    }
    await sendProblem(reply, problem)
  })

  app.setNotFoundHandler(async (request, reply) => {
    await sendProblem(reply, new HttpProblem(404, 'NOT_FOUND', 'Not Found', `No route for ${request.method} ${instanceOf(request)}`))
  })
}, { name: 'problem' })

export { problemType }
