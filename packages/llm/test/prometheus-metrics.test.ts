import { test } from 'tap'
import { Registry } from 'prom-client'
import { startMockLlm } from '@meeting-ai/testkit/mock-llm'
import { createEngine, prometheusEngineMetrics } from '../src/index.ts'

test('engine calls, tokens and retries reach Prometheus, once per registry', async (t) => {
  const mock = await startMockLlm()
  t.teardown(() => mock.close())
  const registry = new Registry()
  const metrics = prometheusEngineMetrics(registry)
  t.equal(prometheusEngineMetrics(registry).onCall !== undefined, true, 'a second wiring on one registry does not throw')
  const engine = createEngine({ llmEngine: 'openai', llmBaseUrl: mock.url, llmApiKey: 'k', llmMaxRetries: 2, metrics })
  mock.script({ fault: 'server-error' })
  await engine.suggest({ meetingId: 'm-1', segments: [{ meetingId: 'm-1', text: 'Who owns the launch checklist?', timestamp: 1, dedupeKey: 'a' }], previousSuggestions: [] })
  const text = await registry.metrics()
  t.match(text, /meeting_ai_llm_calls_total\{engine="openai:[^"]+",operation="suggest",result="ok"\} 1/)
  t.match(text, /meeting_ai_llm_retries_total\{[^}]*operation="suggest"[^}]*\} 1/)
  t.match(text, /meeting_ai_llm_tokens_total\{engine="openai:[^"]+",kind="prompt"\} [1-9]/)
  t.match(text, /meeting_ai_llm_call_duration_seconds_count\{engine="openai:[^"]+",operation="suggest"\} 1/)
})
