import t from 'tap'
import { OfflineEngine } from '../src/index.ts'
import type { MinutesPart } from '../src/engine.ts'

/*
 * A three-hour meeting through both of the service's paths (one chunk, and one chunk per
 * participant reduced together) gives a complete answer. How long it takes is printed, not
 * asserted: on a shared CI machine wall time measures the neighbours. The time and its growth
 * with the input are the job of bench/consolidation-scaling and bench/offline-consolidation.
 */

// A deterministic generator of varied minutes: many topics, owners, numbers and dates, so
// that dedupe, conflicts and keyword counts see realistic diversity rather than one repeated line.
function generator (seed: number) {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff
    return state / 0x7fffffff
  }
}

const EN = {
  topics: ['billing migration', 'onboarding flow', 'search latency', 'data retention', 'mobile release', 'partner api', 'support backlog', 'pricing page', 'security audit', 'cloud costs', 'hiring plan', 'analytics pipeline'],
  nouns: ['dashboard', 'contract', 'vendor', 'estimate', 'customer', 'report', 'budget', 'design', 'test plan', 'rollout', 'checklist', 'metric', 'backlog', 'runbook', 'timeline'],
  people: ['Kim', 'Sarah', 'Raj', 'Chen', 'Nina', 'Leo', 'Grace', 'Victor'],
  days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']
}
const KO = {
  topics: ['정산 자동화', '간편결제', '추천인 프로그램', '재방문 캠페인', '데이터베이스 이전', '보안 점검', '앱 성능', '접근성', '고객센터 챗봇', '도움말 센터', '클라우드 비용', '개발자 채용'],
  nouns: ['대시보드', '계약서', '외주 업체', '추정치', '고객', '보고서', '예산', '설계 문서', '테스트 계획', '배포 일정', '점검표', '지표', '백로그'],
  people: ['김도현', '이수빈', '박지민', '최영호'],
  days: ['월요일', '화요일', '수요일', '목요일', '금요일']
}

function sentence (random: () => number, language: 'en' | 'ko'): string {
  const pick = <T> (list: readonly T[]): T => list[Math.floor(random() * list.length)]!
  const n = Math.floor(random() * 90) + 5
  if (language === 'en') {
    const topic = pick(EN.topics)
    return pick([
      `${pick(EN.people)} will update the ${topic} ${pick(EN.nouns)} by ${pick(EN.days)}.`,
      `The ${topic} ${pick(EN.nouns)} is at ${n}% and the ${pick(EN.nouns)} needs another review before the ${pick(EN.nouns)} is signed off.`,
      `We agreed to keep the ${topic} ${pick(EN.nouns)} at ${n} until the ${pick(EN.nouns)} from the ${pick(EN.nouns)} team arrives.`,
      `What worries me is that the ${topic} ${pick(EN.nouns)} slipped by ${n} days last quarter.`,
      `Should the ${topic} ${pick(EN.nouns)} move to ${pick(EN.days)}?`,
      `${pick(EN.people)} said the ${pick(EN.nouns)} for ${topic} depends on the ${pick(EN.nouns)} and the ${pick(EN.nouns)}, which are still open.`
    ])
  }
  const topic = pick(KO.topics)
  return pick([
    `${pick(KO.people)} 님이 ${pick(KO.days)}까지 ${topic} ${pick(KO.nouns)} 작성하기로 함.`,
    `${topic} ${pick(KO.nouns)}는 현재 ${n}%이고 ${pick(KO.nouns)} 검토가 한 번 더 필요함.`,
    `${topic} ${pick(KO.nouns)}는 ${pick(KO.nouns)} 결과가 나올 때까지 ${n}건으로 유지하기로 합의함.`,
    `가장 큰 리스크는 ${topic} ${pick(KO.nouns)}가 지난 분기에 ${n}일 늦어졌다는 점임.`,
    `${topic} ${pick(KO.nouns)}를 ${pick(KO.days)}로 옮길까요?`,
    `제가 ${topic} ${pick(KO.nouns)} 관련해서 ${pick(KO.nouns)} 담당자와 미팅을 잡겠습니다.`
  ])
}

function generateMinutes (language: 'en' | 'ko', targetWords: number, participants = 4): MinutesPart[] {
  const random = generator(language === 'en' ? 7 : 11)
  const parts: MinutesPart[] = Array.from({ length: participants }, (_, i) => ({ userId: `u${i + 1}`, userName: `P${i + 1}`, content: '' }))
  let count = 0
  let p = 0
  while (count < targetWords) {
    const lines: string[] = []
    for (let i = 0; i < 8; i++) lines.push(sentence(random, language))
    const paragraph = lines.join(' ')
    count += paragraph.split(/\s+/).length
    parts[p % participants]!.content += `${paragraph}\n\n`
    p++
  }
  return parts
}

for (const language of ['en', 'ko'] as const) {
  t.test(`${language}: a ~60k-word meeting is analysed and reduced on both paths`, async (t) => {
    const minutes = generateMinutes(language, 60_000)
    const words = minutes.reduce((sum, m) => sum + m.content.split(/\s+/).length, 0)
    t.ok(words >= 60_000, `${words} words`)
    const agendas = (language === 'en' ? EN.topics : KO.topics).slice(0, 6).map((title, i) => ({ agendaNumber: i + 1, title }))
    const engine = new OfflineEngine()
    const started = performance.now()
    // One chunk of everything and its reduce (the service's single-chunk path) ...
    const whole = await engine.analyseChunk({ agendas, minutes })
    await engine.reduce({ agendas, chunks: [whole] })
    const single = performance.now() - started
    // ... then one chunk per participant reduced together (the map-reduce path).
    const perParticipant = await Promise.all(minutes.map((m) => engine.analyseChunk({ agendas, minutes: [m] })))
    const draft = await engine.reduce({ agendas, chunks: [whole, ...perParticipant] })
    const elapsed = performance.now() - started
    t.comment(`${language}: ${words} words; one chunk + reduce ${single.toFixed(0)} ms; with ${minutes.length} more chunks and a second reduce ${elapsed.toFixed(0)} ms`)
    t.equal(draft.agendaSummaries.length, agendas.length)
    t.ok(draft.todos.length > 0, `${draft.todos.length} todos`)
    t.ok(draft.keywords.length > 0)
  })
}
