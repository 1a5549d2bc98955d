import type { SampleMeeting, SampleSegment } from './types.ts'

const meetingId = 'sample-en-launch'
const speakers = {
  sarah: { speakerId: 'u-sarah', speakerName: 'Sarah Chen' },
  kim: { speakerId: 'u-kim', speakerName: 'Daniel Kim' },
  david: { speakerId: 'u-david', speakerName: 'David Miller' }
} as const

const lines: Array<[keyof typeof speakers, number, string]> = [
  ['sarah', 5, 'Good morning everyone, today we need to lock the launch date, the marketing budget and what we do with the beta feedback.'],
  ['sarah', 18, 'Engineering, where are we with the release candidate for the mobile app?'],
  ['kim', 31, 'The release candidate is feature complete, but the beta testers still see a crash when push notifications arrive on Android 14.'],
  ['kim', 47, 'That crash affects about four percent of beta sessions, so I would not ship with it.'],
  ['david', 62, 'If the launch slips past November, we lose the holiday campaign slot we booked with the app stores.'],
  ['sarah', 80, 'How long do you need to fix the push notification crash?'],
  ['kim', 95, 'About a week. I will fix the push notification crash by next Wednesday and send a new beta build the same day.'],
  ['sarah', 112, 'Then let\'s go with November 18 as the launch date, with November 11 as the code freeze.'],
  ['david', 126, 'November 18 works for marketing if we get final screenshots a week before.'],
  ['sarah', 140, 'Who is going to prepare the App Store screenshots and the store listing text?'],
  ['david', 158, 'On the marketing budget, the paid social campaign is the biggest item, around thirty thousand dollars.'],
  ['david', 172, 'I will send the revised marketing budget to Sarah by Friday, split by channel.'],
  ['sarah', 186, 'Finance asked us to stay under fifty thousand dollars for the whole launch budget.'],
  ['kim', 201, 'Does the budget include the extra load testing for the launch week?'],
  ['david', 214, 'Yes, the budget includes five thousand dollars for load testing in launch week.'],
  ['sarah', 230, 'Good. We also need to update the privacy policy before launch because the new analytics SDK collects device identifiers.'],
  ['kim', 246, 'The analytics SDK is a risk for the review too; Apple may delay the review if the privacy labels are wrong.'],
  ['sarah', 262, 'Let\'s move to the beta feedback. The top complaints are slow login and the confusing onboarding screens.'],
  ['kim', 277, 'Slow login is the token refresh on cold start; I can cut it to under two seconds in the same beta build.'],
  ['david', 293, 'For onboarding, the beta testers want a skip button; should we drop the third onboarding screen?'],
  ['sarah', 309, 'Yes, we drop the third onboarding screen and add a skip button, that is decided.'],
  ['kim', 322, 'Someone should also reply to the beta testers who reported the login problem, they are waiting for an answer.'],
  ['david', 338, 'The press kit goes to press@launchpartners.example and the agency contact is +1 415 555 0132, if anyone needs them.'],
  ['sarah', 355, 'To recap: launch on November 18, crash fix by Wednesday, revised budget by Friday, and the privacy policy update before launch.'],
  ['sarah', 369, 'Next meeting is Thursday at ten, same room. Thanks everyone.']
]

const segments: SampleSegment[] = lines.map(([who, offset, text], i) => ({
  meetingId,
  segmentId: `${meetingId}-${String(i + 1).padStart(2, '0')}`,
  ...speakers[who],
  text,
  timestamp: [2026, 11, 23, 10, Math.floor(offset / 60), offset % 60],
  language: 'en'
}))

export const englishLaunchMeeting: SampleMeeting = {
  meetingId,
  meetingTitle: 'Mobile app launch planning',
  language: 'en',
  agendas: [
    { agendaNumber: 1, title: 'Launch date' },
    { agendaNumber: 2, title: 'Marketing budget' },
    { agendaNumber: 3, title: 'Beta feedback' }
  ],
  segments,
  participantMinutes: [
    {
      userId: 'u-sarah',
      userName: 'Sarah Chen',
      content: `Launch date
- Release candidate is feature complete; Android 14 crash on push notifications still open.
- Decided: launch date November 18, code freeze November 11.
- Daniel will fix the push notification crash by next Wednesday.

Marketing budget
- Marketing budget approved at $50,000 for the whole launch.
- David will send the revised marketing budget by Friday.
- We need to update the privacy policy before launch (new analytics SDK collects device identifiers).

Beta feedback
- Top complaints: slow login and confusing onboarding.
- Decided: drop the third onboarding screen and add a skip button.
- Open: who prepares the App Store screenshots?`
    },
    {
      userId: 'u-kim',
      userName: 'Daniel Kim',
      content: `Launch date
- Push notification crash affects about 4% of beta sessions; not shippable.
- I will fix the crash and send a new beta build by next Wednesday.
- Launch on November 18 agreed.

Marketing budget
- Budget includes $5,000 for load testing in launch week.

Beta feedback
- Slow login comes from the token refresh on cold start; I will cut it under 2 seconds in the same beta build.
- Someone should reply to the beta testers who reported the login problem.
- Risk: Apple may delay the review if the privacy labels for the analytics SDK are wrong.`
    },
    {
      userId: 'u-david',
      userName: 'David Miller',
      content: `Launch date
- November 18 works if final screenshots are ready one week before launch.
- A slip past November loses the holiday campaign slot.

Marketing budget
- Paid social campaign is the biggest item, around $30,000.
- Marketing budget approved at $45,000 for the whole launch.
- I will send the revised marketing budget to Sarah by Friday, split by channel.

Beta feedback
- Beta testers want a skip button in onboarding; third onboarding screen dropped.`
    }
  ],
  expected: {
    todos: [['revised', 'budget'], ['push notification', 'crash'], ['privacy policy']],
    keywords: ['launch', 'budget', 'beta'],
    openQuestion: 'App Store screenshots',
    unownedAction: 'privacy policy',
    conflict: { agendaNumber: 2, topic: 'budget' }
  }
}
