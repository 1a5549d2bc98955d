import { audiencePath } from './addresses.ts'

export type AccessRight = 'Send' | 'Listen' | 'Manage'

interface Claim {
  path: string
  rights: ReadonlySet<AccessRight>
  expiresAtMs: number
}

/**
 * The rights one AMQP connection holds: put-token claims scoped to an entity
 * path, or a namespace-wide grant from SASL PLAIN. A claim on a path covers
 * every entity below it, as a namespace- or hub-level token does on Azure.
 */
export class ConnectionClaims {
  readonly #claims: Claim[] = []

  grant (audience: string, rights: Iterable<AccessRight>, expiresAtMs: number): void {
    this.#claims.push({ path: audiencePath(audience), rights: new Set(rights), expiresAtMs })
  }

  allows (entityPath: string, right: AccessRight | 'Any', nowMs: number): boolean {
    const path = entityPath.toLowerCase()
    return this.#claims.some((claim) =>
      claim.expiresAtMs > nowMs &&
      (claim.path === '' || path === claim.path || path.startsWith(`${claim.path}/`)) &&
      hasRight(claim.rights, right))
  }
}

export function hasRight (rights: ReadonlySet<AccessRight>, right: AccessRight | 'Any'): boolean {
  if (right === 'Any') return rights.size > 0
  // Manage implies the other two on Azure.
  return rights.has(right) || rights.has('Manage')
}

/** The right an audience needs: senders need Send, consumer-group readers Listen, `$management` any right. */
export function rightNeededFor (entityPath: string): AccessRight | 'Any' {
  const path = entityPath.toLowerCase()
  if (path.endsWith('/$management') || path === '$management' || path === '') return 'Any'
  if (path.includes('/consumergroups/')) return 'Listen'
  return 'Send'
}
