import type { RealtimeSuggestionsResponse } from '@meeting-ai/contracts'
import type { ReplayEntry } from './types.ts'

/** Suggestion contents from replay entries given newest first, at most `max`. */
export function contentsOf (newestFirst: ReplayEntry[], max: number): string[] {
  const contents: string[] = []
  for (const entry of newestFirst) {
    const set = JSON.parse(entry.payload) as RealtimeSuggestionsResponse
    for (const suggestion of set.suggestions) {
      if (contents.length >= max) return contents
      contents.push(suggestion.content)
    }
  }
  return contents
}
