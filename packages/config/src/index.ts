export { settings, type Setting, type SettingName } from './settings.ts'
export { loadConfig, loadConfigOrExit, configFrom, camelCase, ConfigError, type Config } from './load.ts'
export { configurationTable, withConfigurationTable, TABLE_START, TABLE_END } from './markdown-table.ts'
