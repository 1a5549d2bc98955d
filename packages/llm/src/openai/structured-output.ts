import type { TSchema } from 'typebox'
import { strictSubset } from './strict-schema.ts'

export type StructuredOutputMode = 'auto' | 'json_schema' | 'json_object'

export type ResponseFormat =
  | { type: 'json_schema', json_schema: { name: string, schema: Record<string, unknown>, strict: boolean } }
  | { type: 'json_object' }

const JSON_OBJECT: ResponseFormat = { type: 'json_object' }

/**
 * Which response_format a provider gets. In `auto`, json_schema (the strict subset of the
 * answer schema) until the server rejects it; then JSON mode (the schema is in the prompt and
 * every answer is validated anyway) for `retryAfterMs`, after which json_schema is tried
 * again: a gateway upgraded or a deployment moved to a model with structured outputs gets
 * strict decoding back without a restart.
 */
export class StructuredOutputChoice {
  #rejectedAt: number | undefined
  // The strict copy of each schema, derived once: every request sends the same one.
  readonly #formats = new Map<string, ResponseFormat>()

  constructor (readonly mode: StructuredOutputMode, readonly retryAfterMs = 10 * 60_000, private readonly now: () => number = Date.now) {}

  get usesJsonSchema (): boolean {
    if (this.mode !== 'auto') return this.mode === 'json_schema'
    return this.#rejectedAt === undefined || this.now() - this.#rejectedAt >= this.retryAfterMs
  }

  /** true when the rejection switched this provider to JSON mode (only in auto, once per period). */
  rejectJsonSchema (): boolean {
    if (this.mode !== 'auto' || !this.usesJsonSchema) return false
    this.#rejectedAt = this.now()
    return true
  }

  formatFor (name: string, schema: TSchema): ResponseFormat {
    if (!this.usesJsonSchema) return JSON_OBJECT
    let format = this.#formats.get(name)
    if (format === undefined) {
      format = { type: 'json_schema', json_schema: { name, schema: strictSubset(schema), strict: true } }
      this.#formats.set(name, format)
    }
    return format
  }
}
