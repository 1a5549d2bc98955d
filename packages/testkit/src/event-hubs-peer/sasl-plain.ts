import type { Connection } from 'rhea'

/**
 * SASL PLAIN where the user name is a shared access policy and the password
 * its key, as Azure Service Bus accepts. Written as a rhea mechanism (not
 * `enable_plain`) so the peer can tell afterwards which policy a connection
 * authenticated as.
 */
export class PolicyPlainMechanism {
  outcome: boolean | undefined
  username: string | undefined
  readonly #verify: (name: string, key: string) => boolean

  constructor (verify: (name: string, key: string) => boolean) {
    this.#verify = verify
  }

  start (response: Buffer | undefined): void {
    // authzid NUL authcid NUL passwd
    const fields = (response ?? Buffer.alloc(0)).toString('utf8').split('\u0000')
    const [, name = '', key = ''] = fields
    this.outcome = fields.length === 3 && this.#verify(name, key)
    if (this.outcome) this.username = name
  }
}

/** The policy a connection authenticated as through SASL PLAIN, if any. */
export function plainPolicyOf (connection: Connection): string | undefined {
  // rhea keeps the SASL exchange on the connection (wrapped when the server
  // also offers ANONYMOUS); it has no public accessor for the outcome.
  const transport = (connection as unknown as { sasl_transport?: SaslServerShape }).sasl_transport
  const server = transport?.selected ?? transport?.transports?.[3] ?? transport
  const mechanism = server?.mechanism
  return mechanism instanceof PolicyPlainMechanism && mechanism.outcome === true ? mechanism.username : undefined
}

interface SaslServerShape {
  selected?: SaslServerShape
  transports?: Record<number, SaslServerShape>
  mechanism?: unknown
}
