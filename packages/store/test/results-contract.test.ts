import { createClient } from 'redis'
import t, { type Test } from 'tap'
import type { ConsolidateRequest, ConsolidateResponse } from '@meeting-ai/contracts'
import { deleteKeys, TEST_REDIS_URL, uniquePrefix } from '@meeting-ai/testkit/redis'
import { MemoryConsolidationResultStore, RedisConsolidationResultStore, type ConsolidationResultStore, type RedisClusterClient } from '../src/index.ts'
import { sharedClusterClient } from './contract/shared-cluster.ts'

const request: ConsolidateRequest = {
  meetingId: 'm-1',
  participantMinutes: [{ userId: 'u1', content: 'We agreed to cut travel.' }]
}
const response = (partial = false): ConsolidateResponse => ({
  meetingId: 'm-1',
  keywords: ['travel'],
  agendaSummaries: [{ agendaNumber: 1, agendaTitle: 'Budget', summaryShort: 's', summary: 'S', decisions: ['cut travel'], pending: [] }],
  todos: [{ title: 'Send the budget' }],
  generatedAt: 1_795_424_400_000,
  model: 'offline:extractive-v1',
  partial,
  notes: partial ? ['the reduce step fell back'] : []
})

interface Fixture { store: ConsolidationResultStore, ttlOf?: (pattern: string) => Promise<number[]> }

async function redisFixture (t: Test): Promise<Fixture> {
  const client = createClient({ url: TEST_REDIS_URL })
  client.on('error', () => {})
  await client.connect()
  const prefix = uniquePrefix('results')
  t.teardown(async () => {
    client.destroy()
    await deleteKeys(prefix)
  })
  return {
    store: new RedisConsolidationResultStore(client, prefix, { resultTtlS: 120 }),
    ttlOf: async () => {
      const ttls: number[] = []
      for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 100 })) {
        for (const key of keys) ttls.push(await client.pTTL(key))
      }
      return ttls
    }
  }
}

// The cluster runs of this file share one cluster, started by the first that needs it.
const clusterClient = async (): Promise<RedisClusterClient> => await sharedClusterClient(t)

const fixtures: Record<string, (t: Test) => Promise<Fixture>> = {
  redis: redisFixture,
  'redis cluster': async (t) => {
    const client = await clusterClient()
    t.teardown(() => client.destroy())
    return { store: new RedisConsolidationResultStore(client, uniquePrefix('results'), { resultTtlS: 120 }) }
  },
  memory: async () => ({ store: new MemoryConsolidationResultStore({ resultTtlS: 120 }) })
}

for (const [name, make] of Object.entries(fixtures)) {
  t.test(`${name}: cache keeps complete answers only`, async (t) => {
    const { store } = await make(t)
    t.equal(await store.cached('h1'), null)
    await store.cache('h1', response())
    t.same(await store.cached('h1'), response())
    await t.rejects(store.cache('h2', response(true)), { code: 'STORE_UNEXPECTED_REPLY' }, 'a partial answer is refused')
    t.equal(await store.cached('h2'), null)
  })

  t.test(`${name}: per-meeting request and result, idempotency answers`, async (t) => {
    const { store, ttlOf } = await make(t)
    t.equal(await store.lastRequest('m-1'), null)
    t.equal(await store.lastResult('m-1'), null)
    await store.saveRequest('m-1', request)
    await store.saveResult('m-1', response())
    t.same(await store.lastRequest('m-1'), request)
    t.same(await store.lastResult('m-1'), response())
    t.equal(await store.lastRequest('m-2'), null, 'other meetings are separate')
    await store.rememberIdempotent('caller-a', 'k1', { requestHash: 'h1', response: response() })
    t.same(await store.idempotent('caller-a', 'k1'), { requestHash: 'h1', response: response() })
    t.equal(await store.idempotent('caller-b', 'k1'), null, 'keys are scoped per caller')
    if (ttlOf !== undefined) {
      const ttls = await ttlOf('*')
      t.ok(ttls.length >= 3)
      t.ok(ttls.every((ttl) => ttl > 100_000 && ttl <= 120_000), 'every key carries RESULT_TTL_S')
    }
  })

  t.test(`${name}: run claims are exclusive and released only by their holder`, async (t) => {
    const { store } = await make(t)
    const first = await store.claimRun('h1', 10_000)
    t.ok(first)
    t.equal(await store.claimRun('h1', 10_000), null, 'second claim refused')
    t.equal(await store.runClaimed('h1'), true)
    t.ok(await store.claimRun('h2', 10_000), 'other requests are independent')
    await store.releaseRun({ requestHash: 'h1', token: 'not-mine' })
    t.equal(await store.runClaimed('h1'), true, 'a foreign token does not release')
    await store.releaseRun(first!)
    t.equal(await store.runClaimed('h1'), false)
    t.ok(await store.claimRun('h1', 10_000), 'claimable again')
  })

  t.test(`${name}: stored values are copies`, async (t) => {
    const { store } = await make(t)
    const value = response()
    await store.cache('h1', value)
    value.keywords.push('mutated')
    const read = await store.cached('h1')
    read!.todos.push({ title: 'x' })
    t.same(await store.cached('h1'), response())
  })
}

t.test('memory: entries expire after RESULT_TTL_S and claims after their ttl', async (t) => {
  const start = Date.now()
  let now = start
  const store = new MemoryConsolidationResultStore({ resultTtlS: 60 }, { now: () => now })
  await store.cache('h1', response())
  t.ok(await store.claimRun('h1', 5000))
  now = start + 5001
  t.equal(await store.runClaimed('h1'), false, 'claim expired')
  t.ok(await store.cached('h1'), 'result still live')
  now = start + 60_001
  t.equal(await store.cached('h1'), null, 'result expired')
})
