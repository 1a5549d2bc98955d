import { test } from 'tap'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Registry } from 'prom-client'
import { buildApp } from '@meeting-ai/api'
import { configFrom } from '@meeting-ai/config'
import { createEmbeddedStore, limitsOf, type StoreLogger } from '@meeting-ai/store'
import { startMetricsServer } from '@meeting-ai/worker'
import {
  allProblems, baseSecretProblems, containerOf, deploymentOf, environmentOf, environmentProblems, ingressPathMatches, ingressProblems,
  kubectlPath, kubernetesRoot, networkPolicyProblems, ofKind, overlays, parseObjects, plainValues, probeTargets,
  renderOverlay, scalingProblems, schemaProblems, securityProblems, settingIn, shutdownProblems, workerReplicaProblems,
  type EnvSource, type K8sObject, type Overlay
} from './helpers/manifests.ts'

const quiet: StoreLogger = { info () {}, warn () {}, error () {} }

/**
 * Values for the settings a container takes from Secrets that exist in that overlay (required ones;
 * the local overlay creates none). REDIS_URL is left out: the test gives the app its own store.
 */
const secretStandIns: Record<string, string> = { AUTH_API_KEYS: 'probe-test-key', STREAM_TOKEN_SECRET: 's'.repeat(32), LLM_API_KEY: 'test-key' }
const secretsOf = (environment: Map<string, EnvSource>): Record<string, string> =>
  Object.fromEntries([...environment].flatMap(([name, source]) =>
    source.from === 'secret' && !source.optional && secretStandIns[name] !== undefined ? [[name, secretStandIns[name]]] : []))

// Rendered once: `kubectl kustomize` is the only way in, and CI installs kubectl (.ci/run).
const rendered = new Map<Overlay | 'base', K8sObject[]>()
const objectsOf = (overlay: Overlay | 'base'): K8sObject[] => {
  let objects = rendered.get(overlay)
  if (objects === undefined) {
    objects = renderOverlay(overlay)
    rendered.set(overlay, objects)
  }
  return structuredClone(objects)
}

test('kubectl is there to render the manifests', async (t) => {
  t.ok(kubectlPath(), 'kubectl found')
  const previous = process.env.KUBECTL
  process.env.KUBECTL = '/nonexistent/kubectl'
  t.teardown(() => { if (previous === undefined) delete process.env.KUBECTL; else process.env.KUBECTL = previous })
  t.throws(() => kubectlPath(), /kubectl not found .*apt-get install kubernetes-client/, 'a missing kubectl fails with what to install')
})

for (const overlay of overlays) {
  test(`overlay ${overlay}: renders, every object is valid against the Kubernetes schemas, every invariant holds`, async (t) => {
    const objects = objectsOf(overlay)
    const kinds = new Set(objects.map((object) => object.kind))
    for (const kind of ['Deployment', 'Service', 'PodDisruptionBudget', 'HorizontalPodAutoscaler', 'ConfigMap', 'NetworkPolicy']) t.ok(kinds.has(kind), `${kind} rendered`)
    t.same(allProblems(objects), [])
  })
}

test('the base holds no secret, and every object of it is valid', async (t) => {
  const base = objectsOf('base')
  t.same(baseSecretProblems(base), [])
  t.same(schemaProblems(base), [])
  t.same(environmentProblems(base), [])
  // Secrets are referenced by name, with keys named after the settings.
  const api = environmentOf(containerOf(deploymentOf(base, 'api')), base)
  t.match(api.get('AUTH_API_KEYS'), { from: 'secret', secret: 'meeting-ai-api-secrets', key: 'AUTH_API_KEYS' })
  const worker = environmentOf(containerOf(deploymentOf(base, 'worker')), base)
  t.match(worker.get('EVENTHUBS_LISTEN_CONNECTION_STRING'), { from: 'secret', secret: 'meeting-ai-worker-secrets' })
})

test('production requires its Secrets and reads Event Hubs; local needs none', async (t) => {
  const production = objectsOf('production')
  const worker = environmentOf(containerOf(deploymentOf(production, 'worker')), production)
  t.match(worker.get('EVENTHUBS_LISTEN_CONNECTION_STRING'), { from: 'secret', optional: false })
  t.equal(settingIn(worker, 'STT_SOURCE'), 'event-hubs')
  const api = environmentOf(containerOf(deploymentOf(production, 'api')), production)
  t.match(api.get('STREAM_TOKEN_SECRET'), { from: 'secret', optional: false })
  t.match(api.get('REDIS_URL'), { from: 'secret', secret: 'meeting-ai-redis' })
  const local = objectsOf('local')
  for (const app of ['api', 'worker'] as const) {
    for (const [name, source] of environmentOf(containerOf(deploymentOf(local, app)), local)) {
      if (source.from === 'secret') t.equal(source.optional, true, `local ${app}: ${name} is optional`)
    }
  }
})

test('the probes hit routes that answer 200 on the real API and worker, built from the rendered configuration', async (t) => {
  for (const overlay of overlays) {
    const objects = objectsOf(overlay)
    const { targets, problems } = probeTargets(objects)
    t.same(problems, [], overlay)
    const apiEnvironment = environmentOf(containerOf(deploymentOf(objects, 'api')), objects)
    // With the overlay's Secrets present as well: in production auth is on, and the probes carry no key.
    const config = configFrom({ ...plainValues(apiEnvironment), ...secretsOf(apiEnvironment), LOG_LEVEL: 'silent' })
    t.equal(config.authEnabled, overlay !== 'local', `${overlay}: auth ${overlay !== 'local' ? 'on' : 'off'}`)
    const store = createEmbeddedStore({ limits: limitsOf(config), logger: quiet })
    t.teardown(() => store.close())
    const app = await buildApp({ config, store, logger: false })
    t.teardown(() => app.close())
    const registry = new Registry()
    const worker = await startMetricsServer({ port: 0, host: '127.0.0.1', registry, store })
    t.teardown(() => worker.close())
    for (const target of targets) {
      const status = target.app === 'api'
        ? (await app.inject({ method: 'GET', url: target.path })).statusCode
        : (await fetch(`http://127.0.0.1:${worker.port}${target.path}`)).status
      t.equal(status, 200, `${overlay}: ${target.app} ${target.probe} GET ${target.path}`)
    }
    // The same check does fail for a route that does not exist.
    t.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 404)
    t.equal((await fetch(`http://127.0.0.1:${worker.port}/healthz`)).status, 404)
  }
})

test('the open-streams autoscaler example scales on a gauge the API really exports, below the per-pod limit', async (t) => {
  const [hpa, ...rest] = parseObjects(readFileSync(join(kubernetesRoot, 'examples/hpa-open-streams.yaml'), 'utf8'))
  t.equal(rest.length, 0)
  t.same(schemaProblems([hpa!]), [])
  const production = objectsOf('production')
  t.same(scalingProblems([...production.filter((object) => object.kind !== 'HorizontalPodAutoscaler'), hpa!]), [], 'usable in place of the base HPA')
  const spec = hpa!.spec as { metrics: Array<{ type: string, pods?: { metric: { name: string }, target: { averageValue: string } } }> }
  const pods = spec.metrics.find((metric) => metric.type === 'Pods')?.pods
  t.ok(pods, 'a Pods metric')
  const config = configFrom({ LOG_LEVEL: 'silent' })
  const store = createEmbeddedStore({ limits: limitsOf(config), logger: quiet })
  t.teardown(() => store.close())
  const app = await buildApp({ config, store, logger: false })
  t.teardown(() => app.close())
  const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body
  t.match(metrics, new RegExp(`^# TYPE ${pods!.metric.name} gauge$`, 'm'), `${pods!.metric.name} is a gauge on the API's /metrics`)
  const limit = Number(settingIn(environmentOf(containerOf(deploymentOf(production, 'api')), production), 'MAX_VIEWERS_PER_PROCESS'))
  t.ok(Number(pods!.target.averageValue) < limit, `target ${pods!.target.averageValue} streams per pod < MAX_VIEWERS_PER_PROCESS ${limit}`)
})

// Each check fails when its invariant breaks (a check that cannot fail proves nothing).

test('a probe on a wrong path or port is caught', async (t) => {
  const objects = objectsOf('production')
  const api = containerOf(deploymentOf(objects, 'api'))
  api.readinessProbe!.httpGet!.path = '/healthz'
  api.livenessProbe!.httpGet!.port = 9999
  t.match(probeTargets(objects).problems, [/api liveness probe hits port 9999, but PORT is 8087/, /api readiness must be \/health/])
  const worker = containerOf(deploymentOf(objects, 'worker'))
  worker.readinessProbe!.httpGet!.port = 'http'
  t.ok(probeTargets(objects).problems.some((line) => /worker has no HTTP readiness probe/.test(line)))
})

test('a grace period shorter than preStop + SHUTDOWN_GRACE_MS, or an API drain shorter than the budget, is caught', async (t) => {
  const objects = objectsOf('production')
  deploymentOf(objects, 'api').spec.template.spec.terminationGracePeriodSeconds = 30
  deploymentOf(objects, 'worker').spec.template.spec.terminationGracePeriodSeconds = 20
  t.match(shutdownProblems(objects), [/api terminationGracePeriodSeconds 30 < preStop 10 s \+ SHUTDOWN_GRACE_MS 30 s/, /worker terminationGracePeriodSeconds 20 < preStop 0 s \+ SHUTDOWN_GRACE_MS 25 s/])
  const noPreStop = objectsOf('production')
  delete containerOf(deploymentOf(noPreStop, 'api')).lifecycle
  t.match(shutdownProblems(noPreStop), [/api has no preStop sleep/])
  const shortDrain = objectsOf('production')
  containerOf(deploymentOf(shortDrain, 'api')).env!.push({ name: 'SHUTDOWN_GRACE_MS', value: '10000' })
  t.match(shutdownProblems(shortDrain), [/SHUTDOWN_GRACE_MS 10000 < CONSOLIDATE_BUDGET_MS 25000/])
})

test('an unknown variable, an invalid value, or a secret outside a Secret is caught', async (t) => {
  const objects = objectsOf('production')
  const worker = containerOf(deploymentOf(objects, 'worker'))
  worker.env!.push({ name: 'EVENTHUB_NAME', value: 'stt-events' }, { name: 'LLM_TIMEOUT_MS', value: 'soon' })
  const api = containerOf(deploymentOf(objects, 'api'))
  api.env!.push({ name: 'AUTH_API_KEYS', value: 'key-1' })
  const problems = environmentProblems(objects)
  for (const pattern of [/api takes the secret setting AUTH_API_KEYS from a literal value/, /worker sets EVENTHUB_NAME, which is not a setting/, /worker: LLM_TIMEOUT_MS must be an integer/]) {
    t.ok(problems.some((line) => pattern.test(line)), String(pattern))
  }
  const wrongKey = objectsOf('base')
  containerOf(deploymentOf(wrongKey, 'api')).env![0]!.valueFrom!.secretKeyRef!.key = 'openai-key'
  t.match(environmentProblems(wrongKey), [/reads LLM_API_KEY from key openai-key/])
})

test('a secret value in the base is caught', async (t) => {
  const objects = objectsOf('base')
  const config = ofKind(objects, 'ConfigMap')[0]!
  ;(config.data as Record<string, string>).LLM_API_KEY = 'x'
  ;(config.data as Record<string, string>).REDIS_URL = 'rediss://:hunter2@cache.example.net:6380'
  containerOf(deploymentOf(objects, 'worker')).env!.push({ name: 'EVENTHUBS_SEND_CONNECTION_STRING', value: 'Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey=abc123=' })
  objects.push({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'meeting-ai-api-secrets' }, stringData: { AUTH_API_KEYS: 'k' } })
  const problems = baseSecretProblems(objects)
  t.ok(problems.some((line) => /holds the secret setting LLM_API_KEY/.test(line)), 'secret setting in a ConfigMap')
  t.ok(problems.some((line) => /data\/REDIS_URL looks like a credential/.test(line)), 'password in a Redis URL')
  t.ok(problems.some((line) => /env\/\d+\/value looks like a credential/.test(line)), 'an Event Hubs key')
  t.ok(problems.some((line) => /the base holds Secret\/meeting-ai-api-secrets/.test(line)), 'a Secret object')
})

test('a container that may run as root, write its root filesystem or escalate is caught', async (t) => {
  const objects = objectsOf('local')
  const api = deploymentOf(objects, 'api')
  delete api.spec.template.spec.securityContext
  const context = containerOf(api).securityContext!
  context.readOnlyRootFilesystem = false
  context.allowPrivilegeEscalation = true
  context.capabilities = { drop: ['NET_RAW'] }
  const problems = securityProblems(objects)
  for (const pattern of [/does not set runAsNonRoot/, /numeric non-zero runAsUser/, /writable root filesystem/, /allows privilege escalation/, /does not drop all capabilities/]) {
    t.ok(problems.some((line) => pattern.test(line)), String(pattern))
  }
})

test('egress to anything, or to a port that is none of Redis, Event Hubs, the LLM, DNS, is caught; so is a missing one', async (t) => {
  const objects = objectsOf('production')
  const [apiPolicy, workerPolicy] = ofKind(objects, 'NetworkPolicy') as Array<K8sObject & { spec: { egress: Array<{ ports?: unknown[] }> } }>
  apiPolicy!.spec.egress.push({})
  workerPolicy!.spec.egress.push({ ports: [{ port: 5432, protocol: 'TCP' }] })
  const problems = networkPolicyProblems(objects)
  t.ok(problems.some((line) => /egress rule without ports: api may reach anything/.test(line)))
  t.ok(problems.some((line) => /lets worker reach port 5432/.test(line)))
  const noEventHubs = objectsOf('production')
  const worker = ofKind(noEventHubs, 'NetworkPolicy')[1] as K8sObject & { spec: { egress: Array<{ ports?: Array<{ port: number }> }> } }
  worker.spec.egress = worker.spec.egress.filter((rule) => !(rule.ports ?? []).some((port) => port.port === 5671))
  // 443 went with 5671 (one rule): the LLM is cut off too.
  t.match(networkPolicyProblems(noEventHubs), [/worker cannot reach the LLM \(port 443\)/, /worker cannot reach Event Hubs \(port 5671 or 443\)/])
})

test('more workers than partitions, a dangling autoscaler or Service, and an ingress that buffers or times out are caught', async (t) => {
  const objects = objectsOf('production')
  deploymentOf(objects, 'worker').spec.replicas = 6
  t.match(workerReplicaProblems(objects), [/6 replicas for 4 partitions/])
  const hpa = ofKind(objects, 'HorizontalPodAutoscaler')[0]!
  ;(hpa.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name = 'meeting-ai'
  const service = ofKind(objects, 'Service').find((candidate) => candidate.metadata.name === 'meeting-ai-api')!
  ;(service.spec as { ports: Array<{ targetPort: string }> }).ports[0]!.targetPort = 'web'
  const scaling = scalingProblems(objects)
  t.ok(scaling.some((line) => /targets Deployment\/meeting-ai, which is not rendered/.test(line)))
  t.ok(scaling.some((line) => /targets web, which meeting-ai-api does not expose/.test(line)))
  const ingress = ofKind(objects, 'Ingress')[0]!
  ingress.metadata.annotations!['nginx.ingress.kubernetes.io/proxy-buffering'] = 'on'
  ingress.metadata.annotations!['nginx.ingress.kubernetes.io/proxy-read-timeout'] = '4'
  delete ingress.metadata.annotations!['nginx.ingress.kubernetes.io/proxy-body-size']
  t.match(ingressProblems(objects), [/must not buffer the stream/, /proxy-body-size must be at least BODY_LIMIT_BYTES/, /read timeout 4 s must exceed SSE_PING_MS \(5 s\)/])
  const fixedCount = objectsOf('production')
  deploymentOf(fixedCount, 'api').spec.replicas = 3
  t.match(scalingProblems(fixedCount), [/meeting-ai-api sets replicas, which every apply would reset/])
  const everything = objectsOf('production')
  const rule = (ofKind(everything, 'Ingress')[0]!.spec as { rules: Array<{ http: { paths: Array<{ path: string, pathType: string }> } }> }).rules[0]!
  rule.http.paths[0]!.path = '/api/v1'
  rule.http.paths.push({ ...rule.http.paths[0]!, path: '/', pathType: 'Prefix' })
  const exposed = ingressProblems(everything)
  t.ok(exposed.some((line) => /exposes \/metrics/.test(line)), 'a catch-all path exposes /metrics')
  t.ok(exposed.some((line) => /exposes \/health\/live/.test(line)), '...and health')
  rule.http.paths.pop()
  t.match(ingressProblems(everything), [/does not route \/api\/ai\/suggestions\/meetings\/m-1\/stream/])
  t.ok(ingressPathMatches({ path: '/swagger-ui', pathType: 'Prefix' }, '/swagger-ui/static/x.css'))
  t.notOk(ingressPathMatches({ path: '/swagger-ui', pathType: 'Prefix' }, '/swagger-ui.html'), 'Prefix matches whole path elements')
  const gateway = objectsOf('production-application-gateway')
  const appgw = ofKind(gateway, 'Ingress')[0]!
  delete appgw.metadata.annotations!['appgw.ingress.kubernetes.io/request-timeout']
  appgw.metadata.annotations!['appgw.ingress.kubernetes.io/connection-draining'] = 'false'
  t.match(ingressProblems(gateway), [/must drain connections/, /read timeout NaN s must exceed/])
})

test('an object that breaks its schema is caught', async (t) => {
  const objects = objectsOf('local')
  ;(containerOf(deploymentOf(objects, 'api')).ports![0] as { containerPort: unknown }).containerPort = 'eighty'
  objects.push({ apiVersion: 'extensions/v1beta1', kind: 'Ingress', metadata: { name: 'old' } })
  t.match(schemaProblems(objects), [/Deployment\/meeting-ai-api: \/spec\/template\/spec\/containers\/0\/ports\/0\/containerPort must be integer/, /apiVersion extensions\/v1beta1, which this check does not know/])
})
