export type { ConsolidationResultStore, IdempotentAnswer, RunLease, ResultStoreLimits } from './types.ts'
export { RedisConsolidationResultStore } from './redis-result-store.ts'
export { MemoryConsolidationResultStore } from './memory-result-store.ts'
