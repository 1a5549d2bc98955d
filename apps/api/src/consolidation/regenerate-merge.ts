import type { Agenda, ConsolidateRequest, ConsolidateResponse } from '@meeting-ai/contracts'

/** The numbering the caller already has: the request's agendas, else the ones derived last time. */
export function regenerationAgendas (request: ConsolidateRequest, previous: ConsolidateResponse | null | undefined): Agenda[] {
  return request.agendas !== undefined && request.agendas.length > 0
    ? request.agendas
    : (previous?.agendaSummaries.map((a) => ({ agendaNumber: a.agendaNumber, title: a.agendaTitle })) ?? [])
}

/** One item regenerated: that item from the fresh answer, every other item, every todo and the keywords as the caller has them. */
export function mergeRegenerated (previous: ConsolidateResponse, fresh: ConsolidateResponse, target: number): ConsolidateResponse {
  const replacement = fresh.agendaSummaries.find((a) => a.agendaNumber === target)
  return {
    ...previous,
    agendaSummaries: replacement === undefined
      ? previous.agendaSummaries
      : [...previous.agendaSummaries.filter((a) => a.agendaNumber !== target), replacement].sort((a, b) => a.agendaNumber - b.agendaNumber),
    generatedAt: fresh.generatedAt,
    model: fresh.model,
    partial: fresh.partial,
    notes: fresh.notes
  }
}
