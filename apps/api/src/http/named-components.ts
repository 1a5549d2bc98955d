interface OpenApiDocument {
  components?: { schemas?: Record<string, unknown> }
  [key: string]: unknown
}

function walk (node: unknown, byShape: Map<string, string>, self: string | undefined): unknown {
  if (Array.isArray(node)) return node.map((child) => walk(child, byShape, self))
  if (node === null || typeof node !== 'object') return node
  const name = byShape.get(JSON.stringify(node))
  if (name !== undefined && name !== self) return { $ref: `#/components/schemas/${name}` }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value, byShape, self)]))
}

/**
 * Fastify inlines nested schemas (Todo inside ConsolidateResponse). Replace every inline
 * copy of a named component with a $ref to it, so that the document has one definition
 * per contract and client generators produce `Todo`, not `ConsolidateResponseTodosInner`.
 */
export function referenceNamedSchemas (document: OpenApiDocument): OpenApiDocument {
  const schemas = document.components?.schemas
  if (schemas === undefined) return document
  const byShape = new Map<string, string>()
  for (const [name, schema] of Object.entries(schemas)) byShape.set(JSON.stringify(schema), name)
  const rewritten: Record<string, unknown> = {}
  for (const [name, schema] of Object.entries(schemas)) {
    // Rewrite the children, not the component itself.
    rewritten[name] = Object.fromEntries(Object.entries(schema as object).map(([key, value]) => [key, walk(value, byShape, name)]))
  }
  const { components, ...rest } = document
  return { ...walk(rest, byShape, undefined) as object, components: { ...components, schemas: rewritten } }
}
