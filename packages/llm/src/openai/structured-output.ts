import type { TSchema } from 'typebox'

export type StructuredOutputMode = 'auto' | 'json_schema' | 'json_object'

export type ResponseFormat =
  | { type: 'json_schema', json_schema: { name: string, schema: Record<string, unknown>, strict: boolean } }
  | { type: 'json_object' }

const JSON_OBJECT: ResponseFormat = { type: 'json_object' }

/**
 * Which response_format a provider gets. In `auto`, json_schema until the server rejects it
 * once; from then on JSON mode (the schema is in the prompt and every answer is validated anyway).
 */
export class StructuredOutputChoice {
  #schemaRejected = false
  // The plain-JSON copy of each schema, derived once: every request sends the same one.
  readonly #formats = new Map<string, ResponseFormat>()

  constructor (readonly mode: StructuredOutputMode) {}

  get usesJsonSchema (): boolean {
    return this.mode === 'json_schema' || (this.mode === 'auto' && !this.#schemaRejected)
  }

  /** true when the rejection switched this provider to JSON mode (only once, only in auto). */
  rejectJsonSchema (): boolean {
    if (this.mode !== 'auto' || this.#schemaRejected) return false
    this.#schemaRejected = true
    return true
  }

  formatFor (name: string, schema: TSchema): ResponseFormat {
    if (!this.usesJsonSchema) return JSON_OBJECT
    let format = this.#formats.get(name)
    if (format === undefined) {
      format = { type: 'json_schema', json_schema: { name, schema: JSON.parse(JSON.stringify(schema)) as Record<string, unknown>, strict: true } }
      this.#formats.set(name, format)
    }
    return format
  }
}
