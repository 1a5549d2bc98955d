import { dedupeTexts } from '../text/similarity.ts'
import { hasDeadline, isAction, isQuestion, isRecapOrLogistics } from './cues.ts'

export interface AuthoredSentence {
  text: string
  author?: string
}

const LEADING_LABEL = /^(?:action items?|todo|to-do|ai|next steps?|follow[- ]up|액션 아이템|할 일|TODO)\s*[:：-]\s*/i

function capitalise (text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function trimEnd (text: string): string {
  return text.replace(/[\s.。!！]+$/u, '')
}

/** Short title of an action sentence: the action first, the owner in brackets. */
export function todoTitle (sentence: string, author?: string): string {
  let text = trimEnd(sentence.trim().replace(LEADING_LABEL, ''))
  if (/[\uAC00-\uD7A3]/.test(text)) {
    text = text
      .replace(/하기로\s*(?:했습니다|하였습니다|했음|함|했다|했어요)$/, '하기')
      .replace(/(?:하겠습니다|할게요|하겠음|하겠어요)$/, '하기')
      .replace(/해야\s*(?:합니다|함|한다|해요|됩니다)$/, '해야 함')
      .replace(/부탁(?:드립니다|합니다|드려요|해요)$/, '부탁')
      .replace(/(?:예정입니다|예정이에요|예정임)$/, '예정')
    return text.length > 200 ? `${text.slice(0, 197)}…` : text
  }
  let owner: string | undefined
  const self = /^(?:i|we)\s+(?:will|'ll|need to|have to|should|must|am going to|are going to|are to)\s+(.+)$/i.exec(text)
  const named = /^([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+(?:will|'ll|is going to|needs to|has to|should|must|is to|to)\s+(.+)$/.exec(text)
  const lets = /^(?:let's|let us|please|can you|could you|would you|someone (?:should|needs to|has to|must)(?: also)?)\s+(.+?)\??$/i.exec(text)
  if (self !== null) {
    text = self[1]!
    if (/^i\b/i.test(sentence.trim().replace(LEADING_LABEL, '')) && author !== undefined) owner = author
  } else if (named !== null && !/^(?:We|You|They|It|This|That|The|There|Someone|Somebody|Everyone|Anyone)$/.test(named[1]!)) {
    owner = named[1]!
    text = named[2]!
  } else if (lets !== null) {
    text = lets[1]!
  }
  text = capitalise(trimEnd(text))
  if (owner !== undefined) text = `${text} (${owner})`
  return text.length > 200 ? `${text.slice(0, 197)}…` : text
}

/** Todo titles from action phrasing, near-duplicates across participants merged. */
export function detectTodos (sentences: AuthoredSentence[]): string[] {
  const titles: string[] = []
  for (const sentence of sentences) {
    const text = sentence.text
    if (!isAction(text) || isRecapOrLogistics(text)) continue
    // "담당자 미정": an open point about an action, reported in pending rather than as a todo.
    if (/(미정|미확정)/.test(text)) continue
    // A question is an action only when it asks somebody to do something.
    if (isQuestion(text) && !/\b(?:can|could|would) you\b|(?:해 주실|해주실|주시겠)/i.test(text)) continue
    titles.push(todoTitle(text, sentence.author))
  }
  // Between two wordings of the same todo, keep the one with a deadline, then the longer one.
  return dedupeTexts(titles, 0.6, (candidate, kept) => {
    const cd = hasDeadline(candidate)
    const kd = hasDeadline(kept)
    return cd !== kd ? cd : candidate.length > kept.length
  })
}
