import { test } from 'tap'
import { mkdirSync, mkdtempSync, cpSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  allProblems, dependencyProblems, environmentProblems, eventHubsProblems, fileProblems, imageProblems,
  interpolateUnset, portProblems, readCompose, repoRoot, schemaProblems, type ComposeFile
} from './helpers/compose-checks.ts'

// No Docker engine runs in CI: docker-compose.yml is checked statically, here.

const copy = (): ComposeFile => structuredClone(readCompose())

test('docker-compose.yml passes every check', async (t) => {
  t.same(allProblems(readCompose()), [])
})

test('it is valid against the compose-spec schema, and the schema does reject a broken file', async (t) => {
  t.same(schemaProblems(readCompose()), [])
  const broken = copy()
  broken.services.api!.deploy = { replicas: 'two' }
  ;(broken.services.redis as Record<string, unknown>).restartt = 'always'
  const problems = schemaProblems(broken)
  t.ok(problems.some((line) => line.includes('/services/api/deploy/replicas')), 'a string replica count is refused')
  t.ok(problems.some((line) => line.includes('restartt')), 'an unknown service key is refused')
})

test('the services the system needs are there, api with 2 replicas behind the proxy', async (t) => {
  const compose = readCompose()
  for (const name of ['redis', 'azurite', 'eventhubs', 'api', 'proxy', 'worker', 'demo']) t.ok(compose.services[name], `service ${name}`)
  t.equal((compose.services.api!.deploy as { replicas: number }).replicas, 2)
  for (const name of ['redis', 'api', 'proxy', 'worker', 'demo', 'azurite']) t.ok(compose.services[name]!.healthcheck, `${name} has a healthcheck`)
})

test('every environment variable of our services is a setting with a valid value', async (t) => {
  t.same(environmentProblems(readCompose()), [])
  const unknown = copy()
  ;(unknown.services.worker!.environment as Record<string, string>).EVENTHUB_NAME = 'stt-events'
  t.match(environmentProblems(unknown), [/worker sets EVENTHUB_NAME, which is not a setting/])
  const invalid = copy()
  ;(invalid.services.api!.environment as Record<string, string>).PORT = 'eighty'
  t.match(environmentProblems(invalid), [/api: PORT must be an integer/])
  // Compose interpolation, not template strings:
  // eslint-disable-next-line no-template-curly-in-string
  t.equal(interpolateUnset('${LLM_MODEL:-gpt-4o-mini}'), 'gpt-4o-mini')
  // eslint-disable-next-line no-template-curly-in-string
  t.equal(interpolateUnset('${LLM_API_KEY:-}'), '')
  t.equal(interpolateUnset('$$(seq 1 3)'), '$(seq 1 3)')
})

test('published ports are the configured defaults: 8087 on the proxy, 8888 on the demo', async (t) => {
  t.same(portProblems(readCompose()), [])
  const moved = copy()
  moved.services.proxy!.ports = ['8086:8087']
  t.match(portProblems(moved), [/default port 8087 must be published by the proxy/])
  const exposedApi = copy()
  exposedApi.services.api!.ports = ['8089:8087']
  t.match(portProblems(exposedApi), [/api runs 2 replicas and must not publish/])
})

test('depends_on names existing services, and waits for health only where there is a healthcheck', async (t) => {
  t.same(dependencyProblems(readCompose()), [])
  const dangling = copy()
  dangling.services.worker!.depends_on = { redis: { condition: 'service_healthy' }, kafka: { condition: 'service_started' } }
  t.match(dependencyProblems(dangling), [/worker depends on kafka, which is not a service/])
  const unhealthy = copy()
  delete unhealthy.services.redis!.healthcheck
  t.ok(dependencyProblems(unhealthy).some((line) => /waits for redis to be healthy, but redis has no healthcheck/.test(line)))
})

test('every Dockerfile, build target and mounted file exists', async (t) => {
  t.same(fileProblems(readCompose()), [])
  const missing = copy()
  missing.services.api!.build = { context: '.', dockerfile: 'docker/Dockerfile.api' }
  missing.services.worker!.build = { context: '.', dockerfile: 'docker/Dockerfile', target: 'wrker' }
  missing.services.proxy!.volumes = ['./docker/nginx/missing.conf:/etc/nginx/nginx.conf:ro']
  const problems = fileProblems(missing)
  t.equal(problems.length, 3, problems.join('\n'))
})

test('the emulator declares the hub and consumer group the worker reads, with 4 partitions', async (t) => {
  t.same(eventHubsProblems(readCompose()), [])
  const root = mkdtempSync(join(tmpdir(), 'compose-'))
  t.teardown(() => rmSync(root, { recursive: true, force: true }))
  cpSync(join(repoRoot, 'docker'), join(root, 'docker'), { recursive: true })
  const otherHub = copy()
  ;(otherHub.services.worker!.environment as Record<string, string>).EVENTHUBS_NAME = 'transcripts'
  t.match(eventHubsProblems(otherHub, root), [/declares no hub named transcripts/])
  const otherGroup = copy()
  ;(otherGroup.services.worker!.environment as Record<string, string>).EVENTHUBS_CONSUMER_GROUP = 'analytics'
  t.match(eventHubsProblems(otherGroup, root), [/consumer group analytics is not declared/])
})

test('each image runs a compiled entry of its app, which the app can also start', async (t) => {
  t.same(imageProblems(), [])
  // A scratch repository: the worker image passes a node flag its app's start script lacks.
  const root = mkdtempSync(join(tmpdir(), 'images-'))
  t.teardown(() => { rmSync(root, { recursive: true, force: true }) })
  mkdirSync(join(root, 'docker'))
  mkdirSync(join(root, 'apps/worker/src'), { recursive: true })
  writeFileSync(join(root, 'apps/worker/src/main.ts'), '')
  const image = (cmd: string): void => { writeFileSync(join(root, 'docker/Dockerfile'), `FROM base AS worker\nCMD ${cmd}\n`) }
  const start = (script: string): void => { writeFileSync(join(root, 'apps/worker/package.json'), JSON.stringify({ scripts: { start: script } })) }
  image('["node", "--max-semi-space-size=64", "dist/main.js"]')
  start('node --max-semi-space-size=64 dist/main.js')
  t.same(imageProblems(root), [], 'same flags in the image and the start script')
  start('node dist/main.js')
  t.match(imageProblems(root), [/needs "start": "node --max-semi-space-size=64 dist\/main.js"/])
  image('["node", "--max-semi-space-size=64", "dist/other.js"]')
  t.match(imageProblems(root), [/has no source/, /needs "start"/])
  image('["node", "--inspect"]')
  t.match(imageProblems(root), [/CMD must start with node/])
})
