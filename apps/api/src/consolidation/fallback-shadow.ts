import type { ChunkAnalysis } from '@meeting-ai/llm'
import type { MinutesChunk } from './chunking.ts'
import type { OfflineCostModel } from './offline-cost.ts'

// How often the shadow re-checks whether it must start.
const POLL_MS = 100

export interface FallbackShadowOptions {
  chunks: MinutesChunk[]
  /** Whether the main engine has delivered a chunk (by index). */
  delivered: (index: number) => boolean
  /** The offline analysis of a chunk, or undefined when the budget stopped it. */
  analyse: (chunk: MinutesChunk) => Promise<ChunkAnalysis | undefined>
  cost: OfflineCostModel
  mapDeadline: number
}

/**
 * Offline analyses of the chunks the LLM has not delivered, started as late as possible yet
 * early enough to be done by the map deadline, last-queued chunks first (the LLM reaches them
 * last). They run on the analysis pool, so other requests are served meanwhile.
 */
export class FallbackShadow {
  /** Offline analyses ready by chunk index. */
  readonly analyses = new Map<number, ChunkAnalysis>()
  readonly #options: FallbackShadowOptions
  // Stopped with a plain timer and flag: an aborted timers/promises delay builds an AbortError per run.
  #stopped = false
  #timer: NodeJS.Timeout | undefined
  #wake: (() => void) | undefined
  readonly #running: Promise<void>

  constructor (options: FallbackShadowOptions) {
    this.#options = options
    this.#running = this.#run()
  }

  /** Stops starting analyses and waits for the one under way. */
  async stop (): Promise<void> {
    this.#stopped = true
    clearTimeout(this.#timer)
    this.#wake?.()
    await this.#running
  }

  async #run (): Promise<void> {
    const { chunks, delivered, analyse, cost, mapDeadline } = this.#options
    while (!this.#stopped) {
      const open = chunks.filter((c) => !delivered(c.index) && !this.analyses.has(c.index))
      if (open.length === 0) return
      const startAt = mapDeadline - cost.estimate(open.reduce((sum, c) => sum + c.chars, 0))
      if (Date.now() < startAt) {
        await new Promise<void>((resolve) => {
          this.#wake = resolve
          this.#timer = setTimeout(resolve, Math.min(POLL_MS, startAt - Date.now()))
        })
        continue
      }
      const chunk = open[open.length - 1]!
      const analysis = await analyse(chunk)
      if (analysis === undefined) return
      this.analyses.set(chunk.index, analysis)
    }
  }
}
