import { Counter, type Registry } from 'prom-client'

/** The steps of a source's stop that wait for the far end and may be abandoned at a deadline. */
export type CloseStep = 'subscription' | 'client'

const name = 'meeting_ai_worker_source_close_timeouts_total'

/**
 * Closing steps abandoned at their deadline, by source and step. One counter per registry: a
 * second source on the same registry (all-in-one, tests) reuses it.
 */
export function closeTimeoutsOn (registry: Registry): Counter<'source' | 'step'> {
  return (registry.getSingleMetric(name) as Counter<'source' | 'step'> | undefined) ?? new Counter({
    name,
    help: 'Closing steps of a source abandoned at their deadline on shutdown (the far end never confirmed), by source and step',
    labelNames: ['source', 'step'] as const,
    registers: [registry]
  })
}
