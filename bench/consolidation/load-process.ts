import autocannon from 'autocannon'
import { serve } from './ipc.ts'
import { body, URL_PATH } from './sample.ts'

/**
 * autocannon in its own process. `run` with { url, rate, seconds, connections, mode }:
 * mode `distinct` sends a new meetingId per request (the full path), `cached` the same body.
 */
interface RunArgs { url: string, rate: number, seconds: number, connections: number, mode: 'distinct' | 'cached', tag: string }

serve({ pid: process.pid }, {
  run: async ({ url, rate, seconds, connections, mode, tag }: RunArgs) => {
    let n = 0
    const started = process.cpuUsage()
    const result = await autocannon({
      url: `${url}${URL_PATH}`,
      method: 'POST',
      connections,
      overallRate: rate,
      duration: seconds,
      headers: { 'content-type': 'application/json' },
      ...(mode === 'distinct'
        ? { requests: [{ setupRequest: (request: any) => ({ ...request, body: body(`${tag}-${n++}`) }) }] }
        : { body: body(`${tag}-0`) })
    })
    const used = process.cpuUsage(started)
    const { latency, requests, non2xx, errors, timeouts } = result
    return {
      requests: requests.total,
      perS: requests.total / seconds,
      p50: latency.p50,
      p90: latency.p90,
      p99: latency.p99,
      max: latency.max,
      non2xx,
      errors,
      timeouts,
      cpuS: (used.user + used.system) / 1e6
    }
  }
}, async () => {})
