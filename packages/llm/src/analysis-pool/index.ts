export { AnalysisPool, AnalysisQueueFullError, defaultAnalysisThreads, taskModule, threadExecArgv, type AnalysisPoolOptions } from './analysis-pool.ts'
export { PooledOfflineEngine, warmUpOfflineThreads } from './pooled-offline-engine.ts'
