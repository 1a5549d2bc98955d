import { createHash } from 'node:crypto'
import type { ConsolidateRequest } from '@meeting-ai/contracts'

/** JSON with nulls dropped and object keys sorted, so equal requests serialise equally. */
function canonicalJson (value: unknown): string {
  if (Array.isArray(value)) return `[${value.filter((v) => v !== null && v !== undefined).map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The cache key of a consolidation: the same meeting content, whatever the order of
 * participants, agendas or JSON keys, maps to one hash. The engine name is part of it, so a
 * change of model never serves an answer produced by another one.
 */
export function requestHash (request: ConsolidateRequest, engineName: string): string {
  const canonical = {
    ...request,
    participantMinutes: [...request.participantMinutes].sort((a, b) => byString(a.userId, b.userId) || byString(a.content, b.content)),
    ...(request.agendas !== undefined && { agendas: [...request.agendas].sort((a, b) => a.agendaNumber - b.agendaNumber) })
  }
  return createHash('sha256').update(engineName).update('\n').update(canonicalJson(canonical)).digest('hex')
}
