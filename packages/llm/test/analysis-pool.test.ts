import { test } from 'tap'
import { Registry } from 'prom-client'
import { AnalysisPool, AnalysisQueueFullError, LlmAbortedError, OfflineEngine, PooledOfflineEngine, threadExecArgv } from '../src/index.ts'

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
