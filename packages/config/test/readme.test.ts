import { test } from 'tap'
import { readFile } from 'node:fs/promises'
import { withConfigurationTable } from '../src/index.ts'

test('the README configuration table is the one generated from the settings', async (t) => {
  const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8')
  t.equal(readme, withConfigurationTable(readme), 'run `pnpm docs:config` after changing settings.ts')
})
