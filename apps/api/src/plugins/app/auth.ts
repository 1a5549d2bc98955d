import { timingSafeEqual, createHash } from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose'
import type { Config } from '@meeting-ai/config'
import type { StreamTokenResponse } from '@meeting-ai/contracts'
import { forbidden, unauthorized } from '../../http/problems.ts'

const STREAM_AUDIENCE = 'meeting-ai:stream'

export interface Auth {
  readonly enabled: boolean
  /** onRequest hook for service routes: `Authorization: Bearer <API key>` when auth is on. */
  requireApiKey (request: FastifyRequest): Promise<void>
  /** A token that opens the stream of one meeting, for a browser that cannot send headers. */
  mintStreamToken (meetingId: string): Promise<StreamTokenResponse>
  /** Rejects with 401 (missing, expired, bad) or 403 (another meeting's token). */
  verifyStreamToken (token: string | undefined, meetingId: string): Promise<void>
  /** The caller's identity for rate limiting and logs: a hash of its key, or its address. */
  callerOf (request: FastifyRequest): string
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth
  }
}

// Comparing digests keeps the comparison constant-time whatever the key lengths.
const digest = (value: string): Buffer => createHash('sha256').update(value).digest()

function bearerOf (request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (header === undefined) return undefined
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match?.[1]
}

export default fp(async function authPlugin (app: FastifyInstance, options: { config: Config }) {
  const { config } = options
  const keyDigests = (config.authApiKeys ?? []).map(digest)
  const secret = new TextEncoder().encode(config.streamTokenSecret ?? 'auth-disabled-unused-secret-0000')

  const isKnownKey = (key: string): boolean => {
    const candidate = digest(key)
    let found = false
    for (const known of keyDigests) found = timingSafeEqual(candidate, known) || found
    return found
  }

  const auth: Auth = {
    enabled: config.authEnabled,
    async requireApiKey (request) {
      if (!config.authEnabled) return
      const key = bearerOf(request)
      if (key === undefined) throw unauthorized('Send `Authorization: Bearer <API key>`')
      if (!isKnownKey(key)) throw forbidden('The API key is not valid for this service')
    },
    async mintStreamToken (meetingId) {
      const expiresAt = Date.now() + config.streamTokenTtlS * 1000
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(meetingId)
        .setAudience(STREAM_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt / 1000))
        .sign(secret)
      return { token, expiresAt }
    },
    async verifyStreamToken (token, meetingId) {
      if (!config.authEnabled) return
      if (token === undefined || token === '') throw unauthorized('This stream needs `?token=`, minted by POST /api/v1/meetings/{meetingId}/stream-token')
      let subject: string | undefined
      try {
        const { payload } = await jwtVerify(token, secret, { audience: STREAM_AUDIENCE, algorithms: ['HS256'] })
        subject = payload.sub
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw unauthorized('The stream token has expired')
        throw unauthorized('The stream token is not valid')
      }
      if (subject !== meetingId) throw forbidden('The stream token was issued for another meeting')
    },
    callerOf (request) {
      const key = bearerOf(request)
      return key !== undefined && config.authEnabled ? `key:${digest(key).toString('hex').slice(0, 16)}` : `ip:${request.ip}`
    }
  }
  app.decorate('auth', auth)
}, { name: 'auth' })
