import { Compile } from 'typebox/compile'
import type { Static, TSchema } from 'typebox'
import type { ProblemFieldError } from './problem.ts'

export interface Validator<T extends TSchema> {
  check (value: unknown): value is Static<T>
  /** Field errors in the same shape the HTTP problem body uses; empty when valid. */
  errors (value: unknown): ProblemFieldError[]
}

/** Compiled validator for code paths outside Fastify (worker, LLM answers, stored records). */
export function compileValidator<T extends TSchema> (schema: T): Validator<T> {
  const compiled = Compile(schema)
  return {
    check: (value: unknown): value is Static<T> => compiled.Check(value),
    errors: (value) => compiled.Errors(value).map((error) => ({
      field: error.instancePath === '' ? '/' : error.instancePath,
      message: error.message
    }))
  }
}

const MAX_NULL_STRIP_DEPTH = 64

/**
 * JSON from the Java caller carries `null` for absent optionals. Ajv would coerce null to ""
 * or [null], so nulls are removed before validation. Depth is bounded against hostile nesting.
 */
export function stripNulls (value: unknown, depth = 0): unknown {
  if (depth > MAX_NULL_STRIP_DEPTH) return value
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = stripNulls(value[i], depth + 1)
    return value
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>
    for (const key of Object.keys(record)) {
      if (record[key] === null) delete record[key]
      else record[key] = stripNulls(record[key], depth + 1)
    }
  }
  return value
}
