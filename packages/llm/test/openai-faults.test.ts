import t from 'tap'
import { startMockLlm } from '@meeting-ai/testkit/mock-llm'
import { engineFor, failure, suggestInput, validSuggestions } from './helpers.ts'

const mock = await startMockLlm()
t.teardown(() => mock.close())
t.beforeEach(() => { mock.reset() })

t.test('500 twice then success: two retries, answer returned', async (t) => {
  mock.script({ fault: 'server-error' }, { fault: 'server-error' }, { json: validSuggestions })
  const retries: number[] = []
  const engine = engineFor(mock.url, {}, { onRetry: (info) => retries.push(info.attempt) })
  const result = await engine.suggest(suggestInput())
  t.equal(result[0]?.content, 'Assign an owner for the revised budget')
  t.equal(mock.completions.length, 3, 'the server saw the first try and two retries')
  t.same(retries, [1, 2])
})

t.test('retries are bounded: 500 forever ends as LLM_UNAVAILABLE after 1 + maxRetries requests', async (t) => {
  mock.setHandler(() => ({ fault: 'server-error' }))
  t.teardown(() => mock.setHandler(undefined))
  const error = await failure(engineFor(mock.url, { maxRetries: 3 }).suggest(suggestInput()))
  t.equal(error.code, 'LLM_UNAVAILABLE')
  t.equal(mock.completions.length, 4)
})

t.test('connection reset is a network error and is retried', async (t) => {
  mock.script({ fault: 'reset' }, { json: validSuggestions })
  const result = await engineFor(mock.url).suggest(suggestInput())
  t.equal(result.length, 1)
  t.equal(mock.completions.length, 2)
})

t.test('429 with Retry-After: the retry waits as long as the server asked', async (t) => {
  mock.script({ fault: 'rate-limit', retryAfter: 1 }, { json: validSuggestions })
  const delays: number[] = []
  const engine = engineFor(mock.url, {}, { onRetry: (info) => delays.push(info.delayMs) })
  await engine.suggest(suggestInput())
  t.equal(mock.completions.length, 2)
  t.same(delays, [1000], 'the delay is the Retry-After, not the (10 ms) backoff')
  const gap = mock.completions[1]!.receivedAt - mock.completions[0]!.receivedAt
  t.ok(gap >= 990, `second request ${gap} ms after the first`)
})

t.test('429 whose Retry-After passes the deadline fails at once as LLM_RATE_LIMITED', async (t) => {
  mock.script({ fault: 'rate-limit', retryAfter: 30 })
  const started = Date.now()
  const error = await failure(engineFor(mock.url).suggest(suggestInput(), { deadline: Date.now() + 1500 }))
  t.equal(error.code, 'LLM_RATE_LIMITED')
  t.equal(mock.completions.length, 1, 'no retry past the deadline')
  t.ok(Date.now() - started < 1000, 'did not wait for the Retry-After')
})

t.test('429 forever ends as LLM_RATE_LIMITED after the retries', async (t) => {
  mock.script({ fault: 'rate-limit', retryAfter: 0 }, { fault: 'rate-limit', retryAfter: 0 })
  const error = await failure(engineFor(mock.url, { maxRetries: 1 }).suggest(suggestInput()))
  t.equal(error.code, 'LLM_RATE_LIMITED')
  t.equal(mock.completions.length, 2)
})

t.test('a hang past the timeout ends as LLM_TIMEOUT at the configured timeout', async (t) => {
  mock.script({ fault: 'hang' })
  const started = Date.now()
  const error = await failure(engineFor(mock.url, { timeoutMs: 300, maxRetries: 0 }).suggest(suggestInput()))
  const elapsed = Date.now() - started
  t.equal(error.code, 'LLM_TIMEOUT')
  t.ok(elapsed >= 290 && elapsed < 1500, `gave up after ${elapsed} ms`)
  t.equal(mock.completions.length, 1)
})

t.test('a timeout is retried: hang then answer', async (t) => {
  mock.script({ fault: 'hang' }, { json: validSuggestions })
  const result = await engineFor(mock.url, { timeoutMs: 300, maxRetries: 1 }).suggest(suggestInput())
  t.equal(result.length, 1)
  t.equal(mock.completions.length, 2)
})

t.test('the deadline caps the attempt: a hang ends at the deadline, not the timeout', async (t) => {
  mock.script({ fault: 'hang' })
  const started = Date.now()
  const error = await failure(engineFor(mock.url, { timeoutMs: 5000 }).suggest(suggestInput(), { deadline: Date.now() + 300 }))
  t.equal(error.code, 'LLM_DEADLINE_EXCEEDED')
  t.ok(Date.now() - started < 2000)
  t.equal(mock.completions.length, 1)
})

t.test('a call past its deadline is never sent', async (t) => {
  const error = await failure(engineFor(mock.url).suggest(suggestInput(), { deadline: Date.now() - 1 }))
  t.equal(error.code, 'LLM_DEADLINE_EXCEEDED')
  t.equal(mock.completions.length, 0)
})

t.test('the caller\'s signal aborts an in-flight call without retrying', async (t) => {
  mock.script({ fault: 'hang' })
  const controller = new AbortController()
  const pending = failure(engineFor(mock.url).suggest(suggestInput(), { signal: controller.signal }))
  await mock.waitForCompletions(1)
  controller.abort()
  const error = await pending
  t.equal(error.code, 'LLM_ABORTED')
  t.equal(mock.completions.length, 1)
})

t.test('a 4xx other than structured-output rejection is not retried', async (t) => {
  mock.script({ status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } })
  const error = await failure(engineFor(mock.url).suggest(suggestInput()))
  t.equal(error.code, 'LLM_REJECTED')
  t.equal(mock.completions.length, 1)
})

t.test('circuit breaker opens after N failures, fails fast, half-opens after the cool-down with one probe', async (t) => {
  const states: string[] = []
  let halfOpen: () => void = () => {}
  const halfOpened = new Promise<void>((resolve) => { halfOpen = resolve })
  const engine = engineFor(mock.url, { maxRetries: 0, breaker: { failureThreshold: 3, cooldownMs: 300 } }, {
    onCircuitState: ({ state }) => {
      states.push(state)
      if (state === 'half-open') halfOpen()
    }
  })
  mock.script({ fault: 'server-error' }, { fault: 'server-error' }, { fault: 'server-error' })
  for (let i = 0; i < 3; i++) t.equal((await failure(engine.suggest(suggestInput()))).code, 'LLM_UNAVAILABLE')
  t.equal(engine.circuitState, 'open')

  const fast = await failure(engine.suggest(suggestInput()))
  t.equal(fast.code, 'LLM_CIRCUIT_OPEN')
  t.equal(mock.completions.length, 3, 'an open circuit sends nothing')

  await halfOpened
  t.equal(engine.circuitState, 'half-open')
  // The probe is slow; a call arriving meanwhile is refused rather than sent.
  mock.script({ json: validSuggestions, latencyMs: 200 })
  const probe = engine.suggest(suggestInput())
  await mock.waitForCompletions(4)
  t.equal((await failure(engine.suggest(suggestInput()))).code, 'LLM_CIRCUIT_OPEN', 'only one probe at a time')
  t.equal((await probe).length, 1)
  t.equal(engine.circuitState, 'closed')
  t.equal(mock.completions.length, 4)
  t.same(states, ['open', 'half-open', 'closed'])
})

t.test('a failed probe opens the circuit again', async (t) => {
  let halfOpen: () => void = () => {}
  const halfOpened = new Promise<void>((resolve) => { halfOpen = resolve })
  const engine = engineFor(mock.url, { maxRetries: 0, breaker: { failureThreshold: 1, cooldownMs: 200 } }, {
    onCircuitState: ({ state }) => { if (state === 'half-open') halfOpen() }
  })
  mock.script({ fault: 'server-error' }, { fault: 'server-error' })
  await failure(engine.suggest(suggestInput()))
  t.equal(engine.circuitState, 'open')
  await halfOpened
  t.equal((await failure(engine.suggest(suggestInput()))).code, 'LLM_UNAVAILABLE')
  t.equal(engine.circuitState, 'open')
  t.equal((await failure(engine.suggest(suggestInput()))).code, 'LLM_CIRCUIT_OPEN')
  t.equal(mock.completions.length, 2)
})

t.test('concurrency cap: never more calls in flight than configured', async (t) => {
  mock.setDefaultLatency(100)
  t.teardown(() => mock.setDefaultLatency(0))
  const engine = engineFor(mock.url, { concurrency: 2 })
  const results = await Promise.all(Array.from({ length: 6 }, () => engine.suggest(suggestInput())))
  t.equal(results.length, 6)
  t.equal(mock.completions.length, 6)
  t.equal(mock.maxConcurrent, 2)
})

t.test('a call waiting for a slot gives up at its deadline', async (t) => {
  mock.script({ fault: 'hang' })
  const engine = engineFor(mock.url, { concurrency: 1, timeoutMs: 1000, maxRetries: 0 })
  const first = failure(engine.suggest(suggestInput()))
  await mock.waitForCompletions(1)
  const error = await failure(engine.suggest(suggestInput(), { deadline: Date.now() + 100 }))
  t.equal(error.code, 'LLM_DEADLINE_EXCEEDED')
  t.equal((await first).code, 'LLM_TIMEOUT')
  t.equal(mock.completions.length, 1, 'the queued call was never sent')
})

t.test('metrics: calls, latency, attempts, tokens and error codes are reported', async (t) => {
  const calls: Array<{ operation: string, attempts: number, errorCode?: string, durationMs: number }> = []
  const tokens: number[] = []
  const engine = engineFor(mock.url, { maxRetries: 1 }, {
    onCall: (report) => calls.push(report),
    onTokens: (report) => tokens.push(report.promptTokens + report.completionTokens)
  })
  mock.script({ fault: 'server-error' }, { json: validSuggestions }, { fault: 'server-error' }, { fault: 'server-error' })
  await engine.suggest(suggestInput())
  await failure(engine.suggest(suggestInput()))
  t.equal(calls.length, 2)
  t.match(calls[0], { operation: 'suggest', attempts: 2 })
  t.notOk('errorCode' in calls[0]!)
  t.match(calls[1], { operation: 'suggest', attempts: 2, errorCode: 'LLM_UNAVAILABLE' })
  t.ok(calls.every((c) => c.durationMs >= 0))
  t.equal(tokens.length, 1)
  t.ok(tokens[0]! > 0)
})
