/** Words that carry no topic, excluded from keywords and from similarity. */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(`
a about above after again against all also am an and any are aren't as at be because been before being below between both
but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each few for from further get gets
got had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him himself his how how's i i'd
i'll i'm i've if in into is isn't it it's its itself just let let's me more most mustn't my myself no nor not of off on once
only or other ought our ours ourselves out over own same shan't she she'd she'll she's should shouldn't so some such than
that that's the their theirs them themselves then there there's these they they'd they'll they're they've this those
through to too under until up very was wasn't we we'd we'll we're we've were weren't what what's when when's where where's
which while who who's whom why why's will with won't would wouldn't you you'd you'll you're you've your yours yourself
yourselves yes yeah okay ok sure think thing things going go goes went want wants need needs needed like just really
actually maybe also still well right now today tomorrow yesterday week weeks next last one two three first second new
good great much many lot lots make makes made said say says see know take takes everyone everybody
someone somebody anyone please thanks thank will shall may might must us per via etc re
`.trim().split(/\s+/))

/** Meeting vocabulary: fine in a sentence, never a topic of its own (excluded from keywords only). */
export const GENERIC_WORDS: ReadonlySet<string> = new Set(`
team meeting discuss discussed discussion agreed agree decided decide decision done item items action todo
follow update updates plan plans issue point points question questions note notes minute minutes end start
send sent share review check confirm call ask asked work working time day days month months date
fix fixes change changes add added write draft prepare
monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun weekend weekends
january february march april june july august september october november december jan feb mar apr jul aug sep sept oct nov dec
morning afternoon evening night hour hours minute min mins second seconds year years percent
회의 논의 이야기 말씀 생각 확인 의견 내용 사항 문제 부탁 필요 예정 담당 진행 결정 합의 공유 정리 요청 검토 준비 완료 처리
수정 작성 전달 반영 적용 작업 변경 추가
월요일 화요일 수요일 목요일 금요일 토요일 일요일 이번주 다음주 오전 오후 주말 까지
작년 올해 내년 하루 이틀 사흘 첫째 둘째 셋째 넷째 기존 신규
`.trim().split(/\s+/))

export const KOREAN_STOP_WORDS: ReadonlySet<string> = new Set(`
그리고 그래서 그런데 그러나 하지만 또는 또한 및 등 등등 이 그 저 이것 그것 저것 이거 그거 저거 여기 거기 저기 이번 저번 다음 지난
우리 저희 제가 저는 나는 내가 너 당신 누구 무엇 뭐 어디 언제 어떻게 왜 것 거 수 때 좀 잘 더 덜 또 다 모두 모든 각 각각 정도
부분 관련 대해 대한 통해 위해 위한 따라 경우 때문 하나 둘 셋 오늘 내일 어제 지금 이제 일단 먼저 우선 계속 바로 아주 매우 너무
님 님이 님께 님은 님의 님도 님과 님한테 씨 씨가 씨는 씨께 씨의
네 예 아니요 아니 음 어 그냥 약간 조금 많이 진짜 정말 혹시 아마 이미 같이 함께 다시 이후 이전 현재 최근 주
전에 후에 중에 뒤에 동안
`.trim().split(/\s+/))

/**
 * 네 as an answer ("네, …", "네 그렇게 할게요"), not the number four before a counter ("네 명으로", "네 시에", "네 개"): what a
 * speaker may open with and the point follow.
 */
export const KOREAN_YES = String.raw`네(?!\s*(?:명|개|시|시간|번|대|장|살|곳|군데|가지|분|권|병|마리|팀|조|반|줄|칸|면|통|벌|잔|층|주|달|배|박스|상자)(?:[이가을를은는도만에의씩째]|으로|로|까지|부터|\s|$))`

/** What a Korean speaker opens with before the point: a connective, an assent, a filler, an enumerator ("그럼", "좋아,", "참고로", "두 번째."). */
export const KOREAN_SPOKEN_OPENER = new RegExp(String.raw`^(?:(?:그럼|그러면|그리고|좋아|좋아요|${KOREAN_YES}|자|음|아|근데|그런데|다만|참고로|하나 더|마지막으로|끝으로)[,\s]+|(?:(?:첫|두|세|네|다섯)\s*번째|첫째|둘째|셋째|넷째)[,.]\s*)+`)
