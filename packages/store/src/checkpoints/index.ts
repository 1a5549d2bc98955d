export { RedisCheckpointStore } from './redis-checkpoint-store.ts'
export type { AnyRedisClient } from './redis-checkpoint-store.ts'
export { MemoryCheckpointStore } from './memory-checkpoint-store.ts'
export { CheckpointStoreError } from './errors.ts'
