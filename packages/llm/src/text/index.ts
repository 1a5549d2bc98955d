// The text modules alone, without the engines: light enough for analysis-pool threads that
// only chunk and finalise (a replacement thread loads this inside the budget's reserve).
export { segmentSentences, splitSentences, type Sentence } from './sentences.ts'
export { dedupeTexts, textSimilarity, NEAR_DUPLICATE } from './similarity.ts'
export { detectLanguage, type TextLanguage } from './language.ts'
