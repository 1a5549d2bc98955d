import { settings, type Setting } from './settings.ts'

const GROUP_TITLES: Record<Setting['group'], string> = {
  server: 'Server',
  redis: 'Store',
  stream: 'Suggestion stream',
  ingest: 'Ingestion and analysis',
  'event-hubs': 'Azure Event Hubs',
  llm: 'Language model',
  consolidation: 'Consolidation',
  auth: 'Auth',
  limits: 'Limits'
}

/** The README's configuration table, generated from the settings so the two cannot disagree. */
export function configurationTable (): string {
  const lines = ['| Variable | Default | Meaning |', '| --- | --- | --- |']
  for (const group of Object.keys(GROUP_TITLES) as Array<Setting['group']>) {
    const inGroup = (settings as readonly Setting[]).filter((setting) => setting.group === group)
    if (inGroup.length === 0) continue
    lines.push(`| **${GROUP_TITLES[group]}** | | |`)
    for (const setting of inGroup) {
      const fallback = setting.default === undefined ? '(unset)' : setting.default === '' ? '(empty)' : `\`${setting.default}\``
      lines.push(`| \`${setting.env}\` | ${fallback} | ${setting.description.replaceAll('|', '\\|')} |`)
    }
  }
  return lines.join('\n')
}

export const TABLE_START = '<!-- config-table:start (generated: pnpm docs:config) -->'
export const TABLE_END = '<!-- config-table:end -->'

/** Replaces the generated section of a README text. */
export function withConfigurationTable (readme: string): string {
  const start = readme.indexOf(TABLE_START)
  const end = readme.indexOf(TABLE_END)
  if (start === -1 || end === -1 || end < start) throw new Error('README has no configuration table markers')
  return `${readme.slice(0, start + TABLE_START.length)}\n${configurationTable()}\n${readme.slice(end)}`
}
