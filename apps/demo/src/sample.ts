import { englishLaunchMeeting, type SampleMeeting } from '@meeting-ai/samples'

/** What the page replays and consolidates: the sample meeting, with speech offsets for pacing. */
export interface DemoSample {
  meetingId: string
  meetingTitle: string
  language: string
  agendas: SampleMeeting['agendas']
  participantMinutes: SampleMeeting['participantMinutes']
  segments: Array<{
    segmentId: string
    speakerId: string
    speakerName: string
    text: string
    /** Seconds since the first segment, in the original recording. */
    offsetS: number
  }>
}

export function demoSample (sample: SampleMeeting = englishLaunchMeeting): DemoSample {
  const seconds = (timestamp: number[]): number => {
    const [y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0] = timestamp
    return Date.UTC(y, mo - 1, d, h, mi, s) / 1000
  }
  const start = seconds(sample.segments[0]?.timestamp ?? [])
  return {
    meetingId: sample.meetingId,
    meetingTitle: sample.meetingTitle,
    language: sample.language,
    agendas: sample.agendas,
    participantMinutes: sample.participantMinutes,
    segments: sample.segments.map((segment) => ({
      segmentId: segment.segmentId,
      speakerId: segment.speakerId,
      speakerName: segment.speakerName,
      text: segment.text,
      offsetS: seconds(segment.timestamp) - start
    }))
  }
}
