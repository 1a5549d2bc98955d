import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenOnLoopback } from '../http/loopback-server.ts'
import { schemaInstance } from '../mock-llm/schema-instance.ts'
import { AZURE_UNSUPPORTED, OPENAI_UNSUPPORTED, strictSchemaViolation } from './strict-subset.ts'

export type ConformanceProvider = 'openai' | 'azure' | 'vllm' | 'ollama'

export interface ConformancePeerOptions {
  provider: ConformanceProvider
  /**
   * openai: the key expected as `Authorization: Bearer`; azure: the key expected in the
   * `api-key` header; vllm: the `--api-key` it was started with (none: no auth); ollama: ignored.
   */
  apiKey?: string
  /** azure: Entra ID access tokens accepted as `Authorization: Bearer`. */
  bearerTokens?: string[]
  /** azure: deployment name → model behind it. Default { 'gpt-4o-mini': 'gpt-4o-mini' }. */
  deployments?: Record<string, string>
  /** azure: accepted api-version values. Default ['2024-10-21']. */
  apiVersions?: string[]
  /** vllm, ollama: models served (others get the server's 404). Default: any. */
  models?: string[]
  /** vllm, ollama: false plays a release without response_format json_schema. Default true. */
  supportsJsonSchema?: boolean
}

/** A scripted answer for the next request that passes the provider's checks. */
export type ConformanceReply =
  | { json: unknown }
  /** Structured outputs' safety refusal: `message.refusal` set, content null. */
  | { refusal: string }
  /** Cut at the token limit: `finish_reason: "length"` with the first half of `json`. */
  | { truncated: unknown }
  /** 429 in the provider's shape with `retry-after` (seconds; Azure also `retry-after-ms`). */
  | { rateLimited: { retryAfterS: number } }

export interface PeerRequest {
  method: string
  /** Path and query as received. */
  url: string
  headers: IncomingMessage['headers']
  body: any
  /** The HTTP status the peer answered. */
  status: number
  /** Why a request was refused (e.g. `strict-schema`, `temperature`), undefined when answered 200. */
  refusedFor?: string
}

export interface ConformancePeer {
  /** openai, vllm, ollama: the base URL with /v1; azure: the resource endpoint (https://<resource>.openai.azure.com). */
  readonly url: string
  readonly requests: PeerRequest[]
  script (...replies: ConformanceReply[]): void
  close (): Promise<void>
}

/** The o-series and the GPT-5 family (not gpt-5-chat), as OpenAI and Azure OpenAI name them. */
export function isReasoningModel (model: string): boolean {
  return /^(o\d+|gpt-5)(?![a-z0-9])/i.test(model) && !/^gpt-5(\.\d+)?-chat/i.test(model)
}

interface Refusal {
  status: number
  reason: string
  body: unknown
  headers?: Record<string, string>
}

/** OpenAI's error envelope, also what Azure OpenAI passes on from the model service. */
const openAiError = (message: string, param: string | null, code: string | null, type = 'invalid_request_error') => ({ error: { message, type, param, code } })
/** vLLM's ErrorResponse (vllm/entrypoints/openai/protocol.py). */
const vllmError = (message: string, status: number, type: string) => ({ object: 'error', message, type, param: null, code: status })

/**
 * An HTTP peer that answers chat completions the way OpenAI, Azure OpenAI, vLLM or Ollama
 * do for the requests this project sends, refusals included, so a provider is tested
 * against what real servers refuse rather than a mock that accepts anything. Where a
 * provider documents no error body, the peer's body is representative (see README.md).
 */
export async function startConformancePeer (options: ConformancePeerOptions): Promise<ConformancePeer> {
  const provider = options.provider
  const deployments = options.deployments ?? { 'gpt-4o-mini': 'gpt-4o-mini' }
  const apiVersions = options.apiVersions ?? ['2024-10-21']
  const queue: ConformanceReply[] = []
  const requests: PeerRequest[] = []

  /** The model the request reaches, or the refusal of the route / credentials. */
  const route = (req: IncomingMessage, body: any): { model: string } | Refusal => {
    const url = new URL(req.url ?? '/', 'http://peer')
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    if (provider === 'azure') {
      // Azure OpenAI REST reference, "Chat completions": POST {endpoint}/openai/deployments/{deployment-id}/chat/completions?api-version={api-version}
      // (https://learn.microsoft.com/azure/ai-services/openai/reference#chat-completions); auth "api-key" header or "Authorization: Bearer" Entra token.
      const match = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/.exec(url.pathname)
      const apiVersion = url.searchParams.get('api-version')
      if (match === null || apiVersion === null || !apiVersions.includes(apiVersion)) {
        return { status: 404, reason: 'route', body: { error: { code: '404', message: 'Resource not found' } } }
      }
      const keyOk = options.apiKey !== undefined && req.headers['api-key'] === options.apiKey
      const tokenOk = bearer !== undefined && (options.bearerTokens ?? []).includes(bearer)
      if (!keyOk && !tokenOk) {
        return { status: 401, reason: 'auth', body: { error: { code: '401', message: 'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.' } } }
      }
      const model = deployments[decodeURIComponent(match[1]!)]
      if (model === undefined) {
        return { status: 404, reason: 'deployment', body: { error: { code: 'DeploymentNotFound', message: 'The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.' } } }
      }
      return { model }
    }
    if (url.pathname !== '/v1/chat/completions') {
      return { status: 404, reason: 'route', body: provider === 'vllm' ? { detail: 'Not Found' } : openAiError(`Invalid URL (POST ${url.pathname})`, null, null) }
    }
    const model = String(body?.model ?? '')
    if (provider === 'openai') {
      // OpenAI API reference, "Authentication": Authorization: Bearer OPENAI_API_KEY (https://platform.openai.com/docs/api-reference/authentication).
      if (bearer === undefined || bearer !== options.apiKey) {
        return { status: 401, reason: 'auth', body: openAiError('Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.', null, 'invalid_api_key') }
      }
      return { model }
    }
    if (provider === 'vllm' && options.apiKey !== undefined && bearer !== options.apiKey) {
      return { status: 401, reason: 'auth', body: { error: 'Unauthorized' } }
    }
    if (options.models !== undefined && !options.models.includes(model)) {
      return provider === 'vllm'
        ? { status: 404, reason: 'model', body: vllmError(`The model \`${model}\` does not exist.`, 404, 'NotFoundError') }
        : { status: 404, reason: 'model', body: openAiError(`model "${model}" not found, try pulling it first`, null, null, 'api_error') }
    }
    return { model }
  }

  /** What the model behind the request refuses in its parameters, as OpenAI and Azure OpenAI answer. */
  const parameterRefusal = (model: string, body: any): Refusal | undefined => {
    if (provider !== 'openai' && provider !== 'azure') return undefined
    if (isReasoningModel(model)) {
      if (body.max_tokens !== undefined) {
        return { status: 400, reason: 'max_tokens', body: openAiError("Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", 'max_tokens', 'unsupported_parameter') }
      }
      if (body.temperature !== undefined && body.temperature !== 1) {
        return { status: 400, reason: 'temperature', body: openAiError(`Unsupported value: 'temperature' does not support ${String(body.temperature)} with this model. Only the default (1) value is supported.`, 'temperature', 'unsupported_value') }
      }
    } else if (body.reasoning_effort !== undefined) {
      return { status: 400, reason: 'reasoning_effort', body: openAiError("Unsupported parameter: 'reasoning_effort' is not supported with this model.", 'reasoning_effort', 'unsupported_parameter') }
    }
    return undefined
  }

  const formatRefusal = (body: any): Refusal | undefined => {
    const format = body.response_format
    if (format?.type !== 'json_schema') return undefined
    if ((provider === 'vllm' || provider === 'ollama') && options.supportsJsonSchema === false) {
      const message = "Invalid value for 'response_format.type': 'json_schema' is not supported by this server (representative body)"
      return { status: 400, reason: 'json-schema-unsupported', body: provider === 'vllm' ? vllmError(message, 400, 'BadRequestError') : openAiError(message, 'response_format', null) }
    }
    // vLLM's guided decoding and Ollama's format take full JSON Schema: nothing else is refused there.
    if ((provider === 'openai' || provider === 'azure') && format.json_schema?.strict === true) {
      const violation = strictSchemaViolation(String(format.json_schema.name), format.json_schema.schema, provider === 'openai' ? OPENAI_UNSUPPORTED : AZURE_UNSUPPORTED)
      if (violation !== undefined) return { status: 400, reason: 'strict-schema', body: openAiError(violation, 'response_format', null) }
    }
    return undefined
  }

  const rateLimited = (model: string, retryAfterS: number): Refusal => {
    if (provider === 'azure') {
      return { status: 429, reason: 'rate-limit', headers: { 'retry-after': String(retryAfterS), 'retry-after-ms': String(retryAfterS * 1000) }, body: { error: { code: '429', message: `Requests to the ChatCompletions_Create Operation under Azure OpenAI API version ${apiVersions[0]!} have exceeded token rate limit of your current pricing tier. Please retry after ${retryAfterS} seconds.` } } }
    }
    const message = `Rate limit reached for ${model} on requests per min (RPM). Please try again in ${retryAfterS}s.`
    return { status: 429, reason: 'rate-limit', headers: { 'retry-after': String(retryAfterS) }, body: provider === 'vllm' ? vllmError(message, 429, 'RateLimitError') : openAiError(message, null, 'rate_limit_exceeded', 'requests') }
  }

  const completion = (model: string, message: Record<string, unknown>, finishReason: string) => ({
    id: `chatcmpl-peer-${requests.length}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', refusal: null, ...message }, finish_reason: finishReason, logprobs: null }],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 }
  })

  const answer = (req: IncomingMessage, body: any): { status: number, body: unknown, headers?: Record<string, string>, reason?: string } => {
    const routed = route(req, body)
    if ('status' in routed) return routed
    const refusal = parameterRefusal(routed.model, body) ?? formatRefusal(body)
    if (refusal !== undefined) return refusal
    const reply = queue.shift()
    const schema = body.response_format?.json_schema?.schema
    const derived = () => schema === undefined ? {} : schemaInstance(schema)
    if (reply === undefined || 'json' in reply) return { status: 200, body: completion(routed.model, { content: JSON.stringify(reply === undefined ? derived() : reply.json) }, 'stop') }
    if ('refusal' in reply) return { status: 200, body: completion(routed.model, { content: null, refusal: reply.refusal }, 'stop') }
    if ('truncated' in reply) {
      const full = JSON.stringify(reply.truncated)
      return { status: 200, body: completion(routed.model, { content: full.slice(0, Math.ceil(full.length / 2)) }, 'length') }
    }
    return rateLimited(routed.model, reply.rateLimited.retryAfterS)
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      let body: any
      try {
        body = chunks.length === 0 ? {} : JSON.parse(Buffer.concat(chunks).toString('utf8'))
      } catch {
        body = undefined
      }
      const result = body === undefined || req.method !== 'POST'
        ? { status: 400, body: openAiError('We could not parse the JSON body of your request.', null, null), reason: 'body' }
        : answer(req, body)
      requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body, status: result.status, ...(result.reason === undefined ? {} : { refusedFor: result.reason }) })
      res.writeHead(result.status, { 'content-type': 'application/json', ...result.headers })
      res.end(JSON.stringify(result.body))
    })
  })
  const listening = await listenOnLoopback(server)
  const origin = listening.origin

  return {
    url: provider === 'azure' ? origin : `${origin}/v1`,
    requests,
    script (...replies) { queue.push(...replies) },
    async close () {
      await listening.close()
    }
  }
}
