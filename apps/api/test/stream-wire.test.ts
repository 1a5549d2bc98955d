import { connect, type Socket } from 'node:net'
import t from 'tap'
import { checkDirectChunkWrites } from '../src/streaming/direct-chunk-writes.ts'
import { publish, startApi, until } from './stream-fixture.ts'

/**
 * The stream's bytes as they cross the wire, read from a plain TCP socket: live frames are
 * written to the socket directly as HTTP/1.1 chunks (viewer.ts), so the chunk framing is
 * checked here strictly instead of trusting an HTTP client to be lenient.
 */
class RawStream {
  bytes = Buffer.alloc(0)
  private constructor (readonly socket: Socket) {
    socket.on('data', (data: Buffer) => { this.bytes = Buffer.concat([this.bytes, data]) })
  }

  static async open (base: string, path: string, version: '1.0' | '1.1'): Promise<RawStream> {
    const { hostname, port } = new URL(base)
    const socket = connect(Number(port), hostname)
    await new Promise<void>((resolve, reject) => { socket.once('connect', resolve).once('error', reject) })
    socket.write(`GET ${path} HTTP/${version}\r\nHost: ${hostname}\r\nAccept: text/event-stream\r\n\r\n`)
    return new RawStream(socket)
  }

  get head (): string {
    const end = this.bytes.indexOf('\r\n\r\n')
    return end === -1 ? '' : this.bytes.subarray(0, end).toString('latin1')
  }

  get body (): Buffer {
    const end = this.bytes.indexOf('\r\n\r\n')
    return end === -1 ? Buffer.alloc(0) : this.bytes.subarray(end + 4)
  }

  /** The chunks of a chunked body, strictly: hex size, CRLF, exactly that many bytes, CRLF. */
  chunks (): { chunks: string[], rest: number } {
    const body = this.body
    const chunks: string[] = []
    let at = 0
    for (;;) {
      const lineEnd = body.indexOf('\r\n', at)
      if (lineEnd === -1) break
      const sizeText = body.subarray(at, lineEnd).toString('latin1')
      if (!/^[0-9a-f]+$/i.test(sizeText)) throw new Error(`bad chunk size line ${JSON.stringify(sizeText)} at byte ${at}`)
      const size = parseInt(sizeText, 16)
      const dataEnd = lineEnd + 2 + size
      if (body.length < dataEnd + 2) break
      if (body.subarray(dataEnd, dataEnd + 2).toString('latin1') !== '\r\n') throw new Error(`chunk of ${size} bytes at byte ${at} is not followed by CRLF`)
      chunks.push(body.subarray(lineEnd + 2, dataEnd).toString('utf8'))
      at = dataEnd + 2
    }
    return { chunks, rest: body.length - at }
  }

  close (): void {
    this.socket.destroy()
  }
}

for (const direct of ['true', 'false']) {
  t.test(`HTTP/1.1: every frame is one well-formed chunk, live sets and pings alike (SSE_DIRECT_CHUNK_WRITES=${direct})`, async (t) => {
    const api = await startApi(t, { SSE_PING_MS: '100', SSE_DIRECT_CHUNK_WRITES: direct })
    const stream = await RawStream.open(api.base, '/api/ai/suggestions/meetings/m-wire/stream', '1.1')
    t.teardown(() => { stream.close() })
    await until(() => stream.chunks().chunks.some((chunk) => chunk.startsWith('retry:')), 5000, 'the retry: frame')
    t.match(stream.head, /^HTTP\/1\.1 200/)
    t.match(stream.head, /\r\ntransfer-encoding: chunked/i)

    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push(await publish(api, 'm-wire', `wire ${i} — 한국어 ✓`))
    await until(() => stream.chunks().chunks.filter((chunk) => chunk.includes('event: ai-suggestion')).length === 5, 5000, 'five suggestion chunks')
    await until(() => stream.chunks().chunks.some((chunk) => chunk.includes('event: ping')), 5000, 'a ping chunk')

    const { chunks, rest } = stream.chunks()
    t.equal(rest, 0, 'nothing left over after the last whole chunk')
    const events = chunks.filter((chunk) => chunk.includes('event: ai-suggestion'))
    t.same(events.map((chunk) => /^id: (\S+)\n/.exec(chunk)?.[1]), ids, 'one chunk per set, in order, each starting with its id')
    for (const chunk of chunks) t.ok(chunk.endsWith('\n\n'), `a chunk holds whole events: ${JSON.stringify(chunk.slice(0, 40))}`)
    t.match(events[4], /"content":"wire 4 — 한국어 ✓"/, 'multi-byte text counted in bytes, not characters')
  })
}

t.test('HTTP/1.0: the same events without chunk framing', async (t) => {
  const api = await startApi(t)
  const stream = await RawStream.open(api.base, '/api/ai/suggestions/meetings/m-wire-10/stream', '1.0')
  t.teardown(() => { stream.close() })
  await until(() => stream.body.toString('utf8').includes('retry:'), 5000, 'the retry: frame')
  t.notMatch(stream.head, /transfer-encoding/i, 'no chunked encoding for HTTP/1.0')
  const id = await publish(api, 'm-wire-10', 'plain body')
  await until(() => stream.body.toString('utf8').includes('event: ai-suggestion'), 5000, 'the suggestion')
  const body = stream.body.toString('utf8')
  t.match(body, new RegExp(`^retry: \\d+\\n\\nid: ${id}\\nevent: ai-suggestion\\ndata: \\{.*"content":"plain body".*\\}\\n\\n$`, 's'), 'plain SSE text, no chunk sizes')
})

t.test('the start-up check finds node:http as the direct chunk writes expect on this Node', async (t) => {
  t.same(await checkDirectChunkWrites(), { ok: true }, process.version)
})

t.test('a client that refuses text/event-stream gets a problem+json 406 and no stream', async (t) => {
  const api = await startApi(t)
  const url = `${api.base}/api/ai/suggestions/meetings/m-wire-406/stream`
  const refused = await fetch(url, { headers: { accept: 'application/json' } })
  t.equal(refused.status, 406)
  t.match(refused.headers.get('content-type'), /^application\/problem\+json/)
  t.equal((await refused.json() as { code: string }).code, 'NOT_ACCEPTABLE')
  const zero = await fetch(url, { headers: { accept: '*/*, text/event-stream;q=0' } })
  t.equal(zero.status, 406, 'q=0 refuses it even next to */*')
  await zero.body?.cancel()
  t.equal(api.app.suggestionStreams.viewerCount, 0)
})
