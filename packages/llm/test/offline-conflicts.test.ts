import t from 'tap'
import { findConflicts, isConflictNote, type Statement } from '../src/offline/conflicts.ts'
import { OfflineEngine } from '../src/offline/engine.ts'

const pairs = (statements: Statement[]) => findConflicts(statements).map(([a, b]) => [a.text, b.text])

t.test('a weekday said of the same subject in different clauses', async (t) => {
  t.same(pairs([
    { source: '민서', text: '세미나 일정: 금요일 오후 세미나 유지.' },
    { source: '현우', text: '강사 섭외 지연 → 세미나를 월요일로 연기하기로 함.' }
  ]), [['세미나 일정: 금요일 오후 세미나 유지.', '강사 섭외 지연 → 세미나를 월요일로 연기하기로 함.']])
})

t.test('numbers compare only with what they count', async (t) => {
  t.equal(pairs([
    { source: 'Ana', text: 'The onboarding trial lasts 21 days for new teams.' },
    { source: 'Ben', label: 'Pricing page', text: 'onboarding trial lasts 45 days.' }
  ]).length, 1, '21 days against 45 days')
  t.same(pairs([
    { source: 'Ana', text: 'The onboarding trial lasts 21 days for new teams.' },
    { source: 'Ben', text: 'The onboarding trial converts 8% of new teams.' }
  ]), [], 'days are never compared with a percentage')
  t.same(pairs([
    { source: 'Ana', text: 'Ops adds an alarm that fires when the queue depth is above 500.' },
    { source: 'Ben', text: 'Root cause: queue depth 90 at the time of the crash.' }
  ]), [], 'a threshold is not compared with a measured value')
  t.same(pairs([
    { source: 'Ana', text: 'Firmware 2.4 ships first, then 2.5 with the sensor fix.' },
    { source: 'Ben', text: 'Firmware: we ship 2.4 without the sensor fix, the fix comes in 2.5.' }
  ]), [], 'notes that both list 2.4 and 2.5 agree')
  t.same(pairs([
    { source: 'Ana', text: 'The onboarding trial lasts 21 days.' },
    { source: 'Ana', text: 'The onboarding trial lasts 45 days.' }
  ]), [], 'one writer is not in conflict with herself')
})

t.test('a different owner for the same task', async (t) => {
  t.equal(pairs([
    { source: 'Mia', label: 'Design', text: 'Omar is preparing the conference booth banners.' },
    { source: 'Omar', label: 'Booth banners', text: 'Priya from the print shop will deliver them by Thursday.' }
  ]).length, 1, 'Omar against Priya')
  t.same(pairs([
    { source: 'Mia', text: 'Omar is preparing the conference booth banners.' },
    { source: 'Omar', text: 'I will prepare the conference booth banners by Thursday.' }
  ]), [], '"I" in Omar\'s notes is Omar')
  t.same(pairs([
    { source: 'Mia', text: 'Omar is preparing the conference booth banners.' },
    { source: 'Omar', text: 'Booth banners need a bigger logo, the banners are too plain.' }
  ]), [], 'a capitalised common noun is nobody')
  t.equal(pairs([
    { source: '이도윤', text: '번역 검수는 수아 님 담당.' },
    { source: '김수아', text: '용어집은 제가, 번역 검수는 외부 번역 업체가 진행.' }
  ]).length, 1, '수아 님 against 번역 업체')
  t.same(pairs([
    { source: '이도윤', text: '번역 검수는 수아 님 담당.' },
    { source: '김수아', text: '번역 검수는 제가 금요일까지 진행.' }
  ]), [], '제가 in 김수아\'s notes is 수아')
  t.same(pairs([
    { source: 'Lena Ortiz', text: "I'll reprint the shelf labels in a larger font, by Thu" },
    { source: 'Raj Patel', text: 'shelf labels hard to read from the aisle -> Lena reprinting by Thu' }
  ]), [], 'a weekday written short after "by" is a deadline, nobody')
})

t.test('opposite states of one subject, negation-aware', async (t) => {
  t.equal(pairs([
    { source: 'Ivy', text: 'The handover was on time.' },
    { source: 'Leo', text: 'Logs from 09:10 show the handover was 20 minutes late.' }
  ]).length, 1, 'on time against late')
  t.same(pairs([
    { source: 'Ivy', text: 'The handover was not on time.' },
    { source: 'Leo', text: 'Logs from 09:10 show the handover was 20 minutes late.' }
  ]), [], '"not on time" agrees with late')
  t.equal(pairs([
    { source: '지호', text: '견적서는 재무팀이 승인함.' },
    { source: '유진', text: '견적서 재무팀 반려, 다시 제출 필요.' }
  ]).length, 1, '승인 against 반려')
})

t.test('the same wording about two different subjects is no conflict', async (t) => {
  t.same(pairs([
    { source: 'Kim', text: 'Progress on the billing export has been slow, but the gap to 80% will close this month.' },
    { source: 'Lee', text: 'Progress on the mobile search has been slow, but the gap to 65% will close this month.' },
    { source: 'Kim', text: 'The billing export is now in beta.' },
    { source: 'Lee', text: 'The mobile search is now in beta.' }
  ]), [])
})

t.test('the engine compares participants across agenda items and names the line label', async (t) => {
  const engine = new OfflineEngine()
  const chunk = await engine.analyseChunk({
    agendas: [{ agendaNumber: 1, title: 'Schedule' }, { agendaNumber: 2, title: 'Materials' }],
    minutes: [
      { userId: 'u1', userName: 'Mia', content: 'Schedule: the workshop stays on Tuesday.\nMaterials: handouts are printed.' },
      { userId: 'u2', userName: 'Omar', content: 'Materials: handouts printed.\nWorkshop date: moved to Thursday because the room is booked.' }
    ]
  })
  const pending = chunk.agendaNotes.flatMap((n) => n.pending)
  const conflicts = pending.filter(isConflictNote)
  t.equal(conflicts.length, 1, JSON.stringify(pending))
  t.match(conflicts[0], /Tuesday.*Workshop date: moved to Thursday/)
})

t.test('a decision recorded as taken by one participant and as open by another', async (t) => {
  t.equal(pairs([
    { source: 'Ola', text: 'We decided to send the newsletter at a monthly cadence.' },
    { source: 'Ravi', text: 'Newsletter cadence is not decided yet.' }
  ]).length, 1)
  t.equal(pairs([
    { source: '서윤', text: '사내 교육 플랫폼은 A사로 결정함.' },
    { source: '도현', text: '사내 교육 플랫폼 선정은 아직 확정되지 않았습니다.' }
  ]).length, 1)
  t.same(pairs([
    { source: 'Ola', text: 'We decided to send the newsletter at a monthly cadence.' },
    { source: 'Ravi', text: 'Office plants are not decided yet.' }
  ]), [], 'not about the same subject')
})

t.test('a comma that groups thousands is part of the number, not a clause break', async (t) => {
  t.equal(pairs([
    { source: '지수', label: '영향', text: '가입자 3,400명, 환불 요청 12건.' },
    { source: '태민', text: '영향 약 3,650명 (집계 기준)' }
  ]).length, 1, '3,400명 against 3,650명')
  t.same(pairs([
    { source: '지수', text: '영향: 가입자 3,400명.' },
    { source: '태민', text: '영향 가입자 3400명 확인.' }
  ]), [], '3,400 and 3400 are one number')
})

t.test('a magnitude written onto a number keeps what the number counts', async (t) => {
  t.equal(pairs([
    { source: 'Ana', text: 'Contract: 90k annual value, legal review pending.' },
    { source: 'Ben', text: 'contract is 85 annual value I believe' }
  ]).length, 1, '90k annual against 85 annual')
})

t.test('a decided clause in a sentence that also hands out a task, against a point left open', async (t) => {
  t.equal(pairs([
    { source: '유진', text: '배포는 금요일로 확정이고, 공지문은 민호님이 쓰기로 했어요.' },
    { source: '민호', label: '배포 일정', text: '서버 점검 결과에 따라 금요일 또는 다음 주 화요일이며, 내일 회의에서 결정합니다.' }
  ]).length, 1)
})

t.test('a decision put off to a later day is not taken', async (t) => {
  // [what one writer put off, what the other recorded, whether that is a conflict, why]
  const cases: Array<[string, string, number, string]> = [
    ['배포: 내일 회의에서 확정', '배포는 금요일로 확정했습니다.', 1, 'open against settled'],
    ['배포: 내일 회의에서 확정', '배포 날짜는 내일 회의에서 정함', 0, 'both say it is open'],
    ['장비 예산은 다음 주 운영위원회에서 승인', '장비 예산은 운영위원회에서 승인했습니다.', 1, '승인 put off against 승인 given'],
    ['Equipment budget: approval at the next steering meeting.', 'The steering group approved the equipment budget.', 1, 'a decision noun with a time ahead against the decision taken']
  ]
  for (const [putOff, recorded, conflicts, why] of cases) {
    t.equal(pairs([{ source: 'A', text: putOff }, { source: 'B', text: recorded }]).length, conflicts, why)
  }
})

t.test('a Korean name with a title names the person, not the title', async (t) => {
  t.same(pairs([
    { source: '서지안', text: '안내 문구: 문구는 장태오 팀장님이 작성합니다.' },
    { source: '장태오', text: '안내 문구 초안은 제가 오늘 작성할게요.' }
  ]), [], 'the writer is the one named')
})

t.test('reduce keeps two conflicts that quote one statement: one writer against two others is two disputes', async (t) => {
  const engine = new OfflineEngine()
  const settled = 'Vendor: we signed with Northwind for the badges.'
  const chunk = await engine.analyseChunk({
    agendas: [{ agendaNumber: 1, title: 'Vendor' }],
    minutes: [
      { userId: 'u1', userName: 'Mia', content: settled },
      { userId: 'u2', userName: 'Omar', content: 'Vendor for the badges: not decided, two quotes still open.' },
      { userId: 'u3', userName: 'Lin', content: 'Badges vendor is not decided until the budget call.' }
    ]
  })
  const conflicts = chunk.agendaNotes.flatMap((n) => n.pending).filter(isConflictNote)
  const draft = await engine.reduce({ agendas: [{ agendaNumber: 1, title: 'Vendor' }], chunks: [chunk] })
  const merged = draft.agendaSummaries.flatMap((s) => s.pending).filter(isConflictNote)
  t.ok(conflicts.length >= 2, JSON.stringify(conflicts))
  t.equal(merged.length, conflicts.length, JSON.stringify(merged))
})

t.test('a timeline entry dates each of its clauses by the time it opens with', async (t) => {
  t.equal(pairs([
    { source: 'Ida', text: '09:40 disk full, failover, ack 09:43' },
    { source: 'Noor', text: 'Failover at 09:52 according to the dashboard' }
  ]).length, 1, 'failover at 09:40 against 09:52')
  t.same(pairs([
    { source: 'Ida', text: '09:40 disk full, failover, ack 09:43' },
    { source: 'Noor', text: 'The failover runbook needs an owner.' }
  ]), [], 'no time said on the other side')
})

t.test('a sum of money compares with money whatever word follows it; a Korean number in units compares with its digits', async (t) => {
  t.equal(pairs([
    { source: 'Ana', text: 'The catering upgrade costs $2,400 upfront.' },
    { source: 'Ben', text: 'The catering upgrade is $2,100 total.' }
  ]).length, 1, '$2,400 against $2,100')
  t.same(pairs([
    { source: 'Ana', text: 'The catering upgrade costs $2,400 upfront.' },
    { source: 'Ben', text: 'The catering upgrade is for 2,100 guests.' }
  ]), [], 'money is never compared with guests')
  t.equal(pairs([
    { source: '민지', label: '체험단 신청자', text: '약 41,000명' },
    { source: '도윤', text: '체험단 신청자는 약 1만 4천 명이었어요.' }
  ]).length, 1, '41,000 against 14,000 people')
  t.same(pairs([
    { source: '민지', label: '체험단 신청자', text: '약 41,000명' },
    { source: '도윤', text: '체험단 신청자는 약 4만 1천 명이었어요.' }
  ]), [], '41,000 written two ways')
  t.equal(pairs([
    { source: '민지', text: '행사 예산은 6천만 원으로 확정.' },
    { source: '도윤', text: '행사 예산은 5천5백만 원으로 확정했어요.' }
  ]).length, 1, '60,000,000 against 55,000,000 won')
})

t.test('a Korean clock time compares with a time in digits; a number of hours is no time', async (t) => {
  t.equal(pairs([
    { source: '민지', text: '서버 점검은 19:00 시작 예정' },
    { source: '도윤', text: '서버 점검은 20시 시작이에요.' }
  ]).length, 1, '19:00 against 20시')
  t.same(pairs([
    { source: '민지', text: '서버 점검은 20시 시작 예정' },
    { source: '도윤', text: '서버 점검은 오후 8시 시작이에요.' }
  ]), [], '20시 and 오후 8시 are one time')
  t.same(pairs([
    { source: '민지', text: '서버 점검은 9시 반 시작' },
    { source: '도윤', text: '서버 점검은 09:30 시작이에요.' }
  ]), [], '9시 반 is 09:30')
  t.same(pairs([
    { source: '민지', text: '서버 점검은 2시간 걸림' },
    { source: '도윤', text: '서버 점검은 3시 시작이에요.' }
  ]), [], 'two hours long is no start at 3')
})

t.test('a weekday written short is the same day as in full, and another day than a different one', async (t) => {
  t.equal(pairs([
    { source: 'Ana', text: '- bin collection moved to Weds' },
    { source: 'Ben', text: 'Bin collection is on Tuesday this week.' }
  ]).length, 1, 'Weds against Tuesday')
  t.same(pairs([
    { source: 'Ana', text: '- bin collection moved to Weds' },
    { source: 'Ben', text: 'BIN COLLECTION WED' }
  ]), [], 'Weds and WED are one day')
  t.equal(pairs([
    { source: '민서', text: '- 정수기 필터 교체 11/20(목)' },
    { source: '현우', text: '정수기 필터 교체는 금요일에 하기로 했다.' }
  ]).length, 1, '(목) against 금요일')
  t.equal(pairs([
    { source: 'Ana', text: '- window cleaning 14 May (Thu)' },
    { source: 'Ben', text: 'Window cleaning is on the Wednesday.' }
  ]).length, 1, '(Thu) against Wednesday')
  t.same(pairs([
    { source: 'Ana', text: 'We sat down with the bin team on Tuesday.' },
    { source: 'Ben', text: 'Bin team meeting: Tuesday.' }
  ]), [], 'the verb sat is no Saturday')
})

t.test('a date is its day of the month however it is written', async (t) => {
  t.equal(pairs([
    { source: '민서', text: '- 정수기 필터 교체 11/22' },
    { source: '현우', text: '정수기 필터 교체는 11월 24일로 잡았다.' }
  ]).length, 1, '11/22 against 11월 24일')
  t.equal(pairs([
    { source: 'Ana', text: 'Stocktake on 22 May.' },
    { source: 'Ben', text: '- stocktake 5/24' }
  ]).length, 1, '22 May against 5/24')
  t.same(pairs([
    { source: 'Ana', text: '- stocktake 5/22' },
    { source: 'Ben', text: 'Stocktake is on May 22nd.' }
  ]), [], '5/22 and May 22nd are one day')
  t.same(pairs([
    { source: 'Ana', text: 'The spring fair is on 4 May.' },
    { source: 'Ben', text: 'For the spring fair we bought 3 decorations.' }
  ]), [], 'a month is named in full or short, not by the first letters of a word (3 decorations)')
  t.same(pairs([
    { source: 'Ana', text: 'The open day is on 14 May.' },
    { source: 'Ben', text: 'The open day needs marketing 12 hours.' }
  ]), [], 'a number after a word that opens like a month (marketing 12) is no day of the month')
  t.equal(pairs([
    { source: '민서', text: '- 정수기 필터 교체 24일(목)' },
    { source: '현우', text: '정수기 필터 교체는 11/22로 잡았다.' }
  ]).length, 1, '24일(목) against 11/22')
})

t.test('a noun ending in 고 read as a connective does not hide that two clauses share their subject', async (t) => {
  t.equal(pairs([
    { source: '민서', text: '창고 재고 실사는 22일.' },
    { source: '현우', text: '창고 재고 실사는 24일.' }
  ]).length, 1)
  t.equal(pairs([
    { source: '민서', text: '- 신규 광고 집행 11/22' },
    { source: '현우', text: '신규 광고 집행은 11월 25일부터.' }
  ]).length, 1)
})

t.test('a clause of facts alone is said of the subject its sentence opened with', async (t) => {
  t.equal(pairs([
    { source: 'Ana', text: 'Bake sale, Sat 16 May.' },
    { source: 'Ben', text: 'The bake sale is on Saturday 23 May.' }
  ]).length, 1)
  t.equal(pairs([
    { source: '민서', text: '바자회, 5/16(토).' },
    { source: '현우', text: '바자회는 5월 23일 토요일에 열기로 했다.' }
  ]).length, 1)
})

t.test('a hyphenated compound is about each of its words too', async (t) => {
  t.equal(pairs([
    { source: 'Ana', text: 'We agreed to settle smaller orders card-based from receipts, up to £250.' },
    { source: 'Ben', text: 'card settle off receipts for anything up to £300' }
  ]).length, 1)
})

t.test('a decision another writer contradicts is pending as a conflict, not among the decisions', async (t) => {
  const engine = new OfflineEngine()
  const agendas = [{ agendaNumber: 1, title: 'Open day' }]
  const chunk = await engine.analyseChunk({
    agendas,
    minutes: [
      { userId: 'u1', userName: 'Mia', content: 'Open day: we agreed to start the tours at 10:00.\nWe agreed to order fifty lanyards.' },
      { userId: 'u2', userName: 'Omar', content: 'Open day: tours start at 11:00, agreed with the site team.' }
    ]
  })
  const draft = await engine.reduce({ agendas, chunks: [chunk] })
  const [summary] = draft.agendaSummaries
  t.ok(summary!.pending.some((point) => isConflictNote(point) && point.includes('10:00') && point.includes('11:00')), JSON.stringify(summary!.pending))
  t.notOk(summary!.decisions.some((decision) => /10:00|11:00/.test(decision)), JSON.stringify(summary!.decisions))
  t.ok(summary!.decisions.some((decision) => /lanyards/.test(decision)), 'an undisputed decision stays')
})

t.test('a Korean decision another writer contradicts is not decided', async (t) => {
  const engine = new OfflineEngine()
  const agendas = [{ agendaNumber: 1, title: '워크숍' }]
  const chunk = await engine.analyseChunk({
    agendas,
    minutes: [
      { userId: 'u1', userName: '김하늘', content: '워크숍 날짜는 5월 14일(수)로 확정.\n간식은 떡으로 하기로 함.' },
      { userId: 'u2', userName: '오세진', content: '워크숍 날짜 5월 16일(금)로 확정됐어요.' }
    ],
    language: 'ko'
  })
  const draft = await engine.reduce({ agendas, chunks: [chunk], language: 'ko' })
  const [summary] = draft.agendaSummaries
  t.ok(summary!.pending.some(isConflictNote), JSON.stringify(summary!.pending))
  t.notOk(summary!.decisions.some((decision) => /14일|16일/.test(decision)), JSON.stringify(summary!.decisions))
  t.ok(summary!.decisions.some((decision) => /간식/.test(decision)), 'an undisputed decision stays')
})

t.test('one number or clock time written two ways is no conflict; two different ones are', async (t) => {
  t.same(pairs([
    { source: 'Ana', text: 'The text alert reached about 3,400 subscribers.' },
    { source: 'Ben', text: 'Text alert -> 3.4k subscribers' }
  ]), [], '3.4k is 3,400')
  t.same(pairs([
    { source: 'Ana', text: 'The rehearsal wraps at 17:30.' },
    { source: 'Ben', text: 'Rehearsal wrap 5:30' }
  ]), [], 'a twenty-four-hour and a twelve-hour clock')
  t.same(pairs([
    { source: '김하늘', text: '셔틀 막차 05:40 출발.' },
    { source: '오세진', text: '셔틀 막차 5:40 출발 확정' }
  ]), [], 'a leading zero')
  t.same(pairs([
    { source: '김하늘', text: '주말 매장 마감은 밤 10시예요.' },
    { source: '오세진', text: '주말 매장 마감 22시.' }
  ]), [], '밤 10시 and 22시')
  t.equal(pairs([
    { source: 'Ana', text: 'The rehearsal wraps at 17:30.' },
    { source: 'Ben', text: 'Rehearsal wrap 18:00' }
  ]).length, 1, '17:30 against 18:00')
  t.equal(pairs([
    { source: 'Ana', text: 'The text alert reached about 3,400 subscribers.' },
    { source: 'Ben', text: 'Text alert -> 4.3k subscribers' }
  ]).length, 1, '3,400 against 4.3k')
})

t.test('a date written year first is the same date, dots or dashes', async (t) => {
  t.same(pairs([
    { source: '김하늘', text: '하계 운영회의 2026.7.14 상황실' },
    { source: '오세진', text: '하계 운영회의 — 2026-07-14' }
  ]), [], '2026.7.14 and 2026-07-14')
  t.equal(pairs([
    { source: '김하늘', text: '하계 운영회의 2026.7.14 상황실' },
    { source: '오세진', text: '하계 운영회의 — 2026-07-15' }
  ]).length, 1, 'the 14th against the 15th')
})
