import type { TSchema } from 'typebox'
import { SttEvent, IngestRejection, IngestResponse } from './stt-event.ts'
import { SimpleSuggestion, RealtimeSuggestionsResponse } from './suggestions.ts'
import { Agenda, ParticipantMinutes, ConsolidateRequest, Todo, AgendaSummary, ConsolidateResponse, RegenerateRequest, StreamTokenResponse } from './consolidation.ts'
import { Problem, ProblemFieldError } from './problem.ts'
import { Health, HealthComponent, Liveness } from './health.ts'

/**
 * Every schema that appears on the HTTP surface under its own name. The API registers
 * exactly these with Fastify, which makes them the named components of /v3/api-docs.
 */
export const namedSchemas: TSchema[] = [
  SttEvent, IngestRejection, IngestResponse,
  SimpleSuggestion, RealtimeSuggestionsResponse,
  Agenda, ParticipantMinutes, ConsolidateRequest, Todo, AgendaSummary, ConsolidateResponse, RegenerateRequest, StreamTokenResponse,
  ProblemFieldError, Problem,
  HealthComponent, Health, Liveness
]
