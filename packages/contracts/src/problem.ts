import Type, { type Static } from 'typebox'

export const ProblemFieldError = Type.Object({
  field: Type.String({ description: 'JSON pointer or dotted path of the offending field' }),
  message: Type.String()
}, { $id: 'ProblemFieldError' })

/** RFC 9457 problem details, served as application/problem+json. */
export const Problem = Type.Object({
  type: Type.String({ format: 'uri' }),
  title: Type.String(),
  status: Type.Integer(),
  detail: Type.String(),
  instance: Type.String({ format: 'uri-reference' }),
  code: Type.String({ description: 'Stable machine-readable error code, e.g. VALIDATION_FAILED' }),
  errors: Type.Optional(Type.Array(ProblemFieldError))
}, { $id: 'Problem' })
export type Problem = Static<typeof Problem>
export type ProblemFieldError = Static<typeof ProblemFieldError>

export const PROBLEM_CONTENT_TYPE = 'application/problem+json'
export const PROBLEM_TYPE_BASE = 'https://meeting-ai.dev/problems/'
