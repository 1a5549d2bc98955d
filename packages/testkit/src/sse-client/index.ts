import { request, type Agent, type IncomingHttpHeaders } from 'node:http'

/** One dispatched SSE event, as EventSource would see it. */
export interface SseEvent {
  /** `event:` field, `message` when absent. */
  event: string
  data: string
  /** The last event id in effect when this event was dispatched (EventSource's lastEventId). */
  id: string | undefined
  /** Local receive time (Date.now()). */
  receivedAt: number
}

export interface SseConnectOptions {
  headers?: Record<string, string>
  /** Sent as the Last-Event-ID header. */
  lastEventId?: string
  /** Source address (benchmarks spread connections over 127.0.0.x). */
  localAddress?: string
  agent?: Agent | false
  /** Rejects connect() when no response head arrives in time. */
  timeoutMs?: number
}

/**
 * A small SSE client on node:http for tests and benchmarks: parses `id`, `event`, `data` and
 * `retry` per the HTML spec's event-stream rules and lets a test wait for an event or a state
 * instead of sleeping. Non-SSE answers (problem+json) keep their body in `body`.
 */
export class SseClient {
  readonly events: SseEvent[] = []
  /** Every `retry:` value received, in order. */
  readonly retries: number[] = []
  /** Comment lines (`: text`), in order. */
  readonly comments: string[] = []
  lastEventId: string | undefined
  body = ''
  closed = false
  private readonly waiters = new Set<() => void>()
  private buffer = ''
  private pendingEvent = ''
  private pendingData: string[] = []
  private pendingHasData = false
  private destroyRequest: () => void = () => {}
  private pauseResponse: () => void = () => {}

  private constructor (readonly status: number, readonly headers: IncomingHttpHeaders, lastEventId: string | undefined) {
    this.lastEventId = lastEventId
  }

  static async connect (url: string | URL, options: SseConnectOptions = {}): Promise<SseClient> {
    return await new Promise<SseClient>((resolve, reject) => {
      const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers }
      if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId
      const req = request(url, {
        headers,
        agent: options.agent ?? false,
        ...(options.localAddress !== undefined && { localAddress: options.localAddress })
      })
      const timer = setTimeout(() => { req.destroy(new Error(`no response from ${String(url)} within ${options.timeoutMs ?? 10_000} ms`)) }, options.timeoutMs ?? 10_000)
      req.on('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
      req.on('response', (res) => {
        clearTimeout(timer)
        const client = new SseClient(res.statusCode ?? 0, res.headers, options.lastEventId)
        client.destroyRequest = () => { req.destroy() }
        client.pauseResponse = () => { res.pause() }
        const sse = String(res.headers['content-type'] ?? '').startsWith('text/event-stream')
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          if (sse) client.feed(chunk)
          else client.body += chunk
          client.notify()
        })
        const end = (): void => {
          if (client.closed) return
          client.closed = true
          client.notify()
        }
        res.on('end', end)
        res.on('close', end)
        res.on('error', end)
        req.on('close', end)
        resolve(client)
      })
      req.end()
    })
  }

  /** Events named `name` (ai-suggestion, ping, reset…). */
  named (name: string): SseEvent[] {
    return this.events.filter((event) => event.event === name)
  }

  /** Resolves with the first event, received or to come, that matches. */
  async waitFor (predicate: (event: SseEvent) => boolean, timeoutMs = 5000): Promise<SseEvent> {
    let found: SseEvent | undefined
    await this.waitUntil(() => {
      found = this.events.find(predicate)
      return found !== undefined
    }, timeoutMs, 'an event matching the predicate')
    return found as SseEvent
  }

  /** Resolves once `condition` holds (checked on every chunk and on close). */
  async waitUntil (condition: () => boolean, timeoutMs = 5000, what = 'the condition'): Promise<void> {
    if (condition()) return
    await new Promise<void>((resolve, reject) => {
      const check = (): void => {
        if (condition()) {
          done()
          resolve()
        } else if (this.closed) {
          done()
          reject(new Error(`stream closed before ${what}; got ${this.events.length} events: ${this.events.map((e) => e.event + (e.id !== undefined ? `#${e.id}` : '')).join(', ')}`))
        }
      }
      const timer = setTimeout(() => {
        done()
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; got ${this.events.length} events`))
      }, timeoutMs)
      const done = (): void => {
        clearTimeout(timer)
        this.waiters.delete(check)
      }
      this.waiters.add(check)
      // A condition that needs the stream closed is met by close, not by an event.
      check()
    })
  }

  async waitForClose (timeoutMs = 5000): Promise<void> {
    if (this.closed) return
    await new Promise<void>((resolve, reject) => {
      const check = (): void => {
        if (!this.closed) return
        clearTimeout(timer)
        this.waiters.delete(check)
        resolve()
      }
      const timer = setTimeout(() => {
        this.waiters.delete(check)
        reject(new Error(`stream still open after ${timeoutMs} ms`))
      }, timeoutMs)
      this.waiters.add(check)
    })
  }

  close (): void {
    this.destroyRequest()
  }

  /** Stops reading (a slow client): the server's unsent output grows until it drops us. */
  pause (): void {
    this.pauseResponse()
  }

  private notify (): void {
    for (const waiter of [...this.waiters]) waiter()
  }

  private feed (chunk: string): void {
    this.buffer += chunk
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer)
      if (match === null) return
      // A lone \r at the end may be the first half of \r\n: wait for more.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) return
      const line = this.buffer.slice(0, match.index)
      this.buffer = this.buffer.slice(match.index + match[0].length)
      this.line(line)
    }
  }

  private line (line: string): void {
    if (line === '') {
      this.dispatch()
      return
    }
    if (line.startsWith(':')) {
      this.comments.push(line.slice(1).trimStart())
      return
    }
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    let value = colon === -1 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    switch (field) {
      case 'event': this.pendingEvent = value; break
      case 'data':
        this.pendingData.push(value)
        this.pendingHasData = true
        break
      case 'id':
        if (!value.includes('\0')) this.lastEventId = value
        break
      case 'retry':
        if (/^\d+$/.test(value)) this.retries.push(Number(value))
        break
    }
  }

  private dispatch (): void {
    if (this.pendingHasData) {
      this.events.push({ event: this.pendingEvent === '' ? 'message' : this.pendingEvent, data: this.pendingData.join('\n'), id: this.lastEventId, receivedAt: Date.now() })
    }
    this.pendingEvent = ''
    this.pendingData = []
    this.pendingHasData = false
  }
}
