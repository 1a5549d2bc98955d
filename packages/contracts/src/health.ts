import Type, { type Static } from 'typebox'

const Status = Type.Union([Type.Literal('UP'), Type.Literal('DOWN')])

export const HealthComponent = Type.Object({
  status: Status,
  details: Type.Optional(Type.Record(Type.String(), Type.Unknown()))
}, { $id: 'HealthComponent' })
export type HealthComponent = Static<typeof HealthComponent>

export const Health = Type.Object({
  status: Status,
  store: Type.Union([Type.Literal('redis'), Type.Literal('embedded')], { description: 'The store this process runs on' }),
  engine: Type.String({ description: 'Deprecated: the same value as `store`, kept for probes written against earlier versions; will be removed' }),
  components: Type.Record(Type.String(), HealthComponent)
}, { $id: 'Health' })
export type Health = Static<typeof Health>

/** The answer of GET /health/live: the process answers; the store is not asked. */
export const Liveness = Type.Object({
  status: Type.Literal('UP')
}, { $id: 'Liveness' })
export type Liveness = Static<typeof Liveness>
