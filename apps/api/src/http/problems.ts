import { PROBLEM_TYPE_BASE, type Problem, type ProblemFieldError } from '@meeting-ai/contracts'

/**
 * An error that knows its HTTP answer. Routes and services throw these; the problem
 * plugin turns them into RFC 9457 bodies. `code` is stable for clients to switch on.
 */
export class HttpProblem extends Error {
  constructor (
    readonly status: number,
    readonly code: string,
    readonly title: string,
    detail: string,
    readonly errors?: ProblemFieldError[],
    readonly headers?: Record<string, string>
  ) {
    super(detail)
    this.name = 'HttpProblem'
  }

  toProblem (instance: string): Problem {
    return {
      type: problemType(this.code),
      title: this.title,
      status: this.status,
      detail: this.message,
      instance,
      code: this.code,
      ...(this.errors !== undefined && { errors: this.errors })
    }
  }
}

export function problemType (code: string): string {
  return PROBLEM_TYPE_BASE + code.toLowerCase().replaceAll('_', '-')
}

export const badRequest = (code: string, detail: string, errors?: ProblemFieldError[]): HttpProblem =>
  new HttpProblem(400, code, 'Bad Request', detail, errors)
export const unauthorized = (detail: string): HttpProblem =>
  new HttpProblem(401, 'UNAUTHORIZED', 'Unauthorized', detail, undefined, { 'www-authenticate': 'Bearer' })
export const forbidden = (detail: string): HttpProblem => new HttpProblem(403, 'FORBIDDEN', 'Forbidden', detail)
export const notFound = (code: string, detail: string): HttpProblem => new HttpProblem(404, code, 'Not Found', detail)
export const notAcceptable = (detail: string): HttpProblem => new HttpProblem(406, 'NOT_ACCEPTABLE', 'Not Acceptable', detail)
export const tooManyRequests = (detail: string, retryAfterS: number): HttpProblem =>
  new HttpProblem(429, 'RATE_LIMITED', 'Too Many Requests', detail, undefined, { 'retry-after': String(retryAfterS) })
export const serviceUnavailable = (code: string, detail: string, retryAfterS?: number): HttpProblem =>
  new HttpProblem(503, code, 'Service Unavailable', detail, undefined, retryAfterS === undefined ? undefined : { 'retry-after': String(retryAfterS) })
export const gatewayTimeout = (code: string, detail: string): HttpProblem => new HttpProblem(504, code, 'Gateway Timeout', detail)
