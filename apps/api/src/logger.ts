import type { FastifyServerOptions } from 'fastify'

/** Removes `token` (stream tokens) from a URL before it is logged. */
export function redactUrl (url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[REDACTED]')
}

/**
 * pino options for the API: JSON lines with the request id; credentials and stream tokens
 * never reach a log line, and bodies (transcripts, minutes) are never logged.
 */
export function loggerOptions (level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'headers.authorization', '*.apiKey', '*.token'], censor: '[REDACTED]' },
    serializers: {
      req (request: { method: string, url: string, id: string, ip?: string }) {
        return { method: request.method, url: redactUrl(request.url), reqId: request.id, remoteAddress: request.ip }
      }
    }
  }
}
