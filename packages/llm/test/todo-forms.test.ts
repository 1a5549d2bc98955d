import t from 'tap'
import { attendees } from '../src/offline/role-holders.ts'
import { detectTodos } from '../src/offline/todos.ts'
import { splitSentences } from '../src/text/sentences.ts'
import { analyseClauses, decisionStance } from '../src/offline/speech-acts/index.ts'

/*
 * The probe table of issue 17: which predicate forms make a todo, by speech act and speech level.
 * Each row is one form on an ordinary sentence; the verbs and nouns vary between rows so that a
 * row passes by its form, not by its words. The Korean rows follow the ending table in
 * src/offline/speech-acts/korean.ts; the English rows the clause slots in speech-acts/english.ts.
 *
 * | act          | 반말 (plain)         | 해요체 (polite)                | 합쇼체 (formal)                 | terse notes (개조식)                               |
 * |--------------|----------------------|--------------------------------|---------------------------------|---------------------------------------------------|
 * | commitment   | -ㄹ게, 내가 고침      | -ㄹ게요, 공유드릴게요, -기로 했어요 | -겠습니다, -드리겠습니다, -기로 했습니다 | -겠음, -(으)ㅁ by the writer, named doer + 예정    |
 * | request      | -해 줘 / -해줘 (vocative) | -해 주세요, -해 오세요, -해 주실 수 있을까요? | 부탁드립니다                  | 확인 필요, "→ 지훈", "(담당: 이지은)", "(법무팀)", "김민수:" |
 * | must (task)  | -해야 돼 + time      | -해야 해요 + owner              | -해야 합니다 + deadline / action noun | -해야 함 + owner                              |
 * | no todo      | facilitation (…부터 정리하겠습니다, 넘어갈게요), doubt (…날지는 모르겠어요), done (…했습니다), opinion (…것 같아요), decision (…하기로 했습니다 with no doer), question, reason (…했으니까요), must-form with a reason on a verb of no action, a plan with nobody named, a terse minute of what someone did |
 */

type Row = readonly [form: string, sentence: string, todos: readonly string[]]

const AUTHOR = '서지원'
const PEOPLE = ['서지원', '김민수', '박서연', 'Ana Ruiz', 'Sam Lee']

// As the engine places them: each line knows the heading of the section it is under.
function todosOf (text: string, author = AUTHOR): string[] {
  let heading: string | undefined
  const lines = splitSentences(text).flatMap((s) => {
    if (s.heading) {
      heading = s.text
      return []
    }
    return [{ text: s.text, author, ...(s.line === undefined ? {} : { line: s.line }), ...(s.label === undefined ? {} : { label: s.label }), ...(heading === undefined ? {} : { sectionHeading: heading }), ...(s.listHeading === undefined ? {} : { listHeading: s.listHeading }) }]
  })
  return detectTodos(lines, PEOPLE)
}

const KOREAN_TODOS: Row[] = [
  // Commitments, by speech level.
  ['반말 -ㄹ게', '결제 버그는 내가 고칠게.', ['결제 버그 고치기 (서지원)']],
  ['해요체 -ㄹ게요', '정산 리포트는 제가 만들게요.', ['정산 리포트 만들기 (서지원)']],
  ['a meeting as the deadline, not the place of talk', '환불 기준 초안은 다음 회의 전까지 작성하겠습니다.', ['환불 기준 초안 다음 회의 전까지 작성 (서지원)']],
  ['writing into a document of the work is a task', '견적 조건은 계약서에 적어 둘게요.', ['견적 조건 계약서에 적어 두기 (서지원)']],
  ['a topic label names the object Korean leaves out', '- 배너 시안: 제가 목요일까지 초안 보내겠습니다.', ['배너 시안 목요일까지 초안 보내기 (서지원)']],
  ['a task with its own object keeps it alone', '- 배너 시안: 제가 목요일까지 문구 파일을 보내겠습니다.', ['목요일까지 문구 파일을 보내기 (서지원)']],
  ['합쇼체 -겠습니다', '재시도 로직은 제가 추가하겠습니다.', ['재시도 로직 추가 (서지원)']],
  ['합쇼체 -드리겠습니다', '고객사에 일정은 제가 공유드리겠습니다.', ['고객사에 일정 공유 (서지원)']],
  ['해요체 공유드릴게요', '회의록은 제가 내일까지 공유드릴게요.', ['회의록 내일까지 공유 (서지원)']],
  ['terse -겠음', '테스트 케이스 보강하겠음', ['테스트 케이스 보강 (서지원)']],
  ['terse -(으)ㅁ by the writer', '결제 버그 내가 고침', ['결제 버그 고치기 (서지원)']],
  ['a spoken opener before the task (참고로, 그럼) is no part of it', '참고로 회의실 배치도는 제가 내일까지 그려 둘게요.', ['회의실 배치도 내일까지 그려 두기 (서지원)']],
  ['-을 예정 with a named doer: the -기 form', '다음 주에 지수 님이 현장 점검 일정 잡을 예정입니다.', ['다음 주에 현장 점검 일정 잡기 (지수)']],
  ['-ㄹ 예정 on a verb with a vowel stem', '지수 님이 금요일까지 계약서 초안 보낼 예정입니다.', ['금요일까지 계약서 초안 보내기 (지수)']],
  ['a verb given as a favour (보여 드리겠습니다)', '견적 비교표는 제가 목요일까지 팀장님께 보여 드리겠습니다.', ['견적 비교표 목요일까지 팀장님께 보이기 (서지원)']],
  ['a noun given with its object particle (안내를 드리겠습니다)', '입주사에는 제가 금요일까지 안내를 드리겠습니다.', ['입주사에 금요일까지 안내 (서지원)']],
  ['합쇼체 request -해 주십시오 to a named person', '지수 님, 견적서는 목요일까지 제출해 주십시오.', ['견적서 목요일까지 제출 (지수)']],
  ['합쇼체 request -아/어 주십시오 to a named person', '지수 님, 계약서를 목요일까지 읽어 주십시오.', ['계약서를 목요일까지 읽기 (지수)']],
  ['합쇼체 -겠습니다 on a verbal noun ending in ㅁ', '계약 서류는 제가 열람하겠습니다.', ['계약 서류 열람 (서지원)']],
  ['해요체 -ㄹ게요 on a verbal noun ending in ㅁ', '소방 설비는 제가 금요일까지 점검할게요.', ['소방 설비 금요일까지 점검 (서지원)']],
  ['-기로 했습니다 with a named doer', '온보딩 가이드는 민수님이 작성하기로 했습니다.', ['온보딩 가이드 작성 (민수)']],
  ['-기로 했어요 by the writer', 'API 문서 업데이트는 제가 하기로 했어요.', ['API 문서 업데이트 (서지원)']],
  ['-기로 함 terse by the writer', '견적서는 제가 보내기로 함', ['견적서 보내기 (서지원)']],
  ['-ㄹ 예정 with a named doer', 'API 문서는 지은 씨가 다음 주에 업데이트할 예정입니다.', ['API 문서 다음 주에 업데이트 (지은)']],
  ['an owner and a time in one bracket after the task', '- 회원 명부 정리 (민수, 이번 주)', ['회원 명부 이번 주 정리 (민수)']],
  ['an owner and a time with its part of the day in one bracket', '- 현수막 시안 수정 (민수, 금요일 오전까지)', ['현수막 시안 금요일 오전까지 수정 (민수)']],
  ['-겠다, the plain written commitment of prose minutes, by the writer', '내가 금요일까지 대관 명단을 정리하겠다.', ['금요일까지 대관 명단을 정리 (서지원)']],
  ['-겠다 by the writer, a verb in the -기 form', '내가 대관 계약서를 받아서 총무님께 넘기겠다.', ['대관 계약서를 받아서 총무님께 넘기기 (서지원)']],
  ['an owner after an arrow, then a time after a comma', '- 견적서 발송 → 민수, 금요일까지', ['견적서 금요일까지 발송 (민수)']],
  ['an owner with a title after an arrow (any word before 님 is a title there)', '- 현수막 시안 수정 → 민수 점장님', ['현수막 시안 수정 (민수)']],
  ['the writer after an arrow, then a time of two words', '- 배너 주문 → 나, 다음 주 월요일까지', ['배너 다음 주 월요일까지 주문 (서지원)']],
  ['an owner and a time bounded by 중에 in one bracket', '- 대여 물품 목록 정리 (서연 씨, 이번 주 중에)', ['대여 물품 목록 이번 주 중에 정리 (서연)']],
  ['an owner and a deadline in one bracket', '- 견적 재요청 (서연 씨, 금요일까지)', ['견적 금요일까지 재요청 (서연)']],
  ['the present of a 하다 verb without a time reports, the writer\'s as much as anyone\'s', '발표 자료는 제가 인쇄합니다.', []],
  ['the present of a 하다 verb without a time, nobody named, reports', '발표 자료는 인쇄합니다.', []],
  ['중 starting a word after a weekday is no "within" (중국), and a weekday alone does not date a note', '- 금요일 중국 출장 자료 정리하기', []],
  ['맡다 in the present assigns what is taken on, with no time', '회계 정리는 박서연 님이 맡습니다.', ['회계 정리 (박서연)']],
  ['맡다 in 해요체, after 도', '현수막 주문도 민수 씨가 맡아요.', ['현수막 주문 (민수)']],
  ['-ㄹ 예정이다, the plain form of prose minutes, with the writer as doer', '회의록은 내가 목요일까지 다듬어서 올릴 예정이다.', ['회의록 목요일까지 다듬어서 올리기 (서지원)']],
  ['noun + 예정 with a team in brackets', '계약서 회신 예정 (법무팀)', ['계약서 회신 (법무팀)']],
  ['honorific giving in a -기로 form', '지훈 님께서 배포 스크립트를 수정해 주시기로 했습니다.', ['배포 스크립트를 수정 (지훈)']],
  // Requests, by speech level and by how the addressee is named.
  ['반말 vocative -해줘', '지훈아 로그 좀 확인해줘.', ['로그 확인 (지훈)']],
  ['해요체 -해 주세요 after a vocative', '민수님, 결제 로그 확인해 주세요.', ['결제 로그 확인 (민수)']],
  ['합쇼체 부탁드립니다', '지은님 디자인 검토 부탁드립니다.', ['디자인 검토 (지은)']],
  ['해요체 부탁해요 with a topic particle', '민지 씨는 회의록 정리 부탁해요.', ['회의록 정리 (민지)']],
  ['a request asked as a question', '수진님, 이번 주까지 견적 받아주실 수 있을까요?', ['이번 주까지 견적 받기 (수진)']],
  ['polite imperative -(으)세요', '다음 회의까지 각자 의견 정리해 오세요.', ['다음 회의까지 각자 의견 정리해 오기']],
  // Must-forms: a task when they name who or by when, or their verb acts on an action noun.
  ['-해야 합니다 with a deadline', '금요일까지 인증서를 갱신해야 합니다.', ['금요일까지 인증서를 갱신']],
  ['terse action noun with a week ahead', '파트너 워크숍 3월 첫째 주 현장 진행', ['파트너 워크숍 3월 첫째 주 현장 진행']],
  ['terse action noun with next week, naming nobody: the writer\'s', '보험 갱신 서류 다음 주 제출', ['보험 갱신 서류 다음 주 제출 (서지원)']],
  ['a -기 task opening a line under a person\'s name', '- 민수: 거래처 샘플 회수하기, 수량은 나한테 알려주기', ['거래처 샘플 회수 (민수)']],
  ['the writer named as owner in brackets (나); the send step joins the edit it follows', '- 협찬사 제안서 수정, 목요일까지 송부 (나)', ['협찬사 제안서 수정 (서지원)']],
  ['the writer named as owner with the subject pronoun after an arrow', '- 회의실 프로젝터 수리 요청 → 내가', ['회의실 프로젝터 수리 요청 (서지원)']],
  ['the writer named as owner with the subject pronoun in brackets', '- 출장 숙소 예약 (제가)', ['출장 숙소 예약 (서지원)']],
  ['a verb ending on a connective before a title is no name', '- 현수막 시안 받아서 과장님 최종 확인.', ['현수막 시안 받아서 최종 확인']],
  ['a verb ending on a connective in brackets is no owner', '- 현수막 시안 확인 (받아서)', []],
  ['a noun plan with a clock time', '점검 공지 16:00 발송 예정', ['점검 공지 16:00 발송 (서지원)']],
  ['a commitment after a reason on everyday "시스템"', '재고 시스템 코드를 나눠야 하므로 제가 외주사에 견적을 요청하겠습니다.', ['외주사에 견적을 요청 (서지원)']],
  ['a reason in -라서 before a commitment', '마감이 금요일이라서 제가 오늘 초안을 공유하겠습니다.', ['초안을 공유 (서지원)']],
  ['a reason in 있어서 before a decided task', '견적 차이가 있어서 민수 님이 공급사에 단가표를 다시 요청하기로 했습니다.', ['공급사에 단가표를 다시 요청 (민수)']],
  ['-어야 합니다 on any verb with a deadline', '금요일까지 보안 점검을 마쳐야 합니다.', ['금요일까지 보안 점검을 마치기']],
  ['-해야 함 with an owner', '인증서 갱신은 민수님이 해야 함', ['인증서 갱신 (민수)']],
  ['-해야 합니다 on an action noun, nobody named', '로그 보관 기간을 확인해야 합니다.', ['로그 보관 기간을 확인']],
  // Terse notes and owner notes of written minutes.
  ['…확인 필요', '서버 용량 확인 필요', ['서버 용량 확인']],
  ['bullet with an arrow to the owner', '- 결제 오류 재현 → 지훈', ['결제 오류 재현 (지훈)']],
  ['담당 in brackets', '백업 정책 문서화 (담당: 이지은)', ['백업 정책 문서화 (이지은)']],
  ['담당 after a dash', '백업 정책 문서화 해야 함 - 담당 지현', ['백업 정책 문서화 (지현)']],
  ['a participant as the line label', '- 김민수: 금요일까지 초안 공유', ['금요일까지 초안 공유 (김민수)']],
  ['a follow-up line opened by an arrow, with a participant\'s label', '  → 김민수: 금요일까지 단가 확인', ['금요일까지 단가 확인 (김민수)']],
  ['a participant\'s label outweighs a bracket at the end that names no participant', '- 김민수: 기존 번역 일괄 수정 (반나절)', ['기존 번역 일괄 수정 (김민수)']],
  ['a deadline written with a tilde: the checklist of one\'s own notes', '정산 리포트 초안 작성 ~11/30', ['정산 리포트 초안 작성 ~11/30 (서지원)']],
  ['a weekday in brackets as the deadline, after a tilde in the title (a bracket closing it names the owner)', '고객 인터뷰 질문지 정리 (금)', ['고객 인터뷰 질문지 정리 ~금']],
  ['a tilde deadline in brackets after a terse request', '- 납품 업체에 시험 성적서 재요청 (~12/2)', ['납품 업체에 시험 성적서 재요청 ~12/2 (서지원)']],
  ['a day named relative to today after a tilde', '- 소화기 2대 구매요청 (~오늘)', ['소화기 2대 구매요청 ~오늘 (서지원)']],
  ['a name with its title in brackets is the owner', '- 납품 일정표 갱신 필요 (오세린 매니저)', ['납품 일정표 갱신 (오세린)']],
  ['쌤, the spoken 선생님, after a name', '- 병동 안내문 개정 박다인쌤 (월)', ['병동 안내문 개정 ~월 (박다인)']],
  ['a participant after a dash', '- 장비 대여 요청 - 민수', ['장비 대여 요청 (김민수)']],
  ['the writer after a dash, a day named from today after the task', '- 배양액 주문 오늘 - 나', ['배양액 주문 오늘 (서지원)']],
  ['the noun of a separate 하다 without its object particle', '나는 금요일에 창고 정리를 하기로 했다.', ['금요일에 창고 정리 (서지원)']],
  ['하였다 written out as 했다 is', '나는 금요일에 창고 정리를 하기로 하였다.', ['금요일에 창고 정리 (서지원)']],
  ['본인이: the writer of formal minutes', '본인이 다음 주까지 재고표 양식을 확인하기로 하였다.', ['다음 주까지 재고표 양식을 확인 (서지원)']],
  ['an owner note before the deadline', '- 비상구 표지 교체 → 지훈 (목)', ['비상구 표지 교체 ~목 (지훈)']],
  ['a clause joined by -고 shares the last one\'s -기로 했습니다', '발표 자료는 민수님이 만들고, 리허설 일정은 지은님이 잡기로 했습니다.', ['발표 자료 만들기 (민수)', '리허설 일정 잡기 (지은)']],
  ['-기로 했고 joined to a decision put off', '지은님이 경쟁사 요금을 조사해서 다음 회의에 가져오기로 했고, 그때 결정하겠습니다.', ['경쟁사 요금을 조사해서 다음 회의에 가져오기 (지은)']],
  ['a month-part deadline', '리뉴얼 화면 목록은 제가 12월 둘째 주까지 정리할게요.', ['리뉴얼 화면 목록 12월 둘째 주까지 정리 (서지원)']],
  ['a plan (예정) with a time ahead is the writer\'s', '쿠폰 만료 배치 중복 여부 내일까지 확인 예정', ['쿠폰 만료 배치 중복 여부 내일까지 확인 (서지원)']],
  ['finding out whether (여부를 확인, 여부 문의) is a task, not a point left open', '나는 다음 주까지 창고 임대 연장 여부를 확인하기로 했다.', ['다음 주까지 창고 임대 연장 여부를 확인 (서지원)']],
  ['담당 미정 keeps the task without an owner', '배치 분산 락 적용 필요(담당 미정)', ['배치 분산 락 적용']],
  ['a label names what nobody has taken, a noun phrase standing as the task', '- 소화기 정기 점검 업체: 담당자 안 정해짐', ['소화기 정기 점검 업체']],
  ['who does the topic is still open: the topic is a task without an owner', '- 주차장 임시 표지판은 누가 맡을지 아직 못 정했어요.', ['주차장 임시 표지판']],
  ['the same asked', '- 행사 사진 업로드는 누가 하나요?', ['행사 사진 업로드']],
  ['a pronoun topic asked about names no task', '그건 누가 하죠?', []],
  ['nobody named yet for what a -ㄹ form says: the task is to name them', '창고 열쇠를 관리할 담당자는 아직 정하지 못했어요.', ['창고 열쇠를 관리할 담당자 정하기']],
  ['담당 안 정함 after the task', '인증서 갱신 확인 필요한데 담당 안 정함', ['인증서 갱신 확인']],
  ['… 우리 팀 담당: the writer\'s team', '관리자 대시보드 개발 우리 팀 담당', ['관리자 대시보드 개발 (서지원)']],
  ['the intent future -ㄹ 거예요 by the writer', '저는 오늘 할부 드롭다운 작업할 거예요.', ['할부 드롭다운 작업 (서지원)']],
  ['a named doer in the 하다 present with a time', '남궁예린 님이 오늘 크론 설정을 조치합니다.', ['크론 설정을 조치 (남궁예린)']],
  ['the honorific -시- dropped from the title', '가은 님이 공지 문안을 쓰시기로 했어요.', ['공지 문안을 쓰기 (가은)']],
  ['a name with a job title after an arrow', 'SCIM 동기화 오류 원인 미회신 → 태호 매니저님 확인', ['SCIM 동기화 오류 원인 미회신 확인 (태호)']],
  ['a terse -기로 with a named doer', '인쇄소 견적은 지수 님이 받기로', ['인쇄소 견적 받기 (지수)']],
  ['an action noun needed, its subject particle left out', '이번 주까지 수신 거부 목록 추출이 필요합니다.', ['이번 주까지 수신 거부 목록 추출']],
  ['a name with 선생님, the title of teachers, doctors and nurses', '검사 결과는 한보라 선생님이 확인해서 내일 오전까지 회신하기로 했습니다.', ['검사 결과 확인해서 내일 오전까지 회신 (한보라)']],
  ['a participant\'s given name as the line label', '- 서연: 오늘 재시도 로직 마무리', ['재시도 로직 마무리 (서연)']],
  ['a participant\'s given name right after the action noun closing a note', '- 협력사에 재발주 요청 민수', ['협력사에 재발주 요청 (김민수)']],
  ['a deadline with 까지 written after the task, naming nobody: the writer\'s', '- 견적서 정리 금요일까지', ['견적서 정리 금요일까지 (서지원)']],
  ['a weekday written short before 까지', '- 발표 자료 정리 수까지 (민수)', ['발표 자료 정리 수까지 (김민수)']]
]

const KOREAN_NON_ACTIONS: Row[] = [
  ['-겠다 of someone else without a time guesses', '민수가 이번에도 늦겠다.', []],
  ['facilitation -겠습니다 after a topic', '그럼 지난 주 액션 아이템부터 정리하겠습니다.', []],
  ['facilitation -ㄹ게요', '다음 안건으로 넘어갈게요.', []],
  ['talked over at a dated meeting: put off, the date no deadline', '야근 수당 문제는 2월 10일(화) 다음 회의에서 다루겠습니다.', []],
  ['a plan to discuss at a meeting', '환불 기준은 다음 회의(3/4)에서 논의할 예정입니다.', []],
  ['a numbered part of a programme says what happens then', '- 2일차(7/21): 숲 체험하기', []],
  ['noting something down in these minutes, for reference', '참고로 캠프 일차별 계획도 적어 둘게요.', []],
  ['terse action noun with a weekday alone (may put a point off)', '출시 범위 목요일 재논의', []],
  ['a timeline line with a clock time reports', '09:40 롤백 완료', []],
  ['uncertainty -ㄹ지는 모르겠어요', '이번 주 안에 결과가 날지는 모르겠어요.', []],
  ['past report -했습니다', '지난주에 결제 모듈 배포를 완료했습니다.', []],
  ['a terse -기로 with nobody named', '현수막 시안은 다음 주로 미루기로', []],
  ['a prohibition -지 마세요 asks that nothing be done', '확인 전에는 결제 진행하지 마세요.', []],
  ['opinion -것 같아요', '이 방식이 더 나은 것 같아요.', []],
  ['group decision -기로 했습니다', '결제 수단은 카드로 하기로 했습니다.', []],
  ['question -인가요', '이번 출시 일정은 언제인가요?', []],
  ['reason -(으)니까요 is no question and no task', '그건 이미 말씀드렸으니까요.', []],
  ['a plan with nobody named', '시간이 늦어서 다음 주에 공지할 예정입니다.', []],
  ['a must-form on a verb of no action, nobody named', '성능 문제는 구조를 바꿔야 합니다.', []],
  ['a must-form after a condition', '새 업체를 등록하려면 절차에 3주가 걸리므로 일정에 반영해야 함', []],
  ['a terse minute of what someone did', '김도현 님이 현황을 공유함.', []],
  ['a greeting in -세요', '안녕하세요, 다들 오셨나요?', []],
  ['-(으)세요 on a verb of talking runs the conversation', '민수님 먼저 말씀하세요.', []],
  ['a done item under a participant label', '- 서연: 푸시 알림 서버 인증서 교체 완료', []],
  ['an arrow to a state is no owner', '- 디자인 변경 → 보류', []],
  ['a decision promised for later', '연간 할인율은 다음 주에 제가 결정하겠습니다.', []],
  ['a terse note with a weekday may report the past', '일요일에 회수 스크립트로 중복분 다 뺌', []],
  ['a prediction in -ㄹ 거예요', '내일이면 결과가 나올 거예요.', []],
  ['a field of work before 담당 is a role', '- 백엔드 개발 담당', []],
  ['holding a meeting runs the meetings', '다음 주 목요일 오후 2시에 후속 점검 회의를 하겠습니다.', []],
  ['a request received reports', '보안 점검 체크리스트 12/5까지 요청받음', []],
  ['a person met with (님이랑) is no doer', '캠페인 예산은 석진 님이랑 따로 얘기하기로 함', []]
]

const ENGLISH: Row[] = [
  ["contraction I'll", "I'll send the updated pricing deck to Acme by Friday.", ['Send the updated pricing deck to Acme by Friday (서지원)']],
  ["a name's going to", "Maria's going to update the onboarding doc.", ['Update the onboarding doc (Maria)']],
  ['a numbered part of a programme says what happens then', '- Day 2: build the bird feeders by noon', []],
  ['whether after a verb of asking is what is asked', 'Ask legal whether the clause covers subcontractors.', ['Ask legal whether the clause covers subcontractors']],
  ['whether after checking, in a commitment', "I'll check whether the venue is free on the 12th.", ['Check whether the venue is free on the 12th (서지원)']],
  ['a clause with its own subject joined on with and', "I'll book the venue for March and that's the plan.", ['Book the venue for March (서지원)']],
  ['a named person\'s clause joined on with and', "I'll order the badges and Ines's printing the maps.", ['Order the badges (서지원)']],
  ['a progressive with a second -ing verb after and', "Wren's ordering the badges and booking the hall for the fair.", ['Order the badges and book the hall for the fair (Wren)']],
  ['for now is no part of the task', "I'll only brief the two pilot stores for now.", ['Brief the two pilot stores (서지원)']],
  ['and will before a second verb', "I'll collect the invoices and will come back with totals by Monday.", ['Collect the invoices and come back with totals by Monday (서지원)']],
  ['Happy to … with the subject left out', 'Happy to take the vendor comparison.', ['Take the vendor comparison (서지원)']],
  ['Let me …', 'Let me check with the infra team and get back to you.', ['Check with the infra team and get back to you (서지원)']],
  ['Will … with the subject left out', 'Will send the notes after the call.', ['Send the notes after the call (서지원)']],
  ['Going to … with the subject left out', 'Going to ping the vendor about the SLA.', ['Ping the vendor about the SLA (서지원)']],
  ['imperative addressed by name', 'Tom, please review the security checklist before Thursday.', ['Review the security checklist before Thursday (Tom)']],
  ['a polite could-you request', 'Leo, could you book the room for the offsite?', ['Book the room for the offsite (Leo)']],
  ['Action: name to …', 'Action: Priya to update the incident runbook.', ['Update the incident runbook (Priya)']],
  ['TODO: imperative on any verb, in the writer\'s own minutes the writer\'s', 'TODO: rotate the API keys', ['Rotate the API keys (서지원)']],
  ['a participant as the line label', 'Sam: send the contract to legal by Monday.', ['Send the contract to legal by Monday (Sam)']],
  ['Need … without a subject', 'Need to confirm the budget with finance.', ['Confirm the budget with finance']],
  ['a planned item in notes: noun to verb, with a time', 'Game day to rehearse a gateway failure in the sprint after next.', ['Game day to rehearse a gateway failure in the sprint after next']],
  ['a verb the tagger calls an adjective after will', "I'll own the rollout checklist.", ['Own the rollout checklist (서지원)']],
  ['a topic label is no owner', 'Budget: send the revised numbers to finance by Friday.', ['Send the revised numbers to finance by Friday']],
  ['a weekday bounds a progressive', "I'm bringing the RI numbers to Thursday's follow-up.", ["Bring the RI numbers to Thursday's follow-up (서지원)"]],
  ['a new subject after a colon', "We're split, so we won't decide today: Hannah's going to run a pairing session.", ['Run a pairing session (Hannah)']],
  ['a compound noun opener is no imperative', 'Take-home too long, two dropouts this month.', []],
  ['a noun opener with a finite verb is a subject', 'Log retention sits in the shared account.', []],
  ['a decision put off to a day', 'Not decided, depends on cloud savings. Decide Thu.', []],
  ['a verb of saying commits to nothing', "I'll admit I was skeptical about the beta.", []],
  ['going ahead with something decides it', "We'll go ahead with an EU region in Frankfurt.", []],
  ['nobody owns it: the task stands without an owner', 'CI lint for pool size < 20 in prod: proposed, nobody owns it yet', ['CI lint for pool size < 20 in prod']],
  ['the group needs someone for a task: the task stands without an owner', 'We need somebody to collect the chairs from the church.', ['Collect the chairs from the church']],
  ['the same for oneself is no task', 'I need someone to talk it through with.', []],
  ['a thing that needs doing: the task acts on it, nobody named', 'The gutter over the porch needs clearing before winter.', ['Clear the gutter over the porch before winter']],
  ['the same in the passive infinitive', 'The fire blanket needs to be replaced by Friday.', ['Replace the fire blanket by Friday']],
  ['the same after a clause of its own: the thing is its subject', 'Van two failed its check, needs servicing', ['Service van two']],
  ['the same beside a task the writer takes: both stay', 'The gutter needs clearing, and I\'ll order the paint.', ['Clear the gutter', 'Order the paint (서지원)']],
  ['a person in need is no thing to act on', 'Ana needs cheering up.', []],
  ['no volunteer: the task stands without an owner, and the label is no one\'s name', 'Posters for the spring fair: no volunteer yet.', ['Posters for the spring fair']],
  ['no takers: the same', 'Book the minibus for the away game – no takers.', ['Book the minibus for the away game']],
  ['nobody on it: the task stands without an owner, its bracket a comment', '- garden tap dripping (washer?), nobody on it yet', ['Garden tap dripping']],
  ['nobody has picked it up: the same', 'Renew the hall insurance, nobody\'s picked that up yet.', ['Renew the hall insurance']],
  ['a "me:" label is the writer', 'me: review the comms template by Monday', ['Review the comms template by Monday (서지원)']],
  ['facilitation', "Let's move on to pricing.", []],
  ['Let me on a verb of showing runs the meeting', 'Let me share my screen with the roadmap.', []],
  ['Let me on a verb of thinking', 'Let me think about the pricing tiers.', []],
  ['doubt', "I'm not sure whether the vendor will reply this week.", []],
  ['a past report', 'We shipped the new onboarding flow last week.', []],
  ['an opinion', 'I think we should wait for legal.', []],
  ['a decision', 'We decided to go with Postgres.', []],
  ['a team in note form takes the task, nobody in particular', 'Design team to own the style guide.', ['Own the style guide']],
  ['a named person\'s work in hand (progressive) is taken on', "Ana's drafting the partner newsletter.", ['Draft the partner newsletter (Ana)']],
  ['a progressive of a verb the lemmatiser does not know, in the base form', 'Sam is texting the parents today.', ['Text the parents (Sam)']],
  ['the same, its silent e put back', 'Ana is resampling the two wells on Friday.', ['Resample the two wells on Friday (Ana)']],
  ['"today" possessing a noun stays', "Sam: add the gaskets to today's order", ["Add the gaskets to today's order (Sam)"]],
  ['"it" as the subject of "it\'s", or the empty "it" of "make it clear", stands for nothing', "The bakery van was late twice, and once we served cold toast to the whole group. Sam will phone them and make it plain it's the final notice.", ["Phone them and make it plain it's the final notice (Sam)"]],
  ['an ongoing state is no task', 'Ana is working on the partner newsletter.', []],
  ['a name\'s "\'s" before an -ing form the tagger reads as a noun, and its object', "Sam's checking the fuse box before the weekend.", ['Check the fuse box before the weekend (Sam)']],
  ['the same with a verb after it is a possessive subject', "Sam's wedding the week after is a clash.", []],
  ['the same before a pronoun object is left alone', "Sam's checking it after lunch.", []],
  ['a named person\'s work in hand on an object with no article', "Sam's hanging printed banners in the hall.", ['Hang printed banners in the hall (Sam)']],
  ['a condition after ", and" opens what follows, not the task before it', "Ana's emailing the printer about the proofs, and if they're late we'll reuse last year's poster.", ['Email the printer about the proofs (Ana)']],
  ['a nominalisation before "to" is no doer', 'Motion to adopt the revised bylaws (Kim / Ortiz).', []],
  ['a nominalisation before "to" is no doer (-al)', 'Proposal to move the gala to May.', []],
  ['a topic label names what "it" is', 'Flaky checkout test: I will quarantine it.', ['Quarantine the flaky checkout test (서지원)']],
  ['a person\'s label names who, not what "it" is', 'Me: write up the audit report and send it to the client on Monday.', ['Write up the audit report and send it to the client on Monday (서지원)']],
  ['two named doers joined by "and" are two clauses', "Sam'll book the venue by Friday and Ana confirms the caterer.", ['Book the venue by Friday (Sam)']]
]

t.test('A role the minutes give tasks to is the participant who writes one of those tasks as their own, when only one does', async (t) => {
  const people = ['박서연', '김민수']
  t.same(meetingTodos([['박서연', '- 재고 점검표 작성 (내가, 목요일까지)'], ['김민수', '- 재고 점검표는 주방장님이 목요일까지 작성\n- 주방장님이 고무장갑을 금요일까지 주문하기로 함']], people),
    ['재고 점검표 목요일까지 작성 (박서연)', '고무장갑을 금요일까지 주문 (박서연)'])
  t.same(meetingTodos([['박서연', '- 재고 점검표 작성 (내가, 목요일까지)'], ['김민수', '- 세제 주문 (내가, 수요일까지)\n- 재고 점검표는 주방장님이 목요일까지 작성\n- 세제는 주방장님이 수요일까지 주문\n- 주방장님이 고무장갑을 금요일까지 주문하기로 함']], people).at(-1),
    '고무장갑을 금요일까지 주문 (주방장)', 'two participants each write one of the role\'s tasks as their own: no guess between them')
})

t.test('A job title alone (팀장님이) names the role holder: the one person the minutes write with that title, else the title', async (t) => {
  t.same(todosOf('팀장님이 후보 날짜 두 개 보내 주시기로 했어요.'), ['후보 날짜 두 개 보내기 (팀장)'], 'nobody written as 팀장: the title is the owner')
  t.same(todosOf('참석: 구매팀 하윤서 팀장, 전산팀 문태식 매니저\n팀장님이 후보 날짜 두 개 보내 주시기로 했어요.'), ['후보 날짜 두 개 보내기 (하윤서)'])
  t.same(todosOf('회의록은 하윤서 팀장에게 공유했습니다.\n팀장님이 후보 날짜 두 개 보내 주시기로 했어요.'), ['후보 날짜 두 개 보내기 (하윤서)'], 'the name and title with any particle a title takes (에게)')
  t.same(todosOf('참석: 하윤서 팀장, 문태식 팀장\n팀장님이 후보 날짜 두 개 보내 주시기로 했어요.'), ['후보 날짜 두 개 보내기 (팀장)'], 'two people hold the title: no guess between them')
  t.same(todosOf('참석: 영업팀 팀장, 하윤서 팀장\n팀장님께서 견적서를 보내 주시기로 했어요.'), ['견적서를 보내기 (하윤서)'], 'a unit before a title is no person')
  t.same(todosOf('목요일 투자 미팅 준비로 대표님이 발표 자료를 고치시기로 함'), ['목요일 투자 미팅 준비로 발표 자료를 고치기 (대표)'], 'a word ending in a particle before the title is no name')
  t.same(todosOf('품질 책임은 점검표를 금요일까지 만들어 주세요.'), ['품질 책임 점검표를 금요일까지 만들어 주기'], 'a title that is an everyday word (책임) names no one without 님')
  t.same(todosOf('사무실 이사는 다음 주 금요일까지 마치기로 했습니다.'), ['사무실 이사 다음 주 금요일까지 마치기'], '이사 (moving house) is no board member: the task is nobody\'s')
  const taskOfTheBoss = '사장님이 내일 거래처에 견적서를 보내기로 했어요.'
  t.same(todosOf(`견본은 제가 먼저 봐서 사장님께 말씀드릴게요.\n${taskOfTheBoss}`).at(-1), '내일 거래처에 견적서를 보내기 (사장)', 'a verb form before the title (봐서 사장님께) is no name')
  t.same(todosOf(`포장 박스 수량을 세어 보니 모자라서, 추가 수량은 사장님이 정하기로 했어요.\n${taskOfTheBoss}`)[1], '내일 거래처에 견적서를 보내기 (사장)', 'a word the minutes also write with another particle (수량, 수량은) is no name')
  t.same(todosOf(`도면은 은재 씨랑 사장님이 같이 보기로 했어요.\n${taskOfTheBoss}`).at(-1), '내일 거래처에 견적서를 보내기 (사장)', '씨 with its particle (씨랑) is no name')
  t.same(todosOf(`전단지는 이번 주 안에 마치도록 사장님이 챙기기로 했어요.\n${taskOfTheBoss}`).at(-1), '내일 거래처에 견적서를 보내기 (사장)', 'a verb ending (-도록) is no name')
  t.same(todosOf(`회의록은 김하은 사장님께 보냈어요.\n${taskOfTheBoss}`), ['내일 거래처에 견적서를 보내기 (김하은)'], 'a full name ending in 은 is still a name')
})

t.test('A name or a surname with a title that is an everyday word too (기사, 작가, 소장) is the person: the title is neither the owner nor the name', async (t) => {
  t.same(todosOf('민수 기사님이 내일 배선을 점검하기로 했어요.'), ['내일 배선을 점검 (민수)'])
  t.same(todosOf('서연 작가님이 금요일까지 원고를 보내기로 했어요.'), ['금요일까지 원고를 보내기 (서연)'])
  t.same(todosOf('기사님이 배선을 점검하기로 했어요.'), [], 'the title alone, an everyday word, is someone from outside (a technician, a driver): no one\'s task here')
  t.same(todosOf('김 기사가 금요일까지 견적을 보내기로 했습니다.'), ['금요일까지 견적을 보내기 (김민수)'], 'a surname and the title: the participant of that surname')
  t.same(todosOf('박 작가님은 다음 주까지 원고를 넘기기로 했어요.'), ['다음 주까지 원고를 넘기기 (박서연)'])
  t.same(todosOf('첫 기사는 내일 올리기로 했습니다.'), [], 'a determiner before the word (첫 기사, the first article) is no surname')
})

t.test('A role given a task (Treasurer to …) names its holder: the participant the minutes write with that role in brackets', async (t) => {
  const people = ['Maria Okafor', 'Daniel Reyes', 'Priya Nair']
  const of = (text: string): string[] => detectTodos(splitSentences(text).map((s) => ({ ...s, author: 'Maria Okafor' })), people)
  t.same(of('Present: M. Okafor (chair), D. Reyes (treasurer), P. Nair (secretary).\nTreasurer to circulate the audit letter by Friday.'), ['Circulate the audit letter by Friday (Daniel Reyes)'])
  t.same(of('Treasurer to circulate the audit letter by Friday.'), ['Circulate the audit letter by Friday (Treasurer)'], 'nobody written with the role: the role is the owner')
  t.same(of('Present: D. Reyes (treasurer), P. Nair (treasurer).\nTreasurer to circulate the audit letter by Friday.'), ['Circulate the audit letter by Friday (Treasurer)'], 'two holders: no guess')
  t.same(of('P. Nair to draft the call for nominations by January 8.'), ['Draft the call for nominations by January 8 (Priya Nair)'], 'an initial and a family name stand for the participant')
  t.same(of('Priya to draft the call for nominations by January 8.'), ['Draft the call for nominations by January 8 (Priya)'], 'a first name is left as written')
})

t.test('A Korean participant named by the given name, bare after an arrow or with a particle, owns the task; the point before the arrow is what it is about', async (t) => {
  const people = ['여태린', '배지수', '문가람', '남궁은호']
  const of = (text: string): string[] => detectTodos(splitSentences(text).map((s) => ({ ...s, author: '배지수' })), people)
  t.same(of('- 결제 페이지 오류 → 태린 원인 분석'), ['결제 페이지 오류 원인 분석 (여태린)'])
  t.same(of('- 환불 지연 → 가람 로그 정리, 태린 배포'), ['환불 지연 로그 정리 (문가람)', '환불 지연 배포 (여태린)'], 'the second task is about the same point, past the first person\'s')
  t.same(of('- 업로드 실패 → 가람이가 내일 재현 영상 만들기로'), ['업로드 실패 내일 재현 영상 만들기 (문가람)'], 'the familiar 이 and 가 after a name ending in a consonant; a terse -기로')
  t.same(of('- 알림 누락 → 은호가 서버팀에 물어보기로'), ['알림 누락 서버팀에 물어보기 (남궁은호)'], 'the given name of a two-syllable surname')
  t.same(of('- 신규 배너 문구 작성은 태린 담당'), ['신규 배너 문구 작성 (여태린)'], 'a given name before 담당')
  t.same(of('- 주말 회귀 테스트 돌리기 (가람)'), ['주말 회귀 테스트 돌리기 (문가람)'], 'a given name in brackets')
  t.same(of('- 결제 페이지 오류 → 민재 원인 분석'), [], 'a name that is no participant owns nothing')
  t.same(of('- 환불 문의 두 번 오는 건 캐시 문제 같음 → 태린이가 확인하기로'), ['환불 문의 두 번 확인 (여태린)'], 'a clause made a noun with 건 ends the point')
  t.same(of('- 로그인 화면 문구 → 다음 버전 티켓 내가 옮기기'), ['로그인 화면 문구 다음 버전 티켓 옮기기 (배지수)'], '내가: the writer, as 제가')
  t.same(of('- 반품 상자 → 가람이 택배사에 3, 4번 상자 같이 보내도 되는지 물어보기'), ['반품 상자 택배사에 3, 4번 상자 같이 보내도 되는지 물어보기 (문가람)'], 'a comma between numbers lists them')
  t.same(of('- 전단지 부족 → 가람이 이번 주 2,500장 추가 발주'), ['전단지 부족 이번 주 2,500장 추가 발주 (문가람)'], 'a thousands separator')
})

t.test('Someone the minutes address with 씨 owns what a note names them for, though they wrote no minutes; a slash parts tasks with their own owner notes; a dash may touch the task, a time may follow the name', async (t) => {
  const people = ['배지수', '정하늘']
  const of = (text: string): string[] => detectTodos(splitSentences(text).map((s) => ({ ...s, author: '배지수' })), people)
  t.same(of('창고 건은 민호 씨가 알아보기로 함.\n- 거래처 문의 - 민호 / 안내문 수정 - 하늘'), ['창고 건 알아보기 (민호)', '거래처 문의 (민호)', '안내문 수정 (정하늘)'])
  t.same(of('- 거래처 문의 - 민호'), [], 'a name nobody addressed is no one known')
  t.same(of('- 거래처 문의 - 하늘 / 안내문 수정 - 지수'), ['거래처 문의 (정하늘)', '안내문 수정 (배지수)'], 'participants alone')
  t.same(of('- 거래처 문의-하늘'), ['거래처 문의 (정하늘)'], 'a dash with no spaces, between Hangul')
  t.same(of('- 거래처 문의-하늘 이번 주\n- 안내문 수정 - 지수 금'), ['이번 주 거래처 문의 (정하늘)', '안내문 수정 ~금 (배지수)'], 'when, after the name')
})

t.test('Korean: keeping something in mind, asked or said of someone, is no task', async (t) => {
  const of = (text: string): string[] => detectTodos(splitSentences(text).map((s) => ({ ...s, author: '배지수' })), ['배지수', '정하늘'])
  t.same(of('- 바뀐 휴무일은 수요일로 알고 계시기 (하늘)'), [])
  t.same(of('☐ 설명회 장소 확인. 팀장님은 2층 강당으로 알고 계심.'), ['설명회 장소 확인 (배지수)'], 'under an open checkbox too')
  t.same(of('- 견적서 받아 두기 (하늘)'), ['견적서 받아 두기 (정하늘)'], 'keeping a thing at hand is one')
  t.equal(analyseClauses('변경된 일정 알아 두세요.', 'ko')[0]?.act, 'statement')
})

t.test('A name with the title of a coach, an officer or a head (코치, 주무관, 원장 …) is a person who takes the task', async (t) => {
  const of = (text: string): string[] => detectTodos(splitSentences(text).map((s) => ({ ...s, author: '배지수' })), ['배지수', '정하늘'])
  t.same(of('민호 코치가 버스 대절 업체에 전화해 보기로 했고.'), ['버스 대절 업체에 전화해 보기 (민호)'])
  t.same(of('박서연 주무관이 다음 주까지 확인해서 알려 주기로 했어요.'), ['다음 주까지 확인해서 알려 주기 (박서연)'])
  t.equal(decisionStance('민호 코치가 버스 대절 업체에 전화해 보기로 했고.'), 'task', 'a task, not the group\'s decision')
})

t.test('The honorific -기로 하셨습니다 gives the person honoured a task; with nobody named it is no group decision', async (t) => {
  const people = ['여태린', '배지수', '문가람']
  const of = (text: string): string[] => detectTodos(splitSentences(text).map((s) => ({ ...s, author: '배지수' })), people)
  t.same(of('이번 달 매출 보고서는 배지수 점주님께서 금요일까지 정리해 주시기로 하셨습니다.'), ['이번 달 매출 보고서 금요일까지 정리 (배지수)'], '점주 is a title as 팀장 is')
  t.same(of('여태린 사장님이 매장 사진을 찍어 단톡방에 공유하기로 하셨어요.'), ['매장 사진을 찍어 단톡방에 공유 (여태린)'])
  t.same(of('전단지 시안은 문가람 님께서 의견을 주시기로 하였습니다.'), ['전단지 시안 의견 주기 (문가람)'], '주다 as the verb itself: the thing given stays')
  t.same(analyseClauses('회의 끝에 점주님들께서 가격을 올리기로 하셨습니다.', 'ko').map((c) => c.act), ['statement'], 'honoured people unnamed: neither a task nor the group\'s decision')
})

t.test('English notes: the point before an arrow is what the commitment after it acts on', async (t) => {
  const people = ['Tamsin Reyes', 'Ines Moreau', 'Wren Hale']
  const of = (text: string): string[] => detectTodos(splitSentences(text).map((s) => ({ ...s, author: 'Tamsin Reyes' })), people)
  t.same(of('- Venue contract -> Wren will sign it by Friday'), ['Sign the venue contract by Friday (Wren)'])
  t.same(of('- Pricing page → I\'ll update it this week'), ['Update the pricing page this week (Tamsin Reyes)'])
  t.same(of('- Venue contract -> signed Monday'), [], 'a report after the arrow commits nobody')
})

t.test('English: a hyphenated verb of doing again in a progressive opens its title in the base form', async (t) => {
  const of = (text: string): string[] => detectTodos(splitSentences(text).map((s) => ({ ...s, author: 'Tamsin Reyes' })), ['Tamsin Reyes', 'Ines Moreau'])
  t.same(of('Ines is re-sending the invitations tomorrow.'), ['Re-send the invitations tomorrow (Ines)'])
  t.same(of('Ines is re-booking the van for Friday.'), ['Re-book the van for Friday (Ines)'])
})

t.test('English notes: a person before an arrow opening the note has the task after it', async (t) => {
  const people = ['Tamsin Reyes', 'Ines Moreau', 'Wren Hale']
  const of = (text: string): string[] => detectTodos(splitSentences(text).map((s) => ({ ...s, author: 'Tamsin Reyes' })), people)
  t.same(of('- Ines → book the minibus for Saturday'), ['Book the minibus for Saturday (Ines)'])
  t.same(of('- WH -> call the caterer about the deposit'), ['Call the caterer about the deposit (Wren Hale)'], 'a participant\'s initials')
  t.same(of('- Me → send the seating plan round'), ['Send the seating plan round (Tamsin Reyes)'], 'the writer')
  t.same(of('- KD → renew the hall insurance'), ['Renew the hall insurance (KD)'], 'initials nobody is known by stand as written')
  t.same(of('- Ines → away until the 9th'), [], 'no verb after the arrow: no task')
})

t.test('English: a present tense with "after" or "afterwards" plans, as with a day named; a past tense reports', async (t) => {
  const people = ['Tamsin Reyes', 'Ines Moreau']
  const of = (text: string): string[] => detectTodos(splitSentences(text).map((s) => ({ ...s, author: 'Tamsin Reyes' })), people)
  t.same(of('Ines updates the seating chart after.'), ['Update the seating chart after (Ines)'])
  t.same(of('I update the guest list afterwards.'), ['Update the guest list afterwards (Tamsin Reyes)'])
  t.same(of('Ines updated the seating chart after the call.'), [])
})

t.test('A surname with a job title ("문 팀장님이") is a person: it leaves the task\'s title', async (t) => {
  const of = (text: string): string[] => detectTodos(splitSentences(text).map((s) => ({ ...s, author: '배지수' })), ['배지수', '여태린'])
  t.same(of('- 견적서: 문 팀장님이 금요일까지 발송'), ['견적서 금요일까지 발송'])
})

t.test('A participant\'s name before a dash owns the line as a label does; under an action label the rest is the task as written', async (t) => {
  t.same(todosOf('Ana – book the rehearsal room for Thursday'), ['Book the rehearsal room for Thursday (Ana)'])
  t.same(todosOf('Action: Sam - vendor shortlist by the 12th'), ['Vendor shortlist by the 12th (Sam)'], 'a noun phrase under an action label')
  t.same(todosOf('Sam - vendor shortlist by the 12th'), [], 'without an action label a noun phrase assigns nothing')
  t.same(todosOf('Ana - out of office next week'), [], 'a remark about the person')
  t.same(todosOf('Action: Ana - none'), [])
  t.same(todosOf('Budget - Ana'), [], 'a topic before the dash is no owner')
  t.same(todosOf('Ana — the upload failed twice last night'), [], 'a report of what happened')
})

t.test('An unnamed action line in one\'s own minutes is the writer\'s; a verbless one is the task as written, without a verbless comment', async (t) => {
  t.same(todosOf('Action: order the spare fuses for the van this week.', 'Ana Ruiz'), ['Order the spare fuses for the van this week (Ana Ruiz)'])
  t.same(todosOf('Action: refund note to the caterer today - wrong invoice total, no discount.', 'Ana Ruiz'), ['Refund note to the caterer today (Ana Ruiz)'])
  t.same(todosOf('Action: Q2 planning with finance - add the travel line and the training budget.', 'Ana Ruiz'), ['Q2 planning with finance - add the travel line and the training budget (Ana Ruiz)'], 'a comment with a verb is the task too')
  t.same(todosOf('Action: Sam - vendor shortlist by the 12th', 'Ana Ruiz'), ['Vendor shortlist by the 12th (Sam)'], 'a name keeps the task')
  t.same(todosOf('Owners: Ana for design, Sam for QA.', 'Ana Ruiz'), [], 'a label of who is no task')
  t.same(todosOf('Sam issues the credit note to the client today.', 'Ana Ruiz'), ['Issue the credit note to the client (Sam)'], 'issue is a verb of doing')
})

t.test('Korean titles: 르-irregular and -야겠- must-forms give the -기 form; an action noun given with 주십시오 stays the noun', async (t) => {
  t.same(todosOf('제가 내일까지 업체 후보 골라야 해요.'), ['내일까지 업체 후보 고르기 (서지원)'])
  t.same(todosOf('제가 금요일까지 전기 기사 불러야 돼요.'), ['금요일까지 전기 기사 부르기 (서지원)'])
  t.same(todosOf('제가 내일까지 배송 방식도 다시 따져 봐야겠어요.'), ['내일까지 배송 방식도 다시 따져 보기 (서지원)'])
  t.same(todosOf('변경 사항은 목요일까지 박서연 님께 회신 주십시오.'), ['변경 사항 목요일까지 박서연 님께 회신 주기'])
  t.same(todosOf('계약서는 목요일까지 보내 주십시오.'), ['계약서 목요일까지 보내기'])
})

t.test('Korean: a deadline said after the task as a fragment of its own bounds the task before it', async (t) => {
  t.same(todosOf('현장 안내문은 제가 만들게요. 시안 나오면 반영해서 다음 주 금요일까지요.'), ['현장 안내문 다음 주 금요일까지 만들기 (서지원)'])
  t.same(todosOf('- 안내 영상 제가 편집하기로 함. 자막 받으면 3월 말까지 완성 목표'), ['안내 영상 3월 말까지 편집 (서지원)'])
  t.same(todosOf('현장 안내문은 제가 목요일까지 만들게요. 다음 주 금요일까지요.'), ['현장 안내문 목요일까지 만들기 (서지원)'], 'a task with its own deadline keeps it')
  t.same(todosOf('다음 주 금요일까지요.'), [], 'a deadline alone is no task')
})

t.test('No task: the notes\' title, a standing instruction for whenever it applies, talking a point over at the next meeting, a next-meeting line', async (t) => {
  const numbered = (text: string) => detectTodos(splitSentences(text).map((s, index) => ({ text: s.text, author: AUTHOR, index, ...(s.label === undefined ? {} : { label: s.label }) })), PEOPLE)
  t.same(numbered('3월 운영위원회 정리 (본점)\n- 회의실 예약은 제가 금요일까지 하겠습니다.'), ['회의실 예약 금요일까지 (서지원)'])
  t.same(numbered('Harbor Co - kickoff call 3/2\n- I will send the SOW by Friday.'), ['Send the SOW by Friday (서지원)'])
  t.same(numbered('3월 운영회의 정리 (김민수)\n- 회의실 예약은 제가 금요일까지 하겠습니다.'), ['회의실 예약 금요일까지 (서지원)'])
  t.same(numbered('- 회의실 예약은 제가 금요일까지 하겠습니다.\n3월 운영회의 정리 (김민수)'), ['회의실 예약 금요일까지 (서지원)', '3월 운영회의 정리 (김민수)'], 'only the first line names the notes')
  t.same(todosOf('궁금한 점은 언제든 운영팀에 연락 주십시오.'), [])
  t.same(todosOf('교대 때 반드시 인계 사항을 안내해 주시기 바랍니다.'), [])
  t.same(todosOf('인계 사항은 금요일까지 반드시 정리해 주십시오.'), ['인계 사항 금요일까지 반드시 정리'], 'with a time set it is a task')
  t.same(todosOf('※ 대관료는 아직 부담. 3월 실적 보고 다음 회의 때 다시 얘기할 것'), [])
  t.same(todosOf('다음 회의: 4월 첫째 주 예정(일정 추후 공지)'), [])
})

t.test('A note\'s opening noun phrase names what "it" is, as a label does', async (t) => {
  t.same(todosOf('- final deck Thursday, I\'ll send it to the board the same evening', 'Ana Ruiz'), ['Send the final deck to the board the same evening (Ana Ruiz)'])
  t.same(todosOf('- brief for Marketing 2, I\'ll send it to the board', 'Ana Ruiz'), ['Send the brief for marketing 2 to the board (Ana Ruiz)'], 'a word that opens like a month (Marketing 2) is no date')
  t.same(todosOf("I'll ring the depot, as I think they still have the old keys.", 'Ana Ruiz'), ['Ring the depot (Ana Ruiz)'], 'a reason after ", as <subject>" is why, not what')
  t.same(todosOf("I'll email the printer first thing, so she can plan the run.", 'Ana Ruiz'), ['Email the printer first thing (Ana Ruiz)'], 'nor a purpose after ", so <subject>"')
  t.same(todosOf("I'll order the cups as usual.", 'Ana Ruiz'), ['Order the cups as usual (Ana Ruiz)'])
  t.same(todosOf('We lost the venue, I\'ll call it a day.', 'Ana Ruiz').filter((todo) => todo.includes('venue')), [], 'a clause with a verb names no topic')
})

t.test('English: a named doer in the present tense with a date is an assignment, as with a weekday; without one it describes', async (t) => {
  t.same(todosOf('Ana raises the rota at the staff meeting on the 14th.'), ['Raise the rota at the staff meeting on the 14th (Ana)'])
  t.same(todosOf('Ana books the minibus by 3 May.'), ['Book the minibus by 3 May (Ana)'])
  t.same(todosOf('Ana books the minibus on 12/5.'), ['Book the minibus on 12/5 (Ana)'])
  t.same(todosOf('Ana books the minibus for the away games.'), [], 'what Ana does, not a task given')
})

t.test('"and" before another doer with a future starts that doer\'s task', async (t) => {
  t.same(todosOf('Ana sends the floor plan by Monday and I\'ll book the caterer for Friday.'), ['Send the floor plan by Monday (Ana)', 'Book the caterer for Friday (서지원)'])
  t.same(todosOf('Sam will update the pricing page, and Ana will brief the support team by Thursday.'), ['Update the pricing page (Sam)', 'Brief the support team by Thursday (Ana)'])
  t.same(todosOf('Send the deck to Sam and Ana by Friday.'), ['Send the deck to Sam and Ana by Friday'], 'names joined by "and" without a verb of their own stay one task')
})

t.test('Under an open-points heading a line ending in 담당 asks for an owner: the task stands without one', async (t) => {
  t.same(todosOf('[미결 사항]\n- 연간 구독 할인율\n- DRM 라이선스 갱신 담당'), ['DRM 라이선스 갱신'])
  t.same(todosOf('[제 할 일 정리]\n- 파일럿 세 곳 계약 조건 정리: 12월 15일까지'), ['파일럿 세 곳 계약 조건 정리 12월 15일까지 (서지원)'], 'my own action list: the writer owns it')
})

t.test('One person\'s task written twice in different words is listed once; two tasks of one person sharing a topic stay two', async (t) => {
  t.same(todosOf('가격 인상 공지 문안은 가은 님이 쓰시기로 했어요.\n가격 인상 공지 문안 작성은 임가은 님이 하기로 했습니다.'), ['가격 인상 공지 문안 작성 (임가은)'], 'the longer wording is kept')
  t.same(todosOf('Sam will recruit five beta customers for offline mode.\nSam will send beta customers a short weekly survey.'), [
    'Recruit five beta customers for offline mode (Sam)', 'Send beta customers a short weekly survey (Sam)'
  ])
})

t.test('Every line under an action heading is a task, in either language; done items and questions are not', async (t) => {
  t.same(todosOf('액션 아이템:\n- 배포 체크리스트 작성\n- 결제 모듈 회귀 테스트 완료\n- 다음 회의 일정은 언제로 할까요?'), ['배포 체크리스트 작성 (서지원)'], "in the writer's own notes, the writer's tasks")
  t.same(todosOf('행사 준비 관련 할 일\n- 참가자 명찰 출력하기\n- 현수막 업체에 시안 요청하기'), ['참가자 명찰 출력 (서지원)', '현수막 업체에 시안 요청 (서지원)'], 'a heading of tasks after a topic')
  t.same(todosOf('팀 공통 할 일\n- 참가자 명찰 출력하기'), ['참가자 명찰 출력'], 'a heading naming the team gives no owner')
  t.same(todosOf('오늘 논의할 일\n- 참가자 명찰 출력하기'), [], '논의할 일 lists topics, not tasks')
  t.same(todosOf('## Action items\n- Pricing page copy (Sam)\n- Rotate the API keys\n- Load test finished'), ['Pricing page copy (Sam)', 'Rotate the API keys'])
  t.same(todosOf('## Notes\n- Pricing page copy\n- 배포 체크리스트'), [], 'under any other heading a noun phrase is no task')
})

for (const [name, rows] of [['Korean todo forms', KOREAN_TODOS], ['Korean non-actions', KOREAN_NON_ACTIONS], ['English forms', ENGLISH]] as const) {
  t.test(name, async (t) => {
    for (const [form, sentence, todos] of rows) t.same(todosOf(sentence), todos, `${form}: ${sentence}`)
  })
}

t.test('Korean: an arrangement (-기로 했다) bounded by -까지 is a task given, in the todos; keeping a state until then is no task', async (t) => {
  t.same(todosOf('창고 재고표는 내일까지 한 장으로 합치기로 했어요.'), ['창고 재고표 내일까지 한 장으로 합치기'])
  t.same(todosOf('안내문 문구 목요일까지 수정하기로 함'), ['안내문 문구 목요일까지 수정'], '수정하기로 is no deliberation (정하기로)')
  t.same(todosOf('다음 달까지는 지금 단가를 유지하기로 했어요.'), [], 'until, on a verb of keeping a state')
  t.same(todosOf('개장은 5월 말까지 미루기로 했어요.'), [], 'moving a date decides')
  t.same(todosOf('메뉴 이름은 다음 주에 같이 정하기로 했어요.'), [], 'deliberating later leaves the point open')
})

t.test('English notes: a bare progressive with a time ahead is the writer\'s plan; "do" with an object is an action', async (t) => {
  t.same(todosOf('Sending the venue invoice today.', 'Ana'), ['Send the venue invoice (Ana)'])
  t.same(todosOf('Booking the rehearsal room by Friday.', 'Ana'), ['Book the rehearsal room by Friday (Ana)'])
  t.same(todosOf('Working from home today.', 'Ana'), [], 'being somewhere is no task')
  t.same(todosOf('Sending the newsletter every Friday.', 'Ana'), [], 'a habit is no task')
  t.same(todosOf('Sent the venue invoice yesterday.', 'Ana'), [], 'done')
  t.same(todosOf('I do the stock count this week.', 'Ana'), ['Do the stock count this week (Ana)'])
})

t.test('Korean notes: a task after an arrow is about the phrase the line opened with, when that phrase has no verb', async (t) => {
  t.same(todosOf('- 3층 프린터 토너 문제 → 민수가 오늘 원인 찾기로'), ['3층 프린터 토너 문제 원인 찾기 (김민수)'])
  t.same(todosOf('- 신청서 양식 → 서식 파일 내가 고침'), ['신청서 양식 서식 파일 고치기 (서지원)'])
  t.same(todosOf('- 2층 배너 이미지 → 서연 원인 파악하기'), ['2층 배너 이미지 원인 파악 (박서연)'], 'an opening cut short by a number is kept whole')
  t.ok(todosOf('- 일정이 밀리면 공지 필요 → 내가 공지 올림').includes('공지 올리기 (서지원)'), 'a condition opens no topic')
  t.same(todosOf('- 회의실 의자 파손 여러 개 → 교체 수량 확인 필요'), ['회의실 의자 파손 여러 개 교체 수량 확인'], 'a task nobody took is about the opening phrase too')
})

t.test('Korean notes: a -기 to-do with a time is the writer\'s own, the time in brackets included; 물어봐야 is asking, 로 봐야 judging', async (t) => {
  t.same(todosOf('- 비품 재고 다시 세기 (이번 주)'), ['이번 주 비품 재고 다시 세기 (서지원)'])
  t.same(todosOf('- 현수막 시안 금요일까지 받기'), ['현수막 시안 금요일까지 받기 (서지원)'])
  t.same(todosOf('- 민수: 현수막 시안 금요일까지 받기'), ['현수막 시안 금요일까지 받기 (민수)'], 'a person named keeps the task')
  t.same(todosOf('- 현수막 시안 받기'), [], 'without a time a -기 line may be anyone\'s note')
  t.same(todosOf('강사님께 가능한 날짜를 이번 주 안에 물어봐야 해요.'), ['강사님께 가능한 날짜를 이번 주 안에 물어보기'])
  t.same(todosOf('이건 결국 마케팅 비용으로 봐야 해요.'), [], 'a judgement in 로 봐야')
})

t.test('Korean: -며, the written -고, shares the ending of the last clause', async (t) => {
  t.same(todosOf('안내문은 김민수 님이 금요일까지 작성하며, 인쇄는 각 팀에서 월말까지 완료해 주시기 바랍니다.'), ['안내문 금요일까지 작성 (김민수)', '인쇄 각 팀에서 월말까지 완료'])
})

// Several writers' notes as the engine reads them: each line with its place, label and section heading.
function meetingTodos (notes: ReadonlyArray<readonly [author: string, text: string]>, people: readonly string[]): string[] {
  return detectTodos(notes.flatMap(([author, text]) => {
    let heading: string | undefined
    let index = 0
    return splitSentences(text).flatMap((s) => {
      if (s.heading) {
        heading = s.text
        return []
      }
      return [{ text: s.text, author, index: index++, ...(s.label === undefined ? {} : { label: s.label }), ...(s.checkbox === undefined ? {} : { checkbox: s.checkbox }), ...(heading === undefined ? {} : { sectionHeading: heading }) }]
    })
  }), people)
}

t.test('English action lists: owners as bracketed initials, several tasks after one label, owners left open, parked points', async (t) => {
  const people = ['Paula Reyes', 'Tom Okoye', 'Mira Chen']
  const of = (text: string, author = 'Mira Chen'): string[] => meetingTodos([[author, text]], people)
  t.same(of('[PR] Send the revised floor plan to facilities.'), ['Send the revised floor plan to facilities (Paula Reyes)'], 'initials in brackets name the participant')
  t.same(of('[TO] Kiosk quote from the second vendor'), ['Kiosk quote from the second vendor (Tom Okoye)'], 'the bracket marks an action item, verb or not')
  t.same(of('Tom: the kiosk quote (TO)'), [], 'initials nobody brackets before the line mark nothing by themselves')
  t.same(of('Action items\n- Tom: swap the badge printer today; check the kiosks by Fri'), ['Swap the badge printer today (Tom)', 'Check the kiosks by Fri (Tom)'], 'tasks after ";" are tasks of the same owner')
  t.same(of('Action items\n- Paula: venue walkthrough, catering order, signage proofs'), ['Venue walkthrough (Paula)', 'Catering order (Paula)', 'Signage proofs (Paula)'], 'a list of short noun phrases is a list of tasks')
  t.same(of('Action items\n- Paula: catering order for 40, vegetarian options included'), ['Catering order for 40, vegetarian options included (Paula)'], 'two comma parts are one task')
  t.same(of('Action items\n- ???: call the landlord about the heating'), ['Call the landlord about the heating'], 'an owner left open: the task without one')
  t.same(of('TBD - book the minibus for the away day'), ['Book the minibus for the away day'])
  t.same(of('Action items\n- Parked: loyalty app → Q3 roadmap'), [], 'a parked point is nobody\'s task yet')
})

t.test('English: "My actions", "Next steps for me" and "TODO me" are the writer\'s; a clause listed under them is a task whatever the tagger read', async (t) => {
  const people = ['Paula Reyes', 'Tom Okoye', 'Mira Chen']
  const of = (text: string): string[] => meetingTodos([['Mira Chen', text]], people)
  t.same(of('My actions: update the rota; redo the fire drill briefing for new staff; write the visit report.'),
    ['Update the rota (Mira Chen)', 'Redo the fire drill briefing for new staff (Mira Chen)', 'Write the visit report (Mira Chen)'])
  t.same(of('Next steps for me: book the minibus for Friday.'), ['Book the minibus for Friday (Mira Chen)'])
  t.notOk(of('My to-do: finish the grant summary (the mentoring part too?) and the outreach with the parents\' group.').some((todo) => /outreach/.test(todo)), 'the tail of a sentence cut off by a question is none')
})

t.test('English: "it" or "them" in a task names what the words before point to; whom one calls, a matter raised, or a thing the task names itself stay as written', async (t) => {
  const people = ['Ben Ward', 'Ana Ruiz', 'Dana Cole']
  const of = (text: string): string[] => meetingTodos([['Dana Cole', `Venue went well.\n${text}`]], people)
  t.same(of('Our minibus failed its MOT. Ben will book it in at the garage.'), ['Book the minibus in at the garage (Ben)'], 'what the sentence before is about')
  t.same(of('The old projector keeps cutting out. Ana will replace it before the open evening.'), ['Replace the old projector before the open evening (Ana)'])
  t.same(of('Spare keys → Ben; Ana to label them by Friday.'), ['Label the Spare keys by Friday (Ana)'], 'the nearest phrase before the task in its sentence')
  t.same(of('The new uniforms arrived in the wrong sizes. Ana will call them on Monday.'), ['Call them on Monday (Ana)'], 'whom one calls is a person or a firm')
  t.same(of('The fire door was propped open again. Ben will raise it at the board meeting.'), ['Raise it at the board meeting (Ben)'], 'a matter raised is what happened')
  t.same(of('Northgate Joinery still has not sent the invoice. Ana will call them on Monday.'), ['Call Northgate Joinery on Monday (Ana)'], '"them" for a name, when one calls it, is a firm')
  t.same(of('The spare keys are with Harbour Lettings, and Ben is emailing them about the locks.'), ['Email Harbour Lettings about the locks (Ben)'], 'in the clause before')
  t.same(of('Three volunteers (Tomas, Lina and Joe) missed the briefing, and Ben will text them about the rota.'), ['Text Tomas, Lina and Joe about the rota (Ben)'], 'names listed together, all of them')
  t.same(of('Ben will order the new mop heads and fit them on Monday.'), ['Order the new mop heads and fit them on Monday (Ben)'], 'the task names it itself')
})

t.test('Korean: an action label opening the line ("할 일:", "내 할일:", "액션:") lists what follows as a task, the writer\'s unless it names a team', async (t) => {
  t.same(todosOf('회의 메모\n- 할 일: 회의실 예약 변경 요청'), ['회의실 예약 변경 요청 (서지원)'])
  t.same(todosOf('회의 메모\n- 내 할일: 현수막 시안 확인'), ['현수막 시안 확인 (서지원)'])
  t.same(todosOf('회의 메모\n액션: 거래처에 견적 요청'), ['거래처에 견적 요청 (서지원)'])
  t.same(todosOf('회의 메모\n해야 할 일: 대관 일정 확인'), ['대관 일정 확인 (서지원)'], 'the words of a to-do heading label a line too')
  t.notOk(todosOf('회의 메모\n우리 팀 할 일: 안전 교육 자료 정리').some((todo) => todo.endsWith('(서지원)')), 'a team\'s list is not the writer\'s')
})

t.test('English: every action label reads alike: "To do:", "Tasks:", "Follow-ups:" open a line of the writer\'s tasks as "Todo:" does', async (t) => {
  const people = ['Paula Reyes', 'Tom Okoye', 'Mira Chen']
  const of = (text: string): string[] => meetingTodos([['Mira Chen', `Venue went well.\n${text}`]], people)
  t.same(of('To do: book the minibus for Friday.'), ['Book the minibus for Friday (Mira Chen)'])
  t.same(of('Follow-ups: send the parents the new pick-up time.'), ['Send the parents the new pick-up time (Mira Chen)'])
  t.same(of('Tasks: reprint the consent forms.'), ['Reprint the consent forms (Mira Chen)'])
})

t.test('English: the same person\'s task written whole by one writer and as its noun phrase by another is one todo; a labelled first line is the title', async (t) => {
  const people = ['Paula Reyes', 'Tom Okoye', 'Mira Chen']
  t.same(meetingTodos([['Mira Chen', 'My actions: write the visit report.'], ['Tom Okoye', 'Action items\n- Mira: visit report']], people), ['Write the visit report (Mira Chen)'])
  t.same(meetingTodos([['Tom Okoye', 'Design review: reach panel v2 / lobby (Tue 3/4)\nAction items\n- Paula: order the signage']], people), ['Order the signage (Paula)'], 'the first line names the meeting')
})

t.test('Korean notes: a cause is no task, "담당 X" leaves the task to nobody, and the speaker of a modifier ("내가 말한 대로") does not take what is settled', async (t) => {
  t.same(todosOf('- 원인: 포인트 충전금 소진 → 월~수 알림 미발송'), [], 'a line under a cause label, a time in it or not')
  t.same(todosOf('- 배경: 작년 행사 때 접수 지연 → 현장 등록 폐지'), [])
  t.same(todosOf('- 현수막 업체 견적 확인 필요 - 담당 X'), ['현수막 업체 견적 확인'], 'the task stands, with nobody')
  t.same(todosOf('마감 시간은 내가 말한 대로 6시로 늦추기로 했다.'), [], 'settled as the speaker said, not the speaker\'s task')
  t.same(todosOf('마감 공지는 내가 이번 주에 올리기로 했다.'), ['마감 공지 이번 주에 올리기 (서지원)'], 'the speaker as the subject of the sentence still takes it')
})

t.test('English notes: a figure after a colon states a value for the item named before it', async (t) => {
  t.same(todosOf('Reserve fund line for the lift: 45,000', 'Ana Ruiz'), [])
  t.same(todosOf('Order total for the badges: $1.2k', 'Ana Ruiz'), [])
  t.same(todosOf('Action: order the badges by Friday', 'Ana Ruiz'), ['Order the badges by Friday (Ana Ruiz)'], 'a task is still one')
  t.same(todosOf('Action: book the photographer for the vote by 6:30', 'Ana Ruiz'), ['Book the photographer for the vote by 6:30 (Ana Ruiz)'], 'a time of day is no value after a colon')
})

t.test('English: one person\'s two tasks on the same things are two todos when their verbs differ, one when they are the same task', async (t) => {
  const people = ['Paula Reyes', 'Tom Okoye', 'Mira Chen']
  t.same(meetingTodos([['Mira Chen', "I'll recruit 5 pilot schools.\nI'll send pilot schools a survey."]], people),
    ['Recruit 5 pilot schools (Mira Chen)', 'Send pilot schools a survey (Mira Chen)'])
  t.same(meetingTodos([['Mira Chen', "I'll send the pilot schools a survey."], ['Tom Okoye', 'Mira will send the pilot schools a short survey.']], people),
    ['Send the pilot schools a short survey (Mira)'], 'the same task in two wordings stays one')
  t.same(meetingTodos([['Mira Chen', '- Action (Paula): kitchen rota with weekend cover.'], ['Tom Okoye', 'Paula is redoing the kitchen rota by Wednesday.']], people).length, 1,
    'one person\'s two wordings that share half the words of each are one task')
})

t.test('English: "Owner: …" after a point of the same line gives that point to them', async (t) => {
  t.same(todosOf('- Boiler permit to the council before Friday. Owner: Ana Ruiz', 'Sam Lee'), ['Boiler permit to the council before Friday (Ana Ruiz)'])
  t.same(todosOf('- Gate code is wrong on the sign. Reprint the gate sign. Owner: Marco', 'Sam Lee'), ['Reprint the gate sign (Marco)'], 'the sentence just before, not the line\'s opening')
  t.same(todosOf('- I will book the crane for Tuesday. Owner: Marco', 'Sam Lee'), ['Book the crane for Tuesday (Marco)'], 'a todo the point gave changes hands')
  t.same(todosOf('- Budget approved at 12k. Owner: Marco', 'Sam Lee'), [], 'a decision is no task whoever owns it')
  t.same(todosOf('- Boiler permit to the council before Friday.\n- Owner: Marco', 'Sam Lee'), [], 'an owner on a line of its own names nobody\'s point')
})

t.test('English: "AI:" before a person and a dash is an action item', async (t) => {
  t.same(todosOf('AI: Ana Ruiz - add the vendor list to the wiki by Fri', 'Sam Lee'), ['Add the vendor list to the wiki by Fri (Ana Ruiz)'])
  t.same(todosOf('AI: Ana Ruiz - vendor list on the wiki', 'Sam Lee'), ['Vendor list on the wiki (Ana Ruiz)'], 'the task as written, as after "Action:"')
  t.same(todosOf('AI: the chatbot pilot went well.', 'Sam Lee'), [], 'a topic called AI is no action item')
})

t.test('a line closing on a colon announces what follows, even under an action heading', async (t) => {
  t.same(todosOf('Next steps\n- Pasted from the supplier portal (for reference):\n- Send the signed order form to Dana by Fri', 'Sam Lee'), ['Send the signed order form to Dana by Fri'])
})

t.test('English notes: a participant\'s initials before a verb in -ing or -s, after an arrow or opening the note, give them the task', async (t) => {
  const people = ['Paula Reyes', 'Tom Okoye', 'Mira Chen']
  const of = (text: string, author = 'Mira Chen'): string[] => meetingTodos([[author, text]], people)
  t.same(of('- gutter blocked behind the shed -> PR clearing it before Friday'), ['Clear it before Friday (Paula Reyes)'])
  t.same(of('- loading dock light out -> TO books the electrician for Monday'), ['Book the electrician for Monday (Tom Okoye)'])
  t.same(of('TO chasing the scaffold quote, due Thurs.'), ['Chase the scaffold quote, due Thurs (Tom Okoye)'])
  t.same(of('- new till -> QA testing the card reader'), [], 'initials of nobody here give nobody a task')
})

t.test('checklists: an open box makes the line a task, its writer\'s unless it names another doer; a ticked box a done one', async (t) => {
  const people = ['Paula Reyes', 'Tom Okoye', 'Mira Chen']
  const of = (text: string, author = 'Mira Chen'): string[] => meetingTodos([[author, text]], people)
  t.same(of('창고 정리 건\n☐ 창고 열쇠 복사 두 개'), ['창고 열쇠 복사 두 개 (Mira Chen)'], 'an open box, no verb: the line is the task')
  t.same(of('Store room, 3 Dec\n- [ ] spare keys for the store room'), ['Spare keys for the store room (Mira Chen)'], 'in English too, the box is the writer\'s to tick')
  t.same(of('Store room, 3 Dec\n- [ ] order the shelving once Paula sends the floor plan'), ['Order the shelving once Paula sends the floor plan (Mira Chen)'], 'a participant in a clause of time is no doer')
  t.same(of('Store room, 3 Dec\n- [ ] shelving quote (Tom asked twice) – ring the supplier'), ['Shelving quote (Tom asked twice) – ring the supplier (Mira Chen)'], 'nor in brackets')
  t.same(of('Store room, 3 Dec\n- [ ] spare keys – TO collecting them on Friday'), ['Spare keys – TO collecting them on Friday'], 'another participant doing it: not the writer\'s')
  t.same(of('Store room, 3 Dec\n- [ ] we clear the store room before the audit'), ['We clear the store room before the audit'], 'the group: nobody in particular')
  t.same(of('창고 정리 건\n☑ 창고 열쇠 복사 두 개'), [], 'ticked: done')
  t.same(of('Store room, 3 Dec\n- [x] copy the spare keys for the store room'), [], 'ticked: done')
})

t.test('Korean: a relation with 님 ("고객님", "어머님") is no name, though it spells one', async (t) => {
  const people = ['최정숙', '서보람']
  const of = (text: string, author = '최정숙'): string[] => meetingTodos([[author, text]], people)
  t.same(of('메모\n고객님이 내일까지 서류를 보내 주시기로 했다.'), ['내일까지 서류를 보내기'], 'nobody here takes it')
  t.same(of('메모\n보람 님이 내일까지 서류를 보내 주시기로 했다.'), ['내일까지 서류를 보내기 (보람)'], 'a name with 님 still names')
})

t.test('A task named before a colon and a person after it ("…: 박서연, 금요일까지", "…: 나", "…: Sam, by Friday") is that person\'s, with the time that follows', async (t) => {
  t.same(todosOf('- 보일러 부품 발주: 김민수 과장, 3/19 오후 중'), ['보일러 부품 발주 3/19 오후 중 (김민수)'], 'a label closing on an action noun; a title after the name')
  t.same(todosOf('- 배관 교체 작업: 박서연 주임·이도윤 기사, 입고 후 일정 확정'), ['배관 교체 작업 입고 후 일정 확정 (박서연)'], 'two people: the first named has it')
  t.same(todosOf('- 보호자 안내문 개정 초안(그림 포함): 박서연(다음 주 월요일)'), ['보호자 안내문 개정 초안(그림 포함) (다음 주 월요일) (박서연)'], 'a label with brackets, which the splitter leaves in the line')
  t.same(todosOf('- 보험 신청: 민수'), ['보험 신청 (김민수)'], 'a given name alone')
  t.same(todosOf('할 일\n- 창고 열쇠: 박서연'), ['창고 열쇠 (박서연)'], 'under an action heading any label is a task')
  t.same(todosOf('- 창고 열쇠: 박서연'), [], 'outside one, a label that does no action names what the person has')
  t.same(todosOf('- 창고 열쇠 여분: 박서연, 금요일까지'), ['창고 열쇠 여분 금요일까지 (박서연)'], 'unless a time follows the name')
  t.same(todosOf('- 소독 기록: 나, 하루 두 번'), ['소독 기록 하루 두 번 (서지원)'], 'the writer naming themself')
  t.same(todosOf('작성: 박서연 (안전관리자)'), [], 'one word before a name is the person\'s part in the meeting')
  t.same(todosOf('3월 운영 회의 — 정리: 박서연'), [], 'so after a dash')
  t.same(todosOf('참석: 김민수, 박서연'), [], 'a list of who came')
  t.same(todosOf('Actions\n- Van hire booking: Sam, by Friday'), ['Van hire booking (by Friday) (Sam)'])
  t.same(todosOf('Rotate the door codes: Sam'), ['Rotate the door codes (Sam)'], 'outside an action heading, a label opening on a verb')
  t.same(todosOf('Venue shortlist: Sam'), [], 'a noun phrase outside an action heading')
  t.same(todosOf('Notes: Ana (late)'), [], 'a role in the meeting')
  t.same(todosOf('Present: Sam, Ana'), [])
  t.same(todosOf('Actions\n- Remove the contractor from the repo: Leah'), ['Remove the contractor from the repo (Leah)'], 'under an action heading, a first name that is no writer\'s')
  t.same(todosOf('Actions\n- Venue deposit: Friday'), [], 'a day is no name')
  t.same(todosOf('Check the boiler: Gas'), [], 'outside an action heading only a participant')
  t.same(todosOf('Volunteers so far: Sam (after lunch), Ana'), [], 'a list of people after a label that opens on a verb')
  t.same(todosOf('- 야간 점검: 박서연 (오전), 민수'), [], 'after one that closes on an action noun')
})

t.test('Korean notes: a comment in brackets after the action noun leaves it a task; a bracket closing a clause names its own doer; 아침 is a time, not a verb in -ㅁ', async (t) => {
  t.same(todosOf('- 안내 문자 템플릿 수정(환불 링크 포함) — 박서연'), ['안내 문자 템플릿 수정(환불 링크 포함) (박서연)'], 'a comment between the action and the owner note')
  t.same(todosOf('- 발주서 오늘 발송(박서연), 잔금 결재 요청(김민수)'), ['발주서 발송 (박서연)', '잔금 결재 요청 (김민수)'], 'each clause its own owner, not the one closing the line')
  t.same(todosOf('→ 제설제 20포 주문 (제가), 살포는 내일 아침'), ['제설제 20포 주문 (서지원)'], 'the writer in the bracket of a clause before others')
  t.same(todosOf('- 상세 페이지 사진 교체 (민수, 오늘)'), ['상세 페이지 사진 교체 (민수)'], 'a doer and a time in one bracket (오늘 left out of the title, as elsewhere)')
  t.same(todosOf('- 계약서 초안 회의 전 배포(민수), 현장 동별 조사(박서연)'), ['계약서 초안 회의 전 배포 (김민수)', '현장 동별 조사 (박서연)'], 'a given name in the bracket')
  t.same(todosOf('- 부품 납기 지연(2주)'), [], 'a report with a bracket stays a report')
  t.same(todosOf('- 제설제 20포 주문 (제가), 살포는 내일 아침'), ['제설제 20포 주문 (서지원)'], 'a time word ending in ㅁ closes no task')
})

t.test('English: "it" or "them" under a person\'s label is not that person', async (t) => {
  t.same(todosOf('Ana: book them for Tuesday'), ['Book them for Tuesday (Ana)'])
  t.same(todosOf('Flaky checkout test: I will quarantine it', 'Ana Ruiz'), ['Quarantine the flaky checkout test (Ana Ruiz)'], 'a topic label names what it is')
})

t.test('one short task written by two writers with the owner named two ways (a given name, a full name) is listed once', async (t) => {
  t.same(meetingTodos([['박서연', '- 견적서 받으면 → 내일 거래처에 연락 (나)'], ['서지원', '견적서는 민수 씨가 오늘 넘기고, 서연 씨가 내일 거래처에 연락합니다.']], ['박서연', '서지원', '김민수']),
    ['내일 거래처에 연락 (박서연)', '견적서 넘기기 (민수)'])
  t.same(meetingTodos([['박서연', '- 내일 거래처에 연락 (민수)'], ['서지원', '- 내일 거래처에 견적 요청 (김민수)']], ['박서연', '서지원', '김민수']).length, 2, 'two tasks of one person stay two')
})

t.test('A role in a task\'s owner note is the participant the minutes write with it: in brackets after the name, or before or after it as a word of office', async (t) => {
  t.same(todosOf('참석: 박서연(운영팀장), 김민수(정비과장).\n- 점검 일정 이번 주 조율 (팀장)'), ['점검 일정 이번 주 조율 (박서연)'], 'a name and its role in brackets; the title the role ends with')
  t.same(todosOf('참석: 관리소장 박서연, 동대표 김민수.\n- 제설 비상근무표 이번 주 작성 (소장)'), ['제설 비상근무표 이번 주 작성 (박서연)'], 'the role before the name, a title that is also an everyday word')
  t.same(todosOf('쇼케이스는 김민수 기사가 봤어요.\n- 냉장 쇼케이스 수리 이번 주 연락 (기사)'), ['냉장 쇼케이스 수리 이번 주 연락 (김민수)'], 'the role after the name')
  t.same(todosOf('현장 소장 이야기로는 다음 주 입고.\n- 제설 비상근무표 이번 주 작성 (소장)'), ['제설 비상근무표 이번 주 작성 (소장)'], 'a word before the title that is no participant names nobody')
})

t.test('Korean notes: a -기 task with its deadline set off by a dash is the writer\'s, as with the deadline alone', async (t) => {
  t.same(todosOf('- 재고 목록 다시 뽑기 — 금요일까지'), ['재고 목록 다시 뽑기 — 금요일까지 (서지원)'])
  t.same(todosOf('- 재고 목록 다시 뽑기 금요일까지'), ['재고 목록 다시 뽑기 금요일까지 (서지원)'])
})

t.test('English notes: a participant\'s initials before "to" and a verb have the task; a topic set off by a dash is no part of the doer\'s name', async (t) => {
  t.same(todosOf('Guards: AR to ask the other railway for two guards'), ['Ask the other railway for two guards (Ana Ruiz)'])
  t.same(todosOf('Boiler - SL to book the inspector'), ['Book the inspector (Sam Lee)'])
  t.same(todosOf('Guards – Sam to ask the other railway'), ['Ask the other railway (Sam)'], 'the doer alone, not "Guards Sam"')
  t.same(todosOf('Boiler - XY to book the inspector'), [], 'initials that are nobody\'s, as without the topic; the topic is no owner')
})

t.test('Korean: a surname and a title as the owner ("(박과장)", "(김 팀장)") is the one participant with that surname', async (t) => {
  t.same(todosOf('- 주방에 최종 인원 목요일까지 전달 (박과장)'), ['주방에 최종 인원 목요일까지 전달 (박서연)'])
  t.same(todosOf('- 주방에 최종 인원 목요일까지 전달 (정과장)'), ['주방에 최종 인원 목요일까지 전달 (정과장)'], 'no participant has the surname: the note as written')
})

t.test('Korean notes: a given name opening the line before a time owns the task, as after a separator', async (t) => {
  t.same(todosOf('- 민수 금요일까지 재연락'), ['금요일까지 재연락 (김민수)'])
  t.same(todosOf('- 민수 견적 재연락'), [], 'without a time the word may be anything a given name spells')
})

t.test('Korean notes: a task with a time that names nobody else is its writer\'s, unless another writer names its owner', async (t) => {
  const people = ['박서연', '서지원', '김민수']
  t.same(meetingTodos([['박서연', '- 다음 주 수요일부터 채널별 데이터 정리']], people), ['다음 주 수요일부터 채널별 데이터 정리 (박서연)'])
  t.same(meetingTodos([['박서연', '- 견적서 민수 씨 확인 후 금요일까지 발송']], people).some((title) => title.endsWith('(박서연)')), false, 'a person named with 씨 is the doer, not the writer')
  t.same(meetingTodos([['박서연', '- 다들 금요일까지 서류 제출']], people).some((title) => title.endsWith('(박서연)')), false, 'the group, not the writer')
  t.same(meetingTodos([['박서연', '- 재고 목록 금요일까지 정리'], ['서지원', '- 재고 목록 금요일까지 정리 (민수)']], people), ['재고 목록 금요일까지 정리 (김민수)'], 'an owner another writer names wins, and the task stays one')
})

t.test('notes: the items of a list hung from a bullet that names tasks ("- 할 일", "- Next steps") are tasks as written; the list ends with its items', async (t) => {
  t.same(todosOf('[1] 창고 정리\n- 지난달 반품은 40건\n- 할 일\n  · 창고 입구 표지판 부착: 김민수\n  · 반품 사유 목록 → 박서연\n- 선반 배치는 그대로'), ['창고 입구 표지판 부착 (김민수)', '반품 사유 목록 (박서연)'])
  t.same(todosOf('Warehouse\n- Returns were 40 last month\n- Next steps\n  - Loading bay signs: Sam Lee\n  - Label printer ribbons (Ana)\n- Shelving stays as it is'), ['Loading bay signs (Sam Lee)', 'Warehouse: label printer ribbons (Ana)'])
  t.same(todosOf('- 할 일\n· 창고 입구 표지판 부착: 김민수\n- 선반 배치는 그대로'), ['창고 입구 표지판 부착 (김민수)'], 'an item at the same depth with another mark is one of the list')
  t.same(todosOf('할 일\n- 서연 님이 견적 요청\n- 민수 씨가 금요일까지 현수막 주문\n- 창고 정리'), ['견적 요청 (서연)', '금요일까지 현수막 주문 (민수)', '창고 정리 (서지원)'],
    'an item opening on its doer named with 님 or 씨 is theirs, not the writer\'s')
  t.same(todosOf('할 일: 서연 님이 견적 요청'), ['견적 요청 (서연)'])
  t.same(todosOf('남은 견적은 민수 씨가 금요일까지 받기로 했어요.'), ['남은 견적 금요일까지 받기 (민수)'], 'before a word with a topic particle, -은 is an adnominal ending, kept')
  t.same(todosOf('다음 모임도 같은 장소에서 열기로 했고, 장소 예약은 민수 씨가 내일 하기로 했어요.'), ['장소 예약 내일 (민수)'])
  t.same(todosOf('민수 씨가 작은 상자로 다시 포장하기로 했어요.'), ['작은 상자로 다시 포장 (민수)'], 'the adnominal -은 of a describing verb (작다, 같다, 많다) is no topic particle')
  t.same(todosOf('민수 씨가 내일 같은 시간에 창고를 열기로 했어요.'), ['내일 같은 시간에 창고를 열기 (민수)'])
  t.same(todosOf('- 벼룩시장 여는 날짜 정하기 (김민수)'), ['벼룩시장 여는 날짜 정하기 (김민수)'], 'after a verb stem of doing (열다, 보내다), -는 is the adnominal ending')
  t.same(todosOf('- 신청서 보내는 곳 확인 (김민수)'), ['신청서 보내는 곳 확인 (김민수)'])
  t.same(todosOf('간식 메뉴는 민수 씨가 금요일까지 정하기로 했어요.'), ['간식 메뉴 금요일까지 정하기 (민수)'], 'a one-syllable stem with 하 (정하다) keeps its 하기; a noun\'s (확인하기) goes')
  t.same(todosOf('대관 순서를 이번 주까지 정해야 합니다.'), ['대관 순서를 이번 주까지 정하기'])
})

t.test('English notes: a terse task under a heading or label naming its topic is written with it, so it reads alone', async (t) => {
  t.same(todosOf('Minibus\n- Sam to ring the depot\n- Ana to check the minibus insurance papers'),
    ['Minibus: ring the depot (Sam)', 'Check the minibus insurance papers (Ana)'], 'not a task that names the topic')
  t.same(todosOf('Minibus\n- Sam to book it by Friday'), ['Book the minibus by Friday (Sam)'], '"it" is the thing the heading names')
  t.same(todosOf('Spare keys\n- Sam to collect them by Friday'), ['Collect the spare keys by Friday (Sam)'], '"them", a plural one')
  t.same(todosOf('Minibus hire\n- Sam to book it by Friday'), ['Minibus hire: book it by Friday (Sam)'], 'not a word of the heading')
  t.same(todosOf('2. Raffle\n- Ana to ring the printer'), ['Raffle: ring the printer (Ana)'], 'a heading\'s outline number is no part of the topic')
  t.same(todosOf('Fair: Ana to ring the printer'), ['Fair: ring the printer (Ana)'], 'a line\'s label names its topic too')
  t.same(todosOf('Notes\n- Sam to book it by Friday'), ['Book it by Friday (Sam)'], 'a heading naming a kind of note is no topic')
})

t.test('Korean notes: a terse task under a heading naming its topic is written with it; the topic never keeps two wordings of one task apart', async (t) => {
  t.same(todosOf('[2] 여름 캠프 (내 안건)\n- 버스 예약 (김민수)'), ['여름 캠프: 버스 예약 (김민수)'], 'without the outline mark and the note after it')
  t.same(todosOf('여름 캠프\n- 캠프 버스 예약 (김민수)'), ['캠프 버스 예약 (김민수)'], 'not a task that names the topic')
  t.same(todosOf('주간 회의 3/14\n- 버스 예약 (김민수)'), ['버스 예약 (김민수)'], 'a heading naming the meeting and its date is no topic')
  t.same(todosOf('할 일\n- 버스 예약 (김민수)'), ['버스 예약 (김민수)'], 'nor one naming a list of tasks')
  const merged = detectTodos([
    { text: '버스 예약 금요일까지 (김민수)', author: '서지원', sectionHeading: '여름 캠프' },
    { text: '김민수 씨가 금요일까지 버스 예약하기로 했어요.', author: '박서연' }
  ], PEOPLE)
  t.equal(merged.length, 1, JSON.stringify(merged))
})

t.test('notes: under an action heading a person\'s label over terse items listed with commas gives each item to them', async (t) => {
  t.same(todosOf('후속 조치\n• 김민수: 견적서 요청(금일), 현수막 시안 확인, 행사 날짜 확정\n• 박서연: 3, 4번 상자 정리'),
    ['견적서 요청(금일) (김민수)', '현수막 시안 확인 (김민수)', '행사 날짜 확정 (김민수)', '3, 4번 상자 정리 (박서연)'], 'a comma between numbers lists no items')
})

t.test('notes: whoever an attendance line lists is a person a task can be given to by name, though they wrote no minutes', async (t) => {
  t.same(todosOf('참석: 서지원, 김민수, 정하윤 기사\n[1] 창고 정리\n- 할 일\n  · 창고 입구 표지판 부착: 정하윤\n  · 반품 사유 목록 → 박서연'), ['창고 입구 표지판 부착 (정하윤)', '반품 사유 목록 (박서연)'])
  t.same(todosOf('참석 서지원 김민수 정하윤\n\n할 일\n- 창고 입구 표지판 부착 (정하윤)'), ['창고 입구 표지판 부착 (정하윤)'])
  t.same(attendees(['참석: 역삼점 한유진, 영업팀 김민수, 조합 윤서진 대리, 관리소장 문태오, 정하윤(작성)', 'Present: Nell, Ivo (crane), Ruth and me. We met at the depot.', 'Attendees: Ana Ruiz, Sam Lee, Omar'], PEOPLE),
    ['한유진', '윤서진', '문태오', '정하윤', 'Nell', 'Ivo', 'Ruth', 'Omar'], 'not a branch or a title, nor a participant again')
  t.same(attendees(['Present: Ana R., Nell K., me'], PEOPLE), ['Nell K.'], 'a first name with the initial of a surname; Ana R. is Ana Ruiz')
  t.same(todosOf('Present: Ana R., Nell K., me\nNell: book the van for Friday'), ['Book the van for Friday (Nell)'], 'a task given by the first name to someone listed so')
})

t.test('English notes: a participant after an arrow closing the line is given what the line says', async (t) => {
  t.same(todosOf('Returns reasons list → Ana Ruiz\nAsk the printer about card stock -> Sam'), ['Returns reasons list (Ana Ruiz)', 'Ask the printer about card stock (Sam)'])
  t.same(todosOf("Venue: St Aidan's → Town Hall"), [], 'a place after the arrow is no owner')
})

t.test('English: a clause of its own that negates or doubts takes nothing from the task before it', async (t) => {
  t.same(todosOf("Sam books the minibus today, so we don't lose the Friday slot."), ['Book the minibus (Sam)'])
  t.same(todosOf("We won't book the minibus until Sam confirms."), [], 'the negated clause itself is no task')
})

t.test('English notes: a bracket or a dash closing the line whose first item is a participant gives them the task; the rest says when', async (t) => {
  t.same(todosOf('Cancel the plumber (Sam, tomorrow)'), ['Cancel the plumber tomorrow (Sam)'])
  t.same(todosOf('- Send the revised quote – Ana, Friday'), ['Send the revised quote Friday (Ana)'])
  t.same(todosOf('Check the fridge seals (Omar, today)'), ['Check the fridge seals (Omar)'], 'a time cut from a bracket leaves no comma behind')
  t.same(todosOf('The venue visit went well (Sam, Tuesday)'), [], 'a report with a person and a day is no task')
})

t.test('Korean notes: a name and its title after an arrow closing the line owns the task, as in brackets', async (t) => {
  t.same(todosOf('- 현수막 시안 수정 → 김민수 과장'), ['현수막 시안 수정 (김민수)'])
  t.same(todosOf('- 현수막 시안 수정 → 정하윤 기사님'), ['현수막 시안 수정 (정하윤)'], 'an everyday title too, where only a title can follow a name')
})

t.test('Korean prose minutes: the plain present -ㄴ다/-는다 with a named doer and a time ahead assigns the task, as -합니다 does', async (t) => {
  t.same(todosOf('배너 시안은 김민수 과장이 금요일까지 만든다.'), ['배너 시안 금요일까지 만들기 (김민수)'])
  t.same(todosOf('견적서는 박 과장이 이번 주에 보낸다.'), ['견적서 이번 주에 보내기 (박서연)'], 'a surname and a title as the subject, the one participant with that surname')
  t.same(todosOf('협력사 정하윤 대리가 도면을 맡았다. 수정 도면은 정 대리가 내일 보낸다.'), ['수정 도면 내일 보내기 (정하윤)'], 'or the one full name the minutes write with them')
  t.same(todosOf('A/S 기사님이 내일 온다.'), [], 'coming befalls; it is no task')
  t.same(todosOf('새 요금은 다음 달부터 적용된다.'), [], 'nor is becoming')
  t.same(todosOf('운영 시간은 오전 9시부터 한다.'), [], 'nor a present that names no doer')
})

t.test('Korean: where the speaker is the subject a name elsewhere in the clause is no doer; a verb with -고 is never a name', async (t) => {
  t.same(todosOf('내일 내가 정하윤님 가게에 샘플을 전달하기로 했다.'), ['내일 가게에 샘플을 전달 (서지원)'])
  t.same(todosOf('견적은 받았고 실장님이 내일 발주하기로 했다.'), ['견적 받았고 내일 발주 (실장)'])
})

t.test('Korean notes: under a label of what was settled the line states the decision, not a task, unless it names a doer', async (t) => {
  t.same(todosOf('확정: 다음 주까지 기존 업체 한솜, 다음 달부터 새 업체'), [], 'a name ending in ㅁ is no terse -ㅁ task there')
  t.same(todosOf('확정: 이번 달까지 다솜'), [])
})

t.test('Korean notes: an action noun closing on ㅁ (점검) is the noun, not the terse -ㅁ of a verb', async (t) => {
  t.same(todosOf('- 소화기 점검 (김민수)'), ['소화기 점검 (김민수)'])
  t.same(todosOf('- 박서연: 비상구 유도등 점검 금요일까지'), ['비상구 유도등 점검 금요일까지 (박서연)'])
})

t.test('Korean notes: a day with the part of it ("일요일 오전까지") bounds the task, after the task or after an arrow', async (t) => {
  t.same(todosOf('- 박서연: 비상구 유도등 점검 토요일 오후까지'), ['비상구 유도등 점검 토요일 오후까지 (박서연)'])
  t.same(todosOf('- 김민수: 창고 열쇠 목록 정리 → 금요일 저녁까지 저한테'), ['창고 열쇠 목록 정리 금요일 저녁까지 (김민수)'])
})

t.test('English: a participant doing something in the present with a time frame is assigned it, whatever the verb of doing; being, wanting or arriving is none', async (t) => {
  t.same(todosOf('Sam prints the seating plan today.'), ['Print the seating plan (Sam)'])
  t.same(todosOf('Ana rings the florist tomorrow.'), ['Ring the florist tomorrow (Ana)'])
  t.same(todosOf('Sam arrives at nine tomorrow.'), [])
  t.same(todosOf('Ana needs the keys by Friday.'), [])
})

t.test('Korean: a clause in the past (a proposal made, a story told) is no task, though the sentence gives one', async (t) => {
  t.same(todosOf('박서연 씨가 토요일 오전에 주차장에서 벼룩시장을 여는 안을 냈고, 안내문은 김민수 씨가 만들기로 했습니다.'), ['안내문 만들기 (김민수)'])
})

t.test('Korean: a task reported as said ("…한다고 함", "…준다고 해요", "…고치신다고 해요") is read as the act it quotes; a reported past is done', async (t) => {
  t.same(todosOf('민수 씨가 내일 인쇄소에 견적 요청한다고 함.'), ['내일 인쇄소에 견적 요청 (민수)'])
  t.same(todosOf('포스터 시안은 박서연 씨가 월요일까지 올려 준다고 해요.'), ['포스터 시안 월요일까지 올려 주기 (박서연)'])
  t.same(todosOf('좌석 배치도는 민수 씨가 금요일까지 고치신다고 해요.'), ['좌석 배치도 금요일까지 고치기 (민수)'], 'the honorific -시- is no part of the task')
  t.same(todosOf('민수 씨가 걸쇠를 사 와서 금요일까지 단다고 함.'), ['걸쇠를 사 와서 금요일까지 달기 (민수)'], 'a one-syllable present only a ㄹ-stem spells (단다) is that stem\'s (달다)')
  t.same(todosOf('정수기 업체 연락. 3일(월) 점검 때 필터를 이미 갈았다고 함.', '박서연'), [], 'reported as done')
  t.same(todosOf('민수 씨가 금요일까지 견적을 받겠다고 함.'), ['금요일까지 견적을 받기 (민수)'], 'the volitional 겠 is no past')
})

t.test('English: a duty put to whoever takes it with should or must ("Somebody should …") is a task nobody has, as "someone needs to …" is', async (t) => {
  t.same(todosOf('Somebody should ring the plumber before Friday.', 'Ana Ruiz'), ['Ring the plumber before Friday'])
  t.same(todosOf('Somebody should find a backup hall but nobody\'s taken it.', 'Ana Ruiz'), ['Find a backup hall'])
  t.same(todosOf('We need a second minibus driver, but nobody has taken that on.', 'Ana Ruiz'), ['Get a second minibus driver'], 'what is needed is to be got')
  t.same(todosOf('We still need to book the coach, but no one has taken it on yet.', 'Ana Ruiz'), ['Book the coach'])
  t.same(todosOf('Someone needs to chase the insurer, nobody owns it yet.', 'Ana Ruiz'), ['Chase the insurer'])
  t.same(todosOf('We should ring the plumber at some point.', 'Ana Ruiz'), [], 'the group\'s own should is advice')
  t.same(todosOf('Anyone should be able to book the room.', 'Ana Ruiz'), [])
  t.same(todosOf('Someone still needs to let the caterer know about the vegan guests.', 'Ana Ruiz'), ['Let the caterer know about the vegan guests'], 'on any verb')
})

t.test('Korean: 네 before a counter ("네 시까지") is the number four, no answer to strip from the title', async (t) => {
  t.same(todosOf('- 네 시까지 회의실 정리 (김민수)'), ['네 시까지 회의실 정리 (김민수)'])
  t.same(todosOf('- 네 회의실 정리는 김민수 씨가 금요일까지 할게요'), ['회의실 정리 금요일까지 (김민수)'], 'an answer before the point')
})

t.test('Korean: a noun with the topic particle 은 before a title ("색깔은 실장님이 …") names nobody; a given name ending in 은 still names its holder', async (t) => {
  t.same(todosOf('간판 색깔은 실장님이 금요일까지 바꿀게요.'), ['간판 금요일까지 바꾸기'])
  t.same(todosOf('포스터는 다은 씨가 금요일까지 바꿀게요.'), ['포스터 금요일까지 바꾸기 (다은)'])
  t.same(todosOf('포스터는 정은 씨가 금요일까지 바꿀게요.'), ['포스터 금요일까지 바꾸기 (정은)'], 'ㅇ before 은, as in many names')
})

t.test('Korean notes: a line whose predicate is 완료 with no time ahead reports work done; "…까지 완료", "다음 주 중 … 완료" set a task', async (t) => {
  t.same(todosOf('- 2층 복도 형광등 교체 완료 (김민수)'), [])
  t.same(todosOf('- 회귀 테스트 화요일까지 완료 (김민수)'), ['회귀 테스트 화요일까지 완료 (김민수)'])
  t.same(todosOf('- 남은 의자 다음 주 중 납품 완료'), ['남은 의자 다음 주 중 납품 완료 (서지원)'])
})

t.test('Korean: before a bound noun (대로, 김에, 거) -는 is the adnominal ending, kept whatever the stem', async (t) => {
  t.same(todosOf('새 부품이 들어오는 대로 검수하고 설치까지 할게요.'), ['새 부품이 들어오는 대로 검수하고 설치까지 (서지원)'])
  t.same(todosOf('견적서 나오는 대로 보내 주세요.'), ['견적서 나오는 대로 보내 주기'])
  t.same(todosOf('릴리스 노트는 내일까지 공유할게요.'), ['릴리스 노트 내일까지 공유 (서지원)'], 'a topic particle still goes')
})

t.test('Korean: a full name with a trade, or a given name with a word of kinship, is cut from the task and owns it', async (t) => {
  t.same(todosOf('황보민 정비사가 브레이크 패드를 금요일까지 갈기로 했습니다.'), ['브레이크 패드를 금요일까지 갈기 (황보민)'])
  t.same(todosOf('민수 오빠가 현수막을 금요일까지 찾아오기로 했어요.'), ['현수막을 금요일까지 찾아오기 (민수)'])
})

t.test('English prose: the topic run in before a paragraph ("Stage lighting. The dimmer rack …") is no task; a terse task alone on its line still is', async (t) => {
  t.same(todosOf('Stage lighting. The dimmer rack failed twice on Saturday. Ana will call the hire firm tomorrow.'), ['Call the hire firm tomorrow (Ana)'])
  t.same(todosOf('Open mic night. We agreed it moves to Thursdays.'), [])
  t.same(todosOf('- Order flyers.\n- Book the hall by Friday (Sam)'), ['Order flyers', 'Book the hall by Friday (Sam)'], 'a line of its own is no run-in topic')
})

t.test('English notes: a point named for discussion with nobody to own it is no task; a task with nobody to own it still is, however that is said', async (t) => {
  t.same(todosOf('Parking permit question – no owner yet.'), [])
  t.same(todosOf('Sponsor banner idea, no owner yet'), [])
  t.same(todosOf('Reprint the parking permits – no owner yet.'), ['Reprint the parking permits'])
  t.same(todosOf('- Reprint the parking permits – not assigned'), ['Reprint the parking permits'], 'not assigned')
  t.same(todosOf('The van inspection still has no owner.'), ['The van inspection'], 'has no owner')
  t.same(todosOf('Nobody has picked up the site visit with the insurer yet.'), ['Site visit with the insurer'], 'the task named after nobody took it')
  t.same(todosOf('Nobody\'s taken it yet.'), [], 'a pronoun names no task')
})

t.test('English: a verb-looking word before a noun with \'s for is ("Book fair\'s still on") is a subject; a pasted message\'s header is no task', async (t) => {
  t.same(todosOf("Book fair's still on for the 12th, with the hall split in two."), [])
  t.same(todosOf("Check Sam's list before Friday."), ["Check Sam's list before Friday"], 'a possessive after a verb is still its object')
  t.same(todosOf('Pasted from the council:\n> From: Review Panel <panel@grants.example>\n> Subject: Hall keys'), [])
})
