import t from 'tap'
import { startConformancePeer, strictSchemaViolation, OPENAI_UNSUPPORTED, AZURE_UNSUPPORTED } from '../src/llm-conformance/index.ts'

const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  return { status: res.status, headers: res.headers, body: await res.json() as any }
}
const closed = (properties: Record<string, unknown>) => ({ type: 'object', additionalProperties: false, required: Object.keys(properties), properties })

t.test('strict subsets: the first violation, with its context, in the providers\' wording', async (t) => {
  const schema = closed({ items: { type: 'array', items: closed({ n: { type: 'integer', minimum: 1 } }) } })
  t.equal(strictSchemaViolation('s', schema, OPENAI_UNSUPPORTED), undefined, 'OpenAI accepts minimum now')
  t.equal(strictSchemaViolation('s', schema, AZURE_UNSUPPORTED), "Invalid schema for response_format 's': In context=('properties', 'items', 'items', 'properties', 'n'), 'minimum' is not permitted.")
  t.match(strictSchemaViolation('s', { type: 'object', properties: { a: { type: 'string' } } }, OPENAI_UNSUPPORTED), /'additionalProperties' is required to be supplied and to be false/)
  t.match(strictSchemaViolation('s', { type: 'object', additionalProperties: false, properties: { a: { type: 'string' } } }, OPENAI_UNSUPPORTED), /Missing 'a'/)
  t.match(strictSchemaViolation('s', closed({ a: { type: 'string', maxLength: 3 } }), OPENAI_UNSUPPORTED), /'maxLength' is not permitted/)
})

t.test('openai: bearer key checked; strict schema refused with param response_format; non-strict schema not checked', async (t) => {
  const peer = await startConformancePeer({ provider: 'openai', apiKey: 'sk-1' })
  t.teardown(() => peer.close())
  const url = `${peer.url}/chat/completions`
  t.match(await post(url, { model: 'gpt-4o-mini', messages: [] }), { status: 401, body: { error: { code: 'invalid_api_key' } } })
  const format = (strict: boolean) => ({ type: 'json_schema', json_schema: { name: 'x', strict, schema: closed({ a: { type: 'string', minLength: 1 } }) } })
  t.match(await post(url, { model: 'gpt-4o-mini', messages: [], response_format: format(true) }, { authorization: 'Bearer sk-1' }), { status: 400, body: { error: { param: 'response_format', code: null, type: 'invalid_request_error' } } })
  const ok = await post(url, { model: 'gpt-4o-mini', messages: [], response_format: format(false) }, { authorization: 'Bearer sk-1' })
  t.equal(ok.status, 200)
  t.same(JSON.parse(ok.body.choices[0].message.content), { a: 'mock answer' })
})

t.test('openai: reasoning models refuse max_tokens, then a temperature other than 1; others refuse reasoning_effort', async (t) => {
  const peer = await startConformancePeer({ provider: 'openai', apiKey: 'k' })
  t.teardown(() => peer.close())
  const url = `${peer.url}/chat/completions`
  const auth = { authorization: 'Bearer k' }
  t.match(await post(url, { model: 'o3-mini', messages: [], max_tokens: 5, temperature: 0.2 }, auth), { status: 400, body: { error: { param: 'max_tokens', code: 'unsupported_parameter' } } })
  t.match(await post(url, { model: 'gpt-5-mini', messages: [], temperature: 0.2 }, auth), { status: 400, body: { error: { param: 'temperature', code: 'unsupported_value', message: "Unsupported value: 'temperature' does not support 0.2 with this model. Only the default (1) value is supported." } } })
  t.equal((await post(url, { model: 'gpt-5-mini', messages: [], temperature: 1, max_completion_tokens: 5 }, auth)).status, 200)
  t.match(await post(url, { model: 'gpt-4o', messages: [], reasoning_effort: 'low' }, auth), { status: 400, body: { error: { param: 'reasoning_effort' } } })
})

t.test('azure: deployments URL with api-version; api-key or an accepted bearer token; scripted 429, refusal and length', async (t) => {
  const peer = await startConformancePeer({ provider: 'azure', apiKey: 'key', bearerTokens: ['tok'], deployments: { d: 'gpt-4o-mini' } })
  t.teardown(() => peer.close())
  const url = `${peer.url}/openai/deployments/d/chat/completions?api-version=2024-10-21`
  t.match(await post(`${peer.url}/openai/deployments/d/chat/completions`, { messages: [] }, { 'api-key': 'key' }), { status: 404, body: { error: { message: 'Resource not found' } } })
  t.match(await post(url, { messages: [] }, { authorization: 'Bearer key' }), { status: 401, body: { error: { code: '401' } } })
  t.equal((await post(url, { messages: [] }, { authorization: 'Bearer tok' })).status, 200)
  t.match(await post(url.replace('/d/', '/e/'), { messages: [] }, { 'api-key': 'key' }), { status: 404, body: { error: { code: 'DeploymentNotFound' } } })
  peer.script({ rateLimited: { retryAfterS: 2 } }, { refusal: 'no' }, { truncated: { a: 'long text' } })
  const limited = await post(url, { messages: [] }, { 'api-key': 'key' })
  t.equal(limited.status, 429)
  t.equal(limited.headers.get('retry-after'), '2')
  t.equal(limited.headers.get('retry-after-ms'), '2000')
  t.match((await post(url, { messages: [] }, { 'api-key': 'key' })).body, { choices: [{ message: { content: null, refusal: 'no' }, finish_reason: 'stop' }] })
  t.match((await post(url, { messages: [] }, { 'api-key': 'key' })).body, { choices: [{ finish_reason: 'length' }] })
  t.same(peer.requests.map((r) => r.refusedFor ?? r.status), ['route', 'auth', 200, 'deployment', 'rate-limit', 200, 200])
})

t.test('vllm and ollama: full JSON Schema accepted; served models only; legacy vLLM error body', async (t) => {
  const vllm = await startConformancePeer({ provider: 'vllm', models: ['m'], supportsJsonSchema: false })
  const ollama = await startConformancePeer({ provider: 'ollama', models: ['llama3.1:8b'] })
  t.teardown(async () => { await vllm.close(); await ollama.close() })
  const format = { type: 'json_schema', json_schema: { name: 'x', strict: true, schema: { type: 'object', properties: { a: { type: 'string', minLength: 2 } } } } }
  t.match(await post(`${vllm.url}/chat/completions`, { model: 'm', messages: [], response_format: format }), { status: 400, body: { object: 'error', type: 'BadRequestError', code: 400 } })
  t.match(await post(`${vllm.url}/chat/completions`, { model: 'x', messages: [] }), { status: 404, body: { type: 'NotFoundError' } })
  t.equal((await post(`${ollama.url}/chat/completions`, { model: 'llama3.1:8b', messages: [], response_format: format })).status, 200)
  t.match(await post(`${ollama.url}/chat/completions`, { model: 'qwen3', messages: [] }), { status: 404, body: { error: { message: 'model "qwen3" not found, try pulling it first' } } })
})
