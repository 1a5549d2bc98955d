import { Counter, Histogram, type Registry } from 'prom-client'

export type Operation = 'consolidate' | 'regenerate'
export type Outcome = 'complete' | 'partial' | 'cached' | 'timeout'

export interface ConsolidationMetrics {
  observe (operation: Operation, outcome: Outcome, seconds: number): void
  chunkFailure (step: 'chunk' | 'reduce', reason: string): void
  storeError (operation: string): void
}

/** Registered on the app's registry next to the code it measures. */
export function consolidationMetrics (registry: Registry): ConsolidationMetrics {
  const duration = new Histogram({
    name: 'meeting_ai_consolidation_duration_seconds',
    help: 'Time from request arrival to answer, by operation and outcome',
    labelNames: ['operation', 'outcome'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 15, 20, 25, 30],
    registers: [registry]
  })
  const outcomes = new Counter({
    name: 'meeting_ai_consolidation_outcomes_total',
    help: 'Consolidation answers: complete, partial (budget fallback), cached, timeout (no usable answer)',
    labelNames: ['operation', 'outcome'],
    registers: [registry]
  })
  const failures = new Counter({
    name: 'meeting_ai_consolidation_llm_failures_total',
    help: 'Map chunks and reduce steps the LLM did not deliver (reason: budget or an LLM error code); the offline engine covered them',
    labelNames: ['step', 'reason'],
    registers: [registry]
  })
  const storeErrors = new Counter({
    name: 'meeting_ai_consolidation_store_errors_total',
    help: 'Result store calls that failed; consolidation went on without the cache',
    labelNames: ['operation'],
    registers: [registry]
  })
  return {
    observe (operation, outcome, seconds) {
      duration.observe({ operation, outcome }, seconds)
      outcomes.inc({ operation, outcome })
    },
    chunkFailure (step, reason) {
      failures.inc({ step, reason })
    },
    storeError (operation) {
      storeErrors.inc({ operation })
    }
  }
}
