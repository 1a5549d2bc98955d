import type { Segment } from '@meeting-ai/contracts'
import { LlmError, OpenAiEngine, type EngineMetrics, type OpenAiEngineOptions } from '../src/index.ts'

/** An engine on the mock server with short delays so fault tests stay fast. */
export function engineFor (url: string, options: Partial<OpenAiEngineOptions> = {}, metrics?: EngineMetrics): OpenAiEngine {
  return new OpenAiEngine({
    baseURL: url,
    apiKey: 'test-key',
    model: 'mock-model',
    timeoutMs: 2000,
    maxRetries: 2,
    backoff: { baseDelayMs: 10, maxDelayMs: 40 },
    breaker: { failureThreshold: 50, cooldownMs: 1000 },
    ...options,
    ...(metrics === undefined ? {} : { metrics })
  })
}

export function segments (texts: string[], meetingId = 'm-test'): Segment[] {
  return texts.map((text, i) => ({
    meetingId,
    text,
    timestamp: 1_795_424_400_000 + i * 10_000,
    dedupeKey: `${meetingId}-${i}`,
    speakerId: `s${i % 2}`,
    speakerName: i % 2 === 0 ? 'Kim' : 'Lee'
  }))
}

export const validSuggestions = {
  suggestions: [{ content: 'Assign an owner for the revised budget', kind: 'action', confidence: 0.8 }]
}

export const suggestInput = (texts = ['We need to revise the budget.', 'Who owns the vendor contract?']) => ({
  meetingId: 'm-test',
  segments: segments(texts),
  previousSuggestions: []
})

/** The LlmError a call fails with; throws when it succeeds or fails otherwise. */
export async function failure (promise: Promise<unknown>): Promise<LlmError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof LlmError) return error
    throw error
  }
  throw new Error('expected the call to fail')
}
