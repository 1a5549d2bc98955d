import t from 'tap'
import type { AgendaNotes } from '../src/engine.ts'
import { OfflineEngine } from '../src/index.ts'

const engine = new OfflineEngine()

function notes (agendaNumber: number, agendaTitle: string, decisions: string[]): AgendaNotes {
  return { agendaNumber, agendaTitle, points: [], decisions, pending: [] }
}

const agendas = [
  { agendaNumber: 1, title: 'Warehouse' },
  { agendaNumber: 2, title: 'Pricing' },
  { agendaNumber: 3, title: 'Hiring' }
]

t.test('one decision recorded by several writers is one entry of its item', async (t) => {
  const draft = await engine.reduce({
    agendas,
    chunks: [
      { keywords: [], todos: [], agendaNotes: [notes(1, 'Warehouse', ['We agreed to lease the second forklift for twelve months.']), notes(2, 'Pricing', []), notes(3, 'Hiring', [])] },
      { keywords: [], todos: [], agendaNotes: [notes(1, 'Warehouse', ['Decision: lease the second forklift for twelve months.']), notes(2, 'Pricing', []), notes(3, 'Hiring', [])] },
      { keywords: [], todos: [], agendaNotes: [notes(1, 'Warehouse', ['After a short debate we decided to lease the second forklift for twelve months.']), notes(2, 'Pricing', []), notes(3, 'Hiring', [])] }
    ]
  })
  t.same(draft.agendaSummaries.map((s) => s.decisions.length), [1, 0, 0])
  t.equal(draft.agendaSummaries[0]!.decisions[0], 'We agreed to lease the second forklift for twelve months.')
})

t.test('a decision restated under most items is kept once; one under two items stays under both', async (t) => {
  const house = '팀 현황은 주간 공유 문서에 계속 적기로 했음.'
  const draft = await engine.reduce({
    agendas,
    chunks: [{
      keywords: [],
      todos: [],
      agendaNotes: [
        notes(1, 'Warehouse', [house, '지게차 한 대를 12개월 임차하기로 합의함.']),
        notes(2, 'Pricing', ['결정: 지게차 한 대를 12개월 임차.', house]),
        notes(3, 'Hiring', [house, '정규직 채용은 두 명으로 확정함.'])
      ]
    }]
  })
  const decisions = draft.agendaSummaries.map((s) => s.decisions)
  t.same(decisions[0], [house, '지게차 한 대를 12개월 임차하기로 합의함.'], 'the working rule under the first item only')
  t.same(decisions[1], ['결정: 지게차 한 대를 12개월 임차.'], 'placement between two items is left to the writers')
  t.same(decisions[2], ['정규직 채용은 두 명으로 확정함.'])
})

t.test('a decision under two items stays where a writer named the item, not where it was inferred', async (t) => {
  const lease = 'We agreed to lease the second forklift for twelve months.'
  const draft = await engine.reduce({
    agendas,
    chunks: [
      { keywords: [], todos: [], agendaNotes: [{ ...notes(1, 'Warehouse', [lease]), writerPlacedDecisions: [lease] }, notes(2, 'Pricing', []), notes(3, 'Hiring', [])] },
      { keywords: [], todos: [], agendaNotes: [notes(1, 'Warehouse', []), notes(2, 'Pricing', []), notes(3, 'Hiring', ['Decision: lease the second forklift for twelve months.'])] }
    ]
  })
  t.same(draft.agendaSummaries.map((s) => s.decisions), [[lease], [], []])
})

t.test('the writer\'s placement is read from headings that name the item', async (t) => {
  const chunk = await engine.analyseChunk({
    agendas,
    minutes: [
      { userId: 'u1', userName: 'Ines', content: '## Warehouse\nThe second forklift came up again. We agreed to lease the second forklift for twelve months.' },
      { userId: 'u2', userName: 'Omar', content: 'Forklift capacity is short on night shifts. Decision: lease the second forklift for twelve months.' }
    ]
  })
  const warehouse = chunk.agendaNotes.find((n) => n.agendaNumber === 1)!
  t.same(warehouse.writerPlacedDecisions, ['We agreed to lease the second forklift for twelve months.'])
  t.notOk(chunk.agendaNotes.some((n) => n.agendaNumber !== 1 && (n.writerPlacedDecisions ?? []).length > 0), 'inferred placements are not marked')
})

t.test('where a decision stays, it keeps the fullest wording any writer gave it', async (t) => {
  const draft = await engine.reduce({
    agendas,
    chunks: [
      { keywords: [], todos: [], agendaNotes: [notes(1, 'Warehouse', []), notes(2, 'Pricing', []), { ...notes(3, 'Hiring', ['Agreed: night shift in all sites.']), writerPlacedDecisions: ['Agreed: night shift in all sites.'] }] },
      { keywords: [], todos: [], agendaNotes: [notes(1, 'Warehouse', ['We agreed a paid night shift is added in all sites.']), notes(2, 'Pricing', []), notes(3, 'Hiring', [])] }
    ]
  })
  t.same(draft.agendaSummaries.map((s) => s.decisions), [[], [], ['We agreed a paid night shift is added in all sites.']])
})

t.test('a task in brackets taken out of a decision leaves no empty brackets', async (t) => {
  const chunk = await engine.analyseChunk({
    agendas: [{ agendaNumber: 1, title: 'Alerting' }],
    minutes: [{ userId: 'u1', userName: 'Ines', content: "## Alerting\nWe agreed the pager threshold moves to 3% over ten minutes (Omar's changing it today)." }]
  })
  const decisions = chunk.agendaNotes[0]!.decisions
  t.equal(decisions.length, 1)
  t.notMatch(decisions[0]!, /\(\s*\)/)
  t.match(decisions[0]!, /pager threshold moves to 3% over ten minutes/)
})

/** The decisions of one writer's minutes under one agenda. */
async function decisionsOf (content: string): Promise<string[]> {
  const chunk = await engine.analyseChunk({ agendas: [{ agendaNumber: 1, title: 'Season' }], minutes: [{ userId: 'u1', userName: 'Ines', content }] })
  return chunk.agendaNotes.flatMap((n) => n.decisions)
}

t.test('decisions hold what the meeting settled: not a status tag, the meeting\'s own procedure, or a task with a deadline', async (t) => {
  t.same(await decisionsOf('- 4th: harbour choir (confirmed)\n- 11th: brass quintet (confirmed)'), [], 'a bracketed status is no decision')
  t.same(await decisionsOf('- March minutes approved\n- Quorum confirmed.'), [], 'approving the minutes runs the meeting')
  t.same(await decisionsOf('가을 음악회 좌석은 김유진 주임이 10월 말까지 배치하기로 했습니다.'), [], 'a deadline makes it a task given')
  t.same(await decisionsOf('가을 음악회는 11월 말까지 미루기로 했습니다.'), ['가을 음악회는 11월 말까지 미루기로 했습니다.'], 'moving a date is still a decision')
  t.same(await decisionsOf('가을 음악회 대관료는 11월까지 동결하기로 했습니다.'), ['가을 음악회 대관료는 11월까지 동결하기로 했습니다.'], 'keeping a state until a date is still a decision')
  t.same(await decisionsOf('We agreed to move the season opener to the town hall.'), ['We agreed to move the season opener to the town hall.'])
  t.same(await decisionsOf('Action: Omar (Lumen Audio) - confirm the second sound desk by 10:00'), [], 'a line written as an action is a task')
  t.same(await decisionsOf('AI: Omar - confirm the second sound desk by 10:00'), [], 'AI, an action item, before a person and a dash')
  t.same(await decisionsOf('액션: 음향 업체 확정 (김유진)'), [], 'a Korean task label too')
  t.same(await decisionsOf('대관 계약서는 제가 다음 회의 전까지 드리기로 했어요.'), [], 'a deadline before a meeting bounds a task as 까지 does')
  t.same(await decisionsOf('무대 조명은 리허설 후 결정'), [], 'deciding after an event puts the point off')
})

t.test('대기자 (a waiting list) is no pending point; 승인 대기 is', async (t) => {
  const chunk = await engine.analyseChunk({ agendas: [{ agendaNumber: 1, title: '강좌' }], minutes: [{ userId: 'u1', content: '대기자가 30명을 넘어서 초급반을 두 반으로 늘리기로 했습니다.\n강사료 인상은 재단 승인 대기.' }] })
  t.same(chunk.agendaNotes[0]!.pending, ['강사료 인상은 재단 승인 대기.'])
  t.same(chunk.agendaNotes[0]!.decisions, ['대기자가 30명을 넘어서 초급반을 두 반으로 늘리기로 했습니다.'])
})

t.test('one amount settled again in other words is one decision, kept in its fullest wording; dates and small counts do not join decisions', async (t) => {
  const { distinctDecisions, decisionAmounts } = await import('../src/offline/summarise.ts')
  t.same(distinctDecisions(['결국 1,500만으로 가기로 했어요.', '논의 끝에 행사 예산은 1,500만 원으로 정했습니다.', '워크숍 장소는 제주로 정했습니다.']),
    ['논의 끝에 행사 예산은 1,500만 원으로 정했습니다.', '워크숍 장소는 제주로 정했습니다.'])
  t.same(distinctDecisions(['We agreed on $7,500 for the booth.', 'Final call: the booth budget is $7,500, no demo stage.']), ['Final call: the booth budget is $7,500, no demo stage.'])
  t.equal(distinctDecisions(['행사는 3월 14일로 정했습니다.', '접수 마감도 3월 14일로 하기로 했습니다.']).length, 2, 'a shared date is when, not what')
  t.equal(distinctDecisions(['디자이너 1명을 뽑기로 했습니다.', '편집자 1명을 추가하기로 했습니다.']).length, 2, 'a small count recurs in unrelated decisions')
  t.same(decisionAmounts('the 2026 plan: 40 seats at $12.50, from 10:30 on the 4th'), ['40seats', '$12.50'])
  t.same(distinctDecisions(['회비는 3만 원으로 올리기로 했습니다.', '회비: 25,000 → 30,000원 인상 확정']).length, 1, 'a sum in won written in 만 and in digits is one amount')
  t.same(decisionAmounts('보증금 3만 원, 예산 15억, 잔금 2,500,000원'), ['30000원', '1500000000원', '2500000원'])
})

t.test('one date settled again in other words is one decision, when two words besides it are shared', async (t) => {
  const { distinctDecisions, placeDecisions } = await import('../src/offline/summarise.ts')
  t.same(distinctDecisions(['벽화 작업 4/12(토) 시작하기로 함.', '벽화 작업은 4월 12일(토) 착수로 결정됨.', '페인트는 두 통 더 사기로 함.']),
    ['벽화 작업 4/12(토) 시작하기로 함.', '페인트는 두 통 더 사기로 함.'])
  t.same(distinctDecisions(['We agreed the summer fair runs on 14 June.', 'Decision: summer fair moves to Sat 6/14, rain or shine.']), ['We agreed the summer fair runs on 14 June.'])
  t.equal(distinctDecisions(['The fair runs on 14 June.', 'The raffle prizes are due by 14 June, decided.']).length, 2, 'one shared word is not the same decision')
  const items = placeDecisions([
    { agendaNumber: 1, agendaTitle: 'Fair', points: [], pending: [], decisions: ['We agreed the summer fair runs on 14 June.'] },
    { agendaNumber: 2, agendaTitle: 'Stalls', points: [], pending: [], decisions: ['Stall bookings for the summer fair close on 14 June, decided.'] }
  ])
  t.same(items.map((item) => item.decisions.length), [1, 1], 'across items a date joins nothing')
})

t.test('Korean: a decision that names only the value settled takes the topic its section or line was written under', async (t) => {
  const chunk = await engine.analyseChunk({
    agendas: [{ agendaNumber: 1, title: '상반기 계획' }],
    minutes: [{ userId: 'u1', userName: '서지원', content: '[행사 예산]\n- 팀장님은 1,800만을, 재무팀은 1,200만을 제안했어요. 결국 1,500만으로 가기로 했어요.\n\n[결정 사항]\n- 봄 워크숍은 제주에서 하기로 했어요.\n- 홍보물 수량은 200부로 하기로 했어요.' }]
  })
  const decisions = chunk.agendaNotes.flatMap((n) => n.decisions)
  t.ok(decisions.includes('행사 예산: 결국 1,500만으로 가기로 했어요.'), JSON.stringify(decisions))
  t.ok(decisions.some((d) => /^봄 워크숍은 제주에서/.test(d)), 'a decision with a topic of its own stays as written, under any heading')
  t.ok(decisions.some((d) => /^홍보물 수량은 200부로/.test(d)), 'so does this one')
  const noted = await engine.analyseChunk({
    agendas: [{ agendaNumber: 1, title: '상반기 계획' }],
    minutes: [{ userId: 'u1', userName: '서지원', content: '[결정 사항]\n- 결국 1,500만으로 가기로 했어요.' }]
  })
  t.same(noted.agendaNotes.flatMap((n) => n.decisions), ['결국 1,500만으로 가기로 했어요.'], 'a heading that names a kind of note adds nothing')
})

t.test('a decision that points to what follows it ("이렇게 확정했다.", "as follows:") is stated by the next sentence of its line', async (t) => {
  t.same(await decisionsOf('음악회 일정은 이렇게 확정했다. 3월 2일 리허설, 3월 4일 본공연, 3월 5일 철수.'), ['음악회 일정은 이렇게 확정했다: 3월 2일 리허설, 3월 4일 본공연, 3월 5일 철수.'])
  t.same(await decisionsOf('We agreed the rota as follows. Ana on Mondays, Ben on Fridays.'), ['We agreed the rota as follows: Ana on Mondays, Ben on Fridays.'])
})

t.test('a decision the sentence marks as the first one, with nothing in it of what replaced it, was reversed: not a decision', async (t) => {
  t.same(await decisionsOf('처음에는 정기 공연을 10월 둘째 주 금요일에 하기로 했습니다. 강당 공사 때문에 10월 셋째 주 토요일로 옮기기로 했습니다.'), ['강당 공사 때문에 10월 셋째 주 토요일로 옮기기로 했습니다.'])
  t.same(await decisionsOf('We initially agreed to print the flyers in-house. The club will order the flyers from the print shop on Hale Street instead, we decided.'), ['The club will order the flyers from the print shop on Hale Street instead, we decided.'])
  const both = '처음엔 입장료를 만 원으로 정했다가 학생 할인 얘기가 나와서 팔천 원으로 바꾸기로 했어요.'
  t.same(await decisionsOf(both), [both], 'one sentence with the first decision and its replacement states the final one')
  const turned = 'At first we agreed on the Tuesday slot, but we decided on Thursday evenings in the end.'
  t.same(await decisionsOf(turned), [turned])
  const plain = '회비는 분기마다 삼만 원으로 하기로 했습니다.'
  t.same(await decisionsOf(plain), [plain], 'a decision without the mark stays')
  t.same(await decisionsOf('보일러는 처음에는 수리하기로 했는데, 부품이 없다고 해서 결정을 바꿨다.'), [], 'a turn that names nothing new states no decision')
  t.same(await decisionsOf('We initially agreed to repaint the hall, but reversed that.'), [])
})

t.test('a time settled counts as a date does: one time written two ways, with two words besides it shared, is one decision', async (t) => {
  const { distinctDecisions } = await import('../src/offline/summarise.ts')
  const { clockTimes, koreanDaysAlone } = await import('../src/text/calendar.ts')
  t.same(clockTimes('4시 반, 오후 4시 30분, 16:30, 9:05am'), ['4:30', '4:30', '4:30', '9:05'])
  t.same(koreanDaysAlone('21일 새벽으로 미루고 3일 동안 쉬고 12일부터 적용'), ['21', '12'], 'not a count of days')
  t.equal(distinctDecisions(['축제장 입장은 6시 반에 마감하기로 했어요.', '축제장 입장 마감은 오후 6시 30분으로 하기로 결정했습니다.']).length, 1)
  t.equal(distinctDecisions(['첫 배송은 21일 새벽으로 미루기로 했습니다.', '차량 점검은 21일 오후에 하기로 함.']).length, 2, 'no word shared besides the day: not the same decision')
  t.equal(distinctDecisions(['첫 배송 출발은 21일 새벽으로 미루기로 했습니다.', '풍랑 예보 때문에 첫 배송 출발을 21일 새벽으로 변경.']).length, 1)
})

t.test('a first idea agreed only for a while is no decision; nor is agreeing with a judgement, nor volunteering', async (t) => {
  t.same(await decisionsOf('My first thought was to hold the raffle in the hall, and we briefly agreed to it.'), [])
  t.same(await decisionsOf('My first idea was to print the programmes ourselves, and everyone agreed.'), [])
  t.same(await decisionsOf('Everyone agreed the ramp matters.'), [])
  t.same(await decisionsOf('Priya agreed that the old boiler is a real fire risk.'), [])
  t.same(await decisionsOf("Somebody has to email the members, but nobody's signed up for it."), [])
  t.same(await decisionsOf('We agreed the entry fee is £8 from September.'), ['We agreed the entry fee is £8 from September.'], 'a value agreed still decides')
})
