import { STREAM_ENTRY_ID_PATTERN } from '@meeting-ai/contracts'

const pattern = new RegExp(STREAM_ENTRY_ID_PATTERN)

export function isStreamId (value: unknown): value is string {
  return typeof value === 'string' && pattern.test(value)
}

/**
 * Orders `<ms>-<seq>` ids numerically: string order is wrong ("9-0" > "10-0") and plain
 * Number() loses precision past 2^53, so both parts are compared as BigInt.
 */
export function compareStreamIds (a: string, b: string): number {
  const [aMs = '0', aSeq = '0'] = a.split('-')
  const [bMs = '0', bSeq = '0'] = b.split('-')
  const ms = BigInt(aMs) - BigInt(bMs)
  if (ms !== 0n) return ms < 0n ? -1 : 1
  const seq = BigInt(aSeq) - BigInt(bSeq)
  return seq === 0n ? 0 : seq < 0n ? -1 : 1
}
