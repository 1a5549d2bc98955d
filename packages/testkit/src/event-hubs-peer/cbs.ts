import type { Message } from 'rhea'
import { audiencePath } from './addresses.ts'
import { hasRight, rightNeededFor } from './claims.ts'
import type { AccessRight, ConnectionClaims } from './claims.ts'
import { verifySasToken } from './sas-token.ts'

export interface PolicyLookup {
  (name: string): { key: string, rights: ReadonlySet<AccessRight> } | undefined
}

export type PutTokenOutcome =
  | { accepted: true, audience: string, policyName: string }
  | { accepted: false, statusCode: number, description: string }

/**
 * Handles a `put-token` request on `$cbs`: checks the SAS signature, expiry,
 * that the token's resource covers the requested audience and that the
 * policy has the right the audience needs; a valid claim is added to the
 * connection. Answers 202, or 401 as the service does.
 */
export function handlePutToken (
  request: Message,
  policies: PolicyLookup,
  claims: ConnectionClaims,
  nowMs: number
): PutTokenOutcome {
  const props = request.application_properties ?? {}
  if (props.operation !== 'put-token') {
    return { accepted: false, statusCode: 400, description: `Unsupported CBS operation '${String(props.operation)}'.` }
  }
  if (props.type !== 'servicebus.windows.net:sastoken') {
    return { accepted: false, statusCode: 400, description: `Unsupported token type '${String(props.type)}'.` }
  }
  const audience = typeof props.name === 'string' ? props.name : ''
  const raw = typeof request.body === 'string' ? request.body : Buffer.isBuffer(request.body) ? request.body.toString('utf8') : ''
  const verdict = verifySasToken(raw, (name) => policies(name)?.key, nowMs)
  if (!verdict.ok) return { accepted: false, statusCode: 401, description: verdict.reason }
  const { token } = verdict
  const resource = audiencePath(token.resource)
  const wanted = audiencePath(audience)
  if (resource !== '' && wanted !== resource && !wanted.startsWith(`${resource}/`)) {
    return { accepted: false, statusCode: 401, description: `InvalidAudience: the token is for '${token.resource}', not '${audience}'.` }
  }
  const policy = policies(token.keyName)
  const needed = rightNeededFor(wanted)
  if (policy === undefined || !hasRight(policy.rights, needed)) {
    return {
      accepted: false,
      statusCode: 401,
      description: `Unauthorized access. '${needed === 'Any' ? 'Listen' : needed}' claim(s) are required to perform this operation.`
    }
  }
  claims.grant(audience, policy.rights, token.expiresAtSeconds * 1000)
  return { accepted: true, audience, policyName: token.keyName }
}

export function cbsReply (request: Message, outcome: PutTokenOutcome): Message {
  const [statusCode, description] = outcome.accepted ? [202, 'Accepted'] : [outcome.statusCode, outcome.description]
  return {
    correlation_id: request.message_id,
    to: request.reply_to,
    application_properties: { 'status-code': statusCode, 'status-description': description },
    body: undefined
  }
}
