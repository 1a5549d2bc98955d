/** Raised by the peer's own API (bad options, unknown policy), never sent over AMQP. */
export class EventHubsPeerError extends Error {
  readonly code: string

  constructor (code: string, message: string) {
    super(message)
    this.name = 'EventHubsPeerError'
    this.code = code
  }
}

/** AMQP error conditions the Event Hubs client maps to its own error names. */
export const AmqpCondition = {
  notFound: 'amqp:not-found',
  unauthorized: 'amqp:unauthorized-access',
  invalidField: 'amqp:invalid-field',
  // The client turns this into ReceiverDisconnectedError, as it does for the real service.
  linkStolen: 'amqp:link:stolen',
  detachForced: 'amqp:link:detach-forced',
  internalError: 'amqp:internal-error'
} as const
