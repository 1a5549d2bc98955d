/*
 * pnpm eval [--split dev|test] [--engine offline|openai] [--out file] [--only id[,id]]
 *           [--store embedded|redis] [--consolidation service|direct] [--details]
 *           [--price <input>,<output>]
 *
 * Runs the labelled set through the real consolidation service and live pipeline in this
 * process and prints the figures; --out writes them as JSON for comparison between runs.
 */
import { writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { loadMeetings, SPLITS, type Split } from './dataset.ts'
import { evaluateMeetings, type EngineChoice } from './evaluate.ts'
import { formatDetails, formatReport, formatTokens, type TokenPrice } from './report.ts'
import type { ConsolidationPath, StoreKind } from './run-meeting.ts'

function oneOf<T extends string> (name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`--${name} must be one of ${allowed.join(', ')}, got ${value}`)
  return value as T
}

async function main (): Promise<void> {
  const { values } = parseArgs({
    options: {
      split: { type: 'string', default: 'dev' },
      engine: { type: 'string', default: 'offline' },
      out: { type: 'string' },
      only: { type: 'string', multiple: true },
      store: { type: 'string', default: 'embedded' },
      consolidation: { type: 'string', default: 'service' },
      details: { type: 'boolean', default: false },
      price: { type: 'string' }
    }
  })
  const split = oneOf<Split>('split', values.split, SPLITS)
  const price = values.price === undefined ? undefined : parsePrice(values.price)
  const engine = oneOf<EngineChoice>('engine', values.engine, ['offline', 'openai'])
  const store = oneOf<StoreKind>('store', values.store, ['embedded', 'redis'])
  const path = oneOf<ConsolidationPath>('consolidation', values.consolidation, ['service', 'direct'])
  const only = values.only?.flatMap((v) => v.split(',')).filter(Boolean)
  const meetings = await loadMeetings(only === undefined ? { split } : { split, only })
  console.log(`split ${split}: ${meetings.length} meetings`)
  const report = await evaluateMeetings(meetings, { engine, store, path }, (result) => {
    process.stderr.write(`${result.id}: consolidation ${result.consolidation.ms} ms, live ${result.live.ms} ms\n`)
  })
  console.log(formatReport(report))
  console.log(`\n${formatTokens(report.overall, price)}`)
  if (values.details) console.log(`\n${formatDetails(report)}`)
  if (values.out !== undefined) {
    await writeFile(values.out, `${JSON.stringify(report, null, 2)}\n`)
    console.log(`\nwrote ${values.out}`)
  }
}

function parsePrice (value: string): TokenPrice {
  const [input, output] = value.split(',').map(Number)
  if (input === undefined || output === undefined || !Number.isFinite(input) || !Number.isFinite(output)) {
    throw new Error(`--price must be <input>,<output> in USD per 1M tokens (e.g. 0.15,0.60), got ${value}`)
  }
  return { inputPerMillion: input, outputPerMillion: output }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
