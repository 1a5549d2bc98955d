import type { Agenda, ParticipantMinutes, Segment, SttEvent } from '@meeting-ai/contracts'

/** LocalDateTime as the STT producer serialises it: [year, month, day, hour, minute, second]. */
export type LocalDateTimeArray = [number, number, number, number, number, number]

export interface SampleSegment extends SttEvent {
  timestamp: LocalDateTimeArray
  segmentId: string
  speakerId: string
  speakerName: string
}

/** What a correct analysis obviously contains; tests assert on these. */
export interface SampleExpectations {
  /** Each entry: words that all appear (case-insensitive) in one todo title. */
  todos: string[][]
  /** Topic words repeated through the meeting that belong among the keywords. */
  keywords: string[]
  /** A question asked in the transcript and never answered (a substring of it). */
  openQuestion: string
  /** An action item stated without an owner (a substring of it). */
  unownedAction: string
  /** Agenda number on which two participants' minutes conflict, and a word of the topic. */
  conflict: { agendaNumber: number, topic: string }
}

export interface SampleMeeting {
  meetingId: string
  meetingTitle: string
  language: 'ko' | 'en'
  agendas: Agenda[]
  /** STT events in order, as the producer would send them (zone-less timestamps: read them in UTC). */
  segments: SampleSegment[]
  participantMinutes: ParticipantMinutes[]
  expected: SampleExpectations
}

/** The sample's segments as the window stores them (timestamps read in UTC). */
export function toWindowSegments (sample: SampleMeeting): Segment[] {
  return sample.segments.map((s) => {
    const [y, mo, d, h, mi, sec] = s.timestamp
    return {
      meetingId: sample.meetingId,
      text: s.text,
      timestamp: Date.UTC(y, mo - 1, d, h, mi, sec),
      dedupeKey: s.segmentId,
      speakerId: s.speakerId,
      speakerName: s.speakerName,
      language: sample.language
    }
  })
}
