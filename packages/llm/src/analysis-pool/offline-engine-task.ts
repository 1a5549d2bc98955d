import type { ChunkInput, ReduceInput, SuggestInput } from '../engine.ts'
import { OfflineEngine } from '../offline/engine.ts'

// Runs inside an analysis-pool worker thread: one offline engine per thread, its lazy
// tables (segmenters, stop words) loaded by the first task.
const engine = new OfflineEngine()

export async function suggest (input: SuggestInput) {
  return await engine.suggest(input)
}

export async function analyseChunk (input: ChunkInput) {
  return await engine.analyseChunk(input)
}

export async function reduce (input: ReduceInput) {
  return await engine.reduce(input)
}
