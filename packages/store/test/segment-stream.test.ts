import { deleteKeys, TEST_REDIS_URL, uniquePrefix } from '@meeting-ai/testkit/redis'
import t, { type Test } from 'tap'
import { openSegmentStreamReader, openSegmentStreamWriter, sttStreamBaseKey, sttStreamKeyFor, sttStreamKeys, type SegmentStreamReader } from '../src/index.ts'

const logger = { info () {}, warn () {}, error () {} }
const group = 'workers'

async function setup (t: Test, shards: number): Promise<{ keys: string[], baseKey: string, reader: (consumer: string) => Promise<SegmentStreamReader> }> {
  const prefix = uniquePrefix('segment-stream')
  const baseKey = sttStreamBaseKey(prefix, 'stt:events')
  t.teardown(async () => { await deleteKeys(prefix) })
  const keys = sttStreamKeys(baseKey, shards)
  return {
    keys,
    baseKey,
    reader: async (consumer) => {
      const reader = await openSegmentStreamReader({ url: TEST_REDIS_URL, keys, group, consumer, logger })
      t.teardown(() => reader.close())
      return reader
    }
  }
}

t.test('a written event is read by the group from its meeting\'s shard, once, and stays pending until acknowledged', async (t) => {
  const { keys, baseKey, reader } = await setup(t, 4)
  const consumer = await reader('c1')
  const writer = await openSegmentStreamWriter({ url: TEST_REDIS_URL, baseKey, shards: 4, logger })
  t.teardown(() => writer.close())
  const id = await writer.append('m-1', { meetingId: 'm-1', text: 'hello' })
  const shard = sttStreamKeyFor(baseKey, 4, 'm-1')
  t.ok(keys.includes(shard))

  const batches = await consumer.readGroup(keys.map((key) => ({ key, id: '>' })), { count: 10, blockMs: 1000 })
  t.same(batches, [{ key: shard, messages: [{ id, message: { event: JSON.stringify({ meetingId: 'm-1', text: 'hello' }) } }] }])
  t.equal(await consumer.readGroup(keys.map((key) => ({ key, id: '>' })), { count: 10 }), null, 'a new read gets nothing new')
  t.same((await consumer.readGroup([{ key: shard, id: '0' }], { count: 10 }))?.[0]?.messages.map((m) => m.id), [id], 'pending: re-read from 0')
  await consumer.ack(shard, [id])
  t.same((await consumer.readGroup([{ key: shard, id: '0' }], { count: 10 }))?.[0]?.messages, [], 'acknowledged: nothing pending')
})

t.test('entries another consumer left pending are claimed once idle long enough', async (t) => {
  const { keys, baseKey, reader } = await setup(t, 1)
  const dead = await reader('dead')
  const alive = await reader('alive')
  const writer = await openSegmentStreamWriter({ url: TEST_REDIS_URL, baseKey, shards: 1, logger })
  t.teardown(() => writer.close())
  const ids = [await writer.append('m-1', { n: 1 }), await writer.append('m-2', { n: 2 })]
  const key = keys[0] as string
  await dead.readGroup([{ key, id: '>' }], { count: 10 })
  t.same((await alive.claimStale(key, 60_000, '0-0', 10)).messages, [], 'not idle long enough')
  const claimed = await alive.claimStale(key, 0, '0-0', 10)
  t.same(claimed.messages.map((m) => m.id), ids)
  t.equal(claimed.nextCursor, '0-0', 'nothing left to iterate')
})

t.test('opening a reader on an existing group keeps its position', async (t) => {
  const { keys, baseKey, reader } = await setup(t, 1)
  const writer = await openSegmentStreamWriter({ url: TEST_REDIS_URL, baseKey, shards: 1, logger })
  t.teardown(() => writer.close())
  await writer.append('m-1', { n: 1 })
  const first = await reader('c1')
  const key = keys[0] as string
  const [batch] = await first.readGroup([{ key, id: '>' }], { count: 10 }) ?? []
  await first.ack(key, batch?.messages.map((m) => m.id) ?? [])
  first.close()
  const second = await reader('c2')
  t.equal(await second.readGroup([{ key, id: '>' }], { count: 10 }), null, 'the group was not made again from the start')
})
