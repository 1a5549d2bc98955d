import { Compile } from 'typebox/compile'
import type { Static, TSchema } from 'typebox'
import { memoPerObject } from '../memo.ts'

export type ParsedAnswer<T> = { ok: true, value: T } | { ok: false, problems: string[] }

export interface AnswerParser<T extends TSchema> {
  parse (content: string | null | undefined, finishReason?: string | null): ParsedAnswer<Static<T>>
}

/** Local models like to wrap JSON in a code fence or a sentence; take the object inside. */
function extractJson (content: string): string {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content)
  const body = fenced?.[1] ?? content
  const start = body.indexOf('{')
  const end = body.lastIndexOf('}')
  return start !== -1 && end > start ? body.slice(start, end + 1) : body
}

// Compiling a schema generates and evaluates code (~0.3 ms): once per schema, not per call.
const validatorOf = memoPerObject((schema: TSchema) => Compile(schema))

export function answerParser<T extends TSchema> (schema: T, semanticCheck?: (value: Static<T>) => string[]): AnswerParser<T> {
  const validator = validatorOf(schema) as ReturnType<typeof Compile<T>>
  return {
    parse (content, finishReason) {
      if (content === null || content === undefined || content.trim() === '') {
        return { ok: false, problems: ['the answer was empty'] }
      }
      let value: unknown
      try {
        value = JSON.parse(extractJson(content))
      } catch (error) {
        const cut = finishReason === 'length' ? ' (it was cut off at the token limit: answer more briefly)' : ''
        return { ok: false, problems: [`the answer is not valid JSON${cut}: ${(error as Error).message}`] }
      }
      if (!validator.Check(value)) {
        const problems = validator.Errors(value).slice(0, 10).map((e) => `${e.instancePath === '' ? '/' : e.instancePath} ${e.message}`)
        return { ok: false, problems }
      }
      const semantic = semanticCheck?.(value) ?? []
      return semantic.length === 0 ? { ok: true, value } : { ok: false, problems: semantic }
    }
  }
}
