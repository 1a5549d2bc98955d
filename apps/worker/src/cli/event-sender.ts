/** Where the replay CLI sends events. */
export interface EventSender {
  send (event: Record<string, unknown>, meetingId: string): Promise<void>
  close (): Promise<void>
}

export class SenderError extends Error {
  readonly code = 'REPLAY_SEND_FAILED'
  constructor (message: string) {
    super(message)
    this.name = 'SenderError'
  }
}
