import type { Agenda } from '@meeting-ai/contracts'
import { overlap, textSimilarity } from '../text/similarity.ts'
import { splitSentences, type Sentence } from '../text/sentences.ts'
import { capitalise, contentStems, hasHangul } from '../text/words.ts'
import type { MinutesPart } from '../engine.ts'
import { extractKeywords } from './keywords.ts'

export interface PlacedSentence {
  text: string
  author: string
  /** The label its line started with ("Actions: …"), if any. */
  label?: string
  /** The heading of the section it is written under ("## Action items", "액션 아이템:"), if any. */
  sectionHeading?: string
  /** The short bulleted line it is listed under, one level up ("- 할 일"), if any. */
  listHeading?: string
  /** Position in the author's minutes, for keeping the original order. */
  index: number
  /** The line of the author's minutes it was read from: sentences of one line share it. */
  line?: number
  /** The line opened with a checkbox, open (a task) or ticked (done). */
  checkbox?: 'open' | 'done'
  agendaNumber: number | undefined
  /**
   * Whether the writer put it under its item: a heading, label or paragraph opening that names the
   * item's title, or its own words naming it. Else the item was inferred (words that go with an
   * item, the item being written about, the nearest sentences).
   */
  placedByWriter: boolean
}

interface Topic {
  agenda: Agenda
  stems: ReadonlySet<string>
  /** Words that go with this item only: "checkout" for "Payments" when minutes say "Checkout redesign (agenda: Payments)". */
  related: ReadonlySet<string>
}

/**
 * Agenda items when none were given: the headings the minutes use ("## Budget", "[예산]"),
 * or else topics found by keyword clustering (greedy cover of sentences by keywords).
 */
export function deriveAgendas (minutes: MinutesPart[], limit = 5): Agenda[] {
  const headings: string[] = []
  for (const part of minutes) {
    for (const sentence of splitSentences(part.content)) {
      const heading = sentence.heading ? sentence.text : sentence.label
      if (heading === undefined || contentStems(heading).size === 0) continue
      if (!headings.some((h) => h.toLowerCase() === heading.toLowerCase() || textSimilarity(h, heading) >= 0.5)) headings.push(heading)
    }
  }
  if (headings.length >= 2) return headings.slice(0, 10).map((title, i) => ({ agendaNumber: i + 1, title }))

  const sentences = minutes.flatMap((part) => splitSentences(part.content).filter((s) => !s.heading).map((s) => ({ stems: contentStems(s.text), text: s.text, author: part.userId })))
  const keywords = extractKeywords(sentences.map((s) => ({ text: s.text, author: s.author })), { limit: 12 })
  // The sentences naming each keyword, found once: each round below only drops the covered ones.
  const naming = keywords.map((keyword) => {
    const stems = keyword.stems.map((stem) => new Set([stem]))
    return sentences.flatMap((s, i) => stems.every((stem) => overlap(stem, s.stems) > 0) ? [i] : [])
  })
  const covered = new Set<number>()
  const agendas: Agenda[] = []
  while (agendas.length < limit) {
    let best: { title: string, gain: number, members: number[] } | undefined
    for (const [k, keyword] of keywords.entries()) {
      const members = naming[k]!.filter((i) => !covered.has(i))
      if (members.length >= 2 && (best === undefined || members.length * keyword.score > best.gain)) {
        best = { title: keyword.text, gain: members.length * keyword.score, members }
      }
    }
    if (best === undefined) break
    best.members.forEach((i) => covered.add(i))
    agendas.push({ agendaNumber: agendas.length + 1, title: /[a-z]/.test(best.title) ? capitalise(best.title) : best.title })
  }
  if (agendas.length === 0) agendas.push({ agendaNumber: 1, title: hasHangul(minutes.map((m) => m.content).join('')) ? '주요 논의' : 'Discussion' })
  return agendas
}

/** The topic whose title (or related) words the text shares most; on a tie, the one being discussed. */
function bestTopic (stems: ReadonlySet<string>, topics: Topic[], current?: number, useRelated = false): Topic | undefined {
  let best: Topic | undefined
  let bestScore = 0
  for (const topic of topics) {
    const score = overlap(topic.stems, stems) / Math.max(1, Math.sqrt(topic.stems.size)) +
      (useRelated ? 0.3 * Math.min(3, overlap(topic.related, stems)) : 0) +
      (topic.agenda.agendaNumber === current ? 0.01 : 0)
    if (score > bestScore && score > 0.01) {
      best = topic
      bestScore = score
    }
  }
  return best
}

/**
 * Short agenda titles ("Payments", "결제") are rarely repeated in the discussion. The words of
 * sentences and labels that do name a title go with that item; those that go with one item
 * only are its related words, so a later "Checkout redesign: …" finds "Payments".
 */
function withRelatedWords (minutes: MinutesPart[], agendas: Agenda[]): Topic[] {
  const titles = agendas.map((agenda) => contentStems(agenda.title))
  const cooccurring = agendas.map(() => new Map<string, number>())
  const add = (t: number, stems: Iterable<string>) => { for (const stem of stems) cooccurring[t]!.set(stem, (cooccurring[t]!.get(stem) ?? 0) + 1) }
  for (const part of minutes) {
    for (const sentence of splitSentences(part.content)) {
      for (const text of sentence.label === undefined ? [sentence.text] : [sentence.text, sentence.label]) {
        const stems = contentStems(text)
        titles.forEach((title, t) => { if (title.size > 0 && overlap(title, stems) > 0) add(t, stems) })
      }
    }
  }
  const total = new Map<string, number>()
  for (const counts of cooccurring) for (const [stem, n] of counts) total.set(stem, (total.get(stem) ?? 0) + n)
  return agendas.map((agenda, t) => {
    const related = new Set<string>()
    for (const [stem, n] of cooccurring[t]!) {
      // Related when it mostly goes with this item; words found with every item are no clue.
      if (n < 2 || n < 0.7 * total.get(stem)! || /\d/.test(stem)) continue
      if (titles.some((title) => overlap(new Set([stem]), title) > 0)) continue
      related.add(stem)
    }
    return { agenda, stems: titles[t]!, related }
  })
}

/**
 * Places every sentence of every participant under an agenda item: by a heading or label,
 * by words of the agenda title, else under the item the participant was writing about
 * (minutes are written topic by topic). Sentences before any match stay unplaced.
 */
export function placeSentences (minutes: MinutesPart[], agendas: Agenda[]): PlacedSentence[] {
  const topics = withRelatedWords(minutes, agendas)
  const placed: PlacedSentence[] = []
  for (const part of minutes) {
    let current: number | undefined
    // Under a heading, sentences belong to it: minutes written by topic say so themselves.
    let anchored = false
    let index = 0
    const sentences = splitSentences(part.content)
    // A paragraph of several sentences is about one item: the one its words point to.
    const paragraphTopic = new Map<number, number | undefined>()
    const paragraphNamed = new Set<number>()
    const byLine = new Map<number, Sentence[]>()
    for (const sentence of sentences) if (!sentence.heading && sentence.label === undefined) byLine.set(sentence.line ?? -1, [...(byLine.get(sentence.line ?? -1) ?? []), sentence])
    for (const [line, group] of byLine) {
      if (group.length < 3 || line < 0) continue
      const stems = new Set(group.flatMap((g) => [...contentStems(g.text)]))
      const first = group.slice(0, 2).map((g) => bestTopic(contentStems(g.text), topics)).find((t) => t !== undefined)
      paragraphTopic.set(line, (first ?? bestTopic(stems, topics, undefined, true))?.agenda.agendaNumber)
      // The writer named the item only when the paragraph opens with its title ("3. Referral programme (agenda: Growth)."):
      // a title word further in ("… overlaps with other work for the same people") is a coincidence.
      const opening = sentences.find((g) => !g.heading && g.line === line)
      const named = opening === undefined ? undefined : bestTopic(contentStems(`${opening.label ?? ''} ${opening.text}`), topics)
      if (named !== undefined && named.agenda.agendaNumber === paragraphTopic.get(line)) paragraphNamed.add(line)
    }
    let heading: string | undefined
    let headingNamed = false
    for (const sentence of sentences) {
      if (sentence.heading) {
        heading = sentence.text
        const topic = bestTopic(contentStems(sentence.text), topics)
        if (topic !== undefined) {
          current = topic.agenda.agendaNumber
          anchored = true
          headingNamed = true
        }
        continue
      }
      let agendaNumber: number | undefined
      let placedByWriter = false
      // A label names its topic: by title words, else by the words that go with one item only.
      const labelStems = sentence.label === undefined ? undefined : contentStems(sentence.label)
      const byTitle = labelStems === undefined ? undefined : bestTopic(labelStems, topics)
      const labelled = byTitle ?? (labelStems === undefined ? undefined : bestTopic(labelStems, topics, undefined, true))
      if (labelled !== undefined) {
        agendaNumber = labelled.agenda.agendaNumber
        placedByWriter = byTitle !== undefined
      } else if (anchored) {
        agendaNumber = current
        placedByWriter = headingNamed
      } else if (paragraphTopic.has(sentence.line ?? -1)) {
        agendaNumber = paragraphTopic.get(sentence.line ?? -1) ?? current
        placedByWriter = paragraphNamed.has(sentence.line ?? -1) && agendaNumber !== undefined
        current = agendaNumber
      } else {
        const own = bestTopic(contentStems(sentence.text), topics, current)
        agendaNumber = own?.agenda.agendaNumber ?? current
        placedByWriter = own !== undefined
        current = agendaNumber
      }
      placed.push({
        text: sentence.text,
        author: part.userName ?? part.userId,
        index: index++,
        agendaNumber,
        placedByWriter,
        ...(sentence.line === undefined ? {} : { line: sentence.line }),
        ...(sentence.label === undefined ? {} : { label: sentence.label }),
        ...(sentence.checkbox === undefined ? {} : { checkbox: sentence.checkbox }),
        ...(heading === undefined ? {} : { sectionHeading: heading }),
        ...(sentence.listHeading === undefined ? {} : { listHeading: sentence.listHeading })
      })
    }
  }
  // Unplaced sentences join the item whose sentences share most words with them.
  const bags = new Map<number, Set<string>>()
  for (const p of placed) {
    if (p.agendaNumber === undefined) continue
    const bag = bags.get(p.agendaNumber) ?? new Set<string>()
    for (const stem of contentStems(p.text)) bag.add(stem)
    bags.set(p.agendaNumber, bag)
  }
  for (const p of placed) {
    if (p.agendaNumber !== undefined) continue
    const stems = contentStems(p.text)
    let best = 0
    for (const [agendaNumber, bag] of bags) {
      const score = overlap(stems, bag)
      if (score > best) {
        best = score
        p.agendaNumber = agendaNumber
      }
    }
    if (p.agendaNumber === undefined && agendas.length === 1) p.agendaNumber = agendas[0]!.agendaNumber
  }
  return placed
}
