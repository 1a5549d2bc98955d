import type { FastifyBaseLogger } from 'fastify'
import type { ConsolidationResultStore } from '@meeting-ai/store'
import type { ConsolidationMetrics } from './metrics.ts'

/**
 * The result store as consolidation uses it: a call that fails is logged, counted and
 * survived (undefined), so a store outage degrades to running uncached instead of failing.
 */
export class TolerantResults {
  readonly store: ConsolidationResultStore
  readonly #metrics: ConsolidationMetrics
  readonly #log: FastifyBaseLogger

  constructor (store: ConsolidationResultStore, metrics: ConsolidationMetrics, log: FastifyBaseLogger) {
    this.store = store
    this.#metrics = metrics
    this.#log = log
  }

  async try<T> (operation: string, call: (store: ConsolidationResultStore) => Promise<T>): Promise<T | undefined> {
    try {
      return await call(this.store)
    } catch (error) {
      this.failed(operation, error)
      return undefined
    }
  }

  failed (operation: string, error: unknown): void {
    this.#metrics.storeError(operation)
    this.#log.warn({ err: error, operation }, 'consolidation result store failed; continuing without it')
  }
}
