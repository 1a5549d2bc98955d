import { createServer, get, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/**
 * The stream's fast path: a frame written straight to the socket as one prebuilt HTTP/1.1
 * chunk instead of through `ServerResponse.write`, which corks the socket, uncorks it on the
 * next tick and sends chunk header, data and CRLF as one `writev` per stream. At 10k streams
 * that per-write overhead is most of the API's CPU for a broadcast (figures in bench/RESULTS.md).
 *
 * It needs two fields node:http keeps on a response without documenting them, so it is used
 * only when `checkDirectChunkWrites()` saw them behave as expected on this Node at start-up,
 * and SSE_DIRECT_CHUNK_WRITES=false turns it off.
 */
interface ResponseInternals {
  /** The head is on the socket (not only built). */
  _headerSent?: unknown
  /** The body goes out as HTTP/1.1 chunks. */
  chunkedEncoding?: unknown
}

/**
 * True once node:http holds nothing back for this response: the head is on the socket, the body
 * is chunked and nothing is queued inside the response itself (its length is its own queue plus
 * the socket's). Anything else (head not sent yet, HTTP/1.0 without chunks) must go through
 * `response.write`.
 */
export function canWriteChunkDirectly (response: ServerResponse, socket: Socket): boolean {
  const internals = response as unknown as ResponseInternals
  return internals._headerSent === true && internals.chunkedEncoding === true &&
    response.writableLength === socket.writableLength
}

const httpChunks = new WeakMap<Buffer, Buffer>()
const CRLF = Buffer.from('\r\n')

/** The frame as one HTTP/1.1 chunk (`<size hex>\r\n<frame>\r\n`), built once per frame Buffer. */
export function asHttpChunk (frame: Buffer): Buffer {
  let chunk = httpChunks.get(frame)
  if (chunk === undefined) {
    chunk = Buffer.concat([Buffer.from(`${frame.length.toString(16)}\r\n`), frame, CRLF])
    httpChunks.set(frame, chunk)
  }
  return chunk
}

export interface DirectChunkCheck {
  ok: boolean
  /** What was wrong, for the start-up log. */
  reason?: string
}

let probe: Promise<DirectChunkCheck> | undefined

/**
 * One real HTTP/1.1 exchange on loopback, checked the way the stream uses it: before the head
 * goes out the fields must say "not sent", after the first write "sent" and "chunked"; then a
 * chunk written to the socket directly must reach a node:http client as body bytes, in order,
 * and the response must still end cleanly. Run once per process (the Node version cannot change).
 */
export async function checkDirectChunkWrites (): Promise<DirectChunkCheck> {
  probe ??= runProbe().catch((error: unknown) => ({ ok: false, reason: `probe failed: ${String(error)}` }))
  return await probe
}

async function runProbe (): Promise<DirectChunkCheck> {
  const problems: string[] = []
  const server = createServer((_request, response) => {
    const internals = response as unknown as ResponseInternals
    if (internals._headerSent !== false) problems.push(`_headerSent before the head is ${String(internals._headerSent)}, expected false`)
    response.writeHead(200, { 'content-type': 'text/plain' })
    response.write('first|')
    const socket = response.socket
    if (internals._headerSent !== true) problems.push(`_headerSent after the first write is ${String(internals._headerSent)}, expected true`)
    if (internals.chunkedEncoding !== true) problems.push(`chunkedEncoding is ${String(internals.chunkedEncoding)}, expected true`)
    if (socket === null) problems.push('the response has no socket')
    // Written once the first write left the response (it is on the socket, or queued there).
    setImmediate(() => {
      if (socket !== null && problems.length === 0 && canWriteChunkDirectly(response, socket)) socket.write(asHttpChunk(Buffer.from('direct|')))
      else if (problems.length === 0) problems.push('the response still holds output after the first write')
      response.end('last')
    })
  })
  server.unref()
  await new Promise<void>((resolve, reject) => { server.once('error', reject).listen(0, '127.0.0.1', resolve) })
  try {
    const { port } = server.address() as AddressInfo
    const body = await new Promise<string>((resolve, reject) => {
      const request = get({ host: '127.0.0.1', port, path: '/', agent: false, timeout: 2000 }, (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (data: string) => { text += data })
        response.on('end', () => { resolve(text) })
        response.on('error', reject)
      })
      request.on('timeout', () => { request.destroy(new Error('no answer within 2 s')) })
      request.on('error', reject)
    })
    if (problems.length > 0) return { ok: false, reason: problems.join('; ') }
    if (body !== 'first|direct|last') return { ok: false, reason: `the client read ${JSON.stringify(body)}, expected "first|direct|last"` }
    return { ok: true }
  } finally {
    server.close()
  }
}
