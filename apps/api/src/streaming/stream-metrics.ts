import { Counter, Gauge, type Registry } from 'prom-client'

export type LimitKind = 'meeting' | 'process' | 'shutdown'
export type SentEvent = 'ai-suggestion' | 'ping' | 'reset'

/** What the gauges read when /metrics is scraped. */
export interface StreamCounts {
  viewers: () => number
  meetings: () => number
}

/**
 * Everything the suggestion stream counts, on the app's own registry. Sent events are tallied
 * in plain numbers (one increment per write, a hot path at 10k streams) and handed to
 * prom-client when /metrics is read; the gauges read the live counts at the same moment.
 */
export class StreamMetrics {
  readonly slowClientsDropped: Counter
  readonly connections: Gauge
  readonly meetings: Gauge
  readonly eventsSent: Counter<'event'>
  readonly limitRejections: Counter<'limit'>
  readonly replayFailures: Counter<'phase'>
  private readonly unreported: Record<SentEvent, number> = { 'ai-suggestion': 0, ping: 0, reset: 0 }

  constructor (registry: Registry, counts: StreamCounts) {
    const registers = [registry]
    const unreported = this.unreported
    this.connections = new Gauge({ name: 'meeting_ai_sse_connections', help: 'Open SSE suggestion streams in this process', registers, collect () { this.set(counts.viewers()) } })
    this.meetings = new Gauge({ name: 'meeting_ai_sse_meetings_subscribed', help: 'Meetings with a live bus subscription in this process', registers, collect () { this.set(counts.meetings()) } })
    this.eventsSent = new Counter({
      name: 'meeting_ai_sse_events_sent_total',
      help: 'SSE events written to viewers, by event name',
      labelNames: ['event'],
      registers,
      collect () {
        for (const event of Object.keys(unreported) as SentEvent[]) {
          if (unreported[event] > 0) this.inc({ event }, unreported[event])
          unreported[event] = 0
        }
      }
    })
    this.slowClientsDropped = new Counter({ name: 'meeting_ai_sse_slow_clients_dropped_total', help: 'Streams closed because unsent output exceeded SSE_MAX_BUFFERED_BYTES', registers })
    this.limitRejections = new Counter({ name: 'meeting_ai_sse_limit_rejections_total', help: 'Stream requests turned away (200 + retry: + close) by limit', labelNames: ['limit'], registers })
    this.replayFailures = new Counter({ name: 'meeting_ai_sse_replay_failures_total', help: 'Store failures while subscribing or replaying (join) or recovering after a bus reconnect (recover)', labelNames: ['phase'], registers })
  }

  /** One event written to one viewer; the only place sent events are counted (Viewer calls it). */
  eventSent (event: SentEvent): void {
    this.unreported[event]++
  }
}
