import { Gauge, type Registry } from 'prom-client'

/**
 * The partitions one Event Hubs source reads now, and per partition the enqueued time of the
 * last event written to the store (or the claim time while none has been). A partition whose
 * age keeps growing while producers send is one nobody takes in.
 */
export class OwnedPartitions {
  readonly #since = new Map<string, number>()

  claimed (partitionId: string, nowMs: number): void {
    this.#since.set(partitionId, nowMs)
  }

  released (partitionId: string): void {
    this.#since.delete(partitionId)
  }

  /** Only for a partition still owned: a batch finishing after its close does not bring it back. */
  taken (partitionId: string, enqueuedMs: number): void {
    if (this.#since.has(partitionId)) this.#since.set(partitionId, enqueuedMs)
  }

  get size (): number {
    return this.#since.size
  }

  ids (): string[] {
    return [...this.#since.keys()]
  }

  /** Seconds since the last event taken in (or the claim), by partition. */
  ages (nowMs: number): Map<string, number> {
    return new Map([...this.#since].map(([id, since]) => [id, Math.max(0, nowMs - since) / 1000]))
  }
}

interface PartitionGauges {
  readonly sources: Set<OwnedPartitions>
  readonly owned: Gauge
  readonly lastEventAge: Gauge<'partition'>
}

// One pair of gauges per registry, fed by every source registered on it (the all-in-one app
// and tests may run two workers on one registry).
const gaugesByRegistry = new WeakMap<Registry, PartitionGauges>()

function gaugesOf (registry: Registry): PartitionGauges {
  const existing = gaugesByRegistry.get(registry)
  if (existing !== undefined) return existing
  const sources = new Set<OwnedPartitions>()
  const registers = [registry]
  const owned = new Gauge({
    name: 'meeting_ai_worker_eventhubs_partitions_owned',
    help: 'Event Hubs partitions this worker reads now (claimed and not closed)',
    registers,
    collect () {
      let owned = 0
      for (const source of sources) owned += source.size
      this.set(owned)
    }
  })
  const lastEventAge = new Gauge({
    name: 'meeting_ai_worker_eventhubs_last_event_age_seconds',
    help: 'Per owned partition: seconds since the enqueued time of the last event taken in (since the claim while none has been)',
    labelNames: ['partition'] as const,
    registers,
    collect () {
      this.reset()
      const now = Date.now()
      const youngest = new Map<string, number>()
      for (const source of sources) {
        for (const [id, age] of source.ages(now)) youngest.set(id, Math.min(age, youngest.get(id) ?? Infinity))
      }
      for (const [partition, age] of youngest) this.set({ partition }, age)
    }
  })
  const gauges = { sources, owned, lastEventAge }
  gaugesByRegistry.set(registry, gauges)
  return gauges
}

/** Reports `partitions` on the registry's gauges until the returned function is called. */
export function reportOwnedPartitions (registry: Registry, partitions: OwnedPartitions): () => void {
  const { sources } = gaugesOf(registry)
  sources.add(partitions)
  return () => { sources.delete(partitions) }
}
