import { hostname } from 'node:os'
import type { Static, TSchema } from 'typebox'
import { Compile } from 'typebox/compile'
import { settings, type Setting } from './settings.ts'

type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Lowercase<Head>}${Capitalize<CamelCase<Tail>>}`
  : Lowercase<S>

type AnySetting = typeof settings[number]
type SettingValue<S extends AnySetting> = S extends { default: string }
  ? Static<S['schema']>
  : Static<S['schema']> | undefined

export type Config = {
  readonly [S in AnySetting as CamelCase<S['env']>]: SettingValue<S>
} & {
  /** REDIS_URL came from the environment rather than the default (decides the embedded fallback). */
  readonly redisUrlExplicit: boolean
  /** Auth is on exactly when API keys are configured. */
  readonly authEnabled: boolean
  readonly workerId: string
  /** One line per variable read under its former name (see Setting.formerly), for the start-up output. */
  readonly deprecations: readonly string[]
}

export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID'
  constructor (readonly problems: string[]) {
    super(problems.map((line) => `Invalid configuration: ${line}`).join('\n'))
    this.name = 'ConfigError'
  }
}

export function camelCase (env: string): string {
  return env.toLowerCase().replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
}

function convert (schema: TSchema, raw: string): unknown {
  const type = (schema as { type?: string }).type
  const trimmed = raw.trim()
  switch (type) {
    case 'integer':
    case 'number':
      return trimmed === '' || !/^-?\d+(\.\d+)?$/.test(trimmed) ? raw : Number(trimmed)
    case 'boolean':
      if (/^(true|1|yes|on)$/i.test(trimmed)) return true
      if (/^(false|0|no|off)$/i.test(trimmed)) return false
      return raw
    case 'array':
      return trimmed.split(',').map((item) => item.trim()).filter((item) => item !== '')
    default:
      return trimmed
  }
}

function describe (schema: TSchema): string {
  const s = schema as Record<string, unknown>
  if (Array.isArray(s.enum)) return `one of ${(s.enum as string[]).join(', ')}`
  switch (s.type) {
    case 'integer': return `an integer from ${String(s.minimum)} to ${String(s.maximum)}`
    case 'boolean': return 'true or false'
    case 'array': return 'a comma-separated list'
    default:
      if (typeof s.pattern === 'string') return `a string matching ${s.pattern}`
      if (typeof s.minLength === 'number') return `a string of at least ${s.minLength} characters`
      return 'a string'
  }
}

const validators = new Map<string, ReturnType<typeof Compile>>()
function validatorFor (setting: Setting): ReturnType<typeof Compile> {
  let validator = validators.get(setting.env)
  if (validator === undefined) {
    validator = Compile(setting.schema)
    validators.set(setting.env, validator)
  }
  return validator
}

function isValidTimeZone (zone: string): boolean {
  try {
    Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

const isSet = (value: string | undefined): value is string => value !== undefined && value !== ''

/**
 * The raw value of a setting: its own variable, else its former name (noted in `deprecations`,
 * and a problem when both are set to different values, as one of them would be ignored).
 */
function readSetting (env: NodeJS.ProcessEnv, setting: Setting, problems: string[], deprecations: string[]): string | undefined {
  const provided = env[setting.env]
  if (setting.formerly === undefined) return provided
  const former = env[setting.formerly]
  if (!isSet(former)) return provided
  if (isSet(provided)) {
    if (provided.trim() !== former.trim()) problems.push(`${setting.formerly} is the former name of ${setting.env} and they disagree (${JSON.stringify(former)} vs ${JSON.stringify(provided)}); set ${setting.env} only`)
    return provided
  }
  deprecations.push(`${setting.formerly} is deprecated and will be removed; set ${setting.env} instead (read ${setting.formerly}=${JSON.stringify(former)} this time)`)
  return former
}

/**
 * Reads and validates every setting. All problems are collected so that one start-up
 * shows every bad variable, each on its own line naming the variable.
 */
export function loadConfig (env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = []
  const deprecations: string[] = []
  const values: Record<string, unknown> = {}
  for (const setting of settings as readonly Setting[]) {
    const provided = readSetting(env, setting, problems, deprecations)
    const raw = provided !== undefined && provided !== '' ? provided : setting.default
    if (raw === undefined) {
      values[camelCase(setting.env)] = undefined
      continue
    }
    const value = convert(setting.schema, raw)
    if (!validatorFor(setting).Check(value)) {
      const shown = setting.secret === true ? '(hidden)' : JSON.stringify(raw)
      problems.push(`${setting.env} must be ${describe(setting.schema)}, got ${shown}`)
      continue
    }
    values[camelCase(setting.env)] = value
  }
  if (typeof values.sttTimestampZone === 'string' && !isValidTimeZone(values.sttTimestampZone)) {
    problems.push(`STT_TIMESTAMP_ZONE must be an IANA time zone such as UTC or Asia/Seoul, got ${JSON.stringify(values.sttTimestampZone)}`)
  }
  const apiKeys = values.authApiKeys as string[] | undefined
  const authEnabled = apiKeys !== undefined && apiKeys.length > 0
  if (authEnabled && values.streamTokenSecret === undefined) {
    problems.push('STREAM_TOKEN_SECRET must be set (32+ characters) when AUTH_API_KEYS is set')
  }
  // A worker reading Event Hubs may take the close timeout in each of its source's two closing steps: both must end
  // within the grace, with time left for the rest.
  const closeMs = values.eventhubsCloseTimeoutMs
  const graceMs = values.shutdownGraceMs
  if (values.eventhubsListenConnectionString !== undefined && typeof closeMs === 'number' && typeof graceMs === 'number' && 2 * closeMs >= graceMs) {
    problems.push(`EVENTHUBS_CLOSE_TIMEOUT_MS twice (${2 * closeMs} ms) must stay below SHUTDOWN_GRACE_MS (${graceMs} ms): a shutdown past the grace is killed before its checkpoints and closes finish`)
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return Object.freeze({
    ...values,
    redisUrlExplicit: env.REDIS_URL !== undefined && env.REDIS_URL !== '',
    authEnabled,
    workerId: (values.workerId as string | undefined) ?? `${hostname()}-${process.pid}`,
    deprecations: Object.freeze(deprecations)
  }) as Config
}

/** For tests and embedding: the defaults overlaid with the given raw values. */
export function configFrom (overrides: Record<string, string | undefined>): Config {
  return loadConfig({ ...overrides })
}

/**
 * For process entry points: the configuration, or one line per bad variable on stderr and
 * exit code 1 (no stack trace: the message is the whole story). Variables read under a former
 * name get one line each on stderr too.
 */
export function loadConfigOrExit (env: NodeJS.ProcessEnv = process.env): Config {
  try {
    const config = loadConfig(env)
    for (const line of config.deprecations) process.stderr.write(`${line}\n`)
    return config
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
}
