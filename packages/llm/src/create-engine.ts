import type { AnalysisPool } from './analysis-pool/analysis-pool.ts'
import { PooledOfflineEngine } from './analysis-pool/pooled-offline-engine.ts'
import type { AnalysisEngine } from './engine.ts'
import type { EngineMetrics } from './metrics.ts'
import { OfflineEngine } from './offline/engine.ts'
import { OpenAiEngine, type OpenAiEngineOptions } from './openai/provider.ts'
import type { StructuredOutputMode } from './openai/structured-output.ts'

/** The LLM fields of `Config` (@meeting-ai/config); a plain object with these works too. */
export interface LlmSettings {
  /** auto | openai | offline (a string, as Config types its enums). */
  llmEngine?: string
  llmBaseUrl?: string | undefined
  llmApiKey?: string | undefined
  llmModel?: string
  llmTimeoutMs?: number
  llmMaxRetries?: number
  llmConcurrency?: number
  /** auto | json_schema | json_object. */
  llmStructuredOutput?: string
  llmRedactPii?: boolean
}

export interface CreateEngineOptions extends LlmSettings {
  metrics?: EngineMetrics
  /** The worker-thread pool the offline engine runs on; without one it runs on the caller's thread. */
  pool?: AnalysisPool
  /** Fine tuning of the OpenAI provider that has no environment variable (breaker, backoff). */
  openai?: Partial<Omit<OpenAiEngineOptions, 'model'>>
}

function isStructuredOutputMode (value: string): value is StructuredOutputMode {
  return value === 'auto' || value === 'json_schema' || value === 'json_object'
}

export class EngineConfigError extends Error {
  readonly code = 'LLM_CONFIG_INVALID'
  constructor (message: string) {
    super(message)
    this.name = 'EngineConfigError'
  }
}

/**
 * The engine the configuration asks for. `auto` picks the OpenAI-compatible provider when
 * LLM_API_KEY or LLM_BASE_URL is set, else the offline extractive engine.
 */
export function createEngine (options: CreateEngineOptions = {}): AnalysisEngine {
  const kind = options.llmEngine ?? 'auto'
  if (!['auto', 'openai', 'offline'].includes(kind)) throw new EngineConfigError(`LLM_ENGINE must be auto, openai or offline, not ${kind}`)
  const structured = options.llmStructuredOutput
  if (structured !== undefined && !isStructuredOutputMode(structured)) {
    throw new EngineConfigError(`LLM_STRUCTURED_OUTPUT must be auto, json_schema or json_object, not ${structured}`)
  }
  const configured = options.llmApiKey !== undefined || options.llmBaseUrl !== undefined
  if (kind === 'offline' || (kind === 'auto' && !configured)) {
    const engineOptions = options.metrics === undefined ? {} : { metrics: options.metrics }
    return options.pool === undefined ? new OfflineEngine(engineOptions) : new PooledOfflineEngine(options.pool, engineOptions)
  }
  if (options.llmApiKey === undefined && options.llmBaseUrl === undefined) {
    throw new EngineConfigError('LLM_ENGINE=openai needs LLM_API_KEY (OpenAI) or LLM_BASE_URL (a compatible server)')
  }
  return new OpenAiEngine({
    ...options.openai,
    model: options.llmModel ?? 'gpt-4o-mini',
    ...(options.llmBaseUrl === undefined ? {} : { baseURL: options.llmBaseUrl }),
    ...(options.llmApiKey === undefined ? {} : { apiKey: options.llmApiKey }),
    ...(options.llmTimeoutMs === undefined ? {} : { timeoutMs: options.llmTimeoutMs }),
    ...(options.llmMaxRetries === undefined ? {} : { maxRetries: options.llmMaxRetries }),
    ...(options.llmConcurrency === undefined ? {} : { concurrency: options.llmConcurrency }),
    ...(structured === undefined ? {} : { structuredOutput: structured }),
    ...(options.llmRedactPii === undefined ? {} : { redactPii: options.llmRedactPii }),
    ...(options.metrics === undefined ? {} : { metrics: options.metrics })
  })
}
