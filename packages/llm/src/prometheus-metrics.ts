import { Counter, Gauge, Histogram, type Registry } from 'prom-client'
import type { EngineMetrics } from './metrics.ts'

// all-in-one shares one registry between the API and the worker: reuse what is there.
function metric<T> (registry: Registry, name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make()
}

/**
 * EngineMetrics wired to Prometheus: calls, latency, tokens, retries, invalid answers and
 * breaker state, the same names in the API, the worker and all-in-one.
 */
export function prometheusEngineMetrics (registry: Registry): EngineMetrics {
  const registers = [registry]
  const calls = metric(registry, 'meeting_ai_llm_calls_total', () => new Counter({
    name: 'meeting_ai_llm_calls_total',
    help: 'Analysis engine calls by engine, operation and result (ok or an LLM error code)',
    labelNames: ['engine', 'operation', 'result'],
    registers
  }))
  const duration = metric(registry, 'meeting_ai_llm_call_duration_seconds', () => new Histogram({
    name: 'meeting_ai_llm_call_duration_seconds',
    help: 'Wall time of one analysis engine call, retries included',
    labelNames: ['engine', 'operation'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30],
    registers
  }))
  const tokens = metric(registry, 'meeting_ai_llm_tokens_total', () => new Counter({
    name: 'meeting_ai_llm_tokens_total',
    help: 'Tokens reported by the provider, by kind (prompt or completion)',
    labelNames: ['engine', 'kind'],
    registers
  }))
  const retries = metric(registry, 'meeting_ai_llm_retries_total', () => new Counter({
    name: 'meeting_ai_llm_retries_total',
    help: 'HTTP attempts to the provider that failed and were retried',
    labelNames: ['engine', 'operation', 'reason'],
    registers
  }))
  const invalid = metric(registry, 'meeting_ai_llm_invalid_answers_total', () => new Counter({
    name: 'meeting_ai_llm_invalid_answers_total',
    help: 'Answers that failed validation, by whether the repair succeeded',
    labelNames: ['engine', 'operation', 'repaired'],
    registers
  }))
  const circuitOpen = metric(registry, 'meeting_ai_llm_circuit_open', () => new Gauge({
    name: 'meeting_ai_llm_circuit_open',
    help: '1 while the provider circuit breaker is open or half-open',
    labelNames: ['engine'],
    registers
  }))
  const adaptations = metric(registry, 'meeting_ai_llm_capability_fallbacks_total', () => new Counter({
    name: 'meeting_ai_llm_capability_fallbacks_total',
    help: 'Requests the provider refused for a capability it lacks and that were sent again without it (json_schema, temperature, max_tokens, reasoning_effort)',
    labelNames: ['engine', 'capability'],
    registers
  }))
  return {
    onCall: (report) => {
      calls.inc({ engine: report.engine, operation: report.operation, result: report.errorCode ?? 'ok' })
      duration.observe({ engine: report.engine, operation: report.operation }, report.durationMs / 1000)
    },
    onTokens: (report) => {
      tokens.inc({ engine: report.engine, kind: 'prompt' }, report.promptTokens)
      tokens.inc({ engine: report.engine, kind: 'completion' }, report.completionTokens)
    },
    onRetry: (info) => { retries.inc({ engine: info.engine, operation: info.operation, reason: info.reason }) },
    onInvalidAnswer: (info) => { invalid.inc({ engine: info.engine, operation: info.operation, repaired: String(info.repaired) }) },
    onCircuitState: (info) => { circuitOpen.set({ engine: info.engine }, info.state === 'closed' ? 0 : 1) },
    onStructuredOutputFallback: (info) => { adaptations.inc({ engine: info.engine, capability: 'json_schema' }) },
    onParameterRefused: (info) => { adaptations.inc({ engine: info.engine, capability: info.parameter }) }
  }
}
