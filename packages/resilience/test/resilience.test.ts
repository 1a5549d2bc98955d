import t from 'tap'
import {
  backoffDelay, CircuitBreaker, CircuitOpenError, ConcurrencyLimit, reconnectDelay, retryUntil, TimedOutError, WaitAbortedError, WaitDeadlineError, withTimeout,
  type CircuitState
} from '../src/index.ts'

// The breaker's half-open timer is unref'd (an idle breaker must not hold a process open); a
// service keeps its loop alive with its sockets, this test with a ref'd interval.
const keepAlive = setInterval(() => {}, 60_000)
t.teardown(() => clearInterval(keepAlive))

/** A promise and its resolve function, for operations the test finishes when it chooses. */
function gate<T = void> (): { promise: Promise<T>, open: (value: T) => void } {
  let open: (value: T) => void = () => {}
  const promise = new Promise<T>((resolve) => { open = resolve })
  return { promise, open }
}

t.test('backoff: half jitter under an exponential ceiling, capped, never 0', async (t) => {
  const policy = { initialMs: 100, maxMs: 2000 }
  for (let attempt = 0; attempt < 40; attempt++) {
    const ceiling = Math.min(policy.maxMs, policy.initialMs * 2 ** attempt)
    for (let i = 0; i < 50; i++) {
      const delay = backoffDelay(attempt, policy)
      t.ok(delay >= Math.floor(ceiling / 2) && delay <= ceiling, `attempt ${attempt}: ${delay} in [${ceiling / 2}, ${ceiling}]`)
    }
  }
  t.ok(backoffDelay(0, { initialMs: 1, maxMs: 1 }) >= 1)
  const delays = Array.from({ length: 200 }, () => backoffDelay(3, policy))
  t.ok(new Set(delays).size > 10, 'jittered, not one value')
  const strategy = reconnectDelay(policy)
  t.ok(strategy(0) >= 50 && strategy(0) <= 100)
  t.ok(strategy(1000) >= 1000 && strategy(1000) <= 2000)
})

t.test('retryUntil: retries each failure after a reported delay and returns the value', async (t) => {
  const failures: Array<{ attempt: number, delayMs: number, message: string }> = []
  let calls = 0
  const result = await retryUntil(async () => {
    if (++calls <= 2) throw new Error(`failure ${calls}`)
    return 'written'
  }, {
    backoff: { initialMs: 2, maxMs: 4 },
    onFailure: (error, attempt, delayMs) => failures.push({ attempt, delayMs, message: (error as Error).message })
  })
  t.same(result, { value: 'written' })
  t.equal(calls, 3)
  t.same(failures.map((f) => [f.attempt, f.message]), [[1, 'failure 1'], [2, 'failure 2']])
  t.ok(failures.every((f) => f.delayMs >= 1 && f.delayMs <= 4))
})

t.test('retryUntil: a stop ends the wait at once and gives up', async (t) => {
  const stop = new AbortController()
  let calls = 0
  const started = Date.now()
  const result = await retryUntil(async () => {
    calls++
    throw new Error('store down')
  }, {
    backoff: { initialMs: 60_000, maxMs: 60_000 },
    signal: stop.signal,
    onFailure: () => { setImmediate(() => stop.abort()) }
  })
  t.equal(result, undefined)
  t.equal(calls, 1)
  t.ok(Date.now() - started < 5000, 'did not sit out the 30..60 s delay')
})

t.test('retryUntil: the stopped() check ends the retries too', async (t) => {
  let closed = false
  let calls = 0
  const result = await retryUntil(async () => {
    calls++
    closed = true
    throw new Error('partition lost')
  }, { backoff: { initialMs: 1, maxMs: 1 }, stopped: () => closed, onFailure: () => t.fail('no retry once stopped') })
  t.equal(result, undefined)
  t.equal(calls, 1)
})

t.test('circuit breaker: opens after N failures, refuses, half-opens on its own, one probe at a time, closes', async (t) => {
  const states: CircuitState[] = []
  const halfOpened = gate()
  const breaker = new CircuitBreaker({
    failureThreshold: 2,
    cooldownMs: 150,
    isFailure: (error) => (error as Error).message === 'unhealthy',
    onStateChange: (state) => {
      states.push(state)
      if (state === 'half-open') halfOpened.open()
    }
  })
  const fail = async (message: string) => await breaker.execute(async () => { throw new Error(message) })
  await t.rejects(fail('unhealthy'))
  // An error that says nothing about the dependency passes through and is not counted.
  await t.rejects(fail('rejected by the dependency'), { message: 'rejected by the dependency' })
  t.equal(breaker.state, 'closed')
  await t.rejects(fail('unhealthy'))
  t.equal(breaker.state, 'open')

  let ran = false
  const refused = await breaker.execute(async () => { ran = true }).catch((error: unknown) => error)
  t.ok(refused instanceof CircuitOpenError)
  t.ok((refused as CircuitOpenError).retryInMs > 0 && (refused as CircuitOpenError).retryInMs <= 150)
  t.notOk(ran, 'an open circuit runs nothing')

  await halfOpened.promise
  t.equal(breaker.state, 'half-open', 'half-open without any call')
  const slow = gate<string>()
  const probe = breaker.execute(async () => await slow.promise)
  const second = await breaker.execute(async () => 'second').catch((error: unknown) => error)
  t.ok(second instanceof CircuitOpenError, 'a call during the probe is refused')
  t.equal((second as CircuitOpenError).retryInMs, 0)
  slow.open('answer')
  t.equal(await probe, 'answer')
  t.equal(breaker.state, 'closed')
  t.same(states, ['open', 'half-open', 'closed'])
})

t.test('circuit breaker: a failed probe opens it again, a success resets the count', async (t) => {
  let halfOpened = gate()
  const breaker = new CircuitBreaker({
    failureThreshold: 2,
    cooldownMs: 50,
    isFailure: () => true,
    onStateChange: (state) => { if (state === 'half-open') halfOpened.open() }
  })
  const fail = async () => await breaker.execute(async () => { throw new Error('down') })
  await t.rejects(fail())
  await breaker.execute(async () => 'ok')
  await t.rejects(fail())
  t.equal(breaker.state, 'closed', 'the success in between reset the consecutive count')
  await t.rejects(fail())
  t.equal(breaker.state, 'open')
  await halfOpened.promise
  halfOpened = gate()
  await t.rejects(fail(), { message: 'down' })
  t.equal(breaker.state, 'open')
  await t.rejects(breaker.execute(async () => 'refused'), CircuitOpenError)
})

t.test('concurrency limit: never more than max at once; waiters leave at their deadline or abort', async (t) => {
  const limit = new ConcurrencyLimit(2)
  let running = 0
  let peak = 0
  const work = async () => {
    running++
    peak = Math.max(peak, running)
    await new Promise((resolve) => setImmediate(resolve))
    running--
  }
  await Promise.all(Array.from({ length: 10 }, async () => await limit.run(work)))
  t.equal(peak, 2)

  const single = new ConcurrencyLimit(1)
  const hold = gate()
  const holder = single.run(async () => await hold.promise)
  let late = false
  const started = Date.now()
  const timedOut = await single.run(async () => { late = true }, { deadline: Date.now() + 50 }).catch((error: unknown) => error)
  t.ok(timedOut instanceof WaitDeadlineError)
  t.ok(Date.now() - started < 2000, 'left at its deadline, not when the slot freed')
  const controller = new AbortController()
  const waiting = single.run(async () => { late = true }, { signal: controller.signal }).catch((error: unknown) => error)
  controller.abort(new Error('caller gone'))
  const aborted = await waiting
  t.ok(aborted instanceof WaitAbortedError)
  t.equal((aborted as WaitAbortedError).cause, controller.signal.reason)
  await t.rejects(single.run(async () => {}, { signal: controller.signal }), WaitAbortedError)
  hold.open()
  await holder
  t.equal(await single.run(async () => 'next'), 'next', 'the slot is free again')
  t.notOk(late, 'calls that left the queue never ran')
})

t.test('withTimeout: the answer within the limit, TimedOutError and an aborted signal after it', async (t) => {
  t.equal(await withTimeout(1000, async () => 'fast'), 'fast')
  let seen: AbortSignal | undefined
  const error = await withTimeout(30, async (signal) => {
    seen = signal
    return await new Promise<never>(() => {})
  }).catch((error: unknown) => error)
  t.ok(error instanceof TimedOutError)
  t.equal((error as TimedOutError).timeoutMs, 30)
  t.equal(seen?.aborted, true)
  await t.rejects(withTimeout(1000, async () => { throw new Error('own failure') }), { message: 'own failure' })
})
