import { request } from 'node:http'

/**
 * One client process of the stream benchmark: opens `count` SSE connections from one
 * 127.0.0.x source address and reports publish-to-receive latencies to the parent over IPC.
 * Parsing is minimal on purpose (the latency of the client must not dominate the figure).
 */
const [base = '', countArg = '0', meetingsArg = '1', offsetArg = '0', localAddress = '127.0.0.1'] = process.argv.slice(2)
const count = Number(countArg)
const meetings = Number(meetingsArg)
const offset = Number(offsetArg)
const CONCURRENT_OPENS = 200

let open = 0
let failed = 0
let latencies: number[] = []
const sentAt = /"content":"t=([\d.]+)"/

function connect (index: number): Promise<void> {
  return new Promise((resolve) => {
    const meetingId = `bench-${(offset + index) % meetings}`
    const req = request(`${base}/api/ai/suggestions/meetings/${meetingId}/stream`, { agent: false, localAddress, headers: { accept: 'text/event-stream' } })
    req.on('response', (res) => {
      res.setEncoding('utf8')
      let greeted = false
      let buffer = ''
      res.on('data', (chunk: string) => {
        const now = performance.timeOrigin + performance.now()
        if (!greeted && chunk.includes('retry:')) {
          greeted = true
          open++
          resolve()
        }
        buffer += chunk
        let end
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const frame = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const match = sentAt.exec(frame)
          if (match !== null) latencies.push(now - Number(match[1]))
        }
      })
      res.on('close', () => {
        if (greeted) open--
        else {
          failed++
          resolve()
        }
      })
    })
    req.on('error', () => { failed++; resolve() })
    req.end()
  })
}

async function main (): Promise<void> {
  for (let start = 0; start < count; start += CONCURRENT_OPENS) {
    const batch: Array<Promise<void>> = []
    for (let i = start; i < Math.min(count, start + CONCURRENT_OPENS); i++) batch.push(connect(i))
    await Promise.all(batch)
  }
  process.send?.({ type: 'open', open, failed })
  process.on('message', (message: { type: string }) => {
    if (message.type === 'count') {
      process.send?.({ type: 'count', count: latencies.length, open })
    } else if (message.type === 'report') {
      process.send?.({ type: 'latencies', latencies })
      latencies = []
    } else if (message.type === 'exit') {
      process.exit(0)
    }
  })
}

main().catch((error: unknown) => {
  process.stderr.write(String(error) + '\n')
  process.exit(1)
})
