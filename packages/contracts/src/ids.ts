import Type from 'typebox'

/** Meeting ids travel in URLs, Redis keys and channel names, so their alphabet is closed. */
export const MEETING_ID_PATTERN = '^[A-Za-z0-9._:-]{1,128}$'

export const MeetingId = Type.String({
  pattern: MEETING_ID_PATTERN,
  minLength: 1,
  maxLength: 128,
  description: 'Meeting identifier: 1..128 characters of [A-Za-z0-9._:-]. An integer is accepted and normalised to its decimal string.',
  examples: ['m-42']
})

/** Epoch milliseconds. Declared int64 so generated Java clients use long, not int. */
export const EpochMillis = Type.Integer({ format: 'int64', minimum: 0, description: 'Unix epoch milliseconds' })

/** Replay-stream entry id, the SSE `id:` of a suggestion event. */
export const STREAM_ENTRY_ID_PATTERN = '^\\d+-\\d+$'
