export { buildSuggestPrompt, SUGGEST_PROMPT_VERSION } from './suggest.v2.ts'
export { buildChunkPrompt, CHUNK_PROMPT_VERSION } from './chunk.v1.ts'
export { buildReducePrompt, REDUCE_PROMPT_VERSION } from './reduce.v1.ts'
export { repairMessage, type ChatMessage, type Prompt } from './framing.ts'
