import type { SuggestInput } from '../engine.ts'
import { answerShapes } from '../answer-schemas.ts'
import { DATA_RULE, fenceData, languageRule, schemaRule, type Prompt } from './framing.ts'

export const SUGGEST_PROMPT_VERSION = 'suggest.v2'

const INSTRUCTIONS = `You assist a live meeting. From the latest part of the transcript, give at most 5 pieces of advice the participants should act on now.
Each piece of advice is one short imperative sentence saying what to do, not a quote of what was said:
- a question nobody has answered yet: "Get an answer on the Q3 hiring budget before moving on" (kind "question"),
- an action item with no owner or no due date: "Decide who prepares the App Store screenshots and listing text" (kind "action"),
- a decision that was implied but not explicitly confirmed: "Record the decision: launch on November 18" (kind "decision"),
- a risk, blocker or dependency that was raised and not handled: "Agree who follows up on the vendor's late security review" (kind "risk").
Name the concrete subject (who, what, which number or date). No filler, no generic advice like "keep the meeting on track".
Put the transcript words the advice rests on, quoted exactly, in "evidence" (at most one or two sentences; "" if none).
Nothing for greetings, for moving between agenda items, for a question answered later in the transcript, or for a risk word that is negated ("no worries", "nothing blocking").
Do not repeat or rephrase anything listed under "Already suggested". If nothing new is worth saying, answer {"suggestions": []}.
confidence is your estimate from 0 to 1 that the advice is useful right now.`

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
