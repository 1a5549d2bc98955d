import t from 'tap'
import { configFrom } from '@meeting-ai/config'
import { startMockLlm } from '@meeting-ai/testkit/mock-llm'
import { createEngine, EngineConfigError, OfflineEngine, OpenAiEngine, type CallReport } from '../src/index.ts'
import { suggestInput } from './helpers.ts'

t.test('auto: offline without key or base URL, openai with either', async (t) => {
  t.ok(createEngine() instanceof OfflineEngine)
  t.ok(createEngine(configFrom({})) instanceof OfflineEngine, 'the default Config selects the offline engine')
  t.ok(createEngine({ llmApiKey: 'sk-test' }) instanceof OpenAiEngine)
  t.ok(createEngine({ llmBaseUrl: 'http://127.0.0.1:1/v1' }) instanceof OpenAiEngine)
  t.ok(createEngine({ llmEngine: 'offline', llmApiKey: 'sk-test' }) instanceof OfflineEngine)
  t.throws(() => createEngine({ llmEngine: 'openai' }), EngineConfigError)
  t.equal(createEngine({ llmApiKey: 'sk-test', llmModel: 'gpt-4.1-mini' }).name, 'openai:gpt-4.1-mini')
})

t.test('Config fields reach the provider, and metrics are wired', async (t) => {
  const mock = await startMockLlm()
  t.teardown(() => mock.close())
  const config = configFrom({ LLM_BASE_URL: mock.url, LLM_MODEL: 'local-llama', LLM_MAX_RETRIES: '1', LLM_TIMEOUT_MS: '500', LLM_STRUCTURED_OUTPUT: 'json_object' })
  const calls: CallReport[] = []
  const engine = createEngine({ ...config, metrics: { onCall: (report) => calls.push(report) } })
  t.equal(engine.name, 'openai:local-llama')
  mock.script({ fault: 'server-error' }, { fault: 'server-error' })
  await t.rejects(engine.suggest(suggestInput()), { code: 'LLM_UNAVAILABLE' })
  t.equal(mock.completions.length, 2, 'LLM_MAX_RETRIES=1')
  t.equal(mock.completions[0]!.body.model, 'local-llama')
  t.equal(mock.completions[0]!.responseFormat, 'json_object')
  t.match(calls, [{ engine: 'openai:local-llama', operation: 'suggest', errorCode: 'LLM_UNAVAILABLE', attempts: 2 }])

  const offlineCalls: CallReport[] = []
  await createEngine({ metrics: { onCall: (report) => offlineCalls.push(report) } }).suggest(suggestInput())
  t.match(offlineCalls, [{ engine: 'offline:extractive-v1', operation: 'suggest' }])
})
