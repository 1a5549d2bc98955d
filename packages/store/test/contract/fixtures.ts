import type { Test } from 'tap'
import type { RealtimeSuggestionsResponse, Segment } from '@meeting-ai/contracts'
import type { ReplayEntry, Store, StoreLimits } from '../../src/index.ts'

/** Builds a fresh engine for one test (own key prefix on Redis) and closes it in teardown. */
export type MakeEngine = (t: Test, limits?: Partial<StoreLimits>) => Promise<Store>

export const DEFAULT_LIMITS: StoreLimits = { windowSegments: 5, meetingTtlS: 3600, replayMaxLen: 100 }

export function segment (meetingId: string, n: number, dedupeKey = `seg-${n}`): Segment {
  return { meetingId, text: `segment ${n}`, timestamp: 1_700_000_000_000 + n, dedupeKey, speakerId: 's1' }
}

export function suggestionSet (meetingId: string, ...contents: string[]): RealtimeSuggestionsResponse {
  return {
    meetingId,
    generatedAt: 1_700_000_000_000,
    suggestions: contents.map((content, i) => ({ id: `${content}-${i}`, content, timestamp: 1_700_000_000_000, confidence: 0.5 }))
  }
}

export function contentsOf (entries: ReplayEntry[]): string[] {
  return entries.map((entry) => (JSON.parse(entry.payload) as RealtimeSuggestionsResponse).suggestions[0]?.content ?? '')
}

/**
 * Collects bus deliveries; `until(n)` resolves once n have arrived. Redis delivers over a
 * socket and the embedded bus synchronously, so tests wait on this, never on time.
 */
export function collector () {
  const entries: ReplayEntry[] = []
  const waiters: Array<{ count: number, resolve: () => void }> = []
  const listener = (entry: ReplayEntry): void => {
    entries.push(entry)
    for (const waiter of waiters.filter((w) => entries.length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1)
      waiter.resolve()
    }
  }
  const until = async (count: number): Promise<ReplayEntry[]> => {
    if (entries.length < count) await new Promise<void>((resolve) => waiters.push({ count, resolve }))
    return entries
  }
  return { entries, listener, until }
}

/** Polls `check` until it holds (for expiry by a short real TTL); fails after `timeoutMs`. */
export async function eventually (check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!await check()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
