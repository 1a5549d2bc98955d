export { settings, type Setting, type SettingName } from './settings.ts'
export { loadConfig, configFrom, camelCase, ConfigError, type Config } from './load.ts'
