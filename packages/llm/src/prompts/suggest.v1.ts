import type { SuggestInput } from '../engine.ts'
import { answerShapes } from '../answer-schemas.ts'
import { DATA_RULE, fenceData, languageRule, schemaRule, type Prompt } from './framing.ts'

export const SUGGEST_PROMPT_VERSION = 'suggest.v1'

const INSTRUCTIONS = `You assist a live meeting. From the latest part of the transcript, suggest at most 5 things the participants should act on now.
Good suggestions are specific and actionable, each grounded in something said:
- open questions nobody has answered yet (kind "question"),
- action items that have no owner or no due date (kind "action"),
- decisions that were implied but not explicitly confirmed (kind "decision"),
- risks, blockers or dependencies that were raised and not handled (kind "risk").
Name the concrete subject (who, what, which number or date). One sentence each, no filler, no generic advice like "keep the meeting on track".
Do not repeat or rephrase anything listed under "Already suggested". If nothing new is worth saying, answer {"suggestions": []}.
confidence is your estimate from 0 to 1 that the suggestion is useful right now.`

function transcriptLines (input: SuggestInput): string {
  return input.segments.map((segment) => {
    const time = new Date(segment.timestamp).toISOString().slice(11, 19)
    const speaker = segment.speakerName ?? segment.speakerId ?? 'unknown'
    return `[${time}] ${speaker}: ${segment.text}`
  }).join('\n')
}

export function buildSuggestPrompt (input: SuggestInput): Prompt {
  const previous = input.previousSuggestions.length === 0
    ? '(none)'
    : input.previousSuggestions.map((content) => `- ${content}`).join('\n')
  return {
    version: SUGGEST_PROMPT_VERSION,
    messages: [
      {
        role: 'system',
        content: [INSTRUCTIONS, DATA_RULE, languageRule(input.language, 'transcript'), schemaRule(answerShapes.suggestions.schema)].join('\n\n')
      },
      {
        role: 'user',
        content: fenceData([
          { label: 'Transcript (oldest first)', body: transcriptLines(input) },
          { label: 'Already suggested', body: previous }
        ])
      }
    ]
  }
}
