import type { AnalysisPool } from './analysis-pool/analysis-pool.ts'
import { PooledOfflineEngine } from './analysis-pool/pooled-offline-engine.ts'
import type { AnalysisEngine } from './engine.ts'
import type { EngineMetrics } from './metrics.ts'
import { OfflineEngine } from './offline/engine.ts'
import type { AzureOpenAiOptions } from './openai/client.ts'
import { OpenAiEngine, type OpenAiEngineOptions } from './openai/provider.ts'
import type { StructuredOutputMode } from './openai/structured-output.ts'

/** The LLM fields of `Config` (@meeting-ai/config); a plain object with these works too. */
export interface LlmSettings {
  /** auto | openai | offline (a string, as Config types its enums). */
  llmEngine?: string
  /** openai | azure. */
  llmProvider?: string
  llmBaseUrl?: string | undefined
  llmApiKey?: string | undefined
  llmModel?: string
  llmAzureEndpoint?: string | undefined
  llmAzureDeployment?: string | undefined
  llmAzureApiVersion?: string
  /** auto | key | entra. */
  llmAzureAuth?: string
  /** auto | true | false. */
  llmReasoning?: string
  llmReasoningEffort?: string | undefined
  llmMaxOutputTokens?: number | undefined
  llmTimeoutMs?: number
  llmMaxRetries?: number
  llmConcurrency?: number
  /** auto | json_schema | json_object. */
  llmStructuredOutput?: string
  llmStructuredOutputRetryMs?: number
  llmRedactPii?: boolean
}

export interface CreateEngineOptions extends LlmSettings {
  metrics?: EngineMetrics
  /** Where the provider logs capability changes (pino's shape). */
  logger?: OpenAiEngineOptions['logger']
  /** The worker-thread pool the offline engine runs on; without one it runs on the caller's thread. */
  pool?: AnalysisPool
  /** Fine tuning of the OpenAI provider that has no environment variable (breaker, backoff, an Entra credential). */
  openai?: Partial<Omit<OpenAiEngineOptions, 'model'>> & { azureCredential?: AzureOpenAiOptions['credential'] }
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
 * LLM_API_KEY or LLM_BASE_URL is set or LLM_PROVIDER is azure, else the offline extractive engine.
 */
export function createEngine (options: CreateEngineOptions = {}): AnalysisEngine {
  const kind = options.llmEngine ?? 'auto'
  if (!['auto', 'openai', 'offline'].includes(kind)) throw new EngineConfigError(`LLM_ENGINE must be auto, openai or offline, not ${kind}`)
  const provider = options.llmProvider ?? 'openai'
  if (provider !== 'openai' && provider !== 'azure') throw new EngineConfigError(`LLM_PROVIDER must be openai or azure, not ${provider}`)
  const structured = options.llmStructuredOutput
  if (structured !== undefined && !isStructuredOutputMode(structured)) {
    throw new EngineConfigError(`LLM_STRUCTURED_OUTPUT must be auto, json_schema or json_object, not ${structured}`)
  }
  const configured = options.llmApiKey !== undefined || options.llmBaseUrl !== undefined || provider === 'azure'
  if (kind === 'offline' || (kind === 'auto' && !configured)) {
    const engineOptions = options.metrics === undefined ? {} : { metrics: options.metrics }
    return options.pool === undefined ? new OfflineEngine(engineOptions) : new PooledOfflineEngine(options.pool, engineOptions)
  }
  if (!configured) {
    throw new EngineConfigError('LLM_ENGINE=openai needs LLM_API_KEY (OpenAI), LLM_BASE_URL (a compatible server) or LLM_PROVIDER=azure')
  }
  const model = options.llmModel ?? 'gpt-4o-mini'
  const { azureCredential, ...tuning } = options.openai ?? {}
  const azure = provider === 'azure' ? azureOptions(options, model, azureCredential) : undefined
  const reasoning = options.llmReasoning === undefined || options.llmReasoning === 'auto' ? undefined : options.llmReasoning === 'true'
  return new OpenAiEngine({
    ...tuning,
    model,
    ...(azure === undefined ? {} : { azure }),
    ...(options.llmBaseUrl === undefined || azure !== undefined ? {} : { baseURL: options.llmBaseUrl }),
    ...(options.llmApiKey === undefined || azure !== undefined ? {} : { apiKey: options.llmApiKey }),
    ...(reasoning === undefined ? {} : { reasoning }),
    ...(options.llmReasoningEffort === undefined ? {} : { reasoningEffort: options.llmReasoningEffort }),
    ...(options.llmMaxOutputTokens === undefined ? {} : { maxOutputTokens: options.llmMaxOutputTokens }),
    ...(options.llmTimeoutMs === undefined ? {} : { timeoutMs: options.llmTimeoutMs }),
    ...(options.llmMaxRetries === undefined ? {} : { maxRetries: options.llmMaxRetries }),
    ...(options.llmConcurrency === undefined ? {} : { concurrency: options.llmConcurrency }),
    ...(structured === undefined ? {} : { structuredOutput: structured }),
    ...(options.llmStructuredOutputRetryMs === undefined ? {} : { structuredOutputRetryMs: options.llmStructuredOutputRetryMs }),
    ...(options.llmRedactPii === undefined ? {} : { redactPii: options.llmRedactPii }),
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    ...(options.metrics === undefined ? {} : { metrics: options.metrics })
  })
}

function azureOptions (options: CreateEngineOptions, model: string, credential: AzureOpenAiOptions['credential']): AzureOpenAiOptions {
  if (options.llmAzureEndpoint === undefined) throw new EngineConfigError('LLM_PROVIDER=azure needs LLM_AZURE_ENDPOINT (https://<resource>.openai.azure.com)')
  const auth = options.llmAzureAuth ?? 'auto'
  if (!['auto', 'key', 'entra'].includes(auth)) throw new EngineConfigError(`LLM_AZURE_AUTH must be auto, key or entra, not ${auth}`)
  const useKey = auth === 'key' || (auth === 'auto' && options.llmApiKey !== undefined)
  if (useKey && options.llmApiKey === undefined) throw new EngineConfigError('LLM_AZURE_AUTH=key needs LLM_API_KEY (a key of the Azure OpenAI resource)')
  return {
    endpoint: options.llmAzureEndpoint,
    deployment: options.llmAzureDeployment ?? model,
    apiVersion: options.llmAzureApiVersion ?? '2024-10-21',
    ...(useKey ? { apiKey: options.llmApiKey! } : {}),
    ...(credential === undefined ? {} : { credential })
  }
}
