/** What the receiving side said about one sent event, when it says anything (HTTP does; a hub or stream does not). */
export interface SendOutcome {
  accepted: number
  duplicates: number
  rejected: Array<{ code: string, detail: string }>
}

/** Where the replay CLI sends events. */
export interface EventSender {
  send (event: Record<string, unknown>, meetingId: string): Promise<SendOutcome | undefined>
  close (): Promise<void>
}

export class SenderError extends Error {
  readonly code = 'REPLAY_SEND_FAILED'
  constructor (message: string) {
    super(message)
    this.name = 'SenderError'
  }
}
