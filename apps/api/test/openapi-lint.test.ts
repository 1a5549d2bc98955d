import { test } from 'tap'
import { createConfig, lintFromString } from '@redocly/openapi-core'
import { buildTestApp } from './helpers/app.ts'

test('/v3/api-docs passes Redocly\'s recommended rules with no error', async (t) => {
  const { app } = await buildTestApp(t)
  const document = (await app.inject({ method: 'GET', url: '/v3/api-docs' })).json()
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: 'api-docs.json',
    config: await createConfig({ extends: ['recommended'] })
  })
  const describe = (severity: string): string[] => problems.filter((p) => p.severity === severity)
    .map((p) => `${p.ruleId} at ${p.location.map((l) => l.pointer).join(', ')}: ${p.message}`)
  t.same(describe('error'), [], 'no error')
  // Health probes have no 4xx answer to document: those two warnings are expected, nothing else.
  t.same(describe('warn').map((line) => line.split(':')[0]), [
    'operation-4xx-response at #/paths/~1health/get/responses',
    'operation-4xx-response at #/paths/~1health~1live/get/responses'
  ], 'only the expected warnings')
  t.same(document.paths['/health'].get.security, [], 'public operations say so with security: []')
  t.same(document.paths['/health/live'].get.responses['200'].content['application/json'].schema, { $ref: '#/components/schemas/Liveness' })
  t.equal(document.servers[0].url, '/')
})
