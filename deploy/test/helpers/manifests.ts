import { execFileSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join, resolve } from 'node:path'
import { parseAllDocuments } from 'yaml'
import { Deployment } from 'kubernetes-models/apps/v1'
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2'
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1'
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1'
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1'
import { ConfigError, loadConfig, settings, type Setting } from '@meeting-ai/config'

/**
 * Renders the Kustomize overlays of deploy/kubernetes with `kubectl kustomize` and checks the
 * objects: against the Kubernetes schemas (kubernetes-models), and against what the service
 * really does (settings, routes, ports, shutdown). Each check returns one line per problem.
 */

export const kubernetesRoot = resolve(import.meta.dirname, '../../kubernetes')
export const overlays = ['local', 'production', 'production-application-gateway'] as const
export type Overlay = typeof overlays[number]

type Json = Record<string, unknown>
export interface K8sObject {
  apiVersion: string
  kind: string
  metadata: { name: string, namespace?: string, labels?: Record<string, string>, annotations?: Record<string, string> }
  [key: string]: unknown
}

/** The kubectl to render with: $KUBECTL, or `kubectl` on PATH; a clear error when there is none. */
export function kubectlPath (): string {
  const candidates = process.env.KUBECTL !== undefined && process.env.KUBECTL !== ''
    ? [process.env.KUBECTL]
    : (process.env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, 'kubectl'))
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {}
  }
  throw new Error('kubectl not found (looked at $KUBECTL, then PATH): the Kubernetes manifests are rendered with `kubectl kustomize`. ' +
    'Install it (Debian: apt-get install kubernetes-client; .ci/run does so) or set KUBECTL to its path.')
}

/** `kubectl kustomize <dir>` parsed into objects. */
export function render (dir: string): K8sObject[] {
  const output = execFileSync(kubectlPath(), ['kustomize', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  return parseObjects(output)
}

export function parseObjects (text: string): K8sObject[] {
  return parseAllDocuments(text)
    .map((document) => {
      if (document.errors.length > 0) throw new Error(`YAML: ${document.errors.map((error) => error.message).join('; ')}`)
      return document.toJS() as K8sObject | null
    })
    // The kustomize of kubectl 1.20 leaves `{}` where a `$patch: delete` removed an object.
    .filter((object): object is K8sObject => object !== null && Object.keys(object).length > 0)
}

export const renderOverlay = (overlay: Overlay | 'base'): K8sObject[] =>
  render(join(kubernetesRoot, overlay === 'base' ? 'base' : `overlays/${overlay}`))

const models: Record<string, { validate: (data: unknown) => void }> = {}
const register = (model: { apiVersion: string, kind: string }, make: (data: Json) => { validate (): void }): void => {
  models[`${model.apiVersion}/${model.kind}`] = { validate: (data) => { make(data as Json).validate() } }
}
register(Deployment, (data) => new Deployment(data as never))
register(HorizontalPodAutoscaler, (data) => new HorizontalPodAutoscaler(data as never))
register(Ingress, (data) => new Ingress(data as never))
register(NetworkPolicy, (data) => new NetworkPolicy(data as never))
register(PodDisruptionBudget, (data) => new PodDisruptionBudget(data as never))
register(ConfigMap, (data) => new ConfigMap(data as never))
register(Namespace, (data) => new Namespace(data as never))
register(Secret, (data) => new Secret(data as never))
register(Service, (data) => new Service(data as never))

const describeObject = (object: K8sObject): string => `${object.kind}/${object.metadata?.name ?? '(no name)'}`

/** Each object against the JSON schema of its apiVersion and kind. */
export function schemaProblems (objects: K8sObject[]): string[] {
  const problems: string[] = []
  for (const object of objects) {
    const model = models[`${object.apiVersion}/${object.kind}`]
    if (model === undefined) {
      problems.push(`schema: ${describeObject(object)} has apiVersion ${object.apiVersion}, which this check does not know`)
      continue
    }
    try {
      model.validate(object)
    } catch (error) {
      const errors = (error as { errors?: Array<{ instancePath: string, message?: string }> }).errors
      const detail = errors?.map((entry) => `${entry.instancePath} ${entry.message ?? ''}`).join('; ') ?? (error as Error).message
      problems.push(`schema: ${describeObject(object)}: ${detail}`)
    }
  }
  return problems
}

// ---- accessors ------------------------------------------------------------------------------

interface Probe { httpGet?: { path?: string, port?: number | string } }
interface EnvVar { name: string, value?: string, valueFrom?: { secretKeyRef?: { name: string, key: string, optional?: boolean }, configMapKeyRef?: { name: string, key: string } } }
export interface Container {
  name: string
  image?: string
  ports?: Array<{ name?: string, containerPort: number }>
  env?: EnvVar[]
  envFrom?: Array<{ configMapRef?: { name: string }, secretRef?: { name: string } }>
  readinessProbe?: Probe
  livenessProbe?: Probe
  lifecycle?: { preStop?: { exec?: { command?: string[] }, sleep?: { seconds: number } } }
  resources?: { requests?: Record<string, string>, limits?: Record<string, string> }
  securityContext?: { runAsNonRoot?: boolean, runAsUser?: number, readOnlyRootFilesystem?: boolean, allowPrivilegeEscalation?: boolean, privileged?: boolean, capabilities?: { drop?: string[], add?: string[] } }
}
interface PodSpec {
  containers: Container[]
  terminationGracePeriodSeconds?: number
  automountServiceAccountToken?: boolean
  securityContext?: { runAsNonRoot?: boolean, runAsUser?: number }
}
export interface DeploymentObject extends K8sObject {
  spec: { replicas?: number, selector: { matchLabels: Record<string, string> }, template: { metadata: { labels: Record<string, string> }, spec: PodSpec } }
}

/** Our two apps, by the Deployment names of the base. */
export const apps = { api: 'meeting-ai-api', worker: 'meeting-ai-worker' } as const
export type App = keyof typeof apps

export const ofKind = <T extends K8sObject = K8sObject>(objects: K8sObject[], kind: string): T[] => objects.filter((object) => object.kind === kind) as T[]

export function deploymentOf (objects: K8sObject[], app: App): DeploymentObject {
  const deployment = ofKind<DeploymentObject>(objects, 'Deployment').find((candidate) => candidate.metadata.name === apps[app])
  if (deployment === undefined) throw new Error(`no Deployment ${apps[app]}`)
  return deployment
}

export const containerOf = (deployment: DeploymentObject): Container => {
  const container = deployment.spec.template.spec.containers[0]
  if (container === undefined) throw new Error(`${describeObject(deployment)} has no container`)
  return container
}

export type EnvSource = { from: 'value' | 'configMap', value: string } | { from: 'secret', secret: string, key: string, optional: boolean }

/**
 * The environment a container gets, as Kubernetes builds it: envFrom in order (a later source wins),
 * then `env` (wins over envFrom).
 */
export function environmentOf (container: Container, objects: K8sObject[]): Map<string, EnvSource> {
  const environment = new Map<string, EnvSource>()
  const configMaps = new Map(ofKind(objects, 'ConfigMap').map((map) => [map.metadata.name, (map.data ?? {}) as Record<string, string>]))
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef !== undefined) {
      const data = configMaps.get(source.configMapRef.name)
      if (data === undefined) throw new Error(`container ${container.name}: envFrom ConfigMap ${source.configMapRef.name} is not rendered`)
      for (const [key, value] of Object.entries(data)) environment.set(key, { from: 'configMap', value })
    }
    if (source.secretRef !== undefined) throw new Error(`container ${container.name}: envFrom a whole Secret hides which settings it sets; use secretKeyRef per setting`)
  }
  for (const variable of container.env ?? []) {
    const secret = variable.valueFrom?.secretKeyRef
    if (secret !== undefined) environment.set(variable.name, { from: 'secret', secret: secret.name, key: secret.key, optional: secret.optional ?? false })
    else if (variable.valueFrom?.configMapKeyRef !== undefined) {
      const { name, key } = variable.valueFrom.configMapKeyRef
      environment.set(variable.name, { from: 'configMap', value: configMaps.get(name)?.[key] ?? '' })
    } else environment.set(variable.name, { from: 'value', value: variable.value ?? '' })
  }
  return environment
}

/** Plain values of the environment (secrets left out), as the service's loader would read them. */
export const plainValues = (environment: Map<string, EnvSource>): Record<string, string> =>
  Object.fromEntries([...environment].flatMap(([name, source]) => source.from === 'secret' ? [] : [[name, source.value]]))

const settingDefault = (env: string): string => {
  const setting = settings.find((candidate) => candidate.env === env)
  return setting !== undefined && 'default' in setting ? setting.default : ''
}

/** A setting's value in the container: its plain value, else the default. */
export function settingIn (environment: Map<string, EnvSource>, env: string): string {
  const source = environment.get(env)
  if (source !== undefined && source.from !== 'secret' && source.value !== '') return source.value
  return settingDefault(env)
}

function portNumber (container: Container, port: number | string | undefined): number | undefined {
  if (typeof port === 'number') return port
  return container.ports?.find((candidate) => candidate.name === port)?.containerPort
}

/** Milliseconds the preStop hook holds the container before SIGTERM. */
export function preStopMs (container: Container): number {
  const preStop = container.lifecycle?.preStop
  if (preStop?.sleep !== undefined) return preStop.sleep.seconds * 1000
  const command = preStop?.exec?.command
  if (command === undefined) return 0
  if (command[0] === 'sleep' && command.length === 2 && /^\d+$/.test(command[1]!)) return Number(command[1]) * 1000
  throw new Error(`container ${container.name}: preStop ${JSON.stringify(command)} is not a plain sleep this check can time`)
}

// ---- invariants ---------------------------------------------------------------------------

export interface ProbeTarget { app: App, probe: 'readiness' | 'liveness', path: string, port: number }

/** Probes of both apps, with the port they hit; problems when a probe or its port is not the app's. */
export function probeTargets (objects: K8sObject[]): { targets: ProbeTarget[], problems: string[] } {
  const targets: ProbeTarget[] = []
  const problems: string[] = []
  for (const app of Object.keys(apps) as App[]) {
    const container = containerOf(deploymentOf(objects, app))
    const environment = environmentOf(container, objects)
    // The API listens on PORT; the worker serves /health and /metrics on METRICS_PORT.
    const portSetting = app === 'api' ? 'PORT' : 'METRICS_PORT'
    const listening = Number(settingIn(environment, portSetting))
    if (!(listening > 0)) problems.push(`probes: ${app}: ${portSetting} is ${listening}, so nothing answers the probes`)
    for (const probe of ['readiness', 'liveness'] as const) {
      const spec = container[`${probe}Probe`]
      const path = spec?.httpGet?.path
      const port = portNumber(container, spec?.httpGet?.port)
      if (spec === undefined || path === undefined || port === undefined) {
        problems.push(`probes: ${app} has no HTTP ${probe} probe with a path and a known port`)
        continue
      }
      if (port !== listening) problems.push(`probes: ${app} ${probe} probe hits port ${port}, but ${portSetting} is ${listening}`)
      targets.push({ app, probe, path, port })
    }
    // Readiness reports Redis (and shutdown); liveness must not, or a Redis outage restarts every pod.
    const readiness = targets.find((target) => target.app === app && target.probe === 'readiness')
    const liveness = targets.find((target) => target.app === app && target.probe === 'liveness')
    if (readiness !== undefined && readiness.path !== '/health') problems.push(`probes: ${app} readiness must be /health (store included), is ${readiness.path}`)
    if (liveness !== undefined && liveness.path !== '/health/live') problems.push(`probes: ${app} liveness must be /health/live (never touches the store), is ${liveness.path}`)
  }
  return { targets, problems }
}

const SHUTDOWN_MARGIN_MS = 2000

/** The grace period covers preStop + the app's own drain; the API's drain covers a consolidation. */
export function shutdownProblems (objects: K8sObject[]): string[] {
  const problems: string[] = []
  for (const app of Object.keys(apps) as App[]) {
    const deployment = deploymentOf(objects, app)
    const container = containerOf(deployment)
    const environment = environmentOf(container, objects)
    const graceMs = (deployment.spec.template.spec.terminationGracePeriodSeconds ?? 30) * 1000
    const drainMs = Number(settingIn(environment, 'SHUTDOWN_GRACE_MS'))
    const holdMs = preStopMs(container)
    if (graceMs < holdMs + drainMs + SHUTDOWN_MARGIN_MS) {
      problems.push(`shutdown: ${app} terminationGracePeriodSeconds ${graceMs / 1000} < preStop ${holdMs / 1000} s + SHUTDOWN_GRACE_MS ${drainMs / 1000} s + ${SHUTDOWN_MARGIN_MS / 1000} s: the kubelet would kill it mid-drain`)
    }
    if (app === 'api') {
      if (holdMs === 0) problems.push('shutdown: api has no preStop sleep: new requests would reach it after its streams end')
      const budgetMs = Number(settingIn(environment, 'CONSOLIDATE_BUDGET_MS'))
      if (drainMs < budgetMs) problems.push(`shutdown: api SHUTDOWN_GRACE_MS ${drainMs} < CONSOLIDATE_BUDGET_MS ${budgetMs}: a consolidation accepted before SIGTERM could be cut off`)
    }
  }
  return problems
}

/** Credentials as they look in the values our settings take. */
const secretLooking = [
  /SharedAccessKey=(?!SAS_KEY_VALUE)[^;]+/i, // Event Hubs connection strings (the emulator's well-known key aside)
  /rediss?:\/\/[^@/\s]*:[^@/\s]+@/i, // a password in a Redis URL
  /\bsk-[A-Za-z0-9_-]{16,}/, // OpenAI keys
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/
]

/** Every environment variable is a setting, valid for the loader; secret settings only ever come from Secrets. */
export function environmentProblems (objects: K8sObject[]): string[] {
  const known = new Map<string, Setting>((settings as readonly Setting[]).map((setting) => [setting.env, setting]))
  const problems: string[] = []
  for (const app of Object.keys(apps) as App[]) {
    const environment = environmentOf(containerOf(deploymentOf(objects, app)), objects)
    for (const [name, source] of environment) {
      const setting = known.get(name)
      if (setting === undefined) {
        problems.push(`env: ${app} sets ${name}, which is not a setting in packages/config/src/settings.ts`)
        continue
      }
      if (setting.secret === true && source.from !== 'secret') problems.push(`env: ${app} takes the secret setting ${name} from a ${source.from === 'value' ? 'literal value' : 'ConfigMap'}; it must come from a Secret`)
      if (source.from === 'secret' && source.key !== name) problems.push(`env: ${app} reads ${name} from key ${source.key} of Secret ${source.secret}; keys are named after the settings`)
    }
    try {
      loadConfig(plainValues(environment))
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error
      for (const line of error.problems) problems.push(`env: ${app}: ${line}`)
    }
  }
  return problems
}

/** What the base may never hold: Secret objects, secret settings with values, credential-looking strings. */
export function baseSecretProblems (objects: K8sObject[]): string[] {
  const secretSettings = new Set((settings as readonly Setting[]).filter((setting) => setting.secret === true).map((setting) => setting.env))
  const problems: string[] = []
  for (const object of objects) {
    if (object.kind === 'Secret') problems.push(`secrets: the base holds ${describeObject(object)}; Secrets are created per environment`)
    if (object.kind === 'ConfigMap') {
      for (const key of Object.keys((object.data ?? {}) as Json)) {
        if (secretSettings.has(key)) problems.push(`secrets: ${describeObject(object)} holds the secret setting ${key}`)
      }
    }
    const walk = (node: unknown, path: string): void => {
      if (typeof node === 'string') {
        if (secretLooking.some((pattern) => pattern.test(node))) problems.push(`secrets: ${describeObject(object)} ${path} looks like a credential`)
      } else if (Array.isArray(node)) node.forEach((item, index) => { walk(item, `${path}/${index}`) })
      else if (node !== null && typeof node === 'object') Object.entries(node).forEach(([key, value]) => { walk(value, `${path}/${key}`) })
    }
    walk(object, '')
  }
  return problems
}

/** Non-root, read-only root filesystem, no privilege escalation, every capability dropped: every container we deploy. */
export function securityProblems (objects: K8sObject[]): string[] {
  const problems: string[] = []
  for (const deployment of ofKind<DeploymentObject>(objects, 'Deployment')) {
    const pod = deployment.spec.template.spec
    if (pod.automountServiceAccountToken !== false) problems.push(`security: ${describeObject(deployment)} mounts a service account token it does not need`)
    for (const container of pod.containers) {
      const where = `${describeObject(deployment)} container ${container.name}`
      const context = container.securityContext ?? {}
      const nonRoot = context.runAsNonRoot ?? pod.securityContext?.runAsNonRoot
      const user = context.runAsUser ?? pod.securityContext?.runAsUser
      if (nonRoot !== true) problems.push(`security: ${where} does not set runAsNonRoot`)
      // The images name their user (`node`); the kubelet can only check a numeric one.
      if (user === undefined || user === 0) problems.push(`security: ${where} needs a numeric non-zero runAsUser`)
      if (context.readOnlyRootFilesystem !== true) problems.push(`security: ${where} has a writable root filesystem`)
      if (context.allowPrivilegeEscalation !== false) problems.push(`security: ${where} allows privilege escalation`)
      if (context.privileged === true) problems.push(`security: ${where} is privileged`)
      if (!(context.capabilities?.drop ?? []).includes('ALL')) problems.push(`security: ${where} does not drop all capabilities`)
      if ((context.capabilities?.add ?? []).length > 0) problems.push(`security: ${where} adds capabilities`)
      if (container.resources?.requests?.memory === undefined || container.resources?.limits?.memory === undefined) problems.push(`security: ${where} needs a memory request and limit`)
      if (container.resources?.requests?.cpu === undefined) problems.push(`security: ${where} needs a CPU request`)
    }
  }
  return problems
}

interface PolicyPort { port?: number | string, protocol?: string }
interface NetworkPolicyObject extends K8sObject {
  spec: { podSelector: { matchLabels?: Record<string, string> }, policyTypes?: string[], egress?: Array<{ ports?: PolicyPort[], to?: unknown[] }> }
}

const DNS_PORT = 53
/** The ports each app may reach: DNS, Redis (6379 plain, 6380 TLS), Event Hubs (5671 AMQPS, 443 WebSockets), the LLM (443). */
const allowedEgress: Record<App, Set<number>> = {
  api: new Set([DNS_PORT, 6379, 6380, 443]),
  worker: new Set([DNS_PORT, 6379, 6380, 443, 5671])
}

const portOfUrl = (url: string, fallback: number): number => {
  const parsed = new URL(url)
  if (parsed.port !== '') return Number(parsed.port)
  return ({ 'https:': 443, 'http:': 80, 'rediss:': 6379, 'redis:': 6379 } as Record<string, number>)[parsed.protocol] ?? fallback
}

/** Egress of each app: only the ports of Redis, Event Hubs, the LLM and DNS, and each of those it uses. */
export function networkPolicyProblems (objects: K8sObject[]): string[] {
  const problems: string[] = []
  const policies = ofKind<NetworkPolicyObject>(objects, 'NetworkPolicy')
  for (const app of Object.keys(apps) as App[]) {
    const deployment = deploymentOf(objects, app)
    const labels = deployment.spec.template.metadata.labels
    const selecting = policies.filter((policy) => Object.entries(policy.spec.podSelector.matchLabels ?? {}).every(([key, value]) => labels[key] === value))
    const egressPolicies = selecting.filter((policy) => policy.spec.policyTypes?.includes('Egress'))
    if (egressPolicies.length === 0) {
      problems.push(`network: no NetworkPolicy restricts the egress of ${app}`)
      continue
    }
    const open = new Set<number>()
    for (const policy of egressPolicies) {
      for (const rule of policy.spec.egress ?? []) {
        if (rule.ports === undefined || rule.ports.length === 0) {
          problems.push(`network: ${describeObject(policy)} has an egress rule without ports: ${app} may reach anything`)
          continue
        }
        for (const port of rule.ports) {
          if (typeof port.port !== 'number') {
            problems.push(`network: ${describeObject(policy)} egress port ${String(port.port)} must be a number`)
            continue
          }
          open.add(port.port)
          if (!allowedEgress[app].has(port.port)) problems.push(`network: ${describeObject(policy)} lets ${app} reach port ${port.port}, which is not Redis, Event Hubs, the LLM or DNS`)
        }
      }
    }
    const environment = environmentOf(containerOf(deployment), objects)
    const needed: Array<[string, number[]]> = [['DNS', [DNS_PORT]]]
    const redis = environment.get('REDIS_URL')
    // From a Secret the URL is unknown here: the plain or the TLS port of a managed Redis.
    needed.push(['Redis', redis?.from === 'secret' ? [6379, 6380] : [portOfUrl(settingIn(environment, 'REDIS_URL'), 6379)]])
    const llmBaseUrl = settingIn(environment, 'LLM_BASE_URL')
    if (llmBaseUrl !== '' || environment.has('LLM_API_KEY')) needed.push(['the LLM', [llmBaseUrl !== '' ? portOfUrl(llmBaseUrl, 443) : 443]])
    if (app === 'worker' && (settingIn(environment, 'STT_SOURCE') === 'event-hubs' || environment.has('EVENTHUBS_LISTEN_CONNECTION_STRING'))) needed.push(['Event Hubs', [5671, 443]])
    for (const [what, ports] of needed) {
      if (!ports.some((port) => open.has(port))) problems.push(`network: ${app} cannot reach ${what} (port ${ports.join(' or ')})`)
    }
  }
  return problems
}

/** Workers beyond the hub's partition count only stand by. */
export function workerReplicaProblems (objects: K8sObject[]): string[] {
  const worker = deploymentOf(objects, 'worker')
  const partitions = Number(worker.metadata.annotations?.['meeting-ai/eventhubs-partition-count'])
  if (!Number.isInteger(partitions) || partitions < 1) return ['worker: annotation meeting-ai/eventhubs-partition-count must give the hub\'s partition count']
  const problems: string[] = []
  const replicas = worker.spec.replicas ?? 1
  if (replicas > partitions) problems.push(`worker: ${replicas} replicas for ${partitions} partitions: ${replicas - partitions} would only stand by`)
  for (const hpa of ofKind(objects, 'HorizontalPodAutoscaler')) {
    const spec = hpa.spec as { scaleTargetRef: { name: string }, maxReplicas: number }
    if (spec.scaleTargetRef.name === worker.metadata.name && spec.maxReplicas > partitions) problems.push(`worker: ${describeObject(hpa)} may scale to ${spec.maxReplicas} > ${partitions} partitions`)
  }
  return problems
}

/** Each HPA, PDB and Service points at a Deployment and port that exist, and the API scales on CPU. */
export function scalingProblems (objects: K8sObject[]): string[] {
  const problems: string[] = []
  const deployments = ofKind<DeploymentObject>(objects, 'Deployment')
  for (const hpa of ofKind(objects, 'HorizontalPodAutoscaler')) {
    const spec = hpa.spec as { scaleTargetRef: { kind: string, name: string }, metrics?: Array<{ type: string, resource?: { name: string } }> }
    const target = deployments.find((deployment) => deployment.metadata.name === spec.scaleTargetRef.name && spec.scaleTargetRef.kind === 'Deployment')
    if (target === undefined) {
      problems.push(`scaling: ${describeObject(hpa)} targets ${spec.scaleTargetRef.kind}/${spec.scaleTargetRef.name}, which is not rendered`)
      continue
    }
    if (!(spec.metrics ?? []).some((metric) => metric.type === 'Resource' && metric.resource?.name === 'cpu')) problems.push(`scaling: ${describeObject(hpa)} has no CPU metric`)
    if (containerOf(target).resources?.requests?.cpu === undefined) problems.push(`scaling: ${describeObject(hpa)} scales on CPU utilisation but ${target.metadata.name} requests no CPU`)
    if (target.spec.replicas !== undefined) problems.push(`scaling: ${target.metadata.name} sets replicas, which every apply would reset under ${describeObject(hpa)}`)
  }
  if (!ofKind(objects, 'HorizontalPodAutoscaler').some((hpa) => (hpa.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name === apps.api)) problems.push('scaling: no HorizontalPodAutoscaler for the API')
  const selects = (selector: Record<string, string> | undefined, deployment: DeploymentObject): boolean =>
    selector !== undefined && Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => deployment.spec.template.metadata.labels[key] === value)
  for (const pdb of ofKind(objects, 'PodDisruptionBudget')) {
    const selector = (pdb.spec as { selector?: { matchLabels?: Record<string, string> } }).selector?.matchLabels
    if (!deployments.some((deployment) => selects(selector, deployment))) problems.push(`scaling: ${describeObject(pdb)} selects no Deployment`)
  }
  for (const app of Object.keys(apps) as App[]) {
    if (!ofKind(objects, 'PodDisruptionBudget').some((pdb) => selects((pdb.spec as { selector?: { matchLabels?: Record<string, string> } }).selector?.matchLabels, deploymentOf(objects, app)))) problems.push(`scaling: no PodDisruptionBudget for ${app}`)
  }
  for (const service of ofKind(objects, 'Service')) {
    const spec = service.spec as { selector?: Record<string, string>, ports: Array<{ port: number, targetPort?: number | string }> }
    const backend = deployments.find((deployment) => selects(spec.selector, deployment))
    if (backend === undefined) {
      problems.push(`scaling: ${describeObject(service)} selects no Deployment`)
      continue
    }
    for (const port of spec.ports) {
      if (portNumber(containerOf(backend), port.targetPort ?? port.port) === undefined) problems.push(`scaling: ${describeObject(service)} port ${port.port} targets ${String(port.targetPort)}, which ${backend.metadata.name} does not expose`)
    }
  }
  return problems
}

const seconds = (value: string | undefined): number => value === undefined ? NaN : Number(value.replace(/s$/, ''))
const bytes = (value: string | undefined): number => {
  const match = /^(\d+)([kmg]?)$/i.exec(value ?? '')
  if (match === null) return NaN
  return Number(match[1]) * ({ '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 } as Record<string, number>)[match[2]!.toLowerCase()]!
}

/** Kubernetes Ingress path matching: Exact is the whole path, Prefix whole path elements. */
export function ingressPathMatches (path: { path: string, pathType: string }, url: string): boolean {
  if (path.pathType === 'Exact') return url === path.path
  const prefix = path.path.split('/').filter(Boolean)
  const elements = url.split('/').filter(Boolean)
  return prefix.every((element, index) => elements[index] === element)
}

/** Reached through the ingress: the API, the OpenAPI document and Swagger UI. Not: metrics and health. */
const publicUrls = [
  '/api/ai/suggestions/meetings/m-1/stream', '/api/v1/transcripts/consolidate', '/api/v1/meetings/m-1/summary/regenerate',
  '/api/v1/meetings/m-1/stream-token', '/api/v1/stt/events', '/v3/api-docs', '/swagger-ui.html', '/swagger-ui-init.js', '/swagger-ui/static/swagger-ui.css'
]
const internalUrls = ['/metrics', '/health', '/health/live']

/** What SSE needs from the proxy in front: ingress-nginx and Azure Application Gateway. */
export function ingressProblems (objects: K8sObject[]): string[] {
  const problems: string[] = []
  const api = containerOf(deploymentOf(objects, 'api'))
  const environment = environmentOf(api, objects)
  const pingMs = Number(settingIn(environment, 'SSE_PING_MS'))
  const bodyLimit = Number(settingIn(environment, 'BODY_LIMIT_BYTES'))
  // The meeting service waits 30 s for a consolidation.
  const slowestAnswerMs = 30_000
  const services = ofKind(objects, 'Service')
  for (const ingress of ofKind(objects, 'Ingress')) {
    const where = describeObject(ingress)
    const annotations = ingress.metadata.annotations ?? {}
    const spec = ingress.spec as { ingressClassName?: string, rules?: Array<{ http?: { paths: Array<{ path: string, pathType: string, backend: { service?: { name: string, port: { name?: string, number?: number } } } }> } }> }
    const paths = spec.rules?.flatMap((rule) => rule.http?.paths ?? []) ?? []
    for (const url of publicUrls) {
      if (!paths.some((path) => ingressPathMatches(path, url))) problems.push(`ingress: ${where} does not route ${url}`)
    }
    for (const url of internalUrls) {
      if (paths.some((path) => ingressPathMatches(path, url))) problems.push(`ingress: ${where} exposes ${url}, which stays inside the cluster`)
    }
    for (const path of paths) {
      const backend = path.backend.service
      const service = services.find((candidate) => candidate.metadata.name === backend?.name)
      const ports = (service?.spec as { ports?: Array<{ name?: string, port: number }> } | undefined)?.ports ?? []
      if (backend === undefined || service === undefined || !ports.some((port) => port.name === backend.port.name || port.port === backend.port.number)) {
        problems.push(`ingress: ${where} routes to ${backend?.name ?? '?'}:${backend?.port.name ?? backend?.port.number ?? '?'}, which is not a rendered Service port`)
      }
    }
    let readTimeoutMs: number
    if (spec.ingressClassName === 'azure-application-gateway') {
      readTimeoutMs = seconds(annotations['appgw.ingress.kubernetes.io/request-timeout']) * 1000
      if (annotations['appgw.ingress.kubernetes.io/connection-draining'] !== 'true') problems.push(`ingress: ${where} must drain connections of removed pods (appgw.ingress.kubernetes.io/connection-draining)`)
    } else {
      readTimeoutMs = seconds(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout']) * 1000
      if (annotations['nginx.ingress.kubernetes.io/proxy-buffering'] !== 'off') problems.push(`ingress: ${where} must not buffer the stream (nginx.ingress.kubernetes.io/proxy-buffering: "off")`)
      const bodySize = bytes(annotations['nginx.ingress.kubernetes.io/proxy-body-size'])
      if (!(bodySize >= bodyLimit)) problems.push(`ingress: ${where} proxy-body-size must be at least BODY_LIMIT_BYTES (${bodyLimit}), or nginx answers 413 itself`)
    }
    if (!(readTimeoutMs > Math.max(pingMs, slowestAnswerMs))) problems.push(`ingress: ${where} read timeout ${readTimeoutMs / 1000} s must exceed SSE_PING_MS (${pingMs / 1000} s) and the 30 s of a consolidation`)
  }
  return problems
}

export function allProblems (objects: K8sObject[]): string[] {
  return [
    ...schemaProblems(objects),
    ...probeTargets(objects).problems,
    ...shutdownProblems(objects),
    ...environmentProblems(objects),
    ...securityProblems(objects),
    ...networkPolicyProblems(objects),
    ...workerReplicaProblems(objects),
    ...scalingProblems(objects),
    ...ingressProblems(objects)
  ]
}
