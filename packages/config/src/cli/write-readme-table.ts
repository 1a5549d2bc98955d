import { readFile, writeFile } from 'node:fs/promises'
import { withConfigurationTable } from '../markdown-table.ts'

const path = new URL('../../../../README.md', import.meta.url)
await writeFile(path, withConfigurationTable(await readFile(path, 'utf8')))
process.stdout.write('README.md configuration table updated\n')
