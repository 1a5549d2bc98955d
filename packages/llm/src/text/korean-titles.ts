/*
 * Korean job titles, the one table every Korean reader of names uses: the owner of a task
 * ("태호 매니저님이"), a person in a conflict ("장우석 팀장님"), a name kept out of keywords.
 * A title is written after the name, with 님 or not, and a title alone names a role, not a
 * person ("팀장님이 보내기로").
 */

/**
 * Titles as written after a name, from the rank-and-file to the board, the IT-style 프로, 선생
 * (teachers, doctors, nurses) and its spoken contraction 쌤 ("다인쌤"), 사장 and 점주 for a
 * shop's owner, 점장 for a branch's manager, and the heads and officers of clinics, offices, councils, schools, wards and
 * crews (원장, 위원장, 총무, 계장, 반장, 주무관, 교수, 코치, 간호사). Not the titles that are as often
 * everyday words (소장, a suit at law; 감독, supervision; 기사, an article; 위원, 작가, 강사): "신규
 * 기사" is new drivers, not a person called 신규.
 */
export const KOREAN_JOB_TITLES: readonly string[] = [
  '사원', '주임', '대리', '과장', '차장', '부장', '실장', '본부장', '센터장', '파트장', '팀장',
  '매니저', '책임', '선임', '수석', '프로', '이사', '상무', '전무', '대표', '선생', '쌤', '사장', '점주', '점장',
  '원장', '위원장', '총무', '계장', '반장', '주무관', '교수', '코치', '간호사'
]

/** The titles KOREAN_JOB_TITLES leaves out as everyday words too, for a place where only a title can follow a name ("김민수 기사", "(소장)"). */
export const KOREAN_EVERYDAY_TITLE = '(?:소장|감독|기사|위원|작가|강사)'

/*
 * Titles that are everyday words too, or end one: 책임 (responsibility), 대표 (representative,
 * 대표적), 이사 (moving house), 선임 (appointing), 수석 (first place), 프로 (pro, 프로젝트), 사원
 * (any employee), 차장 (주차장, a parking lot), 전무 (none at all). A reader that finds a title
 * without a name or 님 beside it skips these.
 */
const EVERYDAY_WORDS: ReadonlySet<string> = new Set(['책임', '대표', '이사', '선임', '수석', '프로', '사원', '차장', '전무'])

/** Verb connectives that end a word ("받아서", "확인하고", "했고", "보니까"): the sentence running on, never the end of a name. */
export const KOREAN_CONNECTIVE_ENDING = '(?:아서|어서|여서|해서|려고|하고|[했됐왔갔봤줬었았였있없]고|니까|는데|지만|면서|으면|하면|해야)'

/**
 * Endings no given name ends in: a verb's purpose or concession (-도록, -(으)나, -하여), "until"
 * (까지), and the spoken -어서 run into a verb stem that ends in a vowel ("써서", "봐서", "가서").
 */
const NEVER_ENDS_A_NAME = '(?:도록|으나|하여|까지|[써봐와줘가떠꺼켜쳐져]서)'

/**
 * A name as written before a title or 님 (2 to 4 syllables): not a word that ends in a particle
 * ("준비로 대표님이", "일정을 팀장님께"), which is the sentence running on, nor a demonstrative or a
 * pronoun with its particle ("이것도 과장님이", "그건 팀장님이", "우리 대리님"), nor a word that opens
 * on the 씨 or 님 that follow a name ("은재 씨랑 실장님이").
 */
export const KOREAN_NAME = `(?!(?:[이그저](?:것|거)[\\uAC00-\\uD7A3]?|[이그저](?:건|게|쪽)|여기|거기|저기|우리|저희)(?![\\uAC00-\\uD7A3]))(?![씨님])[\\uAC00-\\uD7A3]{2,4}(?<![로를에의께을는게테])(?<!${KOREAN_CONNECTIVE_ENDING})(?<!${NEVER_ENDS_A_NAME})`

/** The titles as a regular-expression alternation (no group), for a name-title pattern. */
export const KOREAN_JOB_TITLE = `(?:${KOREAN_JOB_TITLES.join('|')})`

/** Every title, the everyday ones included, for a place where only a title can stand ("김민수 기사", "(소장)", "영업팀장"). */
export const KOREAN_ANY_TITLE = `(?:${KOREAN_JOB_TITLE}|${KOREAN_EVERYDAY_TITLE})`

/** The titles that mean a job title wherever they stand, without a name beside them. */
export const KOREAN_BARE_JOB_TITLE = `(?:${KOREAN_JOB_TITLES.filter((title) => !EVERYDAY_WORDS.has(title)).join('|')})`

/**
 * The particles a title or form of address takes ("팀장님이", "매니저께서", "부장이랑",
 * "수아씨에게"), for every reader that looks past a name's title.
 */
export const KOREAN_TITLE_PARTICLE = '(?:께서|에게|한테|이랑|[이가은는을를의께도와과랑])'

/**
 * People named by how they are related to the speaker or the business, with 님 ("어머님", "고객님",
 * "학부모님"): a relation, never a name, though a name's 2 to 4 syllables and 님 spell them too.
 */
const RELATION_WITH_NIM = '(?:어머|아버|부모|고객|환자|보호자|학부모)님'

/** What follows a name to address a person: a title, with 님 or not, or 님 or 씨 alone ("민수 점장님", "서연 씨"): a pattern source. */
export const KOREAN_TITLE_AFTER_NAME = `\\s*${KOREAN_ANY_TITLE}\\s*님?|\\s*(?:님|씨)`

/** A word that is a title or a relation and nothing else ("팀장님이", "매니저께서", "기사님이", "어머님께"): a role, not a name. */
export const KOREAN_TITLE_WORD = `(?:${KOREAN_JOB_TITLE}님?|${KOREAN_EVERYDAY_TITLE}님|${RELATION_WITH_NIM})${KOREAN_TITLE_PARTICLE}?(?![\\uAC00-\\uD7A3])`

/**
 * A full name (three syllables) before a word for a trade or a post ("구태식 기사", "황보민 정비사", "채민석 공장장"):
 * alone such words are everyday nouns (기사, an article) or unlisted titles; after a full name they are its title.
 * Not a team or department, nor a word closed by a particle, before them ("수리팀 기사", "원으로 사장님"). The name is
 * group 1: a pattern source.
 */
export const KOREAN_FULL_NAME_TITLED = String.raw`([\uAC00-\uD7A3]{3})(?<![로를에의께을는게테팀과실측청])(?:\s?${KOREAN_EVERYDAY_TITLE}|\s[\uAC00-\uD7A3]{2,3}[사장])(?:님)?`

/** A given name before a word of kinship or seniority used as a title ("다인 언니", "도윤 형", "하람 선배님"); the name is group 1: a pattern source. */
export const KOREAN_KIN_TITLED = String.raw`((?!우리|저희)[\uAC00-\uD7A3]{2,3})\s?(?:오빠|언니|형님|형|누나|선배님|선배)`

/**
 * The forms a Korean name goes by: the full name and, for three or four syllables, the given name (the last two:
 * "이수아" → "수아", a two-syllable surname such as 남궁 or 황보 leaving "예린"). None for a name that is not
 * two to four Hangul syllables.
 */
export function koreanNameForms (name: string): string[] {
  const full = name.replace(/\s+/g, '')
  if (!/^[\uAC00-\uD7A3]{2,4}$/u.test(full)) return []
  return full.length >= 3 ? [full, full.slice(-2)] : [full]
}
