export { englishLaunchMeeting } from './english-launch-meeting.ts'
export { koreanLaunchMeeting } from './korean-launch-meeting.ts'
export { toWindowSegments, type SampleMeeting, type SampleSegment, type SampleExpectations, type LocalDateTimeArray } from './types.ts'
export { distinctDecisionMinutes } from './decision-minutes.ts'
