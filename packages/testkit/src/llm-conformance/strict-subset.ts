/**
 * What a provider's strict mode refuses in `response_format.json_schema.schema`, and the
 * message it refuses with. The first violation found is reported, as the providers do.
 */
type JsonSchema = Record<string, unknown>

/**
 * OpenAI, Structured Outputs guide, "Supported schemas" and "Some type-specific keywords are
 * not yet supported" (https://platform.openai.com/docs/guides/structured-outputs#supported-schemas):
 * newer models accept pattern, format, minimum, maximum, multipleOf, minItems, maxItems;
 * not minLength / maxLength nor these object and array keywords.
 */
export const OPENAI_UNSUPPORTED = [
  'minLength', 'maxLength', 'patternProperties', 'unevaluatedProperties', 'propertyNames', 'minProperties', 'maxProperties',
  'unevaluatedItems', 'contains', 'minContains', 'maxContains', 'uniqueItems'
] as const

/**
 * Azure OpenAI, "How to use structured outputs", "Unsupported type-specific keywords"
 * (https://learn.microsoft.com/azure/ai-services/openai/how-to/structured-outputs).
 */
export const AZURE_UNSUPPORTED = [
  'minLength', 'maxLength', 'pattern', 'format', 'minimum', 'maximum', 'multipleOf',
  'patternProperties', 'unevaluatedProperties', 'propertyNames', 'minProperties', 'maxProperties',
  'unevaluatedItems', 'contains', 'minContains', 'maxContains', 'minItems', 'maxItems', 'uniqueItems'
] as const

/**
 * The refusal message for the first keyword or rule outside the subset, in the providers'
 * wording (seen in a real OpenAI answer: "Invalid schema for response_format 'review': In
 * context=('properties', 'scores', 'items', 'properties', 'value'), 'minimum' is not
 * permitted."); undefined when the schema is inside it.
 */
export function strictSchemaViolation (name: string, schema: unknown, unsupported: readonly string[]): string | undefined {
  const found = walk(schema, [], unsupported)
  return found === undefined ? undefined : `Invalid schema for response_format '${name}': In context=(${found.path.map((p) => `'${p}'`).join(', ')}), ${found.message}`
}

function walk (schema: unknown, path: string[], unsupported: readonly string[]): { path: string[], message: string } | undefined {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return undefined
  const node = schema as JsonSchema
  for (const keyword of unsupported) {
    if (keyword in node) return { path, message: `'${keyword}' is not permitted.` }
  }
  if (node.type === 'object') {
    if (node.additionalProperties !== false) return { path, message: "'additionalProperties' is required to be supplied and to be false." }
    const properties = (node.properties ?? {}) as JsonSchema
    const required = Array.isArray(node.required) ? node.required as string[] : []
    const missing = Object.keys(properties).filter((key) => !required.includes(key))
    if (missing.length > 0) return { path, message: `'required' is required to be supplied and to be an array including every key in properties. Missing '${missing[0]!}'.` }
    for (const [key, sub] of Object.entries(properties)) {
      const found = walk(sub, [...path, 'properties', key], unsupported)
      if (found !== undefined) return found
    }
  }
  if (node.items !== undefined) return walk(node.items, [...path, 'items'], unsupported)
  for (const [index, sub] of ((node.anyOf ?? []) as unknown[]).entries()) {
    const found = walk(sub, [...path, 'anyOf', String(index)], unsupported)
    if (found !== undefined) return found
  }
  return undefined
}
