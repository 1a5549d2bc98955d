/**
 * A small valid instance of a JSON Schema, for answers derived from a request's
 * response_format. Covers what structured-output schemas use: object, array, string,
 * number, integer, boolean, enum, const, anyOf/oneOf, nullable type lists.
 */
type JsonSchema = Record<string, unknown>

export function schemaInstance (schema: JsonSchema, depth = 0): unknown {
  if (depth > 20) return null
  if ('const' in schema) return schema.const
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0]
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined
  if (Array.isArray(choices) && choices.length > 0) return schemaInstance(choices[0]!, depth + 1)
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') ?? 'null' : schema.type
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
      const result: Record<string, unknown> = {}
      for (const [key, value] of Object.entries(properties)) result[key] = schemaInstance(value, depth + 1)
      return result
    }
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0
      const max = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity
      // One item where allowed, so the answer has something in it.
      const count = Math.min(Math.max(min, 1), max)
      const items = (schema.items ?? {}) as JsonSchema
      return Array.from({ length: count }, () => schemaInstance(items, depth + 1))
    }
    case 'string': {
      const min = typeof schema.minLength === 'number' ? schema.minLength : 0
      const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity
      const text = 'mock answer'.padEnd(min, '.')
      return text.slice(0, Math.min(text.length, max))
    }
    case 'integer':
      return typeof schema.minimum === 'number' ? Math.ceil(schema.minimum) : 1
    case 'number':
      if (typeof schema.minimum === 'number' && typeof schema.maximum === 'number') return (schema.minimum + schema.maximum) / 2
      return typeof schema.minimum === 'number' ? schema.minimum : 0
    case 'boolean':
      return false
    case 'null':
      return null
    default:
      return {}
  }
}
