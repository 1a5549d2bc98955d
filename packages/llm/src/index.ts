export type {
  AnalysisEngine, CallOptions, SuggestInput, SuggestionDraft, MinutesPart, ChunkInput, AgendaNotes, ChunkAnalysis, ReduceInput, ConsolidationDraft
} from './engine.ts'
export { createEngine, EngineConfigError, type CreateEngineOptions, type LlmSettings } from './create-engine.ts'
export { OpenAiEngine, type OpenAiEngineOptions, type StructuredOutputMode, type CircuitState } from './openai/index.ts'
export { OfflineEngine, OFFLINE_ENGINE_NAME } from './offline/engine.ts'
export { AnalysisPool, AnalysisQueueFullError, PooledOfflineEngine, warmUpOfflineThreads, taskModule, threadExecArgv, type AnalysisPoolOptions } from './analysis-pool/index.ts'
export {
  LlmError, LlmInvalidAnswerError, LlmTimeoutError, LlmUnavailableError, LlmRateLimitedError, LlmCircuitOpenError,
  LlmRejectedError, LlmRefusedError, LlmAbortedError, LlmDeadlineError, isLlmError, type LlmErrorCode
} from './errors.ts'
export type { EngineMetrics, CallReport, TokenReport } from './metrics.ts'
export { prometheusEngineMetrics } from './prometheus-metrics.ts'
export { redactPii, redact, luhnValid, type RedactionKind, type RedactionResult } from './redact.ts'
export { SuggestionsAnswer, ChunkAnswer, ReduceAnswer, answerShapes } from './answer-schemas.ts'
export { SUGGEST_PROMPT_VERSION, CHUNK_PROMPT_VERSION, REDUCE_PROMPT_VERSION } from './prompts/index.ts'
