import { test } from 'tap'
import type { ConsolidateResponse, SimpleSuggestion } from '@meeting-ai/contracts'
import { isAdvice, isAdviceForm, ownWords, transcriptSentences } from '../src/advice.ts'
import type { EvalMeeting } from '../src/dataset.ts'
import { ownerOf, participantNamed, taskOf } from '../src/owners.ts'
import { scoreDecisionPrecision, scoreOwners, scoreSuggestions, scoreTodos, type PublishedSet } from '../src/scoring.ts'

function meeting (language: 'en' | 'ko', lines: Array<[string, string]>, labels: Partial<EvalMeeting['labels']>): EvalMeeting {
  return {
    id: 'm',
    title: 'test',
    language,
    tags: [],
    description: '',
    segments: lines.map(([speakerName, text], i) => ({ meetingId: 'm', text, speakerId: speakerName, speakerName, timestamp: [2026, 11, 1, 10, i] })),
    minutes: [{ userId: 'u1', userName: lines[0]![0], content: 'minutes' }],
    labels: { todos: [], keywords: [], decisions: [], moments: [], conflicts: [], injectionMarkers: [], ...labels }
  }
}

function published (segmentIndex: number, ...suggestions: Array<Partial<SimpleSuggestion> & { content: string }>): PublishedSet {
  return {
    segmentIndex,
    set: { meetingId: 'm', generatedAt: 0, suggestions: suggestions.map((s, i) => ({ id: `s${segmentIndex}-${i}`, timestamp: 0, confidence: 0.8, ...s })) }
  }
}

function response (parts: Partial<ConsolidateResponse>): ConsolidateResponse {
  return { meetingId: 'm', keywords: [], agendaSummaries: [], todos: [], generatedAt: 0, model: 'test', partial: false, notes: [], ...parts }
}

test('advice forms: imperatives, requests, proposals and questions are advice; labels and statements are not', async (t) => {
  for (const advice of ['Decide who prepares the App Store screenshots', 'Risk raised, decide who follows it up', 'Please confirm the budget with finance',
    "Let's agree on a fallback before Thursday", 'Someone should tell Marta today', 'Who will tell Marta?', 'Ask who will give Marta a heads-up',
    '담당자와 기한을 정해 주세요', '배포일을 목요일로 정합시다', '담당자 정할 것', '마케팅 예산은 재무팀과 다시 확인해야 합니다', '누가 맡을까요']) {
    t.ok(isAdviceForm(advice), `advice: ${advice}`)
  }
  for (const statement of ['Open question, not answered yet', 'Budget approved at 45k', 'Risk raised', 'Tom reviews the PR', 'The risk is that the SDK upgrade touches half the build',
    '아직 답변되지 않은 질문', '배포를 목요일로 연기하기로 함', '담당자', '예산은 8.6억으로 승인되었습니다']) {
    t.notOk(isAdviceForm(statement), `not advice: ${statement}`)
  }
})

test('a quote of the transcript is not the assistant\'s own words, and a copied sentence is no advice', async (t) => {
  const sentences = transcriptSentences([{ text: 'Who is reviewing the iOS pull request? The release is Thursday.' }, { text: '그럼 TV 광고는 일단 보류하겠습니다.' }])
  t.equal(ownWords('Open question, not answered yet: "Who is reviewing the iOS pull request?"', sentences), 'Open question, not answered yet:')
  t.notOk(isAdvice('Open question, not answered yet: "Who is reviewing the iOS pull request?"', sentences), 'a label around a quoted question')
  t.notOk(isAdvice('Who is reviewing the iOS pull request?', sentences), 'the question copied verbatim, without quotes')
  t.notOk(isAdvice('Open question: Who is reviewing the iOS pull request?', sentences), 'a label before an unquoted copy of the question')
  t.equal(ownWords('Open question: who is reviewing the iOS pull request?', sentences), 'Open question:')
  t.ok(isAdvice('Ask Tom to review the iOS pull request before Thursday\'s release', sentences), 'advice in its own words')
  t.ok(isAdvice('Decide who reviews it: "Who is reviewing the iOS pull request?"', sentences), 'advice with a quote: the rest is advice')
  t.equal(ownWords('결정 사항을 기록해 주세요: "그럼 TV 광고는 일단 보류하겠습니다."', sentences), '결정 사항을 기록해 주세요:')
  t.equal(ownWords('Record the "SSO" decision', sentences), 'Record the "SSO" decision', 'a short quoted term that is no transcript sentence stays')
})

test('live suggestions count by meaning: about the moment and advice; the proximity figures stay beside them', async (t) => {
  const m = meeting('en', [
    ['Sam', 'morning all'],
    ['Tom', 'I cannot get the push fix to work without the new Firebase SDK'],
    ['Tom', 'so not sure it will land this sprint'],
    ['Sam', 'somebody should give Marta a heads up, it might slip the release'],
    ['Ines', 'the onboarding screens have eleven accessibility issues'],
    ['Sam', 'okay, thanks everyone']
  ], {
    moments: [
      { from: 1, to: 2, kind: 'risk', about: 'push fix depends on a Firebase SDK upgrade and may not land this sprint' },
      { from: 3, to: 3, kind: 'action', about: 'nobody took telling Marta about the possible slip', advice: 'Ask who will give Marta a heads-up about the push fix slipping' }
    ]
  })
  const score = scoreSuggestions(m, [
    // About the risk, in advice form: useful.
    published(2, { kind: 'risk', content: 'Agree a fallback in case the push fix misses this sprint because of the Firebase SDK upgrade' }),
    // Same kind, near the moment, but a template around the wrong sentence: near, not useful.
    published(3, { kind: 'action', content: 'Assign an owner and a due date: "morning all"' }),
    // About the moment, but a label around a quote: near, not advice.
    published(4, { kind: 'action', content: 'Open point: "somebody should give Marta a heads up, it might slip the release"' }),
    // The evidence field is not read: generic content with the right quote as evidence is not about the moment.
    published(5, { kind: 'action', content: 'Assign an owner for this', evidence: 'somebody should give Marta a heads up, it might slip the release' } as Partial<SimpleSuggestion> & { content: string })
  ])
  t.equal(score.published, 4)
  t.equal(score.matched, 4, 'proximity: every suggestion is near a moment of its kind')
  t.equal(score.momentsHit, 2)
  t.equal(score.useful, 1, 'by meaning: only the advice about the risk counts')
  t.equal(score.momentsCaught, 1)
  t.equal(score.usefulRate, 0.25)
  t.equal(score.caughtRate, 0.5)
  t.same(score.missedMoments.map((moment) => moment.kind), ['action'])
  t.equal(score.nearNotUseful.length, 3)
  t.equal(score.inQuiet, null, 'no quiet labels, no quiet count')

  const quiet = scoreSuggestions({ ...m, labels: { ...m.labels, quietMoments: [{ from: 0, to: 0, why: 'greeting' }, { from: 5, to: 5, why: 'wrap-up' }] } }, [
    published(0, { kind: 'question', content: 'Open question: "morning all"' }),
    published(2, { kind: 'risk', content: 'Agree a fallback in case the push fix misses this sprint because of the Firebase SDK upgrade' }),
    published(5, { kind: 'action', content: 'Assign an owner for this' })
  ])
  t.equal(quiet.inQuiet, 2, 'the greeting and the wrap-up suggestions are in quiet passages; the useful one is not counted')

  const better = scoreSuggestions(m, [published(4, { kind: 'action', content: 'Ask who will give Marta a heads-up that the push fix may slip' })])
  t.equal(better.useful, 1, 'advice in its own words that states the moment (matched on the label\'s advice) counts')
  t.equal(better.momentsCaught, 1)
})

test('Korean suggestions: a request ending with the moment\'s content counts; a question label does not', async (t) => {
  const m = meeting('ko', [
    ['장우진', '안녕하세요'],
    ['류민지', '그럼 TV 광고는 일단 보류하겠습니다.'],
    ['장우진', '재검토는 4월에 하죠.'],
    ['권나래', '다음 안건 볼까요?']
  ], { moments: [{ from: 1, to: 2, kind: 'action', about: '4월 TV 광고 재검토 일정을 누가 잡을지 불명확' }] })
  const score = scoreSuggestions(m, [
    published(2, { kind: 'action', content: '4월 TV 광고 재검토 일정을 누가 잡을지 정해 주세요.' }),
    published(2, { kind: 'action', content: '아직 답변되지 않은 질문: "그럼 TV 광고는 일단 보류하겠습니다."' })
  ])
  t.equal(score.matched, 2)
  t.equal(score.useful, 1)
  t.equal(score.momentsCaught, 1)
})

test('decisions precision: one entry per labelled decision; repeats, pending points and actions do not count', async (t) => {
  const m = meeting('en', [['Helen', 'a'], ['Yuki', 'b'], ['Anton', 'c']], {
    decisions: [{ text: 'Approve the content agency retainer at 18k per quarter', agendaNumber: 1 }, { text: 'Cut Q1 paid social by 20% to 96k', agendaNumber: 2 }],
    todos: ['Yuki books the Logistics World Berlin stand this week']
  })
  const score = scoreDecisionPrecision(m, response({
    agendaSummaries: [
      { agendaNumber: 1, agendaTitle: 'Budget', summaryShort: '', summary: '', decisions: ['Content agency retainer approved at 18k per quarter.', 'Agency retainer at 18k per quarter, approved by Helen.', 'Not decided.'], pending: ['Not decided.'] },
      { agendaNumber: 2, agendaTitle: 'Q1', summaryShort: '', summary: '', decisions: ['Yuki books the Logistics World Berlin stand this week', 'Paid social cut by 20% to 96k in Q1', 'approved.'], pending: [] }
    ]
  }))
  t.equal(score.returned, 6)
  t.equal(score.matched, 2)
  t.equal(score.repeated, 1)
  t.equal(score.pending, 1)
  t.equal(score.actions, 1)
  t.equal(score.precision, 2 / 6)
  t.equal(score.otherAgenda, 0)
  t.match(score.unmatched, [/^pending: Not decided/, /^action: Yuki books/, /^repeated: Agency retainer/, /^no labelled decision: approved/])

  const misplaced = scoreDecisionPrecision(m, response({ agendaSummaries: [{ agendaNumber: 1, agendaTitle: 'Budget', summaryShort: '', summary: '', decisions: ['Paid social cut by 20% to 96k in Q1'], pending: [] }] }))
  t.equal(misplaced.matched, 1, 'a decision under another agenda still states a decision')
  t.equal(misplaced.otherAgenda, 1)
})

test('owners: the trailing bracket names the owner; remarks are not owners', async (t) => {
  t.equal(ownerOf('Send the revised budget by Friday (Kim)'), 'Kim')
  t.equal(ownerOf('Ask Priti to join the onsite panel (me,)'), 'me')
  t.equal(ownerOf('Fix flaky finance test (timezone in fixture?)'), undefined)
  t.equal(ownerOf('Reduce dbt CI build time (state comparison, modified models only)'), undefined)
  t.equal(ownerOf('Run a usage workshop next week (forecasting module is only used at 2 of 9 sites)'), undefined)
  t.equal(ownerOf('Finish QuickBooks (team) by end of January'), undefined, 'a bracket inside the title is no owner')
  t.equal(participantNamed('수정', ['봉수정', '노민혁']), '봉수정', 'a Korean given name names the participant')
  t.equal(participantNamed('진아 님', ['선우진아']), '선우진아')
  t.equal(participantNamed('Priya', ['Priya Shah']), 'Priya Shah')
  t.equal(participantNamed('본부장', ['길현우', '황보라']), undefined)
})

test('owner precision: of the todos that match a label, the share naming the labelled owner', async (t) => {
  const m = meeting('en', [['Helen', 'a'], ['Yuki', 'b'], ['Anton', 'c']], {
    todos: ['Anton circulates the updated numbers by Friday', 'Yuki sends Helen a one-pager on the UK roadshow', 'Helen speaks to Dev in sales about the CRM licence', 'Book a mid-quarter review'],
    todoOwners: [
      { todo: 'Anton circulates the updated numbers by Friday', owner: 'Anton' },
      { todo: 'Yuki sends Helen a one-pager on the UK roadshow', owner: 'Yuki' },
      { todo: 'Helen speaks to Dev in sales about the CRM licence', owner: 'Helen' },
      { todo: 'Book a mid-quarter review', owner: '' }
    ]
  })
  const score = scoreOwners(m, response({
    todos: [
      { title: 'Circulate the updated numbers by Friday (Anton)' },
      { title: 'Send Helen a one-pager on the UK roadshow (Helen)' },
      { title: 'Speak to Dev in sales about the CRM licence' },
      { title: 'Book a mid-quarter review' },
      { title: 'Happy to own the spreadsheet (Happy)' }
    ]
  }))
  t.equal(score.checked, 4)
  t.equal(score.right, 2, 'Anton, and nobody where nobody took it')
  t.equal(score.wrong, 1)
  t.equal(score.missing, 1)
  t.equal(score.precision, 0.5)
  t.equal(score.named, 3)
  t.equal(score.notParticipant, 1, '"Happy" is nobody at the meeting')

  const unlabelled = scoreOwners({ ...m, labels: { ...m.labels, todoOwners: undefined } } as unknown as EvalMeeting, response({ todos: [{ title: 'Circulate the updated numbers by Friday (Anton)' }] }))
  t.equal(unlabelled.precision, null, 'no owner labels: no owner precision')
})

test('todo matching compares tasks: the owner, scored apart, is left out of both sides', async (t) => {
  t.equal(taskOf('Renew the venue booking for the spring (Marta Lindgren)'), 'Renew the venue booking for the spring')
  t.equal(taskOf('Run a usage workshop (2 of 9 sites)'), 'Run a usage workshop (2 of 9 sites)', 'a remark is part of the task')

  const m = meeting('en', [['Marta Lindgren', 'a'], ['Tom', 'b']], {
    todos: ['Renew the venue contract for the spring conference', 'Marta orders the badges'],
    todoOwners: [
      { todo: 'Renew the venue contract for the spring conference', owner: 'Marta Lindgren' },
      { todo: 'Marta orders the badges', owner: 'Marta' }
    ]
  })
  const score = scoreTodos(m, response({
    todos: [
      // Three of five task words: the owner's two names would make it 3 of 8 and no match.
      { title: 'Renew the venue booking for the spring (Marta Lindgren)' },
      // Shares only the owner's name and one word with the label: no statement of the task.
      { title: 'Badges for Marta (Tom)' }
    ]
  }))
  t.equal(score.matched, 1)
  t.same(score.missed, ['Marta orders the badges'])

  const twice = scoreTodos(m, response({ todos: [{ title: 'Renew the venue contract for the spring conference (Marta)' }, { title: 'Renew the venue contract for the spring conference (Tom)' }] }))
  t.equal(twice.duplicates, 1, 'one task given twice is a duplicate whoever each names')
})
