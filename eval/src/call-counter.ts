import type { EngineMetrics } from '@meeting-ai/llm'

export interface CallCounts {
  suggest: number
  analyseChunk: number
  reduce: number
  failed: number
  /** Wall time the engine reports for its calls, retries included. */
  ms: number
  /** Tokens as the provider reports them (`usage`); 0 for the offline engine. */
  promptTokens: number
  completionTokens: number
}

export function emptyCounts (): CallCounts {
  return { suggest: 0, analyseChunk: 0, reduce: 0, failed: 0, ms: 0, promptTokens: 0, completionTokens: 0 }
}

/**
 * Counts the engine's calls through the metrics callbacks every engine reports to (the same
 * ones the apps feed Prometheus with), so the engine under evaluation runs unwrapped: the
 * service recognises it as it would in production (e.g. the offline engine as its own fallback).
 */
export class CallCounter {
  counts: CallCounts = emptyCounts()

  readonly metrics: EngineMetrics = {
    onCall: (report) => {
      const operation = report.operation
      if (operation === 'suggest' || operation === 'analyseChunk' || operation === 'reduce') this.counts[operation] += 1
      if (report.errorCode !== undefined) this.counts.failed += 1
      this.counts.ms += report.durationMs
    },
    onTokens: (report) => {
      this.counts.promptTokens += report.promptTokens
      this.counts.completionTokens += report.completionTokens
    }
  }

  /** Returns the counts so far and starts new ones. */
  take (): CallCounts {
    const counts = this.counts
    this.counts = emptyCounts()
    return counts
  }
}
