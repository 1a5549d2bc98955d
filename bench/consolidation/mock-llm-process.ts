import { startMockLlm } from '../../packages/testkit/src/mock-llm/index.ts'
import { serve } from './ipc.ts'
import { model } from './sample.ts'

/**
 * The mock LLM in its own process (0-latency or a fixed latency per call): its CPU does not
 * count against the API's. `calls` answers how many chat completions arrived and clears its log
 * (so a long phase does not grow memory); `cpu` its CPU time so far.
 */
const latencyMs = Number(process.argv[2] ?? 0)
const mock = await startMockLlm({ latencyMs, handler: model })
let calls = 0
const count = (): number => {
  calls += mock.completions.length
  mock.reset()
  return calls
}
setInterval(count, 500).unref()
serve({ url: mock.url, pid: process.pid }, {
  calls: count,
  cpu: () => process.cpuUsage()
}, async () => { await mock.close() })
