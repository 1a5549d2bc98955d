import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { test } from 'tap'

/*
 * ARCHITECTURE.md draws the workspace's package graph; this keeps it true. Each arrow of its
 * mermaid block must be a runtime dependency in the package.json files, and each runtime
 * dependency between workspace parts must be an arrow.
 */

const root = fileURLToPath(new URL('..', import.meta.url))
const architecture = readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8')

interface Part {
  /** Folder relative to the root, e.g. `apps/api`. */
  folder: string
  name: string
  dependencies: string[]
}

function workspaceParts (): Part[] {
  return ['apps', 'packages'].flatMap((group) => readdirSync(join(root, group), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const folder = `${group}/${entry.name}`
      const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as { name: string, dependencies?: Record<string, string> }
      return { folder, name: manifest.name, dependencies: Object.keys(manifest.dependencies ?? {}) }
    }))
}

/** The drawn graph: node id to folder, and the arrows as `from-folder -> to-folder`. */
function drawnGraph (): { folders: Set<string>, arrows: Set<string> } {
  const block = /```mermaid\n([\s\S]*?)```/.exec(architecture)
  if (block === null) throw new Error('ARCHITECTURE.md has no mermaid block')
  const body = block[1] as string
  const folderOf = new Map<string, string>()
  for (const match of body.matchAll(/^\s*(\w+)\["([^"]+)"\]\s*$/gm)) folderOf.set(match[1] as string, match[2] as string)
  const arrows = new Set<string>()
  for (const match of body.matchAll(/^\s*(\w+)\s*-->\s*(\w+)\s*$/gm)) {
    const from = folderOf.get(match[1] as string)
    const to = folderOf.get(match[2] as string)
    if (from === undefined || to === undefined) throw new Error(`arrow ${match[1]} --> ${match[2]} names an undeclared node`)
    arrows.add(`${from} -> ${to}`)
  }
  return { folders: new Set(folderOf.values()), arrows }
}

test('ARCHITECTURE.md draws every app and package of the workspace, and only those', async (t) => {
  const parts = workspaceParts()
  const { folders } = drawnGraph()
  t.same([...folders].sort(), parts.map((part) => part.folder).sort())
})

test('the arrows of ARCHITECTURE.md are exactly the runtime dependencies between workspace parts', async (t) => {
  const parts = workspaceParts()
  const folderOfName = new Map(parts.map((part) => [part.name, part.folder]))
  const real = parts.flatMap((part) => part.dependencies
    .filter((dependency) => folderOfName.has(dependency))
    .map((dependency) => `${part.folder} -> ${folderOfName.get(dependency) as string}`))
  const drawn = drawnGraph().arrows
  t.same([...drawn].filter((arrow) => !real.includes(arrow)).sort(), [], 'no drawn arrow is missing from the package.json files')
  t.same(real.filter((arrow) => !drawn.has(arrow)).sort(), [], 'no runtime dependency is missing from the drawing')
})

test('the ownership table has one row per app and package', async (t) => {
  for (const part of workspaceParts()) {
    t.match(architecture, new RegExp(`^\\| \`${part.folder}\` \\| .+ \\|$`, 'm'), `${part.folder} has a row`)
  }
})
