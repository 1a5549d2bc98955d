import { writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { serverOf, type Spread } from './spread.ts'

/**
 * One client process of the fan-out benchmark: opens `count` SSE connections from one
 * 127.0.0.x source address (a process may hold 20,000 descriptors; a source address has
 * 28k ephemeral ports) and keeps publish-to-receive latencies for the parent (IPC).
 * Parsing is minimal on purpose: the client's own cost must not dominate the figure.
 *
 *   argv: JSON { bases, spread, pathPrefix, count, meetings, offset, localAddress, concurrentOpens, dumpTo? }
 *
 * Viewer g (offset + index) watches meeting g mod `meetings`; with several `bases` (one per
 * server process) it connects to `serverOf(g)`.
 *
 * With `dumpTo`, each report also writes `<send time> <latency>` per delivery to
 * `<dumpTo>-<pid>-<n>.txt`, to see when the slow deliveries happened (bench/RESULTS.md).
 */
interface ClientOptions { bases: string[], spread: Spread, pathPrefix: string, pathSuffix: string, count: number, meetings: number, offset: number, localAddress: string, concurrentOpens: number, dumpTo?: string }
const options = JSON.parse(process.argv[2] ?? '{}') as ClientOptions

let open = 0
let failed = 0
let closedAfterOpen = 0
let latencies: number[] = []
let sentTimes: number[] = []
let reports = 0
const MARK = '"content":"t='

function connect (index: number): Promise<void> {
  return new Promise((resolve) => {
    const viewer = options.offset + index
    const meetingId = `bench-${viewer % options.meetings}`
    const base = options.bases[serverOf(viewer, options.meetings, options.bases.length, options.spread)]
    const req = request(`${base}${options.pathPrefix}${meetingId}${options.pathSuffix}`, { agent: false, localAddress: options.localAddress, headers: { accept: 'text/event-stream' } })
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        failed++
        res.resume()
        resolve()
        return
      }
      open++
      resolve()
      res.setEncoding('utf8')
      let buffer = ''
      res.on('data', (chunk: string) => {
        const now = performance.timeOrigin + performance.now()
        buffer += chunk
        let end
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const at = buffer.indexOf(MARK)
          if (at !== -1 && at < end) {
            const from = at + MARK.length
            const sentAt = Number(buffer.slice(from, buffer.indexOf('"', from)))
            latencies.push(now - sentAt)
            if (options.dumpTo !== undefined) sentTimes.push(sentAt)
          }
          buffer = buffer.slice(end + 2)
        }
      })
      res.on('close', () => { open--; closedAfterOpen++ })
      res.on('error', () => {})
    })
    req.on('error', () => { failed++; resolve() })
    req.end()
  })
}

async function main (): Promise<void> {
  for (let start = 0; start < options.count; start += options.concurrentOpens) {
    const batch: Array<Promise<void>> = []
    for (let i = start; i < Math.min(options.count, start + options.concurrentOpens); i++) batch.push(connect(i))
    await Promise.all(batch)
  }
  process.send?.({ type: 'open', open, failed })
  process.on('message', (message: { type: string }) => {
    if (message.type === 'count') {
      process.send?.({ type: 'count', count: latencies.length, open, closedAfterOpen })
    } else if (message.type === 'report') {
      if (options.dumpTo !== undefined) writeFileSync(`${options.dumpTo}-${process.pid}-${reports++}.txt`, sentTimes.map((sent, i) => `${sent.toFixed(3)} ${latencies[i]?.toFixed(3) ?? ''}`).join('\n'))
      sentTimes = []
      process.send?.({ type: 'latencies', latencies })
      latencies = []
    } else if (message.type === 'reset') {
      // Start of the measured phase: drop the warm-up's figures without shipping them over IPC
      // (a 'report' of 20k numbers per client right before the phase delayed its first deliveries).
      latencies = []
      sentTimes = []
      process.send?.({ type: 'reset' })
    } else if (message.type === 'exit') {
      process.exit(0)
    }
  })
  process.on('disconnect', () => process.exit(0))
}

main().catch((error: unknown) => {
  process.stderr.write(String(error) + '\n')
  process.exit(1)
})
