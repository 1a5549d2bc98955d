import type { Segment } from '@meeting-ai/contracts'
import type { SuggestionDraft } from '../engine.ts'
import { overlap, SimilarityIndex, textSimilarity, NEAR_DUPLICATE } from '../text/similarity.ts'
import { splitSentences } from '../text/sentences.ts'
import { contentStems } from '../text/words.ts'
import { hasDeadline, hasOwner, isAction, isDecision, isQuestion, isRecapOrLogistics, isRisk } from './cues.ts'

interface Spoken {
  text: string
  speaker: string
  position: number
}

const PHRASES = {
  en: {
    question: (q: string) => `Open question, not answered yet: "${q}"`,
    owner: (a: string) => `Assign an owner and a due date: "${a}"`,
    deadline: (a: string) => `Agree on a due date for: "${a}"`,
    decision: (d: string) => `Confirm this decision and note it in the minutes: "${d}"`,
    risk: (r: string) => `Risk raised, decide who follows it up: "${r}"`
  },
  ko: {
    question: (q: string) => `아직 답변되지 않은 질문: "${q}"`,
    owner: (a: string) => `담당자와 기한을 정해 주세요: "${a}"`,
    deadline: (a: string) => `기한을 정해 주세요: "${a}"`,
    decision: (d: string) => `결정 사항을 확인하고 회의록에 남겨 주세요: "${d}"`,
    risk: (r: string) => `제기된 리스크의 후속 담당자를 정해 주세요: "${r}"`
  }
} as const

const KIND_ORDER = ['question', 'action', 'decision', 'risk']

function quote (text: string): string {
  const trimmed = text.trim()
  return trimmed.length > 160 ? `${trimmed.slice(0, 157)}…` : trimmed
}

/**
 * Whether a later statement by someone else on the same subject, not itself a question,
 * answers each question. Statements are indexed by stem, so a window of long segments costs
 * what reading it costs rather than questions × statements.
 */
function answeredQuestions (spoken: Spoken[]): Set<number> {
  const statements = new SimilarityIndex()
  spoken.forEach((s, i) => { if (!isQuestion(s.text)) statements.add(i, contentStems(s.text)) })
  const answered = new Set<number>()
  spoken.forEach((question, i) => {
    if (!isQuestion(question.text)) return
    const stems = contentStems(question.text)
    const needed = stems.size <= 2 ? 1 : 2
    const answer = statements.candidates(stems, needed, i + 1).find((j) => spoken[j]!.speaker !== question.speaker && overlap(stems, contentStems(spoken[j]!.text)) >= needed)
    if (answer !== undefined) answered.add(i)
  })
  return answered
}

/**
 * Suggestions from the transcript window: unanswered questions, actions without an owner or
 * a date, decisions to confirm, risks; newest first, never one already sent.
 */
export function liveSuggestions (segments: Segment[], previous: string[], language: 'ko' | 'en', limit = 4): SuggestionDraft[] {
  const spoken: Spoken[] = []
  for (const segment of segments) {
    for (const sentence of splitSentences(segment.text)) {
      if (!sentence.heading) spoken.push({ text: sentence.text, speaker: segment.speakerId ?? segment.speakerName ?? '', position: spoken.length })
    }
  }
  const answered = answeredQuestions(spoken)
  const phrases = PHRASES[language]
  const drafts: Array<SuggestionDraft & { position: number }> = []
  spoken.forEach((s, i) => {
    const speakerIds = s.speaker === '' ? undefined : [s.speaker]
    const base = { position: i, ...(speakerIds === undefined ? {} : { speakerIds }) }
    // "네, 동의합니다." / "Agreed.": the assent decides what was proposed just before it.
    if (contentStems(s.text).size < 2 && isDecision(s.text) && !isQuestion(s.text) && i > 0) {
      // The proposal is the last statement before it (a "shall we?" after it is no proposal).
      const proposal = spoken.slice(Math.max(0, i - 3), i).reverse().find((p) => !isQuestion(p.text) && contentStems(p.text).size >= 2)
      if (proposal !== undefined && !isRecapOrLogistics(proposal.text)) {
        drafts.push({ ...base, content: phrases.decision(quote(proposal.text)), kind: 'decision', confidence: 0.6 })
      }
      return
    }
    if (contentStems(s.text).size === 0 || isRecapOrLogistics(s.text)) return
    if (isQuestion(s.text)) {
      // "다들 괜찮으세요?", "Any questions?": a question about nothing in particular is not worth a suggestion.
      if (contentStems(s.text).size >= 2 && !answered.has(i)) drafts.push({ ...base, content: phrases.question(quote(s.text)), kind: 'question', confidence: 0.7 })
      return
    }
    // "Let's go with November 18" decides; it asks nobody to do anything.
    if (isDecision(s.text) && !(isAction(s.text) && hasOwner(s.text))) {
      drafts.push({ ...base, content: phrases.decision(quote(s.text)), kind: 'decision', confidence: 0.6 })
      return
    }
    // "그건 제가 하겠습니다" answers who does what was just asked; it holds no action of its own.
    if (isAction(s.text) && contentStems(s.text).size >= 2) {
      if (!hasOwner(s.text)) drafts.push({ ...base, content: phrases.owner(quote(s.text)), kind: 'action', confidence: 0.65 })
      else if (!hasDeadline(s.text)) drafts.push({ ...base, content: phrases.deadline(quote(s.text)), kind: 'action', confidence: 0.5 })
      return
    }
    if (isRisk(s.text)) drafts.push({ ...base, content: phrases.risk(quote(s.text)), kind: 'risk', confidence: 0.55 })
  })
  const fresh = drafts.filter((d) => !previous.some((p) => p.trim() === d.content || textSimilarity(p, d.content) >= NEAR_DUPLICATE))
  // Newest first, one of each kind before a second of any, so questions are not crowded out by actions.
  fresh.sort((a, b) => b.position - a.position)
  const chosen: typeof fresh = []
  for (let round = 1; round <= 2 && chosen.length < limit; round++) {
    const perKind = new Map<string, number>()
    for (const c of chosen) perKind.set(c.kind ?? '', (perKind.get(c.kind ?? '') ?? 0) + 1)
    for (const draft of fresh) {
      if (chosen.length >= limit) break
      if (chosen.includes(draft) || (perKind.get(draft.kind ?? '') ?? 0) >= round) continue
      if (chosen.some((c) => textSimilarity(c.content, draft.content) >= NEAR_DUPLICATE)) continue
      perKind.set(draft.kind ?? '', (perKind.get(draft.kind ?? '') ?? 0) + 1)
      chosen.push(draft)
    }
  }
  chosen.sort((a, b) => KIND_ORDER.indexOf(a.kind ?? '') - KIND_ORDER.indexOf(b.kind ?? '') || b.position - a.position)
  return chosen.map(({ position: _position, ...draft }) => draft)
}
