import t from 'tap'
import { answerShapes } from '../src/index.ts'
import { isReasoningModelName, ModelParameters } from '../src/openai/model-parameters.ts'
import { strictSubset } from '../src/openai/strict-schema.ts'
import { StructuredOutputChoice } from '../src/openai/structured-output.ts'

t.test('reasoning models by name: o-series and GPT-5 family, with or without a provider prefix; not gpt-5-chat', async (t) => {
  for (const name of ['o1', 'o3-mini', 'o4-mini-2025-04-16', 'gpt-5', 'gpt-5-mini', 'gpt-5-nano', 'gpt-5.1', 'openai/gpt-5-mini']) t.ok(isReasoningModelName(name), name)
  for (const name of ['gpt-4o-mini', 'gpt-4.1', 'gpt-5-chat-latest', 'gpt-5.1-chat', 'llama3.1:8b', 'omni-7b', 'Qwen/Qwen2.5-7B-Instruct']) t.notOk(isReasoningModelName(name), name)
})

t.test('parameters per family; configuration wins over the name', async (t) => {
  t.same(new ModelParameters('gpt-4o-mini', { maxOutputTokens: 100, reasoningEffort: 'low' }).body, { temperature: 0.2, max_tokens: 100 })
  t.same(new ModelParameters('gpt-5-mini', { maxOutputTokens: 100, reasoningEffort: 'low' }).body, { reasoning_effort: 'low', max_completion_tokens: 100 })
  t.same(new ModelParameters('my-deployment', { reasoning: true }).body, {})
  t.same(new ModelParameters('o3', { reasoning: false, temperature: 0 }).body, { temperature: 0 })
})

t.test('the strict copy keeps structure and enums, drops what strict mode refuses, closes every object', async (t) => {
  const sent = strictSubset(answerShapes.reduce.schema)
  const text = JSON.stringify(sent)
  t.notMatch(text, /minLength|maxLength|minimum|maximum|maxItems|minItems|pattern|format/)
  t.match(sent, { type: 'object', additionalProperties: false, required: ['keywords', 'agendaSummaries', 'todos'] })
  t.match(sent, { properties: { todos: { type: 'array', items: { type: 'object', additionalProperties: false, required: ['title'], properties: { title: { type: 'string' } } } } } })
  t.match(strictSubset(answerShapes.suggestions.schema), { properties: { suggestions: { items: { properties: { kind: { enum: ['action', 'question', 'decision', 'risk'] } } } } } })
  t.match(JSON.stringify(answerShapes.reduce.schema), /maxLength/, 'the answer schema itself, used for local validation, is untouched')
})

t.test('auto: after a json_schema refusal, JSON mode until the retry period has passed, then json_schema again', async (t) => {
  let now = 1_000_000
  const choice = new StructuredOutputChoice('auto', 60_000, () => now)
  const schema = answerShapes.suggestions.schema
  t.equal(choice.formatFor('s', schema).type, 'json_schema')
  t.ok(choice.rejectJsonSchema())
  t.notOk(choice.rejectJsonSchema(), 'a second refusal in the same period changes nothing')
  t.equal(choice.formatFor('s', schema).type, 'json_object')
  now += 59_999
  t.equal(choice.formatFor('s', schema).type, 'json_object')
  now += 1
  t.equal(choice.formatFor('s', schema).type, 'json_schema', 're-tried')
  t.ok(choice.rejectJsonSchema(), 'and a new refusal starts a new period')
  t.equal(choice.formatFor('s', schema).type, 'json_object')

  const forced = new StructuredOutputChoice('json_schema')
  t.notOk(forced.rejectJsonSchema())
  t.equal(forced.formatFor('s', schema).type, 'json_schema')
})
