import { APIError } from 'openai'
import type { ReasoningEffort } from 'openai/resources/shared'

/**
 * Sampling and length parameters per model family. Reasoning models (the o-series and the
 * GPT-5 family, on OpenAI and Azure OpenAI) refuse any temperature but the default
 * (`400 Unsupported value: 'temperature' does not support 0.2 with this model`), take
 * `max_completion_tokens` instead of `max_tokens`, and accept `reasoning_effort`
 * (OpenAI "Reasoning models" guide, https://platform.openai.com/docs/guides/reasoning;
 * Azure OpenAI "reasoning models", https://learn.microsoft.com/azure/ai-services/openai/how-to/reasoning).
 * The family is known from configuration or from the model name; a server that refuses a
 * parameter anyway teaches the rest (see `adaptTo`).
 */
export interface ModelParameterOptions {
  /** true / false, or undefined to decide by the model name. */
  reasoning?: boolean | undefined
  /** Sent to reasoning models only (minimal, low, medium, high; none on newer ones). */
  reasoningEffort?: string | undefined
  /** Upper bound of answer tokens; not sent when undefined. */
  maxOutputTokens?: number | undefined
  /** Sent to non-reasoning models. Default 0.2. */
  temperature?: number | undefined
}

type OptionalParameter = 'temperature' | 'max_tokens' | 'max_completion_tokens' | 'reasoning_effort'

export interface RequestParameters {
  temperature?: number
  max_tokens?: number
  max_completion_tokens?: number
  reasoning_effort?: ReasoningEffort
}

/** o1, o3-mini, o4-mini, gpt-5, gpt-5-mini, gpt-5.1 … (a provider prefix such as `openai/` is ignored); not gpt-5-chat. */
export function isReasoningModelName (model: string): boolean {
  const name = model.slice(model.lastIndexOf('/') + 1).toLowerCase()
  if (/^gpt-5(\.\d+)?-chat/.test(name)) return false
  return /^(o\d+|gpt-5)(?![a-z0-9])/.test(name)
}

export class ModelParameters {
  readonly reasoning: boolean
  #temperature: number | undefined
  #reasoningEffort: string | undefined
  readonly #maxOutputTokens: number | undefined
  #tokenLimitParameter: 'max_tokens' | 'max_completion_tokens'

  constructor (model: string, options: ModelParameterOptions = {}) {
    this.reasoning = options.reasoning ?? isReasoningModelName(model)
    this.#temperature = this.reasoning ? undefined : (options.temperature ?? 0.2)
    this.#reasoningEffort = this.reasoning ? options.reasoningEffort : undefined
    this.#maxOutputTokens = options.maxOutputTokens
    this.#tokenLimitParameter = this.reasoning ? 'max_completion_tokens' : 'max_tokens'
  }

  /** The optional parameters of the next request body. */
  get body (): RequestParameters {
    const body: RequestParameters = {}
    if (this.#temperature !== undefined) body.temperature = this.#temperature
    // Configuration checks the value; a string newer than the installed SDK's list is sent as is.
    if (this.#reasoningEffort !== undefined) body.reasoning_effort = this.#reasoningEffort as ReasoningEffort
    if (this.#maxOutputTokens !== undefined) body[this.#tokenLimitParameter] = this.#maxOutputTokens
    return body
  }

  /**
   * When `error` is a 400 refusing one of the optional parameters this request carried,
   * changes what later requests send and says what changed; undefined otherwise. Each change
   * removes or renames a parameter for good, so a request is re-sent at most once per
   * parameter.
   */
  adaptTo (error: unknown, sent: RequestParameters): { parameter: string, change: string } | undefined {
    const refused = refusedParameter(error)
    if (refused === undefined || !(refused in sent)) return undefined
    const adapted = (change: string) => ({ parameter: refused, change })
    switch (refused) {
      case 'temperature':
        this.#temperature = undefined
        return adapted('not sent from now on')
      case 'reasoning_effort':
        this.#reasoningEffort = undefined
        return adapted('not sent from now on')
      case 'max_tokens':
        this.#tokenLimitParameter = 'max_completion_tokens'
        return adapted('max_completion_tokens from now on')
      case 'max_completion_tokens':
        this.#tokenLimitParameter = 'max_tokens'
        return adapted('max_tokens from now on')
    }
  }
}

const PARAMETERS: readonly OptionalParameter[] = ['temperature', 'max_tokens', 'max_completion_tokens', 'reasoning_effort']

/**
 * The parameter a 400 names: OpenAI and Azure put it in `error.param` with code
 * unsupported_parameter / unsupported_value; other servers only name it in the message
 * ("Unrecognized request argument supplied: reasoning_effort").
 */
function refusedParameter (error: unknown): OptionalParameter | undefined {
  if (!(error instanceof APIError) || (error.status !== 400 && error.status !== 422)) return undefined
  const param = (error as { param?: unknown }).param
  if (typeof param === 'string' && (PARAMETERS as readonly string[]).includes(param)) return param as OptionalParameter
  const message = error.message
  if (!/unsupported|not supported|unrecognized|unknown|not allowed|does not support/i.test(message)) return undefined
  // "Use 'max_completion_tokens' instead" names the way out, not the refused parameter.
  const named = message.replace(/use '[a-z_]+' instead/gi, '')
  return PARAMETERS.find((name) => new RegExp(`\\b${name}\\b`).test(named))
}
