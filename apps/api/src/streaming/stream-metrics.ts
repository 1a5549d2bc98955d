import { Counter, Gauge, type Registry } from 'prom-client'

export type LimitKind = 'meeting' | 'process' | 'shutdown'
export type SentEvent = 'ai-suggestion' | 'ping' | 'reset'

/** Everything the suggestion stream counts, on the app's own registry. */
export class StreamMetrics {
  readonly connections: Gauge
  readonly meetings: Gauge
  readonly eventsSent: Counter<'event'>
  readonly slowClientsDropped: Counter
  readonly limitRejections: Counter<'limit'>
  readonly replayFailures: Counter<'phase'>

  constructor (registry: Registry) {
    const registers = [registry]
    this.connections = new Gauge({ name: 'meeting_ai_sse_connections', help: 'Open SSE suggestion streams in this process', registers })
    this.meetings = new Gauge({ name: 'meeting_ai_sse_meetings_subscribed', help: 'Meetings with a live bus subscription in this process', registers })
    this.eventsSent = new Counter({ name: 'meeting_ai_sse_events_sent_total', help: 'SSE events written to viewers, by event name', labelNames: ['event'], registers })
    this.slowClientsDropped = new Counter({ name: 'meeting_ai_sse_slow_clients_dropped_total', help: 'Streams closed because unsent output exceeded SSE_MAX_BUFFERED_BYTES', registers })
    this.limitRejections = new Counter({ name: 'meeting_ai_sse_limit_rejections_total', help: 'Stream requests turned away (200 + retry: + close) by limit', labelNames: ['limit'], registers })
    this.replayFailures = new Counter({ name: 'meeting_ai_sse_replay_failures_total', help: 'Store failures while subscribing or replaying (join) or recovering after a bus reconnect (recover)', labelNames: ['phase'], registers })
  }
}
