import { detectLanguage } from '@meeting-ai/llm/text'
import type { AnalysisPlan } from './map-reduce.ts'

/** The languages the offline engine writes its own phrases in. */
const OFFLINE_LANGUAGES: Record<string, string> = { en: 'English', ko: 'Korean' }

/**
 * What the offline engine could not honour of the plan, for `notes`: it quotes the minutes and
 * writes fixed phrases, so it follows no instructions, writes only English and Korean, and
 * translates nothing. Said whenever it produced all or part of the answer, so an answer that
 * ignored a request never looks like one that followed it.
 */
export function offlineLimitNotes (plan: AnalysisPlan, model: string, offlineName: string): string[] {
  const all = model === offlineName
  if (!all && !model.split('+').includes(offlineName)) return []
  const scope = all ? 'this answer was produced' : 'the parts it produced were produced'
  const notes: string[] = []
  if (plan.instructions !== undefined) {
    notes.push(`The offline extractive engine cannot follow instructions; ${scope} without them: ${JSON.stringify(plan.instructions)}.`)
  }
  if (plan.language !== undefined) {
    const primary = plan.language.toLowerCase().split(/[-_]/)[0] ?? ''
    const name = OFFLINE_LANGUAGES[primary]
    if (name === undefined) {
      notes.push(`The offline extractive engine writes only English and Korean; the requested language "${plan.language}" was not applied (${all ? 'the answer is' : 'its parts are'} in the language of the minutes).`)
    } else if (detectLanguage(plan.minutes.map((m) => m.content.slice(0, 2000)).join('\n')) !== primary) {
      notes.push(`The offline extractive engine does not translate: it quotes the minutes in their own language, and only its own phrases are in ${name}.`)
    }
  }
  return notes
}
