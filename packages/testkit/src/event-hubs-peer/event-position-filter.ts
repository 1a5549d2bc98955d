import type { PartitionLog, StoredEvent } from './partition-log.ts'

/** Where a receiver starts, from the selector filter the client attaches with. */
export type StartPosition =
  | { kind: 'start' }
  | { kind: 'latest' }
  | { kind: 'offset' | 'sequence-number' | 'enqueued-time', value: bigint, inclusive: boolean }

export const selectorFilterKey = 'apache.org:selector-filter:string'

const expression = /^amqp\.annotation\.x-opt-(offset|sequence-number|enqueued-time)\s*(>=|>)\s*'([^']*)'$/

/**
 * Reads the selector filter of a receiver link's source. The SDK sends
 * `amqp.annotation.x-opt-<field> >|>= '<value>'`, with offset `-1` for the
 * earliest event and `@latest` for the end. Returns undefined when the filter
 * is present but not understood.
 */
export function parseStartPosition (filter: unknown): StartPosition | undefined {
  const raw = unwrapDescribed(filterEntry(filter))
  if (raw === undefined) return { kind: 'start' }
  if (typeof raw !== 'string') return undefined
  const match = expression.exec(raw.trim())
  if (match === null) return undefined
  const [, field, operator, value = ''] = match
  if (field === 'offset' && value === '@latest') return { kind: 'latest' }
  if (field === 'offset' && value === '-1') return { kind: 'start' }
  if (!/^-?\d+$/.test(value)) return undefined
  const kind = field === 'offset' ? 'offset' : field === 'sequence-number' ? 'sequence-number' : 'enqueued-time'
  return { kind, value: BigInt(value), inclusive: operator === '>=' }
}

export function startIndex (log: PartitionLog, position: StartPosition): number {
  switch (position.kind) {
    case 'start': return 0
    case 'latest': return log.length
    default: {
      const valueOf = positionValue[position.kind]
      return log.firstIndexWhere((event) => position.inclusive
        ? valueOf(event) >= position.value
        : valueOf(event) > position.value)
    }
  }
}

const positionValue: Record<'offset' | 'sequence-number' | 'enqueued-time', (event: StoredEvent) => bigint> = {
  offset: (event) => BigInt(event.offset),
  'sequence-number': (event) => BigInt(event.sequenceNumber),
  'enqueued-time': (event) => BigInt(event.enqueuedTime.getTime())
}

function filterEntry (filter: unknown): unknown {
  if (filter === null || typeof filter !== 'object') return undefined
  return (filter as Record<string, unknown>)[selectorFilterKey]
}

function unwrapDescribed (value: unknown): unknown {
  // rhea may hand the described type over unwrapped or as { descriptor, value }.
  if (value !== null && typeof value === 'object' && 'value' in value) {
    return unwrapDescribed((value as { value: unknown }).value)
  }
  return value
}
