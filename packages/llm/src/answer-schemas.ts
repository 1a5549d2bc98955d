import Type, { type Static, type TSchema } from 'typebox'
import { SUGGESTION_KINDS } from '@meeting-ai/contracts'

/*
 * The shapes a model must answer in. They double as the json_schema response_format,
 * so they stay inside what OpenAI's strict mode accepts: every property required,
 * additionalProperties false. The strict copy sent to the model (openai/strict-schema.ts) lists
 * every property as required; an optional property here is one a model answering without
 * strict decoding may leave out, and the strict-mode model fills with "" when it has nothing.
 */

const text = (maxLength: number) => Type.String({ minLength: 1, maxLength })
const strict = { additionalProperties: false } as const

export const SuggestionsAnswer = Type.Object({
  suggestions: Type.Array(Type.Object({
    content: text(400),
    // The transcript words the advice rests on; "" when the model quotes none.
    evidence: Type.Optional(Type.String({ maxLength: 400 })),
    kind: Type.String({ enum: [...SUGGESTION_KINDS] }),
    confidence: Type.Number({ minimum: 0, maximum: 1 })
  }, strict), { maxItems: 8 })
}, strict)
export type SuggestionsAnswer = Static<typeof SuggestionsAnswer>

const AgendaNotesAnswer = Type.Object({
  agendaNumber: Type.Integer({ minimum: 1 }),
  agendaTitle: text(500),
  points: Type.Array(text(1000)),
  decisions: Type.Array(text(1000)),
  pending: Type.Array(text(1000))
}, strict)

export const ChunkAnswer = Type.Object({
  keywords: Type.Array(text(80), { maxItems: 30 }),
  agendaNotes: Type.Array(AgendaNotesAnswer),
  todos: Type.Array(text(300))
}, strict)
export type ChunkAnswer = Static<typeof ChunkAnswer>

export const ReduceAnswer = Type.Object({
  keywords: Type.Array(text(80), { maxItems: 20 }),
  agendaSummaries: Type.Array(Type.Object({
    agendaNumber: Type.Integer({ minimum: 1 }),
    agendaTitle: text(500),
    summaryShort: text(400),
    summary: text(4000),
    decisions: Type.Array(text(1000)),
    pending: Type.Array(text(1000))
  }, strict)),
  todos: Type.Array(Type.Object({ title: text(300) }, strict))
}, strict)
export type ReduceAnswer = Static<typeof ReduceAnswer>

/** Name (as response_format.json_schema.name wants it) and schema of each answer shape. */
export interface AnswerShape<T extends TSchema> {
  name: string
  schema: T
}

export const answerShapes = {
  suggestions: { name: 'meeting_suggestions', schema: SuggestionsAnswer },
  chunk: { name: 'minutes_chunk_analysis', schema: ChunkAnswer },
  reduce: { name: 'meeting_consolidation', schema: ReduceAnswer }
} as const satisfies Record<string, AnswerShape<TSchema>>
