import { test, type Test } from 'tap'
import { Registry } from 'prom-client'
import { meetingKeys, type RedisStore } from '@meeting-ai/store'
import { uniquePrefix } from '@meeting-ai/testkit/redis'
import { createSegmentPipeline, type AnalysisSettings, type SegmentPipeline } from '@meeting-ai/ingest'
import { ScriptedEngine } from './fixtures/scripted-engine.ts'
import { listen, raw, recordingLogger, redisStore, sttEvent, testConfig } from './fixtures/harness.ts'

interface Member { store: RedisStore, engine: ScriptedEngine, pipeline: SegmentPipeline, registry: Registry }

/** Two workers: separate connections, engines and pipelines on one key prefix. */
async function workers (t: Test, count: number, analysis: Partial<AnalysisSettings> = {}): Promise<Member[]> {
  const prefix = uniquePrefix('worker-flight')
  const config = testConfig(prefix)
  const members: Member[] = []
  for (let i = 0; i < count; i++) {
    const store = await redisStore(t, prefix, config)
    const engine = new ScriptedEngine()
    const registry = new Registry()
    const pipeline = createSegmentPipeline({ config, store, engine, logger: recordingLogger(), registry, analysis: { retry: { initialMs: 20, maxMs: 50 }, ...analysis } })
    t.teardown(async () => { await pipeline.close() })
    members.push({ store, engine, pipeline, registry })
  }
  return members
}

async function outcomes (registry: Registry, outcome: string): Promise<number> {
  const metric = await registry.getSingleMetric('meeting_ai_worker_analyses_total')?.get()
  return metric?.values.filter((v) => v.labels.outcome === outcome).reduce((sum, v) => sum + v.value, 0) ?? 0
}

test('single flight: two workers on one meeting run one analysis per threshold crossing', async (t) => {
  const [a, b] = await workers(t, 2) as [Member, Member]
  const live = await listen(t, a.store, 'm-sf')
  a.engine.hold()
  await a.pipeline.ingest([1, 2, 3].map((n) => raw(sttEvent('m-sf', n))), 'test')
  await a.engine.callsStarted(1)
  // Worker b crosses the threshold again while a is analysing: the lock is held, b does nothing.
  await b.pipeline.ingest([4, 5, 6].map((n) => raw(sttEvent('m-sf', n))), 'test')
  await b.pipeline.drain()
  t.equal(b.engine.calls.length, 0, 'b did not analyse while a held the lock')
  t.ok(await outcomes(b.registry, 'busy') >= 1, 'b found the lock held')
  a.engine.release()
  await live.count(2)
  await a.pipeline.drain()
  t.equal(a.engine.calls.length + b.engine.calls.length, 2, 'two crossings, two analyses')
  t.same(a.engine.calls[1]?.segments.map((s) => s.text).slice(-3), ['segment 4', 'segment 5', 'segment 6'], 'a re-checked after releasing and covered b\'s segments')
  t.equal(await a.store.windows.pending('m-sf'), 0)
})

test('single flight under concurrent load: never two analyses of one meeting at once, nothing left behind', async (t) => {
  const members = await workers(t, 2)
  let inFlight = 0
  let maxInFlight = 0
  for (const member of members) {
    const suggest = member.engine.suggest.bind(member.engine)
    // Wraps the real engine to observe overlap across both workers.
    member.engine.suggest = async (input, options) => {
      inFlight += 1
      maxInFlight = Math.max(maxInFlight, inFlight)
      try {
        await new Promise((resolve) => setImmediate(resolve))
        return await suggest(input, options)
      } finally {
        inFlight -= 1
      }
    }
  }
  await Promise.all(members.map(async (member, i) => {
    for (let n = 1; n <= 30; n++) await member.pipeline.ingest([raw(sttEvent('m-load', i * 100 + n))], 'test')
  }))
  await Promise.all(members.map(async (member) => { await member.pipeline.drain() }))
  const calls = members.reduce((sum, member) => sum + member.engine.calls.length, 0)
  t.equal(maxInFlight, 1, 'at most one analysis in flight')
  t.ok(calls >= 1 && calls <= 20, `${calls} analyses for 60 segments`)
  t.ok(await members[0]!.store.windows.pending('m-load') < 3, 'no crossing left unanalysed')
})

test('coalescing: segments arriving during a slow analysis are covered by the next one', async (t) => {
  const [a] = await workers(t, 1) as [Member]
  const live = await listen(t, a.store, 'm-co')
  a.engine.hold()
  await a.pipeline.ingest([1, 2, 3].map((n) => raw(sttEvent('m-co', n))), 'test')
  await a.engine.callsStarted(1)
  await a.pipeline.ingest([4, 5, 6, 7].map((n) => raw(sttEvent('m-co', n))), 'test')
  t.equal(a.engine.calls.length, 1, 'no second analysis while the first runs')
  a.engine.release()
  await live.count(2)
  await a.pipeline.drain()
  t.equal(a.engine.calls.length, 2, 'one follow-up for the four segments that arrived meanwhile')
  t.equal(a.engine.calls[1]?.segments.at(-1)?.text, 'segment 7')
  t.equal(await a.store.windows.pending('m-co'), 0, 'both counts consumed')
})

test('fencing: a worker whose lease expired does not publish', async (t) => {
  const [a, b] = await workers(t, 2, { lockTtlMs: 300 }) as [Member, Member]
  a.engine.hold()
  await a.pipeline.ingest([1, 2, 3].map((n) => raw(sttEvent('m-fence', n))), 'test')
  await a.engine.callsStarted(1)
  // a stalls past its TTL (the key vanishes as if expired) and b takes over.
  await a.store.client.del(meetingKeys(a.store.prefix, 'm-fence').lock)
  await b.pipeline.ingest([raw(sttEvent('m-fence', 4))], 'test')
  await b.pipeline.drain()
  t.equal(b.engine.calls.length, 1, 'b analysed')
  await a.pipeline.drain()
  t.equal(await outcomes(a.registry, 'lease_lost'), 1, 'a noticed at renewal that its lease was lost and gave up')
  a.engine.release()
  const sets = await a.store.suggestions.readAfter('m-fence', '0')
  t.equal(sets.length, 1, 'only b published')
  t.equal(JSON.parse(sets[0]!.payload).suggestions[0].content, 'follow up on: segment 4')
  t.equal(await a.store.windows.pending('m-fence'), 0, 'b consumed what it analysed, a consumed nothing')
})
