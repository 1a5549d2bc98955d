import OpenAI from 'openai'
import type { Static, TSchema } from 'typebox'
import type {
  AnalysisEngine, CallOptions, ChunkAnalysis, ChunkInput, ConsolidationDraft, ReduceInput, SuggestInput, SuggestionDraft
} from '../engine.ts'
import { answerShapes, type ReduceAnswer } from '../answer-schemas.ts'
import {
  LlmAbortedError, LlmCircuitOpenError, LlmDeadlineError, LlmError, LlmInvalidAnswerError, LlmRateLimitedError, LlmRefusedError, LlmRejectedError, LlmTimeoutError, LlmUnavailableError
} from '../errors.ts'
import { memoPerString } from '../memo.ts'
import { emit, type EngineMetrics } from '../metrics.ts'
import { buildChunkPrompt, buildReducePrompt, buildSuggestPrompt, repairMessage, type ChatMessage, type Prompt } from '../prompts/index.ts'
import { redact } from '../redact.ts'
import { dedupeTexts, textSimilarity, NEAR_DUPLICATE } from '../text/similarity.ts'
import { backoffDelay, CircuitBreaker, CircuitOpenError, ConcurrencyLimit, pause, WaitAbortedError, WaitDeadlineError, type CircuitState } from '@meeting-ai/resilience'
import { classifyFailure, isStructuredOutputRejection, type Failure } from './classify-failure.ts'
import { createClient, type AzureOpenAiOptions } from './client.ts'
import { ModelParameters } from './model-parameters.ts'
import { answerParser, type AnswerParser } from './parse-answer.ts'
import { StructuredOutputChoice, type StructuredOutputMode } from './structured-output.ts'

export interface OpenAiEngineOptions {
  /** OpenAI-compatible base URL including /v1 (Azure: https://<resource>.openai.azure.com/openai/v1/). Default: OpenAI. */
  baseURL?: string
  /** Optional for local servers (vLLM, Ollama, llama.cpp) that need none. */
  apiKey?: string
  /** Azure OpenAI on the classic deployments surface (the SDK's AzureOpenAI client); baseURL and apiKey are then unused. */
  azure?: AzureOpenAiOptions
  /** The model name sent (Azure: reported only; the deployment decides). */
  model: string
  /** A reasoning model (o-series, GPT-5): no temperature, max_completion_tokens. Default: by the model name. */
  reasoning?: boolean
  /** reasoning_effort sent to reasoning models (minimal, low, medium, high). Default: not sent. */
  reasoningEffort?: string
  /** Upper bound of answer tokens (max_tokens, or max_completion_tokens for reasoning models). Default: not sent. */
  maxOutputTokens?: number
  /** In `auto`, how long JSON mode lasts after a json_schema refusal before json_schema is tried again. Default 600 000. */
  structuredOutputRetryMs?: number
  /** Where capability changes (a refused parameter, the JSON-mode fallback) are logged; pino's shape. */
  logger?: { warn: (object: Record<string, unknown>, message: string) => void }
  /** Timeout of one HTTP attempt. Default 20 000. */
  timeoutMs?: number
  /** Retries on 429, 5xx, timeouts and network errors. Default 2. */
  maxRetries?: number
  /** Calls in flight at once through this engine. Default 8. */
  concurrency?: number
  /** Default auto: json_schema, switching to json_object when the server rejects it. */
  structuredOutput?: StructuredOutputMode
  /** Redact personal data before sending (when external). Default true. */
  redactPii?: boolean
  /** Whether text leaves the machine. Default true; a local model server may say false. */
  external?: boolean
  /** Breaker: consecutive failed attempts that open it (default 5) and the cool-down (default 30 000 ms). */
  breaker?: { failureThreshold?: number, cooldownMs?: number }
  /** Retry delays. Default base 500 ms, cap 8 000 ms. */
  backoff?: Partial<BackoffOptions>
  /** A Retry-After longer than this fails the call at once as LLM_RATE_LIMITED. Default 30 000. */
  maxRetryAfterMs?: number
  /** Temperature of non-reasoning models. Default 0.2. */
  temperature?: number
  metrics?: EngineMetrics
}

interface CallContext {
  operation: string
  signal: AbortSignal | undefined
  deadline: number | undefined
  attempts: number
}

export interface BackoffOptions {
  /** Ceiling of the first retry delay, before jitter. */
  baseDelayMs: number
  /** Cap of one delay. */
  maxDelayMs: number
}

/** One HTTP attempt as the breaker sees it: an answer, or an error that says nothing against the provider. */
type Attempt = { completion: OpenAI.ChatCompletion } | { healthyError: unknown }

/** Analysis through any OpenAI-compatible chat completions endpoint. */
export class OpenAiEngine implements AnalysisEngine {
  readonly name: string
  readonly external: boolean
  readonly #client: OpenAI
  readonly #model: string
  readonly #timeoutMs: number
  readonly #maxRetries: number
  readonly #redact: boolean
  readonly #backoff: BackoffOptions
  readonly #maxRetryAfterMs: number
  readonly #parameters: ModelParameters
  readonly #logger: OpenAiEngineOptions['logger']
  readonly #metrics: EngineMetrics | undefined
  readonly #format: StructuredOutputChoice
  readonly #breaker: CircuitBreaker
  readonly #limit: ConcurrencyLimit
  // System prompts repeat (same rules, language and guidance) and cost ~0.1 ms each to redact.
  readonly #redactSystemPrompt = memoPerString(redact, 64)
  readonly #parsers: {
    suggestions: AnswerParser<typeof answerShapes.suggestions.schema>
    chunk: AnswerParser<typeof answerShapes.chunk.schema>
    reduce: AnswerParser<typeof answerShapes.reduce.schema>
  }

  constructor (options: OpenAiEngineOptions) {
    this.name = options.azure === undefined ? `openai:${options.model}` : `azure:${options.azure.deployment}`
    this.external = options.external ?? true
    this.#model = options.model
    this.#timeoutMs = options.timeoutMs ?? 20_000
    this.#maxRetries = options.maxRetries ?? 2
    this.#redact = this.external && (options.redactPii ?? true)
    this.#backoff = { baseDelayMs: options.backoff?.baseDelayMs ?? 500, maxDelayMs: options.backoff?.maxDelayMs ?? 8000 }
    this.#maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000
    this.#parameters = new ModelParameters(options.model, options)
    this.#logger = options.logger
    this.#metrics = options.metrics
    this.#format = new StructuredOutputChoice(options.structuredOutput ?? 'auto', options.structuredOutputRetryMs)
    this.#limit = new ConcurrencyLimit(options.concurrency ?? 8)
    this.#breaker = new CircuitBreaker({
      failureThreshold: options.breaker?.failureThreshold ?? 5,
      cooldownMs: options.breaker?.cooldownMs ?? 30_000,
      // Attempts the caller aborted arrive as LlmAbortedError and count neither way.
      isFailure: (error) => !(error instanceof LlmError) && classifyFailure(error).unhealthy,
      onStateChange: (state) => emit(this.#metrics, 'onCircuitState', { engine: this.name, state })
    })
    // The SDK's own retries and 10-minute default timeout are replaced by the loop below.
    this.#client = createClient({ baseURL: options.baseURL, apiKey: options.apiKey, azure: options.azure, timeoutMs: this.#timeoutMs })
    this.#parsers = {
      suggestions: answerParser(answerShapes.suggestions.schema),
      chunk: answerParser(answerShapes.chunk.schema),
      reduce: answerParser(answerShapes.reduce.schema)
    }
  }

  /** Breaker state, for health and metrics. */
  get circuitState (): CircuitState {
    return this.#breaker.state
  }

  async suggest (input: SuggestInput, options?: CallOptions): Promise<SuggestionDraft[]> {
    const answer = await this.#call('suggest', answerShapes.suggestions, this.#parsers.suggestions, buildSuggestPrompt(input), options)
    const previous = input.previousSuggestions
    const fresh = answer.suggestions.filter((s) => !previous.some((p) => p.trim() === s.content.trim() || textSimilarity(p, s.content) >= NEAR_DUPLICATE))
    return fresh.map((s) => {
      const evidence = s.evidence?.trim() ?? ''
      return { content: s.content.trim(), ...(evidence === '' ? {} : { evidence }), confidence: s.confidence, kind: s.kind }
    })
  }

  async analyseChunk (input: ChunkInput, options?: CallOptions): Promise<ChunkAnalysis> {
    const answer = await this.#call('analyseChunk', answerShapes.chunk, this.#parsers.chunk, buildChunkPrompt(input), options)
    return {
      keywords: dedupeTexts(answer.keywords, 1),
      agendaNotes: answer.agendaNotes,
      todos: dedupeTexts(answer.todos)
    }
  }

  async reduce (input: ReduceInput, options?: CallOptions): Promise<ConsolidationDraft> {
    const parser = input.agendas.length === 0 ? this.#parsers.reduce : answerParser(answerShapes.reduce.schema, (value) => missingAgendas(value, input))
    const answer = await this.#call('reduce', answerShapes.reduce, parser, buildReducePrompt(input), options)
    const titles = new Map(input.agendas.map((a) => [a.agendaNumber, a.title]))
    const summaries = input.agendas.length === 0
      ? answer.agendaSummaries
      : answer.agendaSummaries
        .filter((s) => titles.has(s.agendaNumber))
        .map((s) => ({ ...s, agendaTitle: titles.get(s.agendaNumber)! }))
        .sort((a, b) => a.agendaNumber - b.agendaNumber)
    return {
      keywords: dedupeTexts(answer.keywords, 1),
      agendaSummaries: summaries,
      todos: dedupeTexts(answer.todos.map((t) => t.title)).map((title) => ({ title }))
    }
  }

  /** One validated answer: concurrency slot, then request (with retries), then at most one repair. */
  async #call<T extends TSchema> (operation: string, shape: { name: string, schema: T }, parser: AnswerParser<T>, prompt: Prompt, options: CallOptions = {}): Promise<Static<T>> {
    const started = Date.now()
    const context: CallContext = { operation, signal: options.signal, deadline: options.deadline, attempts: 0 }
    const report = (errorCode?: LlmError['code']) => emit(this.#metrics, 'onCall', {
      engine: this.name, operation, durationMs: Date.now() - started, attempts: context.attempts, ...(errorCode === undefined ? {} : { errorCode })
    })
    try {
      if (options.deadline !== undefined && Date.now() >= options.deadline) throw new LlmDeadlineError()
      return await this.#limit.run(async () => {
        let messages = this.#redact ? prompt.messages.map((m) => ({ ...m, content: this.#redacted(m) })) : prompt.messages
        for (let round = 0; ; round++) {
          const { content, finishReason } = await this.#request(context, shape, messages)
          const parsed = parser.parse(content, finishReason)
          if (parsed.ok) {
            report()
            return parsed.value
          }
          emit(this.#metrics, 'onInvalidAnswer', { engine: this.name, operation, repaired: round === 0 })
          if (round >= 1) {
            throw new LlmInvalidAnswerError(`${this.name} answered ${operation} with an invalid answer twice: ${parsed.problems.join('; ')}`, parsed.problems)
          }
          messages = [...messages, { role: 'assistant', content: (content ?? '').slice(0, 8000) }, repairMessage(parsed.problems)]
        }
      }, { signal: options.signal, deadline: options.deadline })
    } catch (error) {
      const typed = toLlmError(error)
      report(typed.code)
      throw typed
    }
  }

  #redacted (message: ChatMessage): string {
    return message.role === 'system' ? this.#redactSystemPrompt(message.content) : redact(message.content)
  }

  /** One HTTP answer, retried on transient failures within the deadline. */
  async #request (context: CallContext, shape: { name: string, schema: TSchema }, messages: ChatMessage[]): Promise<{ content: string | null, finishReason: string | null }> {
    for (let retry = 0; ; retry++) {
      if (context.signal?.aborted === true) throw new LlmAbortedError({ cause: context.signal.reason })
      const remaining = context.deadline === undefined ? Infinity : context.deadline - Date.now()
      if (remaining <= 0) throw new LlmDeadlineError()
      const timeout = Math.min(this.#timeoutMs, remaining)
      const format = this.#format.formatFor(shape.name, shape.schema)
      const parameters = this.#parameters.body
      let completion: OpenAI.ChatCompletion
      try {
        const attempt = await this.#breaker.execute(async (): Promise<Attempt> => {
          context.attempts++
          try {
            return {
              completion: await this.#client.chat.completions.create({
                model: this.#model,
                messages,
                ...parameters,
                response_format: format
              }, { timeout, maxRetries: 0, ...(context.signal === undefined ? {} : { signal: context.signal }) })
            }
          } catch (error) {
            if (aborted(context.signal) || classifyFailure(error).kind === 'aborted') throw new LlmAbortedError({ cause: error })
            if (classifyFailure(error).unhealthy) throw error
            return { healthyError: error }
          }
        })
        if ('healthyError' in attempt) throw attempt.healthyError
        completion = attempt.completion
      } catch (error) {
        if (error instanceof LlmAbortedError) throw error
        if (error instanceof CircuitOpenError) throw new LlmCircuitOpenError(this.name, error.retryInMs)
        // The server is fine, it just refuses a parameter: ask again without it, not a retry.
        const adapted = this.#parameters.adaptTo(error, parameters)
        if (adapted !== undefined) {
          this.#logger?.warn({ engine: this.name, ...adapted, err: error }, 'LLM parameter refused by the server; sent differently from now on')
          emit(this.#metrics, 'onParameterRefused', { engine: this.name, ...adapted })
          retry--
          continue
        }
        if (format.type === 'json_schema' && isStructuredOutputRejection(error) && this.#format.rejectJsonSchema()) {
          this.#logger?.warn({ engine: this.name, retryInMs: this.#format.retryAfterMs, err: error }, 'json_schema response format refused by the server; JSON mode until it is tried again')
          emit(this.#metrics, 'onStructuredOutputFallback', { engine: this.name })
          retry--
          continue
        }
        const failure = classifyFailure(error)
        const clampedByDeadline = failure.kind === 'timeout' && timeout < this.#timeoutMs
        if (clampedByDeadline) throw new LlmDeadlineError('LLM call deadline reached while waiting for an answer', { cause: error })
        if (!failure.retryable || retry >= this.#maxRetries) throw this.#toError(failure, error)
        const delay = failure.retryAfterMs ?? backoffDelay(retry, { initialMs: this.#backoff.baseDelayMs, maxMs: this.#backoff.maxDelayMs })
        if (failure.retryAfterMs !== undefined && failure.retryAfterMs > this.#maxRetryAfterMs) throw this.#toError(failure, error)
        if (context.deadline !== undefined && Date.now() + delay >= context.deadline) throw this.#toError(failure, error)
        emit(this.#metrics, 'onRetry', { engine: this.name, operation: context.operation, attempt: retry + 1, reason: failure.message, delayMs: delay })
        await pause(delay, context.signal)
        if (aborted(context.signal)) throw new LlmAbortedError({ cause: context.signal?.reason })
        continue
      }
      if (completion.usage !== undefined && completion.usage !== null) {
        emit(this.#metrics, 'onTokens', { engine: this.name, operation: context.operation, promptTokens: completion.usage.prompt_tokens, completionTokens: completion.usage.completion_tokens })
      }
      const choice = completion.choices?.[0]
      // Structured outputs report a safety refusal here, with no content: asking again gets the same.
      const refusal = choice?.message?.refusal
      if (typeof refusal === 'string' && refusal !== '') throw new LlmRefusedError(`${this.name} refused to answer ${context.operation}: ${refusal.slice(0, 300)}`)
      return { content: choice?.message?.content ?? null, finishReason: choice?.finish_reason ?? null }
    }
  }

  #toError (failure: Failure, cause: unknown): LlmError {
    const message = `${this.name}: ${failure.message}`
    switch (failure.kind) {
      case 'timeout': return new LlmTimeoutError(`${message} (after ${this.#timeoutMs} ms)`, { cause })
      case 'rate-limited': return new LlmRateLimitedError(message, failure.retryAfterMs, { cause })
      case 'rejected': return new LlmRejectedError(message, failure.status, { cause })
      case 'aborted': return new LlmAbortedError({ cause })
      default: return new LlmUnavailableError(message, failure.status, { cause })
    }
  }
}

/** A function so TypeScript does not keep an earlier narrowing of `aborted` across an await. */
function aborted (signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true
}

function toLlmError (error: unknown): LlmError {
  if (error instanceof LlmError) return error
  if (error instanceof WaitAbortedError) return new LlmAbortedError({ cause: error.cause })
  if (error instanceof WaitDeadlineError) return new LlmDeadlineError('Deadline reached while waiting for an LLM slot')
  return new LlmUnavailableError(String(error), undefined, { cause: error })
}

function missingAgendas (value: ReduceAnswer, input: ReduceInput): string[] {
  const present = new Set(value.agendaSummaries.map((s) => s.agendaNumber))
  const missing = input.agendas.filter((a) => !present.has(a.agendaNumber))
  return missing.length === 0
    ? []
    : [`agendaSummaries must have one entry for each agenda item; missing agendaNumber ${missing.map((a) => a.agendaNumber).join(', ')}`]
}
