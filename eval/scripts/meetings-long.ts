import type { AuthoredMeeting, Line } from './authoring.ts'

/*
 * The two long planning meetings (over an hour, 8k+ words of minutes across four participants)
 * are composed from one realistic agenda block per workstream: the same shape repeated twelve
 * times with different content, so every todo, decision and moment label stays exact. The
 * context sentences between the facts come from small per-role pools and repeat across blocks,
 * as they do in real minutes.
 */

interface Workstream {
  agenda: number
  name: string
  lead: string
  metric: string
  current: string
  target: string
  risk: string
  decision: string
  action: string
  owner: string
  deadline: string
  question: string
  keyword: string
}

/**
 * Only the decisive exchange of each ten-minute block is transcribed as segments; the rest of
 * the discussion is a gap in the timestamps, so the transcript spans the meeting's real length.
 */
const BLOCK_PAUSE_S = 300

function pick (pool: readonly string[], start: number, count: number): string {
  const out: string[] = []
  for (let i = 0; i < count; i++) out.push(pool[(start + i * 3) % pool.length]!)
  return out.join(' ')
}

function capitalise (text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

// ---------------------------------------------------------------- English

const EN_AGENDAS = ['Payments', 'Growth', 'Platform', 'Mobile', 'Customer support', 'Budget and hiring']

const EN_WORKSTREAMS: Workstream[] = [
  { agenda: 1, name: 'Checkout redesign', lead: 'luis', metric: 'Checkout conversion', current: '61%', target: '68%', risk: 'the address autocomplete vendor contract ends in August', decision: 'ship the one-page checkout to 20% of traffic first', action: 'prepare the A/B test plan for the one-page checkout', owner: 'priya', deadline: 'July 10', question: 'whether we keep guest checkout', keyword: 'checkout|one-page checkout|checkout redesign' },
  { agenda: 1, name: 'Invoice automation', lead: 'tom', metric: 'Invoices processed without manual work', current: '40%', target: '75%', risk: 'the ERP export format changes in September', decision: 'build the invoice parser in-house instead of buying one', action: 'write the design document for the invoice parser', owner: 'luis', deadline: 'July 14', question: 'who maintains the vendor mapping table', keyword: 'invoice|invoices|invoice parser|invoice automation' },
  { agenda: 2, name: 'Referral program', lead: 'dana', metric: 'Referral sign-ups per week', current: '120', target: '300', risk: 'referral fraud through duplicate accounts', decision: 'cap referral rewards at five per customer', action: 'draft the referral fraud rules with the risk team', owner: 'tom', deadline: 'July 17', question: 'whether rewards are paid as credits or cash', keyword: 'referral|referrals|referral program' },
  { agenda: 2, name: 'Onboarding emails', lead: 'priya', metric: 'Day-7 activation', current: '34%', target: '45%', risk: 'the email provider throttles us above 50,000 emails an hour', decision: 'replace the five-email onboarding sequence with three emails', action: 'rewrite the onboarding email sequence', owner: 'priya', deadline: 'July 21', question: 'whether we translate the emails into Spanish this quarter', keyword: 'onboarding emails|onboarding|onboarding email' },
  { agenda: 3, name: 'Database upgrade', lead: 'luis', metric: 'Services on Postgres 16', current: '3 of 11', target: 'all 11', risk: 'the reporting service uses an extension that Postgres 16 does not support', decision: 'upgrade the reporting service last', action: 'test the reporting extension on a Postgres 16 replica', owner: 'luis', deadline: 'July 24', question: 'whether we can afford a maintenance window on a weekday', keyword: 'Postgres|Postgres 16|database upgrade' },
  { agenda: 3, name: 'Observability', lead: 'luis', metric: 'Services with tracing', current: '50%', target: '90%', risk: 'tracing could double the monitoring bill', decision: 'sample traces at ten percent in production', action: 'get a quote for trace storage from the monitoring vendor', owner: 'tom', deadline: 'July 28', question: 'who owns the alert runbooks', keyword: 'tracing|observability|traces' },
  { agenda: 4, name: 'Tablet layout', lead: 'priya', metric: 'Screens adapted to tablets', current: '12 of 40', target: 'all 40', risk: 'only one iOS developer knows the layout system', decision: 'adapt the twenty most used screens first', action: 'list the twenty most used screens from analytics', owner: 'dana', deadline: 'July 11', question: 'whether we support split view', keyword: 'tablet|tablets|tablet layout' },
  { agenda: 4, name: 'Crash rate', lead: 'luis', metric: 'Crash-free sessions', current: '98.7%', target: '99.5%', risk: 'the image cache crashes on low-memory Android phones', decision: 'freeze new mobile features for two weeks to fix crashes', action: 'triage the top ten crashes in the crash reporter', owner: 'luis', deadline: 'July 15', question: 'whether we drop Android 9 support', keyword: 'crash|crashes|crash rate|crash-free sessions' },
  { agenda: 5, name: 'Help center search', lead: 'priya', metric: 'Searches followed by a click', current: '48%', target: '65%', risk: 'half of the help articles are out of date', decision: 'archive help articles not viewed in a year', action: 'export the view statistics of the help center', owner: 'dana', deadline: 'July 18', question: 'whether support writers may update articles directly', keyword: 'help center|help articles|help center search' },
  { agenda: 5, name: 'Support chat bot', lead: 'dana', metric: 'Chats resolved without an agent', current: '22%', target: '35%', risk: 'the bot giving wrong refund answers', decision: 'keep refund questions out of the bot', action: 'collect fifty real refund chats for the bot review', owner: 'priya', deadline: 'July 25', question: 'whether legal has to approve the bot disclaimer', keyword: 'chat bot|bot|support chat bot' },
  { agenda: 6, name: 'Cloud costs', lead: 'tom', metric: 'The monthly cloud bill', current: '$182k', target: '$150k', risk: 'our reserved instances expire in August', decision: 'buy one-year reserved instances for the database servers', action: 'prepare the purchase request for the reserved instances', owner: 'tom', deadline: 'July 9', question: 'whether we move the batch jobs to spot instances', keyword: 'cloud costs|cloud bill|reserved instances' },
  { agenda: 6, name: 'Engineering hiring', lead: 'dana', metric: 'Open engineering roles filled', current: '2 of 6', target: '6 of 6', risk: 'the senior mobile role has been open for five months', decision: 'raise the salary band for the senior mobile role', action: 'publish the revised job post for the senior mobile role', owner: 'dana', deadline: 'July 30', question: 'whether we hire contractors meanwhile', keyword: 'hiring|senior mobile role|engineering hiring' }
]

const EN_NAMES: Record<string, string> = { dana: 'Dana', luis: 'Luis', priya: 'Priya', tom: 'Tom' }

const EN_FILLER = {
  dana: [
    'The team walked through the burn-down of the last three sprints, and most of the variance comes from scope added in the middle of the quarter.',
    'We compared the plan with what we committed to the leadership team in the spring and the direction has not changed.',
    'Customer interviews from last month point the same way, although the sample was small and mostly larger accounts.',
    'Dependencies on other teams were listed on the whiteboard; none of them is new, but two have no confirmed date yet.',
    'The numbers come from the product dashboard as of Monday morning and have not been reconciled with finance.',
    'We agreed to keep the status in the shared planning sheet so that the next review starts from the same figures.',
    'Several people noted that the previous quarter ended with a crunch, and we would like to avoid that pattern.',
    'The item was discussed for roughly fifteen minutes, longer than planned, because the questions kept coming back.',
    'There was general support for the direction, with the usual caveats about capacity in August when people take holidays.',
    'The sales team has been asking about this for a while, and some of their requests are already in the backlog.'
  ],
  luis: [
    'Engineering capacity is about eighty percent of nominal because of on-call duty and the holiday calendar.',
    'The estimate assumes no surprises in the legacy code, which historically has not been a safe assumption.',
    'We would like to pair a senior and a junior engineer on it so that the knowledge does not stay with one person.',
    'The work can be split into two milestones, so that something useful ships even if the second half slips.',
    'Test coverage in this area is thin, and part of the estimate is writing the tests that should already exist.',
    'The deployment will go behind a feature flag so that we can roll it back without a new release.',
    'Two engineers are still finishing work from the previous quarter and join this stream about two weeks late.',
    'The architecture review board wants to see the design before we start, which adds roughly a week.',
    'Monitoring for the new parts will be set up from the first day instead of after the launch this time.',
    'We looked at how other teams solved the same problem, and their approach mostly carries over.'
  ],
  priya: [
    'The design review with the wider team is planned for the second week, with a prototype ready before that.',
    'Usability sessions with five customers are booked, and the findings will be summarised in the design channel.',
    'The design system already has most of the components we need; two new ones will be added for this work.',
    'Accessibility checks are part of the definition of done, including keyboard navigation and screen reader labels.',
    'The copy will be reviewed by the content team, who asked to be involved earlier than last time.',
    'We want to measure the change with a proper experiment rather than comparing before and after.',
    'The visual direction follows the brand refresh from the spring, so no new brand approval is needed.',
    'Some of the older screens do not follow the grid, and fixing them is out of scope for this quarter.',
    'The research repository has notes from earlier studies that partly answer the open questions.',
    'Design capacity is tight in July because of the conference, so the schedule front-loads the design work.'
  ],
  tom: [
    'The spend so far is within the quarterly envelope, with about twelve percent of the budget still unallocated.',
    'Finance would like a monthly update on this line rather than the quarterly summary we usually send.',
    'The business case was reviewed in the spring and the payback period is still estimated at under a year.',
    'Vendor contracts in this area renew at different dates, which makes the total cost harder to follow.',
    'Currency movements added about two percent to the costs that are billed in euros.',
    'Procurement needs three weeks for any new vendor, which has to be in the timeline.',
    'The forecast assumes the current headcount plan; any change there moves the numbers.',
    'We should tag the related costs properly in the accounting system so the next review has cleaner data.',
    'The audit last year flagged missing approvals in this area, so every purchase goes through the approval flow.',
    'There is some room to move budget between lines within the quarter, but not between quarters.'
  ]
} as const

/** Context sentences about the workstream itself, so the blocks do not read alike. */
function enContext (ws: Workstream, start: number, count: number): string {
  const pool = [
    `${ws.name} was last reviewed in the spring planning, when ${ws.metric.toLowerCase()} was lower than it is now.`,
    `Progress on ${ws.name.toLowerCase()} has been steady, but the gap to ${ws.target} will not close without the changes discussed today.`,
    `The people working on ${ws.name.toLowerCase()} asked for fewer interruptions from ad-hoc requests during the quarter.`,
    `A short written update on ${ws.name.toLowerCase()} goes to the leadership channel every second Friday.`,
    `The figure of ${ws.current} was checked twice because an earlier report had counted it differently.`,
    `Nobody questioned the target of ${ws.target}, although several people called it ambitious.`,
    `For ${ws.name.toLowerCase()}, the review at the end of the quarter will look at the trend rather than one number.`
  ]
  return pick(pool, start, count)
}

function enBlock (ws: Workstream, n: number): { lines: Line[], minutes: Record<string, string> } {
  const lead = EN_NAMES[ws.lead]!
  const owner = EN_NAMES[ws.owner]!
  const asker = ws.lead === 'tom' ? 'priya' : 'tom'
  const agreer = ws.lead === 'luis' ? 'priya' : 'luis'
  const lines: Line[] = [
    ['dana', `Next item, ${ws.name}. ${lead}, where are we?`],
    [ws.lead, `${ws.metric} is at ${ws.current}; the target for the quarter is ${ws.target}.`],
    [ws.lead, `What worries me is that ${ws.risk}.`, { kind: 'risk', about: ws.risk }],
    [asker, `We also need to settle ${ws.question}. Any view on that?`, { kind: 'question', about: ws.question }],
    ['dana', `Proposal: we ${ws.decision}. Everyone fine with that?`],
    [agreer, 'Yes, agreed.', { kind: 'decision', about: ws.decision, back: 1 }],
    ['dana', `Someone needs to ${ws.action} by ${ws.deadline}. Who takes it?`, { kind: 'action', about: ws.action }],
    [ws.owner, ws.owner === 'dana' ? 'I will take that one myself.' : "I'll take it."]
  ]
  const k = n * 7
  const minutes: Record<string, string> = {
    dana: `${n}. ${ws.name} (agenda: ${EN_AGENDAS[ws.agenda - 1]}). ${lead} presented the status: ${ws.metric.toLowerCase()} is at ${ws.current} against a target of ${ws.target}. ${enContext(ws, n, 2)} ${pick(EN_FILLER.dana, k, 4)} The main risk is that ${ws.risk}. After discussion we decided to ${ws.decision}. ${owner} will ${ws.action} by ${ws.deadline}. Open question: ${ws.question}. ${pick(EN_FILLER.dana, k + 5, 2)}`,
    luis: `${ws.name}: ${ws.metric.toLowerCase()} ${ws.current}, target ${ws.target}. ${enContext(ws, n + 1, 2)} ${pick(EN_FILLER.luis, k, 3)} Risk: ${ws.risk}. We agreed to ${ws.decision}. Action: ${owner} to ${ws.action} (due ${ws.deadline}). ${pick(EN_FILLER.luis, k + 4, 3)}`,
    priya: `${ws.name}. ${enContext(ws, n + 2, 2)} ${pick(EN_FILLER.priya, k, 3)} Agreed: ${ws.decision}. ${owner === 'Priya' ? 'I will' : `${owner} will`} ${ws.action} by ${ws.deadline}. Still unclear: ${ws.question}. ${pick(EN_FILLER.priya, k + 4, 3)}`,
    tom: `${ws.name}. ${enContext(ws, n + 3, 2)} ${pick(EN_FILLER.tom, k, 3)} Concern raised: ${ws.risk}. Decision: ${ws.decision}. Follow-up: ${owner === 'Tom' ? 'I will' : `${owner} will`} ${ws.action} by ${ws.deadline}. ${pick(EN_FILLER.tom, k + 4, 3)}`
  }
  return { lines, minutes }
}

function enLong (): AuthoredMeeting {
  const lines: Line[] = [['dana', "Welcome to the Q3 planning session. We have twelve workstreams in six areas, so let's keep each one to ten minutes."]]
  const minutes: Record<string, string[]> = { dana: ['Q3 planning session, minutes by Dana.'], luis: ['Q3 planning, engineering notes.'], priya: ['Q3 planning, design notes.'], tom: ['Q3 planning, finance notes.'] }
  const pauses: Record<number, number> = {}
  EN_WORKSTREAMS.forEach((ws, i) => {
    const block = enBlock(ws, i + 1)
    pauses[lines.length] = BLOCK_PAUSE_S
    lines.push(...block.lines)
    for (const [who, text] of Object.entries(block.minutes)) minutes[who]!.push(text)
  })
  lines.push(['dana', 'That was all twelve. I will send the summary and the action list to everyone tonight.'])
  return {
    id: 'en-q3-planning-long',
    title: 'Q3 planning session',
    language: 'en',
    tags: ['long', 'planning'],
    description: 'Long planning meeting (12 workstreams in 6 agenda items, four participants, 8k+ words of minutes) composed from one agenda block per workstream.',
    agendas: EN_AGENDAS.map((title, i) => ({ agendaNumber: i + 1, title })),
    speakers: Object.fromEntries(Object.entries(EN_NAMES).map(([key, name]) => [key, { id: `u-${key}`, name }])),
    start: [2026, 6, 30, 9, 0],
    lines,
    pauses,
    minutes: Object.entries(minutes).map(([speaker, parts]) => ({ speaker, content: parts.join('\n\n') })),
    todos: [
      ...EN_WORKSTREAMS.map((ws) => `${capitalise(ws.action)} by ${ws.deadline}`),
      'Send the planning summary and the action list to everyone'
    ],
    todoOwners: [...EN_WORKSTREAMS.map((ws) => ws.owner), 'dana'],
    keywords: EN_WORKSTREAMS.map((ws) => ws.keyword),
    decisions: EN_WORKSTREAMS.map((ws) => ({ text: capitalise(ws.decision), agendaNumber: ws.agenda }))
  }
}

// ---------------------------------------------------------------- Korean

const KO_AGENDAS = ['결제', '마케팅', '플랫폼', '모바일 앱', '고객 지원', '예산과 인력']

const KO_WORKSTREAMS: Workstream[] = [
  { agenda: 1, name: '간편결제 도입', lead: 'subin', metric: '결제 전환율', current: '58%', target: '65%', risk: '카드사 심사가 두 달 이상 걸릴 수 있다는 점', decision: '간편결제는 두 개 카드사부터 먼저 연동', action: '카드사 제휴 신청서 작성', owner: 'dohyun', deadline: '7월 10일', question: '포인트 결제도 같이 지원할지', keyword: '간편결제' },
  { agenda: 1, name: '정산 자동화', lead: 'youngho', metric: '수작업 정산 비율', current: '60%', target: '20%', risk: 'ERP 연동 규격이 9월에 바뀐다는 점', decision: '정산 모듈은 외부 솔루션 대신 자체 개발', action: '정산 모듈 설계 문서 작성', owner: 'subin', deadline: '7월 14일', question: '정산 오류가 나면 어느 부서가 책임질지', keyword: '정산|정산 자동화|정산 모듈' },
  { agenda: 2, name: '추천인 프로그램', lead: 'dohyun', metric: '주간 추천 가입자 수', current: '150명', target: '400명', risk: '중복 계정을 이용한 보상 악용', decision: '고객당 추천 보상을 다섯 건으로 제한', action: '추천 보상 악용 방지 규칙 초안 작성', owner: 'youngho', deadline: '7월 17일', question: '보상을 포인트로 줄지 현금으로 줄지', keyword: '추천인 프로그램|추천|추천 보상' },
  { agenda: 2, name: '재방문 캠페인', lead: 'jimin', metric: '30일 재방문율', current: '31%', target: '40%', risk: '푸시 알림 수신 동의율이 계속 떨어지고 있다는 점', decision: '푸시 알림 대신 카카오 알림톡을 주 채널로 사용', action: '알림톡 발송 시나리오 작성', owner: 'jimin', deadline: '7월 21일', question: '광고성 메시지 야간 발송 제한을 어떻게 지킬지', keyword: '재방문 캠페인|알림톡|재방문' },
  { agenda: 3, name: '데이터베이스 이전', lead: 'subin', metric: '클라우드로 옮긴 서비스', current: '11개 중 4개', target: '11개 전부', risk: '통계 서비스가 쓰는 확장 기능이 클라우드에서 지원되지 않는다는 점', decision: '통계 서비스는 마지막에 이전', action: '통계 확장 기능 대체 방안 검증', owner: 'subin', deadline: '7월 24일', question: '평일 점검 시간을 확보할 수 있을지', keyword: '데이터베이스 이전|데이터베이스' },
  { agenda: 3, name: '보안 점검', lead: 'youngho', metric: '취약점 조치율', current: '70%', target: '100%', risk: '외부 보안 감사가 8월 말로 앞당겨졌다는 점', decision: '고위험 취약점부터 먼저 조치', action: '외부 보안 감사 일정 확정 메일 발송', owner: 'youngho', deadline: '7월 8일', question: '모의 해킹 업체를 새로 선정할지', keyword: '보안 점검|보안 감사|취약점|보안' },
  { agenda: 4, name: '앱 성능 개선', lead: 'subin', metric: '앱 시작 시간', current: '3.2초', target: '1.5초', risk: '이미지 캐시 구조를 바꿀 iOS 개발자가 부족하다는 점', decision: '두 주 동안 신규 기능 개발을 멈추고 성능 개선에 집중', action: '앱 시작 구간 성능 측정 리포트 작성', owner: 'subin', deadline: '7월 15일', question: '안드로이드 8 지원을 중단할지', keyword: '앱 성능|성능 개선|성능|앱 시작 시간' },
  { agenda: 4, name: '접근성 개선', lead: 'jimin', metric: '접근성 기준을 통과한 화면', current: '40개 중 15개', target: '40개 전부', risk: '스크린 리더 테스트 장비가 없다는 점', decision: '가장 많이 쓰는 스무 개 화면부터 개선', action: '사용량 상위 스무 개 화면 목록 추출', owner: 'dohyun', deadline: '7월 11일', question: '외부 접근성 인증을 받을지', keyword: '접근성' },
  { agenda: 5, name: '고객센터 챗봇', lead: 'dohyun', metric: '상담원 연결 없이 해결된 문의 비율', current: '25%', target: '40%', risk: '챗봇이 환불 문의에 틀린 답을 줄 수 있다는 점', decision: '환불 문의는 챗봇에서 제외', action: '실제 환불 상담 사례 오십 건 수집', owner: 'jimin', deadline: '7월 25일', question: '챗봇 안내 문구에 법무 검토가 필요한지', keyword: '챗봇|고객센터 챗봇' },
  { agenda: 5, name: '도움말 센터 개편', lead: 'jimin', metric: '검색 후 클릭률', current: '45%', target: '65%', risk: '도움말 문서 절반이 최신 내용이 아니라는 점', decision: '1년 동안 조회되지 않은 문서는 보관 처리', action: '도움말 문서 조회 통계 추출', owner: 'dohyun', deadline: '7월 18일', question: '상담원이 문서를 직접 수정할 수 있게 할지', keyword: '도움말 센터|도움말|도움말 문서' },
  { agenda: 6, name: '클라우드 비용 절감', lead: 'youngho', metric: '월 클라우드 비용', current: '2억 1천만 원', target: '1억 7천만 원', risk: '예약 인스턴스 계약이 8월에 끝난다는 점', decision: '데이터베이스 서버는 1년 예약 인스턴스로 구매', action: '예약 인스턴스 구매 품의서 작성', owner: 'youngho', deadline: '7월 9일', question: '배치 작업을 스팟 인스턴스로 옮길지', keyword: '클라우드 비용|예약 인스턴스|클라우드' },
  { agenda: 6, name: '개발자 채용', lead: 'dohyun', metric: '채용 완료 인원', current: '6명 중 2명', target: '6명 전부', risk: '시니어 모바일 개발자 자리가 다섯 달째 비어 있다는 점', decision: '시니어 모바일 개발자 연봉 상한을 상향', action: '시니어 모바일 개발자 채용 공고 수정 게시', owner: 'dohyun', deadline: '7월 30일', question: '그동안 외부 계약직을 쓸지', keyword: '채용|개발자 채용|시니어 모바일 개발자' }
]

const KO_NAMES: Record<string, string> = { dohyun: '김도현', subin: '이수빈', jimin: '박지민', youngho: '최영호' }

const KO_FILLER = {
  dohyun: [
    '지난 세 번의 스프린트 번다운을 함께 보았고, 차이의 대부분은 분기 중간에 추가된 범위에서 나온 것으로 보임.',
    '봄에 경영진에게 약속한 계획과 비교해 보았는데 방향 자체는 바뀌지 않았음.',
    '지난달 고객 인터뷰 결과도 같은 방향을 가리키지만 표본이 작고 대형 고객 위주였다는 한계가 있음.',
    '다른 팀에 대한 의존성을 화이트보드에 정리했고, 새로운 것은 없지만 두 건은 아직 일정이 확정되지 않았음.',
    '수치는 월요일 오전 기준 제품 대시보드에서 가져온 것이며 재무팀 수치와는 아직 맞춰 보지 않았음.',
    '다음 점검 회의가 같은 숫자에서 시작할 수 있도록 현황은 공유 계획 시트에 계속 기록하기로 했음.',
    '지난 분기 말에 일이 몰렸던 점을 여러 명이 지적했고 이번에는 그런 패턴을 피하고 싶다는 의견이 많았음.',
    '질문이 계속 이어져서 이 항목은 예정보다 길게 약 15분 동안 논의했음.',
    '전반적으로 방향에는 동의했으나 휴가가 몰리는 8월의 가용 인력에 대한 우려가 함께 나왔음.',
    '영업팀에서 꾸준히 요청해 온 사항이고 일부 요청은 이미 백로그에 들어가 있음.'
  ],
  subin: [
    '당직과 휴가 일정 때문에 개발 가용 인력은 명목상 인력의 80% 정도로 봐야 함.',
    '이번 추정은 레거시 코드에서 예상치 못한 문제가 없다는 가정인데 지금까지 그 가정이 맞은 적이 많지 않았음.',
    '지식이 한 사람에게만 남지 않도록 시니어와 주니어 개발자를 짝지어 진행하고 싶음.',
    '작업을 두 단계로 나눌 수 있어서 뒷부분이 밀려도 쓸 만한 결과물은 먼저 배포할 수 있음.',
    '이 영역은 테스트 커버리지가 낮아서 원래 있어야 할 테스트를 작성하는 시간이 추정에 포함되어 있음.',
    '새 릴리스 없이 되돌릴 수 있도록 기능 플래그 뒤에서 배포할 예정임.',
    '두 명의 개발자가 지난 분기 작업을 마무리하고 있어서 2주 정도 늦게 합류함.',
    '아키텍처 리뷰 위원회가 착수 전에 설계를 보고 싶어 해서 일주일 정도가 더 필요함.',
    '이번에는 출시 후가 아니라 첫날부터 새 구성 요소에 대한 모니터링을 설정할 계획임.',
    '다른 팀이 같은 문제를 어떻게 풀었는지 살펴봤는데 대부분의 방식을 그대로 가져올 수 있음.'
  ],
  jimin: [
    '전체 팀과의 디자인 리뷰는 둘째 주로 잡혀 있고 그 전에 프로토타입을 준비할 예정임.',
    '고객 다섯 명과의 사용성 테스트 일정이 잡혀 있으며 결과는 디자인 채널에 정리해서 공유할 예정임.',
    '필요한 컴포넌트는 대부분 디자인 시스템에 이미 있고 이번 작업을 위해 두 개를 새로 추가할 예정임.',
    '키보드 탐색과 스크린 리더 레이블을 포함한 접근성 점검을 완료 조건에 넣었음.',
    '문구는 콘텐츠팀이 검토하기로 했고 지난번보다 일찍 참여하고 싶다는 요청이 있었음.',
    '변경 효과는 전후 비교가 아니라 제대로 된 실험으로 측정하고 싶음.',
    '시각적 방향은 봄에 진행한 브랜드 개편을 따르므로 별도의 브랜드 승인은 필요 없음.',
    '오래된 화면 일부는 그리드를 따르지 않지만 그것을 고치는 일은 이번 분기 범위에서 제외함.',
    '리서치 저장소에 이전 연구 기록이 있어서 열린 질문의 일부는 거기서 답을 찾을 수 있음.',
    '7월에는 컨퍼런스 때문에 디자인 인력이 빠듯해서 디자인 작업을 일정 앞쪽에 배치했음.'
  ],
  youngho: [
    '지금까지 지출은 분기 한도 안에 있으며 예산의 약 12%는 아직 배정되지 않았음.',
    '재무팀은 이 항목에 대해 분기 요약 대신 월별 보고를 받고 싶어 함.',
    '사업 타당성은 봄에 검토했고 투자 회수 기간은 여전히 1년 미만으로 추정됨.',
    '이 영역의 업체 계약은 갱신 시점이 제각각이라 전체 비용을 파악하기 어려움.',
    '유로로 청구되는 비용은 환율 변동 때문에 약 2% 늘었음.',
    '새 업체를 등록하려면 구매팀 절차에 3주가 걸리므로 일정에 반영해야 함.',
    '이 전망은 현재 인력 계획을 전제로 하고 있어서 인력 계획이 바뀌면 숫자도 달라짐.',
    '다음 검토 때 깨끗한 데이터를 볼 수 있도록 관련 비용을 회계 시스템에 제대로 분류해야 함.',
    '작년 감사에서 이 영역의 승인 누락이 지적되어 모든 구매는 결재 절차를 거치기로 했음.',
    '분기 안에서는 항목 간 예산 이동이 어느 정도 가능하지만 분기를 넘어서는 이동은 불가함.'
  ]
} as const

/** 과제 자체에 관한 맥락 문장: 블록마다 내용이 달라지도록. */
function koContext (ws: Workstream, start: number, count: number): string {
  const pool = [
    `${ws.name} 과제는 봄 계획 회의에서 마지막으로 점검했고 그때보다 ${ws.metric} 수치는 나아졌음.`,
    `${ws.name} 진행은 꾸준했지만 오늘 논의한 변경 없이는 목표치 ${ws.target}까지의 격차를 줄이기 어렵다는 의견이 있었음.`,
    `${ws.name} 담당자들은 분기 중에 갑작스러운 요청으로 업무가 끊기는 일이 줄었으면 좋겠다고 요청했음.`,
    `${ws.name} 진행 상황은 격주 금요일마다 경영진 채널에 짧은 서면 보고로 공유되고 있음.`,
    `현재 수치 ${ws.current}는 이전 보고서와 집계 방식이 달라서 두 번 확인한 값임.`,
    `목표치 ${ws.target}에 대해 이견은 없었으나 여러 명이 도전적인 목표라고 언급했음.`,
    `분기 말 ${ws.name} 점검에서는 숫자 하나보다 추세를 중심으로 보기로 했음.`,
    `${ws.name}은 다른 과제와 인력이 겹치는 부분이 있어서 월초에 우선순위를 다시 확인하기로 했음.`
  ]
  return pick(pool, start, count)
}

function koBlock (ws: Workstream, n: number): { lines: Line[], minutes: Record<string, string> } {
  const lead = KO_NAMES[ws.lead]!
  const owner = KO_NAMES[ws.owner]!
  const asker = ws.lead === 'youngho' ? 'jimin' : 'youngho'
  const agreer = ws.lead === 'subin' ? 'jimin' : 'subin'
  const lines: Line[] = [
    ['dohyun', `다음은 ${ws.name} 건입니다. ${lead} 님, 현황 부탁드립니다.`],
    [ws.lead, `${ws.metric} 기준으로 현재 ${ws.current}이고 분기 목표는 ${ws.target}입니다.`],
    [ws.lead, `걱정되는 부분은 ${ws.risk}입니다.`, { kind: 'risk', about: ws.risk }],
    [asker, `${ws.question}도 정해야 하지 않을까요?`, { kind: 'question', about: ws.question }],
    ['dohyun', `그럼 ${ws.decision}하는 걸로 하시죠. 다들 괜찮으세요?`],
    [agreer, '네, 동의합니다.', { kind: 'decision', about: ws.decision, back: 1 }],
    ['dohyun', `${ws.deadline}까지 ${ws.action}해야 하는데 누가 맡을까요?`, { kind: 'action', about: ws.action }],
    [ws.owner, ws.owner === 'dohyun' ? '그건 제가 직접 하겠습니다.' : '제가 맡겠습니다.']
  ]
  const k = n * 7
  const self = (who: string): string => (ws.owner === who ? '제가' : `${owner} 님이`)
  const minutes: Record<string, string> = {
    dohyun: `${n}. ${ws.name} (안건: ${KO_AGENDAS[ws.agenda - 1]}). ${lead} 님이 현황을 공유함. ${ws.metric}: 현재 ${ws.current}, 분기 목표 ${ws.target}. ${koContext(ws, n, 4)} ${pick(KO_FILLER.dohyun, k, 5)} 가장 큰 리스크는 ${ws.risk}임. 논의 끝에 ${ws.decision}하기로 결정함. ${self('dohyun')} ${ws.deadline}까지 ${ws.action}하기로 함. 미결 사항: ${ws.question} 아직 정하지 못함. ${pick(KO_FILLER.dohyun, k + 5, 2)}`,
    subin: `${ws.name}: ${ws.metric} ${ws.current}, 목표 ${ws.target}. ${koContext(ws, n + 1, 4)} ${pick(KO_FILLER.subin, k, 4)} 리스크: ${ws.risk}. ${ws.decision}하기로 합의함. 액션: ${self('subin')} ${ws.deadline}까지 ${ws.action}. ${pick(KO_FILLER.subin, k + 4, 3)}`,
    jimin: `${ws.name}. ${koContext(ws, n + 2, 4)} ${pick(KO_FILLER.jimin, k, 4)} 합의 사항: ${ws.decision}. ${self('jimin')} ${ws.deadline}까지 ${ws.action}할 예정. 아직 불분명한 점: ${ws.question}. ${pick(KO_FILLER.jimin, k + 4, 3)}`,
    youngho: `${ws.name}. ${koContext(ws, n + 3, 4)} ${pick(KO_FILLER.youngho, k, 4)} 제기된 우려: ${ws.risk}. 결정: ${ws.decision}. 후속 조치: ${self('youngho')} ${ws.deadline}까지 ${ws.action}. ${pick(KO_FILLER.youngho, k + 4, 3)}`
  }
  return { lines, minutes }
}

function koLong (): AuthoredMeeting {
  const lines: Line[] = [['dohyun', '하반기 사업 계획 회의를 시작하겠습니다. 여섯 개 영역에 열두 개 과제가 있으니 과제당 10분씩 진행하겠습니다.']]
  const minutes: Record<string, string[]> = { dohyun: ['하반기 사업 계획 회의록 (작성: 김도현)'], subin: ['하반기 계획 회의 개발 메모'], jimin: ['하반기 계획 회의 디자인 메모'], youngho: ['하반기 계획 회의 재무 메모'] }
  const pauses: Record<number, number> = {}
  KO_WORKSTREAMS.forEach((ws, i) => {
    const block = koBlock(ws, i + 1)
    pauses[lines.length] = BLOCK_PAUSE_S
    lines.push(...block.lines)
    for (const [who, text] of Object.entries(block.minutes)) minutes[who]!.push(text)
  })
  lines.push(['dohyun', '열두 개 과제 모두 봤습니다. 오늘 저녁에 요약과 액션 아이템 목록을 전체 공유하겠습니다.'])
  return {
    id: 'ko-h2-planning-long',
    title: '하반기 사업 계획 회의',
    language: 'ko',
    tags: ['long', 'planning'],
    description: '긴 계획 회의 (6개 안건 아래 12개 과제, 참석자 넷, 회의록 8천 단어 이상): 과제마다 같은 형식의 안건 블록을 조합함.',
    agendas: KO_AGENDAS.map((title, i) => ({ agendaNumber: i + 1, title })),
    speakers: Object.fromEntries(Object.entries(KO_NAMES).map(([key, name]) => [key, { id: `u-${key}`, name }])),
    start: [2026, 6, 30, 14, 0],
    lines,
    pauses,
    minutes: Object.entries(minutes).map(([speaker, parts]) => ({ speaker, content: parts.join('\n\n') })),
    todos: [
      ...KO_WORKSTREAMS.map((ws) => `${ws.deadline}까지 ${ws.action}`),
      '회의 요약과 액션 아이템 목록 전체 공유'
    ],
    todoOwners: [...KO_WORKSTREAMS.map((ws) => ws.owner), 'dohyun'],
    keywords: KO_WORKSTREAMS.map((ws) => ws.keyword),
    decisions: KO_WORKSTREAMS.map((ws) => ({ text: ws.decision, agendaNumber: ws.agenda }))
  }
}

export const enQ3PlanningLong = enLong()
export const koH2PlanningLong = koLong()
