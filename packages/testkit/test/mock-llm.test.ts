import t from 'tap'
import { startMockLlm, schemaInstance } from '../src/mock-llm/index.ts'

const mock = await startMockLlm({ model: 'mock-7b' })
t.teardown(() => mock.close())
t.beforeEach(() => { mock.reset() })

const post = (body: unknown) => fetch(`${mock.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
const schema = { type: 'object', additionalProperties: false, required: ['items', 'n'], properties: { items: { type: 'array', maxItems: 3, items: { type: 'string', minLength: 3 } }, n: { type: 'integer', minimum: 2 }, kind: { type: 'string', enum: ['a', 'b'] } } }

t.test('GET /v1/models lists the model', async (t) => {
  const res = await fetch(`${mock.url}/models`)
  t.match(await res.json(), { object: 'list', data: [{ id: 'mock-7b' }] })
})

t.test('schema-derived answer for a json_schema request, request recorded', async (t) => {
  const res = await post({ model: 'x', messages: [{ role: 'user', content: 'hello' }], response_format: { type: 'json_schema', json_schema: { name: 's', schema } } })
  const body = await res.json() as any
  t.same(JSON.parse(body.choices[0].message.content), { items: ['mock answer'], n: 2, kind: 'a' })
  t.equal(mock.completions[0]!.text, 'hello')
  t.equal(mock.completions[0]!.responseFormat, 'json_schema')
  t.same(schemaInstance({ type: 'array', minItems: 2, maxItems: 2, items: { type: 'number', minimum: 0, maximum: 1 } }), [0.5, 0.5])
})

t.test('scripted replies and faults, in order', async (t) => {
  mock.script({ fault: 'rate-limit', retryAfter: 7 }, { fault: 'server-error' }, { fault: 'reject-json-schema' }, { json: { ok: true } }, (request) => ({ content: `echo ${request.text}` }))
  const limited = await post({ messages: [] })
  t.equal(limited.status, 429)
  t.equal(limited.headers.get('retry-after'), '7')
  t.equal((await post({ messages: [] })).status, 500)
  const rejected = await post({ messages: [] })
  t.equal(rejected.status, 400)
  t.match(await rejected.json(), { error: { param: 'response_format' } })
  t.same(JSON.parse(((await (await post({ messages: [] })).json()) as any).choices[0].message.content), { ok: true })
  t.equal(((await (await post({ messages: [{ role: 'user', content: 'hi' }] })).json()) as any).choices[0].message.content, 'echo hi')
  t.equal(mock.completions.length, 5)
})

t.test('reset destroys the connection; latency delays the answer', async (t) => {
  mock.script({ fault: 'reset' }, { json: {}, latencyMs: 150 })
  await t.rejects(post({ messages: [] }))
  const started = Date.now()
  await post({ messages: [] })
  t.ok(Date.now() - started >= 140)
})

t.test('without json_schema support every json_schema request is rejected', async (t) => {
  mock.setSupportsJsonSchema(false)
  t.teardown(() => mock.setSupportsJsonSchema(true))
  t.equal((await post({ messages: [], response_format: { type: 'json_schema', json_schema: { name: 's', schema } } })).status, 400)
  t.equal((await post({ messages: [], response_format: { type: 'json_object' } })).status, 200)
})

t.test('close ends hanging requests', async (t) => {
  const other = await startMockLlm()
  other.script({ fault: 'hang' })
  const hanging = fetch(`${other.url}/chat/completions`, { method: 'POST', body: '{}' }).then(() => 'answered', () => 'failed')
  await other.waitForCompletions(1)
  await other.close()
  t.equal(await hanging, 'failed')
})
