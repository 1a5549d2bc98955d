import type { EvalMeeting, EvalSegment, LabelledDecision, LabelledMoment, MomentKind } from '../src/dataset.ts'

/*
 * Compact authoring form of a meeting: the transcript as [speaker, text, moment?] lines, so a
 * label sits next to the words it is about. `build-meetings.ts` expands it to the JSON file
 * (segment objects with LocalDateTime arrays, moment index ranges).
 */

export interface Speaker { id: string, name: string }

/** A moment marked on the line that completes it; `back` earlier lines belong to it too. */
export interface MomentMark { kind: MomentKind, about: string, back?: number }

export type Line = [speaker: string, text: string, moment?: MomentMark]

export interface AuthoredMeeting {
  id: string
  title: string
  language: 'ko' | 'en'
  tags: EvalMeeting['tags']
  description: string
  agendas?: Array<{ agendaNumber: number, title: string }>
  speakers: Record<string, Speaker>
  /** [year, month, day, hour, minute] of the first segment. */
  start: [number, number, number, number, number]
  lines: Line[]
  /** Seconds of untranscribed discussion before the line with this index. */
  pauses?: Record<number, number>
  minutes: Array<{ speaker: string, content: string }>
  todos: string[]
  /** Who took each todo, in the order of `todos`: a speaker key, '' for nobody, null where the minutes disagree. */
  todoOwners?: Array<string | null>
  keywords: string[]
  decisions: LabelledDecision[]
  conflicts?: string[]
  injectionMarkers?: string[]
}

function addSeconds (start: AuthoredMeeting['start'], seconds: number): number[] {
  const [y, mo, d, h, mi] = start
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, 0) + seconds * 1000)
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()]
}

export function expand (authored: AuthoredMeeting): EvalMeeting {
  const segments: EvalSegment[] = []
  const moments: LabelledMoment[] = []
  let elapsed = 0
  for (const [index, [speakerKey, text, mark]] of authored.lines.entries()) {
    elapsed += authored.pauses?.[index] ?? 0
    const speaker = authored.speakers[speakerKey]
    if (speaker === undefined) throw new Error(`${authored.id}: line ${index} has unknown speaker ${speakerKey}`)
    segments.push({ meetingId: authored.id, text, speakerId: speaker.id, speakerName: speaker.name, timestamp: addSeconds(authored.start, elapsed) })
    // Speech runs at roughly 2.5 English words or 4 Korean syllables per second, plus a pause.
    elapsed += 2 + Math.ceil(authored.language === 'ko' ? text.replace(/\s/g, '').length / 4 : text.split(/\s+/).length / 2.5)
    if (mark !== undefined) moments.push({ from: Math.max(0, index - (mark.back ?? 0)), to: index, kind: mark.kind, about: mark.about })
  }
  const meeting: EvalMeeting = {
    id: authored.id,
    title: authored.title,
    language: authored.language,
    tags: authored.tags,
    description: authored.description,
    segments,
    minutes: authored.minutes.map(({ speaker, content }) => {
      const who = authored.speakers[speaker]
      if (who === undefined) throw new Error(`${authored.id}: minutes of unknown speaker ${speaker}`)
      return { userId: who.id, userName: who.name, content }
    }),
    labels: {
      todos: authored.todos,
      keywords: authored.keywords,
      decisions: authored.decisions,
      moments,
      conflicts: authored.conflicts ?? [],
      injectionMarkers: authored.injectionMarkers ?? []
    }
  }
  if (authored.agendas !== undefined) meeting.agendas = authored.agendas
  if (authored.todoOwners !== undefined) {
    if (authored.todoOwners.length !== authored.todos.length) throw new Error(`${authored.id}: ${authored.todoOwners.length} todo owners for ${authored.todos.length} todos`)
    meeting.labels.todoOwners = authored.todos.flatMap((todo, i) => {
      const key = authored.todoOwners![i]
      if (key === null || key === undefined) return []
      if (key === '') return [{ todo, owner: '' }]
      const who = authored.speakers[key]
      if (who === undefined) throw new Error(`${authored.id}: todo owner ${key} is no speaker`)
      return [{ todo, owner: who.name }]
    })
  }
  return meeting
}
