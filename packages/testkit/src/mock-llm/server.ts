import { EventEmitter, once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenOnLoopback } from '../http/loopback-server.ts'
import { schemaInstance } from './schema-instance.ts'

export type MockFault =
  /** 429 with Retry-After (`retryAfter` seconds, default 0). */
  | 'rate-limit'
  /** 500 with an OpenAI-style error body. */
  | 'server-error'
  /** The socket is destroyed after the request is read: a network error for the client. */
  | 'reset'
  /** Never answers (until the client gives up or the server closes). */
  | 'hang'
  /** Half of a JSON answer with finish_reason "length". */
  | 'truncated'
  /** Prose instead of JSON. */
  | 'non-json'
  /** Well-formed JSON that matches no answer schema. */
  | 'schema-violation'
  /** 400 naming response_format, like servers without structured outputs. */
  | 'reject-json-schema'

export interface MockReply {
  /** Delay before answering (overrides the default latency). */
  latencyMs?: number
  fault?: MockFault
  /** Seconds (number) or an HTTP date for Retry-After on `rate-limit`. */
  retryAfter?: number | string
  /** Assistant content as is. */
  content?: string
  /** Assistant content as JSON.stringify(json). */
  json?: unknown
  finishReason?: string
  /** A raw HTTP answer: status, extra headers and body (JSON). */
  status?: number
  headers?: Record<string, string>
  body?: unknown
}

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  /** Parsed JSON body (undefined for GET). */
  body: any
  /** Concatenated content of all messages, for asserting what reached the "provider". */
  text: string
  responseFormat: string | undefined
  receivedAt: number
}

export type MockHandler = (request: RecordedRequest) => MockReply | Promise<MockReply>
export type MockScriptEntry = MockReply | MockHandler

export interface MockLlmOptions {
  model?: string
  /** When false, every json_schema request gets the `reject-json-schema` answer. Default true. */
  supportsJsonSchema?: boolean
  /** Latency of every answer unless a reply says otherwise. Default 0. */
  latencyMs?: number
  /** Answers requests when the script queue is empty. Default: schema-derived. */
  handler?: MockHandler
}

export interface MockLlm {
  /** Base URL including /v1, for LLM_BASE_URL. */
  readonly url: string
  /** Every request received, in order (chat completions and models). */
  readonly requests: RecordedRequest[]
  /** Chat completion requests only. */
  readonly completions: RecordedRequest[]
  /** Most chat completions in flight at once so far. */
  readonly maxConcurrent: number
  /** Queues replies (or handlers) for the next chat completion requests, in order. */
  script (...entries: MockScriptEntry[]): void
  setDefaultLatency (ms: number): void
  setHandler (handler: MockHandler | undefined): void
  setSupportsJsonSchema (supported: boolean): void
  /** Resolves once `count` chat completion requests have arrived in total. */
  waitForCompletions (count: number): Promise<void>
  /** Clears the log, the queue and maxConcurrent. */
  reset (): void
  close (): Promise<void>
}

function messagesText (body: any): string {
  const messages = Array.isArray(body?.messages) ? body.messages : []
  return messages.map((m: any) => typeof m?.content === 'string' ? m.content : JSON.stringify(m?.content ?? '')).join('\n')
}

/** The schema-derived answer: a minimal valid instance of the request's json_schema, else {}. */
export function derivedReply (request: RecordedRequest): MockReply {
  const schema = request.body?.response_format?.json_schema?.schema
  return { json: schema === undefined ? {} : schemaInstance(schema) }
}

export async function startMockLlm (options: MockLlmOptions = {}): Promise<MockLlm> {
  const model = options.model ?? 'mock-model'
  let latencyMs = options.latencyMs ?? 0
  let supportsJsonSchema = options.supportsJsonSchema ?? true
  let handler = options.handler
  const queue: MockScriptEntry[] = []
  const requests: RecordedRequest[] = []
  const completions: RecordedRequest[] = []
  const events = new EventEmitter()
  let inFlight = 0
  let maxConcurrent = 0

  const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    if (res.destroyed) return
    res.writeHead(status, { 'content-type': 'application/json', ...headers })
    res.end(JSON.stringify(body))
  }

  const completion = (content: string, finishReason: string, request: RecordedRequest) => ({
    id: `chatcmpl-mock-${completions.length}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: request.body?.model ?? model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: finishReason, logprobs: null }],
    usage: { prompt_tokens: Math.ceil(request.text.length / 4), completion_tokens: Math.ceil(content.length / 4), total_tokens: Math.ceil((request.text.length + content.length) / 4) }
  })

  const answer = async (req: IncomingMessage, res: ServerResponse, request: RecordedRequest) => {
    let reply: MockReply
    // A rejected request leaves the script alone: the scripted reply is for the request that follows.
    if (!supportsJsonSchema && request.responseFormat === 'json_schema') {
      reply = { fault: 'reject-json-schema' }
    } else {
      const entry = queue.shift()
      if (entry === undefined) reply = await (handler ?? derivedReply)(request)
      else reply = typeof entry === 'function' ? await entry(request) : entry
    }

    const delay = reply.latencyMs ?? latencyMs
    if (delay > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay)
        // A client that gives up ends the wait, so closing never waits on latency.
        res.once('close', () => { clearTimeout(timer); resolve() })
      })
    }
    if (res.destroyed || res.writableEnded) return

    switch (reply.fault) {
      case 'hang':
        return
      case 'reset':
        req.socket.destroy()
        return
      case 'rate-limit':
        return sendJson(res, 429, { error: { message: 'Rate limit reached (mock)', type: 'requests', code: 'rate_limit_exceeded' } }, { 'retry-after': String(reply.retryAfter ?? 0) })
      case 'server-error':
        return sendJson(res, 500, { error: { message: 'The server had an error (mock)', type: 'server_error' } })
      case 'reject-json-schema':
        return sendJson(res, 400, { error: { message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported by this server (mock)", type: 'invalid_request_error', param: 'response_format', code: null } })
      case 'truncated': {
        const full = JSON.stringify(derivedReply(request).json)
        return sendJson(res, 200, completion(full.slice(0, Math.max(1, Math.floor(full.length / 2))), 'length', request))
      }
      case 'non-json':
        return sendJson(res, 200, completion('Sure! Here is what I found in the meeting: the team should follow up on the budget.', 'stop', request))
      case 'schema-violation':
        return sendJson(res, 200, completion(JSON.stringify({ answer: 'not the requested shape', items: [1, 2, 3] }), 'stop', request))
      default:
        break
    }
    if (reply.status !== undefined || reply.body !== undefined) {
      return sendJson(res, reply.status ?? 200, reply.body ?? {}, reply.headers ?? {})
    }
    const content = reply.content ?? JSON.stringify(reply.json ?? derivedReply(request).json)
    sendJson(res, 200, completion(content, reply.finishReason ?? 'stop', request), reply.headers ?? {})
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!
      let body: any
      try {
        body = chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString('utf8'))
      } catch {
        return sendJson(res, 400, { error: { message: 'Body is not JSON', type: 'invalid_request_error' } })
      }
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        path,
        headers: req.headers,
        body,
        text: messagesText(body),
        responseFormat: body?.response_format?.type,
        receivedAt: Date.now()
      }
      requests.push(request)
      if (req.method === 'GET' && path === '/v1/models') {
        return sendJson(res, 200, { object: 'list', data: [{ id: model, object: 'model', created: 0, owned_by: 'mock' }] })
      }
      if (req.method !== 'POST' || path !== '/v1/chat/completions') {
        return sendJson(res, 404, { error: { message: `No route ${req.method} ${path}`, type: 'invalid_request_error' } })
      }
      completions.push(request)
      inFlight++
      maxConcurrent = Math.max(maxConcurrent, inFlight)
      res.once('close', () => { inFlight-- })
      events.emit('completion', completions.length)
      answer(req, res, request).catch((error: unknown) => {
        sendJson(res, 500, { error: { message: `mock handler failed: ${String(error)}`, type: 'server_error' } })
      })
    })
  })
  const listening = await listenOnLoopback(server)

  return {
    url: `${listening.origin}/v1`,
    requests,
    completions,
    get maxConcurrent () { return maxConcurrent },
    script (...entries) { queue.push(...entries) },
    setDefaultLatency (ms) { latencyMs = ms },
    setHandler (next) { handler = next },
    setSupportsJsonSchema (supported) { supportsJsonSchema = supported },
    async waitForCompletions (count) {
      while (completions.length < count) await once(events, 'completion')
    },
    reset () {
      requests.length = 0
      completions.length = 0
      queue.length = 0
      maxConcurrent = inFlight
    },
    async close () {
      await listening.close()
    }
  }
}
