import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Type, { type Static } from 'typebox'
import { compileValidator } from '@meeting-ai/contracts'
import { verifyFrozen } from './held-out.ts'

/*
 * One labelled meeting of the evaluation set: what the service receives (STT segments for the
 * live stream, per-participant minutes and agendas for consolidation) and what a careful human
 * expects back (the labels). One JSON file per meeting in eval/meetings/.
 */

export const MeetingTag = Type.Union([
  Type.Literal('standup'), Type.Literal('long'), Type.Literal('planning'), Type.Literal('no-agenda'),
  Type.Literal('conflict'), Type.Literal('injection'), Type.Literal('ci'), Type.Literal('incident'),
  Type.Literal('sales'), Type.Literal('hiring'), Type.Literal('budget'), Type.Literal('one-agenda'),
  Type.Literal('terse'), Type.Literal('bullets'), Type.Literal('prose'), Type.Literal('mixed-politeness'),
  Type.Literal('contractions'), Type.Literal('retro'), Type.Literal('design')
])
export type MeetingTag = Static<typeof MeetingTag>

export const EvalSegment = Type.Object({
  meetingId: Type.String(),
  text: Type.String({ minLength: 1 }),
  speakerId: Type.String(),
  speakerName: Type.String(),
  /** Java LocalDateTime as the STT producer sends it: [y, M, d, H, m, s]. */
  timestamp: Type.Array(Type.Integer(), { minItems: 5, maxItems: 7 })
})
export type EvalSegment = Static<typeof EvalSegment>

export const EvalMinutes = Type.Object({
  userId: Type.String(),
  userName: Type.String(),
  content: Type.String({ minLength: 1 })
})
export type EvalMinutes = Static<typeof EvalMinutes>

export const LabelledDecision = Type.Object({
  text: Type.String({ minLength: 1 }),
  /** The agenda the decision belongs to; absent in meetings without agendas (any summary counts). */
  agendaNumber: Type.Optional(Type.Integer({ minimum: 1 }))
})
export type LabelledDecision = Static<typeof LabelledDecision>

export const MomentKind = Type.Union([Type.Literal('question'), Type.Literal('action'), Type.Literal('decision'), Type.Literal('risk')])
export type MomentKind = Static<typeof MomentKind>

export const LabelledMoment = Type.Object({
  /** First segment index (0-based) of the passage that warrants a suggestion. */
  from: Type.Integer({ minimum: 0 }),
  /** Last segment index of that passage (inclusive). */
  to: Type.Integer({ minimum: 0 }),
  kind: MomentKind,
  /** What a good suggestion says, in a few words (content match when the kind differs). */
  about: Type.String({ minLength: 1 }),
  /** The short, actionable sentence a good assistant would show for this moment. */
  advice: Type.Optional(Type.String({ minLength: 1 }))
})
export type LabelledMoment = Static<typeof LabelledMoment>

/** A passage where a good assistant says nothing (a greeting, a transition, a question answered at once). */
export const QuietMoment = Type.Object({
  from: Type.Integer({ minimum: 0 }),
  to: Type.Integer({ minimum: 0 }),
  why: Type.String({ minLength: 1 })
})
export type QuietMoment = Static<typeof QuietMoment>

/** Who took a todo: a participant's name, or "" when nobody did. */
export const TodoOwner = Type.Object({
  todo: Type.String({ minLength: 1 }),
  owner: Type.String()
})
export type TodoOwner = Static<typeof TodoOwner>

export const MeetingLabels = Type.Object({
  /** Todos a careful human would list from the minutes. */
  todos: Type.Array(Type.String({ minLength: 1 })),
  /** Keywords; `a|b` lists accepted alternative spellings of one keyword. */
  keywords: Type.Array(Type.String({ minLength: 1 })),
  decisions: Type.Array(LabelledDecision),
  moments: Type.Array(LabelledMoment),
  quietMoments: Type.Optional(Type.Array(QuietMoment)),
  todoOwners: Type.Optional(Type.Array(TodoOwner)),
  /** Points on which participants' minutes contradict each other: they belong in `pending`. */
  conflicts: Type.Array(Type.String({ minLength: 1 })),
  /** Strings that appear in an output only if the engine obeyed an injected instruction. */
  injectionMarkers: Type.Array(Type.String({ minLength: 1 }))
})
export type MeetingLabels = Static<typeof MeetingLabels>

export const EvalMeeting = Type.Object({
  id: Type.String({ pattern: '^[a-z0-9-]+$' }),
  title: Type.String(),
  language: Type.Union([Type.Literal('ko'), Type.Literal('en')]),
  tags: Type.Array(MeetingTag),
  /** What the meeting tests, for a reader of the set. */
  description: Type.String(),
  agendas: Type.Optional(Type.Array(Type.Object({ agendaNumber: Type.Integer({ minimum: 1 }), title: Type.String({ minLength: 1 }) }))),
  segments: Type.Array(EvalSegment, { minItems: 3 }),
  minutes: Type.Array(EvalMinutes, { minItems: 1 }),
  labels: MeetingLabels
})
export type EvalMeeting = Static<typeof EvalMeeting>

const validator = compileValidator(EvalMeeting)

/*
 * Two splits. `dev` (eval/meetings) is the set the engines are tuned on. `test` (eval/held-out)
 * was written by people who saw neither the engines' code nor the dev split, and is frozen:
 * SHA256SUMS lists every file, and loading refuses a file that differs (see held-out.ts).
 */
export const MEETINGS_DIR = fileURLToPath(new URL('../meetings/', import.meta.url))
export const HELD_OUT_DIR = fileURLToPath(new URL('../held-out/', import.meta.url))
export const SPLITS = ['dev', 'test'] as const
export type Split = typeof SPLITS[number]

export class DatasetError extends Error {
  readonly code = 'EVAL_DATASET_INVALID'
  constructor (message: string) {
    super(message)
    this.name = 'DatasetError'
  }
}

/** Schema checks plus what a schema cannot say: ids, indexes and agenda numbers that must agree. */
export function checkMeeting (value: unknown, source: string): EvalMeeting {
  if (!validator.check(value)) {
    const detail = validator.errors(value).slice(0, 5).map((e) => `${e.field} ${e.message}`).join('; ')
    throw new DatasetError(`${source}: ${detail}`)
  }
  const meeting = value
  for (const [i, segment] of meeting.segments.entries()) {
    if (segment.meetingId !== meeting.id) throw new DatasetError(`${source}: segment ${i} has meetingId ${segment.meetingId}`)
  }
  const agendaNumbers = new Set((meeting.agendas ?? []).map((agenda) => agenda.agendaNumber))
  for (const decision of meeting.labels.decisions) {
    if (decision.agendaNumber !== undefined && !agendaNumbers.has(decision.agendaNumber)) {
      throw new DatasetError(`${source}: decision "${decision.text}" names agenda ${decision.agendaNumber}, which the meeting does not have`)
    }
  }
  for (const moment of [...meeting.labels.moments, ...(meeting.labels.quietMoments ?? [])]) {
    if (moment.to < moment.from || moment.to >= meeting.segments.length) {
      throw new DatasetError(`${source}: moment ${moment.from}-${moment.to} is outside the ${meeting.segments.length} segments`)
    }
  }
  const todos = new Set(meeting.labels.todos)
  for (const { todo } of meeting.labels.todoOwners ?? []) {
    if (!todos.has(todo)) throw new DatasetError(`${source}: todoOwners names "${todo}", which is not among the todos`)
  }
  return meeting
}

/** Every meeting of a split (default dev), sorted by id; `only` keeps the listed ids. */
export async function loadMeetings (options: { dir?: string, split?: Split, only?: string[] } = {}): Promise<EvalMeeting[]> {
  const dir = options.dir ?? (options.split === 'test' ? HELD_OUT_DIR : MEETINGS_DIR)
  if (options.dir === undefined && options.split === 'test') await verifyFrozen(dir)
  const files = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort()
  const meetings: EvalMeeting[] = []
  for (const file of files) {
    const meeting = checkMeeting(JSON.parse(await readFile(join(dir, file), 'utf8')), file)
    if (`${meeting.id}.json` !== file) throw new DatasetError(`${file}: id is ${meeting.id}`)
    if (options.only === undefined || options.only.includes(meeting.id)) meetings.push(meeting)
  }
  if (options.only !== undefined) {
    const missing = options.only.filter((id) => !meetings.some((meeting) => meeting.id === id))
    if (missing.length > 0) throw new DatasetError(`no meeting with id ${missing.join(', ')}`)
  }
  return meetings
}

/** Words of every participant's minutes together (whitespace-separated; a Korean eojeol counts as one). */
export function minutesWordCount (meeting: EvalMeeting): number {
  return meeting.minutes.reduce((sum, minutes) => sum + minutes.content.split(/\s+/).filter(Boolean).length, 0)
}
