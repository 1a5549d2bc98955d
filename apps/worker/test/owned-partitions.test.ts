import { test } from 'tap'
import { Registry } from 'prom-client'
import { OwnedPartitions, reportOwnedPartitions } from '../src/sources/owned-partitions.ts'

async function values (registry: Registry, name: string): Promise<Array<{ labels: Record<string, unknown>, value: number }>> {
  return (await registry.getSingleMetric(name)?.get())?.values ?? []
}

test('two sources on one registry: owned partitions add up, a partition read by both shows its youngest age, a stopped source drops out', async (t) => {
  const registry = new Registry()
  const now = Date.now()
  const a = new OwnedPartitions()
  const b = new OwnedPartitions()
  const stopA = reportOwnedPartitions(registry, a)
  reportOwnedPartitions(registry, b)

  a.claimed('0', now - 60_000)
  a.claimed('1', now - 60_000)
  a.taken('1', now - 30_000)
  b.claimed('1', now - 5_000)
  b.claimed('2', now - 1_000)
  // A batch finishing after its partition was closed does not bring the partition back.
  b.released('2')
  b.taken('2', now)

  t.same((await values(registry, 'meeting_ai_worker_eventhubs_partitions_owned')).map((v) => v.value), [3])
  const ages = new Map((await values(registry, 'meeting_ai_worker_eventhubs_last_event_age_seconds')).map((v) => [String(v.labels.partition), v.value]))
  t.same([...ages.keys()].sort(), ['0', '1'])
  t.ok((ages.get('0') ?? 0) >= 60, `partition 0: nothing taken in since the claim a minute ago (${ages.get('0')} s)`)
  t.ok((ages.get('1') ?? 99) >= 5 && (ages.get('1') ?? 99) < 30, `partition 1: the younger of the two (${ages.get('1')} s)`)

  stopA()
  t.same((await values(registry, 'meeting_ai_worker_eventhubs_partitions_owned')).map((v) => v.value), [1])
  t.same((await values(registry, 'meeting_ai_worker_eventhubs_last_event_age_seconds')).map((v) => v.labels.partition), ['1'])
})
