/**
 * The provider against a peer that refuses what real providers refuse (testkit's
 * llm-conformance peer), one test per documented behaviour; each names the page it rests on.
 */
import t from 'tap'
import { startConformancePeer, type ConformancePeerOptions } from '@meeting-ai/testkit/llm-conformance'
import { answerShapes, createEngine, type CreateEngineOptions, type EngineMetrics } from '../src/index.ts'
import { AZURE_OPENAI_SCOPE, defaultAzureCredential } from '../src/openai/client.ts'
import { failure, suggestInput, validSuggestions } from './helpers.ts'

const fast = { backoff: { baseDelayMs: 10, maxDelayMs: 40 }, breaker: { failureThreshold: 50, cooldownMs: 1000 } }

async function peerFor (t: { teardown: (fn: () => Promise<void>) => void }, options: ConformancePeerOptions) {
  const peer = await startConformancePeer(options)
  t.teardown(() => peer.close())
  return peer
}

function engine (settings: CreateEngineOptions, tuning: CreateEngineOptions['openai'] = {}) {
  return createEngine({ llmEngine: 'openai', llmMaxRetries: 2, llmTimeoutMs: 5000, ...settings, openai: { ...fast, ...tuning } })
}

const chunkInput = { agendas: [], minutes: [{ userId: 'u1', content: 'Budget: travel cut by 10%. Kim sends the budget by Friday.' }] }

t.test('OpenAI Structured Outputs, "Supported schemas" (platform.openai.com/docs/guides/structured-outputs#supported-schemas): the answer schemas as they are get a 400', async (t) => {
  const peer = await peerFor(t, { provider: 'openai', apiKey: 'sk-test' })
  const res = await fetch(`${peer.url}/chat/completions`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk-test', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [], response_format: { type: 'json_schema', json_schema: { name: 'minutes_chunk_analysis', strict: true, schema: answerShapes.chunk.schema } } })
  })
  t.equal(res.status, 400, 'the peer enforces the subset, so the next test means something')
  t.match(await res.json(), { error: { param: 'response_format', message: /'(minLength|maxLength)' is not permitted/ } })
})

t.test('OpenAI Structured Outputs: the first strict json_schema call of each operation succeeds', async (t) => {
  const peer = await peerFor(t, { provider: 'openai', apiKey: 'sk-test' })
  const fallbacks: string[] = []
  const llm = engine({ llmApiKey: 'sk-test', llmBaseUrl: peer.url, metrics: { onStructuredOutputFallback: (info) => fallbacks.push(info.engine) } })
  t.equal((await llm.suggest(suggestInput())).length, 1)
  const chunk = await llm.analyseChunk(chunkInput)
  await llm.reduce({ agendas: [], chunks: [chunk] })
  t.same(peer.requests.map((r) => [r.status, r.body.response_format.type, r.body.response_format.json_schema.strict]), [[200, 'json_schema', true], [200, 'json_schema', true], [200, 'json_schema', true]])
  t.same(fallbacks, [], 'no fall back to JSON mode')
  t.equal(peer.requests[0]!.headers.authorization, 'Bearer sk-test')
})

t.test('Azure OpenAI structured outputs, "Unsupported type-specific keywords" (learn.microsoft.com/azure/ai-services/openai/how-to/structured-outputs): the first call succeeds under the wider list', async (t) => {
  const peer = await peerFor(t, { provider: 'azure', apiKey: 'azure-key', deployments: { meetings: 'gpt-4o-mini' } })
  const llm = engine({ llmProvider: 'azure', llmAzureEndpoint: peer.url, llmAzureDeployment: 'meetings', llmApiKey: 'azure-key' })
  const chunk = await llm.analyseChunk(chunkInput)
  await llm.reduce({ agendas: [{ agendaNumber: 1, title: 'Budget' }], chunks: [chunk] })
  t.same(peer.requests.map((r) => r.status), [200, 200])
})

t.test('OpenAI reasoning models (platform.openai.com/docs/guides/reasoning): gpt-5-mini gets no temperature, max_completion_tokens and reasoning_effort', async (t) => {
  const peer = await peerFor(t, { provider: 'openai', apiKey: 'sk-test' })
  const llm = engine({ llmApiKey: 'sk-test', llmBaseUrl: peer.url, llmModel: 'gpt-5-mini', llmMaxOutputTokens: 4000, llmReasoningEffort: 'low' })
  t.equal((await llm.suggest(suggestInput())).length, 1)
  const body = peer.requests[0]!.body
  t.equal(peer.requests.length, 1, 'the first call succeeds')
  t.notOk('temperature' in body)
  t.notOk('max_tokens' in body)
  t.equal(body.max_completion_tokens, 4000)
  t.equal(body.reasoning_effort, 'low')
})

t.test('a non-reasoning model keeps temperature and max_tokens, and gets no reasoning_effort', async (t) => {
  const peer = await peerFor(t, { provider: 'openai', apiKey: 'sk-test' })
  const llm = engine({ llmApiKey: 'sk-test', llmBaseUrl: peer.url, llmModel: 'gpt-4.1-mini', llmMaxOutputTokens: 2000, llmReasoningEffort: 'low' })
  await llm.suggest(suggestInput())
  t.match(peer.requests[0]!.body, { temperature: 0.2, max_tokens: 2000 })
  t.notOk('reasoning_effort' in peer.requests[0]!.body)
})

t.test('by refusal: an Azure deployment named otherwise that runs o4-mini refuses temperature once, then it is never sent again', async (t) => {
  // The 400 body of a reasoning model given a temperature, as OpenAI answers it (quoted in issue microsoft/vscode#255504).
  const peer = await peerFor(t, { provider: 'azure', apiKey: 'azure-key', deployments: { 'meeting-notes': 'o4-mini' } })
  const refused: Array<{ parameter: string }> = []
  const warnings: string[] = []
  const metrics: EngineMetrics = { onParameterRefused: (info) => refused.push(info) }
  const logger = { warn: (_object: unknown, message: string) => { warnings.push(message) } }
  const llm = createEngine({ llmProvider: 'azure', llmAzureEndpoint: peer.url, llmAzureDeployment: 'meeting-notes', llmApiKey: 'azure-key', llmModel: 'meeting-notes', llmMaxRetries: 0, metrics, logger })
  t.equal((await llm.suggest(suggestInput())).length, 1, 'the call succeeds although no retry was allowed')
  await llm.suggest(suggestInput())
  t.same(peer.requests.map((r) => r.refusedFor ?? r.status), ['temperature', 200, 200])
  t.notOk('temperature' in peer.requests[2]!.body, 'remembered')
  t.same(refused.map((r) => r.parameter), ['temperature'])
  t.equal(warnings.length, 1, 'logged once')
})

t.test('by refusal: max_tokens refused ("Use \'max_completion_tokens\' instead", code unsupported_parameter) switches the parameter', async (t) => {
  const peer = await peerFor(t, { provider: 'azure', apiKey: 'azure-key', deployments: { notes: 'o3-mini' } })
  const llm = engine({ llmProvider: 'azure', llmAzureEndpoint: peer.url, llmAzureDeployment: 'notes', llmApiKey: 'azure-key', llmMaxOutputTokens: 3000, llmMaxRetries: 0 })
  await llm.suggest(suggestInput())
  t.same(peer.requests.map((r) => r.refusedFor ?? r.status), ['max_tokens', 'temperature', 200])
  t.match(peer.requests[2]!.body, { max_completion_tokens: 3000 })
  t.notOk('max_tokens' in peer.requests[2]!.body)
})

t.test('LLM_REASONING=true on a model that is not one: reasoning_effort refused, dropped', async (t) => {
  const peer = await peerFor(t, { provider: 'openai', apiKey: 'sk-test' })
  const llm = engine({ llmApiKey: 'sk-test', llmBaseUrl: peer.url, llmModel: 'gpt-4o', llmReasoning: 'true', llmReasoningEffort: 'high' })
  await llm.suggest(suggestInput())
  await llm.suggest(suggestInput())
  t.same(peer.requests.map((r) => r.refusedFor ?? r.status), ['reasoning_effort', 200, 200])
})

t.test('OpenAI error codes (platform.openai.com/docs/guides/error-codes): 429 with retry-after is waited out and retried', async (t) => {
  const peer = await peerFor(t, { provider: 'openai', apiKey: 'sk-test' })
  const delays: number[] = []
  const llm = engine({ llmApiKey: 'sk-test', llmBaseUrl: peer.url, metrics: { onRetry: (info) => delays.push(info.delayMs) } })
  peer.script({ rateLimited: { retryAfterS: 1 } }, { json: validSuggestions })
  t.equal((await llm.suggest(suggestInput())).length, 1)
  t.same(peer.requests.map((r) => r.status), [429, 200])
  t.same(delays, [1000])
})

t.test('Azure OpenAI quotas and limits (learn.microsoft.com/azure/ai-services/openai/quotas-limits): 429 with retry-after-ms', async (t) => {
  const peer = await peerFor(t, { provider: 'azure', apiKey: 'azure-key' })
  const delays: number[] = []
  const llm = engine({ llmProvider: 'azure', llmAzureEndpoint: peer.url, llmApiKey: 'azure-key', metrics: { onRetry: (info) => delays.push(info.delayMs) } })
  peer.script({ rateLimited: { retryAfterS: 1 } })
  await llm.suggest(suggestInput())
  t.same(peer.requests.map((r) => r.status), [429, 200])
  t.same(delays, [1000], 'retry-after-ms read first')
})

t.test('Chat Completions object, finish_reason "length" (platform.openai.com/docs/api-reference/chat/object): the cut answer is repaired', async (t) => {
  const peer = await peerFor(t, { provider: 'openai', apiKey: 'sk-test' })
  const llm = engine({ llmApiKey: 'sk-test', llmBaseUrl: peer.url })
  peer.script({ truncated: validSuggestions }, { json: validSuggestions })
  t.equal((await llm.suggest(suggestInput())).length, 1)
  t.equal(peer.requests.length, 2)
  t.match(JSON.stringify(peer.requests[1]!.body.messages), /cut off at the token limit/)
})

t.test('Structured Outputs, "Refusals" (platform.openai.com/docs/guides/structured-outputs#refusals): message.refusal is LLM_REFUSED, not re-asked', async (t) => {
  const peer = await peerFor(t, { provider: 'openai', apiKey: 'sk-test' })
  const llm = engine({ llmApiKey: 'sk-test', llmBaseUrl: peer.url })
  peer.script({ refusal: "I'm sorry, I cannot assist with that request." })
  const error = await failure(llm.suggest(suggestInput()))
  t.equal(error.code, 'LLM_REFUSED')
  t.match(error.message, /cannot assist/)
  t.equal(peer.requests.length, 1)
})

t.test('Azure OpenAI REST reference (learn.microsoft.com/azure/ai-services/openai/reference): deployments URL, api-version, api-key header', async (t) => {
  const peer = await peerFor(t, { provider: 'azure', apiKey: 'azure-key', deployments: { 'notes-4o': 'gpt-4o-mini' }, apiVersions: ['2024-10-21'] })
  const llm = engine({ llmProvider: 'azure', llmAzureEndpoint: `${peer.url}/`, llmAzureDeployment: 'notes-4o', llmApiKey: 'azure-key' })
  t.equal(llm.name, 'azure:notes-4o')
  await llm.suggest(suggestInput())
  const request = peer.requests[0]!
  t.equal(request.url, '/openai/deployments/notes-4o/chat/completions?api-version=2024-10-21')
  t.equal(request.headers['api-key'], 'azure-key')
  t.notOk(request.headers.authorization, 'the key is not sent as a bearer token')
  t.equal(request.status, 200)
})

t.test('Azure OpenAI: a wrong api-version or deployment is a 404, LLM_REJECTED and not retried', async (t) => {
  const peer = await peerFor(t, { provider: 'azure', apiKey: 'azure-key', deployments: { notes: 'gpt-4o-mini' } })
  const wrongVersion = engine({ llmProvider: 'azure', llmAzureEndpoint: peer.url, llmAzureDeployment: 'notes', llmApiKey: 'azure-key', llmAzureApiVersion: '2023-01-01' })
  t.equal((await failure(wrongVersion.suggest(suggestInput()))).code, 'LLM_REJECTED')
  const wrongDeployment = engine({ llmProvider: 'azure', llmAzureEndpoint: peer.url, llmAzureDeployment: 'other', llmApiKey: 'azure-key' })
  const error = await failure(wrongDeployment.suggest(suggestInput()))
  t.equal(error.code, 'LLM_REJECTED')
  t.match(error.message, /deployment for this resource does not exist/)
  t.same(peer.requests.map((r) => r.refusedFor), ['route', 'deployment'])
})

t.test('Azure OpenAI keyless (Entra ID, scope https://cognitiveservices.azure.com/.default): the token goes out as a bearer token', async (t) => {
  const peer = await peerFor(t, { provider: 'azure', bearerTokens: ['entra-token-1'], deployments: { notes: 'gpt-4o-mini' } })
  const scopes: string[] = []
  // A TokenCredential (@azure/identity's interface) injected at the edge: Entra ID cannot be reached here.
  const credential = {
    getToken: async (scope: string | string[]) => {
      scopes.push(...[scope].flat())
      return { token: 'entra-token-1', expiresOnTimestamp: Date.now() + 3_600_000 }
    }
  }
  const llm = engine({ llmProvider: 'azure', llmAzureEndpoint: peer.url, llmAzureDeployment: 'notes', llmAzureAuth: 'entra' }, { azureCredential: credential })
  await llm.suggest(suggestInput())
  await llm.suggest(suggestInput())
  t.same(peer.requests.map((r) => r.status), [200, 200])
  t.equal(peer.requests[0]!.headers.authorization, 'Bearer entra-token-1')
  t.notOk(peer.requests[0]!.headers['api-key'])
  t.same(scopes, [AZURE_OPENAI_SCOPE], 'one token, cached by the bearer token provider')
})

t.test('Azure OpenAI keyless: an Entra token the resource does not accept is a 401, LLM_REJECTED', async (t) => {
  const peer = await peerFor(t, { provider: 'azure', bearerTokens: ['good'], deployments: { notes: 'gpt-4o-mini' } })
  const credential = { getToken: async () => ({ token: 'stale', expiresOnTimestamp: Date.now() + 3_600_000 }) }
  const llm = engine({ llmProvider: 'azure', llmAzureEndpoint: peer.url, llmAzureDeployment: 'notes' }, { azureCredential: credential })
  t.equal((await failure(llm.suggest(suggestInput()))).code, 'LLM_REJECTED')
  t.same(peer.requests.map((r) => r.refusedFor), ['auth'])
})

t.test('Azure OpenAI keyless: a credential that cannot get a token fails the call as LLM_UNAVAILABLE after the retries, nothing sent', async (t) => {
  const peer = await peerFor(t, { provider: 'azure', bearerTokens: ['good'], deployments: { notes: 'gpt-4o-mini' } })
  let asked = 0
  // What DefaultAzureCredential throws when no identity is available (CredentialUnavailableError).
  const credential = { getToken: async () => { asked++; throw Object.assign(new Error('DefaultAzureCredential failed to retrieve a token from the included credentials.'), { name: 'CredentialUnavailableError' }) } }
  const llm = engine({ llmProvider: 'azure', llmAzureEndpoint: peer.url, llmAzureDeployment: 'notes', llmMaxRetries: 1 }, { azureCredential: credential })
  const error = await failure(llm.suggest(suggestInput()))
  t.equal(error.code, 'LLM_UNAVAILABLE')
  t.match(error.message, /failed to retrieve a token/)
  t.ok(asked >= 2, `the token was asked for on each attempt (${asked})`)
  t.equal(peer.requests.length, 0)
})

t.test('DefaultAzureCredential is what LLM_AZURE_AUTH=entra uses without an injected credential (constructed, not called: no network)', async (t) => {
  const credential = await defaultAzureCredential()
  t.equal(credential.constructor.name, 'DefaultAzureCredential')
  t.equal(typeof credential.getToken, 'function')
  t.doesNotThrow(() => createEngine({ llmProvider: 'azure', llmAzureEndpoint: 'https://example.openai.azure.com', llmModel: 'notes' }), 'no key: Entra ID, built lazily')
})

t.test('configuration errors name the variable', async (t) => {
  t.throws(() => createEngine({ llmProvider: 'azure' }), { code: 'LLM_CONFIG_INVALID', message: /LLM_AZURE_ENDPOINT/ })
  t.throws(() => createEngine({ llmProvider: 'azure', llmAzureEndpoint: 'https://x.openai.azure.com', llmAzureAuth: 'key' }), { message: /LLM_API_KEY/ })
  t.throws(() => createEngine({ llmProvider: 'bedrock' }), { message: /LLM_PROVIDER/ })
})

t.test('vLLM OpenAI-compatible server (docs.vllm.ai, "OpenAI-Compatible Server", --api-key; "Structured Outputs", response_format json_schema)', async (t) => {
  const peer = await peerFor(t, { provider: 'vllm', apiKey: 'vllm-key', models: ['Qwen/Qwen2.5-7B-Instruct'] })
  const llm = engine({ llmBaseUrl: peer.url, llmApiKey: 'vllm-key', llmModel: 'Qwen/Qwen2.5-7B-Instruct' })
  await llm.analyseChunk(chunkInput)
  t.equal(peer.requests[0]!.url, '/v1/chat/completions')
  t.equal(peer.requests[0]!.headers.authorization, 'Bearer vllm-key')
  t.match(peer.requests[0]!.body, { response_format: { type: 'json_schema' }, temperature: 0.2 })
  t.equal(peer.requests[0]!.status, 200)
  const unknown = engine({ llmBaseUrl: peer.url, llmApiKey: 'vllm-key', llmModel: 'not-served' })
  t.equal((await failure(unknown.suggest(suggestInput()))).code, 'LLM_REJECTED', '404 "The model `not-served` does not exist."')
})

t.test('a server without json_schema (older vLLM or Ollama releases): JSON mode, logged and counted, no failed call', async (t) => {
  const peer = await peerFor(t, { provider: 'vllm', supportsJsonSchema: false })
  const fallbacks: string[] = []
  const warnings: string[] = []
  const llm = createEngine({ llmBaseUrl: peer.url, llmModel: 'm', metrics: { onStructuredOutputFallback: (info) => fallbacks.push(info.engine) }, logger: { warn: (_o, message) => { warnings.push(message) } } })
  peer.script({ json: validSuggestions }, { json: validSuggestions })
  t.equal((await llm.suggest(suggestInput())).length, 1)
  t.equal((await llm.suggest(suggestInput())).length, 1)
  t.same(peer.requests.map((r) => [r.body.response_format.type, r.refusedFor ?? r.status]), [['json_schema', 'json-schema-unsupported'], ['json_object', 200], ['json_object', 200]])
  t.same(fallbacks, ['openai:m'])
  t.equal(warnings.length, 1)
})

t.test('Ollama OpenAI compatibility (docs.ollama.com/api/openai-compatibility): /v1/chat/completions without a key; a model not pulled is a 404', async (t) => {
  const peer = await peerFor(t, { provider: 'ollama', models: ['llama3.1:8b'] })
  const llm = engine({ llmBaseUrl: peer.url, llmModel: 'llama3.1:8b' })
  await llm.suggest(suggestInput())
  t.equal(peer.requests[0]!.url, '/v1/chat/completions')
  t.equal(peer.requests[0]!.status, 200)
  const missing = engine({ llmBaseUrl: peer.url, llmModel: 'qwen3:4b' })
  const error = await failure(missing.suggest(suggestInput()))
  t.equal(error.code, 'LLM_REJECTED')
  t.match(error.message, /not found, try pulling it first/)
})
