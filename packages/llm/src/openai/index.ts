export { OpenAiEngine, type OpenAiEngineOptions } from './provider.ts'
export type { StructuredOutputMode } from './structured-output.ts'
export type { CircuitState } from '@meeting-ai/resilience'
