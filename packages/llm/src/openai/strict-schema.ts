/**
 * The copy of an answer schema that is sent as `response_format.json_schema.schema` with
 * `strict: true`. Providers accept only a subset of JSON Schema there and answer 400 to a
 * schema with anything else in it; the answer schemas carry more (lengths, bounds, item
 * counts), which stay in the local validation of every answer.
 *
 * Keywords kept are the ones both subsets documented below accept. The narrower one rules:
 * - OpenAI, Structured Outputs guide, "Supported schemas"
 *   (https://platform.openai.com/docs/guides/structured-outputs#supported-schemas): newer
 *   models accept pattern, format, minimum/maximum, multipleOf and minItems/maxItems, but
 *   not minLength/maxLength; every object needs `additionalProperties: false` and every
 *   property listed in `required`.
 * - Azure OpenAI, "How to use structured outputs", "Unsupported type-specific keywords"
 *   (https://learn.microsoft.com/azure/ai-services/openai/how-to/structured-outputs):
 *   minLength, maxLength, pattern, format, minimum, maximum, multipleOf,
 *   patternProperties, unevaluatedProperties, propertyNames, minProperties, maxProperties,
 *   unevaluatedItems, contains, minContains, maxContains, minItems, maxItems, uniqueItems.
 */
const KEPT_KEYWORDS = new Set([
  'type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const',
  'anyOf', 'description', 'title', '$defs', '$ref'
])

/** Keywords whose value holds sub-schemas keyed by name ($defs, properties) or listed (anyOf). */
const SCHEMA_MAPS = new Set(['properties', '$defs'])
const SCHEMA_LISTS = new Set(['anyOf'])

type JsonSchema = Record<string, unknown>

/**
 * A deep copy of `schema` within the strict subset: unsupported keywords dropped, every
 * object closed (`additionalProperties: false`) with all its properties required.
 */
export function strictSubset (schema: unknown): JsonSchema {
  return copy(JSON.parse(JSON.stringify(schema)) as JsonSchema)
}

function copy (schema: JsonSchema): JsonSchema {
  const result: JsonSchema = {}
  for (const [key, value] of Object.entries(schema)) {
    if (!KEPT_KEYWORDS.has(key)) continue
    if (SCHEMA_MAPS.has(key) && isObject(value)) {
      result[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, isObject(sub) ? copy(sub) : sub]))
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      result[key] = value.map((sub: unknown) => isObject(sub) ? copy(sub) : sub)
    } else if (key === 'items' && isObject(value)) {
      result[key] = copy(value)
    } else {
      result[key] = value
    }
  }
  if (result.type === 'object' && isObject(result.properties)) {
    result.additionalProperties = false
    result.required = Object.keys(result.properties)
  }
  return result
}

function isObject (value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
