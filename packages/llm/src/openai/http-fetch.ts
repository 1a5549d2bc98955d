import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'

/**
 * The `fetch` the OpenAI client is given: node:http(s) on keep-alive agents. Global fetch
 * (undici) turns every body into a web stream both ways and writes a request in several
 * syscalls; for one small JSON request and answer that cost about as much CPU as everything
 * else a consolidation does (bench/RESULTS.md section 3). Only what the client uses is
 * supported: a string or bytes body, headers, an abort signal; the answer is read whole.
 */
export function httpFetch (options: { maxSockets?: number } = {}): typeof fetch {
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? Infinity, scheduling: 'lifo' as const }
  const agents = { http: new HttpAgent(agentOptions), https: new HttpsAgent(agentOptions) }
  return async (input, init = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const signal = init.signal ?? undefined
    if (signal?.aborted === true) throw abortError(signal)
    const headers: Record<string, string> = {}
    new Headers(init.headers).forEach((value, name) => { headers[name] = value })
    const body = init.body ?? undefined
    if (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof Uint8Array)) {
      throw new TypeError('httpFetch sends string or byte bodies only')
    }
    const secure = url.protocol === 'https:'
    return await new Promise<Response>((resolve, reject) => {
      const onAbort = (): void => { req.destroy(abortError(signal!)) }
      const req = (secure ? httpsRequest : httpRequest)(url, { method: init.method ?? 'GET', headers, agent: secure ? agents.https : agents.http }, (res: IncomingMessage) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', (error) => { signal?.removeEventListener('abort', onAbort); reject(error) })
        res.on('end', () => {
          signal?.removeEventListener('abort', onAbort)
          const status = res.statusCode ?? 0
          const answerHeaders = new Headers()
          for (let i = 0; i < res.rawHeaders.length; i += 2) answerHeaders.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!)
          // Statuses that cannot carry a body (the Response constructor refuses one).
          const bodyless = status === 204 || status === 205 || status === 304
          try {
            const bytes = bodyless ? null : decoded(Buffer.concat(chunks), res.headers['content-encoding'])
            // The body is decoded here, so the Response must not announce an encoding.
            answerHeaders.delete('content-encoding')
            resolve(new Response(bytes, { status, statusText: res.statusMessage ?? '', headers: answerHeaders }))
          } catch (error) {
            reject(error)
          }
        })
      })
      req.on('error', (error) => { signal?.removeEventListener('abort', onAbort); reject(error) })
      signal?.addEventListener('abort', onAbort, { once: true })
      req.end(body)
    })
  }
}

/** None is asked for (no Accept-Encoding is sent), but a proxy may compress anyway. */
function decoded (bytes: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.trim().toLowerCase()) {
    case undefined: case '': case 'identity': return bytes
    case 'gzip': case 'x-gzip': return gunzipSync(bytes)
    case 'deflate': return inflateSync(bytes)
    case 'br': return brotliDecompressSync(bytes)
    default: throw new Error(`unsupported content-encoding ${encoding ?? ''}`)
  }
}

function abortError (signal: AbortSignal): Error {
  const error = new Error('The operation was aborted', { cause: signal.reason })
  error.name = 'AbortError'
  return error
}
