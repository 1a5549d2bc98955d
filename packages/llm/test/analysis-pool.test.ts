import { availableParallelism, getPriority } from 'node:os'
import { test } from 'tap'
import { Registry } from 'prom-client'
import { AnalysisPool, AnalysisQueueFullError, defaultAnalysisThreads, LlmAbortedError, OfflineEngine, PooledOfflineEngine, threadExecArgv } from '../src/index.ts'

const minutes = [{ userId: 'u1', content: 'Budget: we agreed to cut travel. Kim will send the budget by Friday.' }]

test('threads get the loader and the conditions, not a test runner\'s preloads', async (t) => {
  t.same(threadExecArgv(['--import=file:///x/@tapjs/processinfo/import.mjs', '--enable-source-maps', '--import=tsx', '--conditions=@meeting-ai/source']),
    ['--enable-source-maps', '--import=tsx', '--conditions=@meeting-ai/source'])
  t.same(threadExecArgv(['--conditions', '@meeting-ai/source', '--import', 'tsx', '--max-semi-space-size=64']), ['--conditions', '@meeting-ai/source', '--import', 'tsx'])
  t.same(threadExecArgv([]), [])
})

test('the pooled offline engine answers as the offline engine does; a stopped call is aborted on its thread', async (t) => {
  const registry = new Registry()
  const pool = new AnalysisPool({ threads: 1, maxQueue: 4, registry })
  t.teardown(() => pool.close())
  const pooled = new PooledOfflineEngine(pool)
  t.same(await pooled.analyseChunk({ agendas: [], minutes }), await new OfflineEngine().analyseChunk({ agendas: [], minutes }))

  const controller = new AbortController()
  const big = [{ userId: 'u1', content: 'We agreed that Kim will send the budget report on Friday.\n'.repeat(20_000) }]
  const call = pooled.analyseChunk({ agendas: [], minutes: big }, { signal: controller.signal })
  await t.resolves(new Promise<void>((resolve) => { const wait = (): void => { if (pool.active > 0) resolve(); else setImmediate(wait) }; wait() }))
  controller.abort(new Error('budget'))
  await t.rejects(call, LlmAbortedError)
  t.match(await registry.metrics(), /meeting_ai_analysis_aborted_total 1/)
  // A fresh thread took the stopped one's place.
  t.ok((await pooled.suggest({ meetingId: 'm', segments: [], previousSuggestions: [] })) instanceof Array)
})

test('a full queue refuses with AnalysisQueueFullError and counts it', async (t) => {
  const registry = new Registry()
  const pool = new AnalysisPool({ threads: 1, maxQueue: 1, registry })
  t.teardown(() => pool.close())
  const pooled = new PooledOfflineEngine(pool)
  const big = [{ userId: 'u1', content: 'We agreed that Kim will send the budget report on Friday.\n'.repeat(5000) }]
  // The thread is up and idle: the next task goes to it, the one after waits in the queue.
  await pooled.analyseChunk({ agendas: [], minutes })
  const running = [pooled.analyseChunk({ agendas: [], minutes: big }), pooled.analyseChunk({ agendas: [], minutes: big })]
  t.ok(pool.full)
  const refused = await pooled.analyseChunk({ agendas: [], minutes }).catch((error: unknown) => error)
  t.type(refused, AnalysisQueueFullError)
  t.ok((refused as AnalysisQueueFullError).retryAfterS >= 1)
  t.match(await registry.metrics(), /meeting_ai_analysis_rejected_total 1/)
  await Promise.all(running)
  t.notOk(pool.full)
})

const PRIORITY_TASK = new URL('./fixtures/thread-priority-task.ts', import.meta.url).href

test('each thread lowers its own priority to threadNice; the event loop keeps its own', { skip: process.platform !== 'linux' && 'thread priorities are per thread on Linux only' }, async (t) => {
  const mainBefore = getPriority(0)
  const nice = Math.min(19, mainBefore + 7)
  const pool = new AnalysisPool({ threads: 2, maxQueue: 4, threadNice: nice, registry: new Registry() })
  t.teardown(() => pool.close())
  // Two tasks at once: one on each thread.
  const seen = await Promise.all([pool.run(PRIORITY_TASK, 'threadPriority', null), pool.run(PRIORITY_TASK, 'threadPriority', null)])
  t.same(seen, [{ getPriority: nice, procNice: nice }, { getPriority: nice, procNice: nice }])
  t.equal(getPriority(0), mainBefore, 'the main thread is untouched')
  t.equal(pool.priorityFailures, 0)

  const unchanged = new AnalysisPool({ threads: 1, maxQueue: 4, threadNice: 0 })
  t.teardown(() => unchanged.close())
  t.same(await unchanged.run(PRIORITY_TASK, 'threadPriority', null), { getPriority: mainBefore, procNice: mainBefore }, 'threadNice 0 leaves the threads alone')
})

test('a thread that cannot set its priority is logged once, counted, and still works', { skip: process.platform !== 'linux' && 'thread priorities are per thread on Linux only' }, async (t) => {
  const registry = new Registry()
  const warnings: unknown[] = []
  // 20 is past the kernel's range: os.setPriority refuses it in the thread, as it refuses a
  // lower niceness without CAP_SYS_NICE.
  const pool = new AnalysisPool({ threads: 2, maxQueue: 4, threadNice: 20, registry, logger: { warn: (details) => { warnings.push(details) } } })
  t.teardown(() => pool.close())
  const seen = await Promise.all([pool.run<{ getPriority: number }>(PRIORITY_TASK, 'threadPriority', null), pool.run<{ getPriority: number }>(PRIORITY_TASK, 'threadPriority', null)])
  t.same(seen.map((s) => s.getPriority), [getPriority(0), getPriority(0)], 'the threads run at the process\'s priority')
  await t.resolves(new Promise<void>((resolve) => { const wait = (): void => { if (pool.priorityFailures === 2) resolve(); else setImmediate(wait) }; wait() }))
  t.match(await registry.metrics(), /meeting_ai_analysis_thread_priority_failures_total 2/)
  t.equal(warnings.length, 1, 'logged once')
  t.match(warnings[0], { nice: 20 })
})

test('the default leaves a core to the event loop', async (t) => {
  t.equal(defaultAnalysisThreads(), Math.max(1, availableParallelism() - 1))
  const pool = new AnalysisPool({ maxQueue: 1 })
  t.teardown(() => pool.close())
  t.equal(pool.threads, defaultAnalysisThreads())
})
