import t from 'tap'
import { extractKeywords, type KeywordSource } from '../src/offline/keywords.ts'

const keywords = (sources: KeywordSource[], people: string[] = [], limit = 12) => extractKeywords(sources, { limit, people }).map((k) => k.text)

t.test('English: nouns and noun phrases, not verbs', async (t) => {
  const list = keywords([
    { author: 'a', text: 'Lena drafts the vendor contract and renewed the hosting plan.' },
    { author: 'b', text: 'I will draft the vendor contract; the hosting renewal is due.' },
    { author: 'c', text: 'We drafted a vendor contract template last year.' },
    { author: 'c', text: 'Hosting renewed last week.' }
  ])
  t.ok(list.includes('vendor contract'), `phrase in ${JSON.stringify(list)}`)
  t.notOk(list.some((k) => /draft|renew/.test(k)), 'no verb is a keyword')
})

t.test('English: a generic word names a topic inside a phrase, and hyphenated words stay whole', async (t) => {
  const list = keywords([
    { author: 'a', text: 'The demo day moves to the new hall; the post-mortem is public.' },
    { author: 'b', text: 'Demo day needs a projector. Post-mortem published.' }
  ])
  t.ok(list.includes('demo day'), JSON.stringify(list))
  t.ok(list.includes('post-mortem'), JSON.stringify(list))
  t.notOk(list.includes('day'), 'not the generic word alone')
})

t.test('English: people are not topics', async (t) => {
  const list = keywords([
    { author: 'a', text: 'Marta will migrate the billing database. Tobias from the data team checks the backups.' },
    { author: 'b', text: 'Billing database migration: Marta owns it, Tobias checks backups.' },
    { author: 'c', text: 'Marta said the billing database is ready.' }
  ], ['Marta Lind'])
  t.ok(list.includes('billing database'), JSON.stringify(list))
  t.notOk(list.some((k) => /marta|tobias/i.test(k)), JSON.stringify(list))
})

t.test('Korean: bare nouns in a row form a phrase; predicates and people addressed with 님 are none', async (t) => {
  const list = keywords([
    { author: 'a', text: '결제 모듈 점검은 하준 님이 작성하기로 함.' },
    { author: 'b', text: '결제 모듈 패치가 늦어져서 출시를 미룸.' },
    { author: 'c', text: '하준 님, 결제 모듈 문서 작성해 주세요.' }
  ])
  t.ok(list.includes('결제 모듈'), JSON.stringify(list))
  t.notOk(list.includes('작성'), 'a 하다 verb is no topic')
  t.notOk(list.some((k) => k.includes('하준')), 'a person addressed with 님 is no topic')
})

t.test('a line label names its topic once per line', async (t) => {
  const list = keywords([
    { author: 'a', section: 'a#1', label: 'Travel budget', text: 'flights are booked.' },
    { author: 'a', section: 'a#1', label: 'Travel budget', text: 'hotels are still open.' },
    { author: 'b', section: 'b#1', text: 'The travel budget is fine.' },
    { author: 'b', section: 'b#2', text: 'Printer toner is low.' }
  ])
  t.equal(list[0], 'travel budget', JSON.stringify(list))
})

t.test('phrases with one head are two topics; phrases that chain are one', async (t) => {
  const list = keywords([
    { author: 'a', text: 'Unit testing is green; browser testing is flaky.' },
    { author: 'b', text: 'Browser testing needs two more runners. Unit testing coverage is 80%.' },
    { author: 'a', text: 'The payment gateway client timed out twice.' },
    { author: 'b', text: 'Our payment gateway client gets a retry.' }
  ])
  t.ok(list.includes('unit testing') && list.includes('browser testing'), JSON.stringify(list))
  t.equal(list.filter((k) => /payment gateway|gateway client/.test(k)).length, 1, JSON.stringify(list))
})

t.test('Korean: a generic word after a noun is the predicate of a terse note', async (t) => {
  const list = keywords([
    { author: 'a', text: '인증서 교체 완료.' },
    { author: 'b', text: '인증서 교체 완료, 서버 반영은 내일.' }
  ])
  t.notOk(list.some((k) => k.endsWith('완료')), JSON.stringify(list))
})

t.test('Korean: writers by given name and people named with a title are no topics', async (t) => {
  const list = keywords([
    { author: 'a', text: '캐시 서버 교체는 지호가 맡기로 함. 물류팀 장민혁 과장이 입고 데이터를 보내 줌.' },
    { author: 'b', text: '캐시 서버 교체 일정은 지호 담당. 장민혁 쪽 입고 데이터 포맷이 바뀜.' },
    { author: 'c', text: '지호님, 캐시 서버 교체 전에 장민혁 과장님께 입고 데이터 확인 부탁드려요.' }
  ], ['박지호'])
  t.ok(list.some((k) => k.includes('캐시')), JSON.stringify(list))
  t.notOk(list.some((k) => /지호|장민혁|과장/.test(k)), JSON.stringify(list))
})

t.test('Korean: a word with a tense stem (ㅆ) is a predicate in any speech level', async (t) => {
  const list = keywords([
    { author: 'a', text: '배너 이미지 했어. 배너 문구 됐고.' },
    { author: 'b', text: '배너 이미지 했어요, 배너 문구는 하겠음.' }
  ])
  t.ok(list.some((k) => k.includes('배너')), JSON.stringify(list))
  t.notOk(list.some((k) => /했|됐|겠/.test(k)), JSON.stringify(list))
})

t.test('English: comparatives do not modify a topic, and calendar words are none', async (t) => {
  const list = keywords([
    { author: 'a', text: 'A cheaper database cluster starts in April; the database cluster review is on Thu.' },
    { author: 'b', text: 'Database cluster: the cheaper tier saves 20 percent from April.' },
    { author: 'c', text: 'The database cluster needs 3 hours of migration every morning.' }
  ])
  t.ok(list.includes('database cluster'), JSON.stringify(list))
  t.notOk(list.some((k) => /cheaper|april|thu|hours|percent|morning/.test(k)), JSON.stringify(list))
})

t.test('English: a name written with a capital inside sentences outranks a common noun said as often', async (t) => {
  const list = keywords([
    { author: 'a', text: 'The dashboards move to Grafana next sprint because customers asked.' },
    { author: 'b', text: 'We compared Grafana with the old charts; customers want alerts.' }
  ])
  const named = list.indexOf('grafana')
  t.ok(named >= 0 && named < list.indexOf('customers'), JSON.stringify(list))
})

t.test('English: an adjective heading a noun phrase is its noun ("the alert moves")', async (t) => {
  const list = keywords([
    { author: 'a', text: 'We changed the alert to page after 3 failures.' },
    { author: 'b', text: 'The alert went off twice overnight.' }
  ])
  t.ok(list.includes('alert'), JSON.stringify(list))
  const none = keywords([
    { author: 'a', text: 'The build is green again.' },
    { author: 'b', text: 'Build green, nothing else.' }
  ])
  t.notOk(none.includes('green'), `a predicative adjective stays one: ${JSON.stringify(none)}`)
})

t.test('Korean: a noun whose last syllable is also a particle (완성도, 정기회의) keeps it when the shorter stem is never written', async (t) => {
  const list = keywords([
    { author: 'a', text: '시안 완성도 점검은 금요일까지 합니다. 정기회의 안건에 올립니다.' },
    { author: 'b', text: '완성도 기준을 먼저 정해야 해요. 정기회의 전에 공유할게요.' },
    { author: 'c', text: '완성도 점수가 낮은 화면부터 봅니다.' }
  ])
  t.ok(list.includes('완성도'), `완성도 in ${JSON.stringify(list)}`)
  t.notOk(list.includes('완성'), 'not cut to 완성')
  t.notOk(list.includes('정기회'), 'not cut to 정기회')
  const withParticle = keywords([
    { author: 'a', text: '예산도 다시 봐야 합니다. 예산은 3월에 확정합니다.' },
    { author: 'b', text: '광고 예산이 부족합니다. 예산도 줄었어요.' }
  ])
  t.ok(withParticle.includes('예산'), `a particle 도 still comes off where the stem is written: ${JSON.stringify(withParticle)}`)
})

t.test('Korean: words of time and of old or new (작년, 하루, 둘째, 기존, 신규) name no topic on their own, as year and day do not in English', async (t) => {
  const list = keywords([
    { author: 'a', text: '작년 대비 신규 가입이 줄었습니다. 기존 회원 이탈도 하루 평균 30명입니다.' },
    { author: 'b', text: '작년에는 둘째 주에 캠페인을 했어요. 신규 캠페인은 기존 회원 대상으로 합니다.' },
    { author: 'c', text: '기존 회원 혜택을 작년 수준으로 맞춥니다. 신규 가입 이벤트는 하루만 합니다.' }
  ])
  t.notOk(list.some((k) => ['작년', '하루', '둘째', '기존', '신규'].includes(k)), `none alone in ${JSON.stringify(list)}`)
  t.ok(list.includes('기존 회원'), 'a phrase they open still names one')
})

t.test('Korean: 전에, 후에, 중에 (before, after, during) with a one-syllable noun name no topic', async (t) => {
  const list = keywords([
    { author: 'a', text: '납품 전에 포장 상태를 봅니다. 설치 후에 시운전을 합니다.' },
    { author: 'b', text: '행사 전에 포장 박스를 받습니다. 점검 중에 시운전 기록을 남깁니다.' },
    { author: 'c', text: '출고 전에 포장 사진을 찍어요. 설치 후에 시운전 결과를 공유해요.' }
  ])
  t.notOk(list.some((k) => k.split(' ').some((word) => ['전에', '후에', '중에'].includes(word))), `none, alone or in a phrase, in ${JSON.stringify(list)}`)
  t.ok(list.includes('시운전'), 'the topics stay')
})

t.test('Korean: a compound written with and without the space is one keyword', async (t) => {
  const list = keywords([
    { author: 'a', text: '결제위젯 로딩이 느림.' },
    { author: 'a', text: '결제위젯 문구도 바꿔야 함.' },
    { author: 'b', text: '결제 위젯 오류는 재현됨. 배너 교체는 다음 주.' },
    { author: 'c', text: '배너 시안 확인. 결제 위젯 캐시 설정 점검.' }
  ])
  t.ok(list.includes('결제 위젯') || list.includes('결제위젯'), `the compound in ${JSON.stringify(list)}`)
  t.notOk(list.includes('결제 위젯') && list.includes('결제위젯'), 'not both spellings')
  t.ok(list.indexOf('결제 위젯') === 0 || list.indexOf('결제위젯') === 0, 'counted as one term it comes first, written by all three')
})

t.test('Korean: a verbal noun of doing (수정, 작성, 전달, 변경) is no topic of its own, as 확인 and 정리 are not', async (t) => {
  const list = keywords([
    { author: 'a', text: '배너 문구 수정. 안내문 작성.' },
    { author: 'b', text: '쿠폰 조건 변경 후 배너 수정.' },
    { author: 'c', text: '안내문은 내가 작성해서 전달. 쿠폰 수정 완료.' },
    { author: 'a', text: '쿠폰 이미지 전달 받음. 추가 수정 필요.' }
  ])
  t.ok(list.includes('배너') && list.includes('쿠폰'), `the topics in ${JSON.stringify(list)}`)
  t.notOk(list.some((k) => /^(?:수정|작성|전달|변경|추가)$/.test(k)), 'no verbal noun of doing alone')
})

t.test('English: a noun of doing (the fix, a change, the draft) is no topic of its own', async (t) => {
  const list = keywords([
    { author: 'a', text: 'The fix for the login banner ships Friday. The draft of the banner copy is ready.' },
    { author: 'b', text: 'Wren reviewed the fix. One change to the banner copy.' },
    { author: 'c', text: 'The change looks fine; the draft needs the legal line.' }
  ])
  t.ok(list.some((k) => k.includes('banner')), `the topic in ${JSON.stringify(list)}`)
  t.notOk(list.some((k) => /^(?:fix|change|draft)$/.test(k)), 'no noun of doing alone')
})
