import { EventEmitter } from 'node:events'
import type { AddressInfo, Server, Socket } from 'node:net'
import rhea from 'rhea'
import type { Connection, Container, Delivery, EventContext, Message, Receiver, Sender, Session } from 'rhea'
import { parseLinkAddress } from './addresses.ts'
import type { LinkAddress } from './addresses.ts'
import { unpackTransfer } from './batch-message.ts'
import type { IncomingEvent } from './batch-message.ts'
import { cbsReply, handlePutToken } from './cbs.ts'
import { ConnectionClaims } from './claims.ts'
import type { AccessRight } from './claims.ts'
import { AmqpCondition, EventHubsPeerError } from './errors.ts'
import { parseStartPosition, selectorFilterKey, startIndex } from './event-position-filter.ts'
import { managementReply } from './management.ts'
import { PartitionLog } from './partition-log.ts'
import type { StoredEvent } from './partition-log.ts'
import { partitionForKey } from './partition-key.ts'
import { displacedError, judgeAttach, pumpReceiver } from './partition-receivers.ts'
import type { AttachedReceiver, ReceiverInfo } from './partition-receivers.ts'
import { PolicyPlainMechanism, plainPolicyOf } from './sasl-plain.ts'
import { quietConnection, socketOf } from './quiet-connection.ts'

export interface EventHubsPolicy {
  key: string
  rights: readonly AccessRight[]
}

export interface EventHubsPeerOptions {
  hubName: string
  /** Default 4. Partition ids are '0'..'n-1'. */
  partitionCount?: number
  /** Consumer groups that exist (case-insensitive). Default `['$Default']`. */
  consumerGroups?: readonly string[]
  /** Shared access policies by name. */
  policies: Readonly<Record<string, EventHubsPolicy>>
  /** Default 127.0.0.1. */
  host?: string
  /** Default 0 (an ephemeral port). */
  port?: number
  /** Largest transfer accepted from a producer, announced on sender links. Default 1 MiB. */
  maxMessageSize?: number
}

/** A stored event as tests inspect it. */
export interface PeerEvent {
  partitionId: string
  sequenceNumber: number
  offset: string
  enqueuedTime: Date
  partitionKey?: string
  /** The bytes of a data-section body (the SDK's JSON), or the AMQP value of a value body. */
  body: unknown
  properties?: Record<string, unknown>
}

export interface EventHubsPeerStats {
  connectionsAccepted: number
  openConnections: number
  tokensAccepted: number
  tokensRejected: number
  linksRefused: number
  eventsEnqueued: number
  eventsDelivered: number
  receiversDisplaced: number
}

/** The closing performatives of AMQP 1.0: a link's detach, a session's end, the connection's close. */
export type ClosePerformative = 'detach' | 'end' | 'close'

/** A client's detach, end or close that the peer received and, by `leaveClosesUnanswered`, did not answer. */
export interface UnansweredClose {
  performative: ClosePerformative
  connectionId: string
  /** The link's address (detach only; empty for the SDK's reply links, which have none). */
  address?: string
}

export interface EventHubsPeerEventMap {
  enqueued: [PeerEvent]
  'receiver-attached': [ReceiverInfo]
  'receiver-detached': [ReceiverInfo & { reason: string }]
  'token-rejected': [{ statusCode: number, description: string }]
  'link-refused': [{ address: string, condition: string, description: string }]
  'close-unanswered': [UnansweredClose]
}

export interface EnqueueOptions {
  /** JSON-encoded into a data section, like the SDK does; a Buffer is sent as is. */
  body: unknown
  partitionId?: string
  partitionKey?: string
  properties?: Record<string, unknown>
}

const epochProperty = 'com.microsoft:epoch'
const runtimeMetricCapability = 'com.microsoft:enable-receiver-runtime-metric'

interface ConnectionState {
  id: string
  claims: ConnectionClaims
  receivers: Set<AttachedReceiver>
}

/**
 * An AMQP 1.0 server that speaks enough of Azure Event Hubs for the real
 * `EventHubProducerClient` and `EventHubConsumerClient` (connection string
 * with `UseDevelopmentEmulator=true`). See README.md for what it covers.
 */
export class EventHubsPeer extends EventEmitter<EventHubsPeerEventMap> {
  readonly host: string
  readonly hubName: string
  readonly partitionIds: readonly string[]
  readonly #options: EventHubsPeerOptions
  readonly #policies: Map<string, { key: string, rights: ReadonlySet<AccessRight> }>
  readonly #consumerGroups: Set<string>
  readonly #partitions = new Map<string, PartitionLog>()
  readonly #container: Container
  readonly #connections = new Map<Connection, ConnectionState>()
  readonly #receivers = new Map<string, AttachedReceiver[]>()
  readonly #sockets = new Set<Socket>()
  readonly #connectionBySocket = new WeakMap<Socket, Connection>()
  readonly #timers = new Map<AttachedReceiver, NodeJS.Timeout>()
  readonly #createdAt = new Date()
  readonly #stats: EventHubsPeerStats = {
    connectionsAccepted: 0,
    openConnections: 0,
    tokensAccepted: 0,
    tokensRejected: 0,
    linksRefused: 0,
    eventsEnqueued: 0,
    eventsDelivered: 0,
    receiversDisplaced: 0
  }

  #server: Server | undefined
  #port = 0
  #deliveryDelayMs = 0
  #unansweredCloses: ReadonlySet<ClosePerformative> = new Set()
  #roundRobin = 0
  #connectionCounter = 0

  constructor (options: EventHubsPeerOptions) {
    super()
    const partitionCount = options.partitionCount ?? 4
    if (!Number.isInteger(partitionCount) || partitionCount < 1) {
      throw new EventHubsPeerError('INVALID_OPTIONS', `partitionCount must be a positive integer, got ${partitionCount}`)
    }
    if (options.hubName.length === 0 || options.hubName.includes('/')) {
      throw new EventHubsPeerError('INVALID_OPTIONS', `hubName must be a plain entity name, got '${options.hubName}'`)
    }
    this.#options = options
    this.host = options.host ?? '127.0.0.1'
    this.hubName = options.hubName
    this.partitionIds = Array.from({ length: partitionCount }, (_, i) => String(i))
    for (const id of this.partitionIds) this.#partitions.set(id, new PartitionLog(id))
    this.#policies = new Map(Object.entries(options.policies).map(([name, p]) => [name, { key: p.key, rights: new Set(p.rights) }]))
    this.#consumerGroups = new Set((options.consumerGroups ?? ['$Default']).map((g) => g.toLowerCase()))
    this.#container = this.#createContainer()
  }

  get port (): number {
    return this.#port
  }

  /** `sb://host:port/`, the namespace endpoint. */
  get endpoint (): string {
    return `sb://${this.host}:${this.#port}/`
  }

  /**
   * A connection string for a policy. Pass `key` to get one with another
   * key (a wrong key, or a policy the peer does not know).
   */
  connectionString (policyName: string, overrides: { key?: string, entityPath?: string } = {}): string {
    const key = overrides.key ?? this.#policies.get(policyName)?.key
    if (key === undefined) throw new EventHubsPeerError('UNKNOWN_POLICY', `No policy named '${policyName}'`)
    return `Endpoint=${this.endpoint};SharedAccessKeyName=${policyName};SharedAccessKey=${key};` +
      `EntityPath=${overrides.entityPath ?? this.hubName};UseDevelopmentEmulator=true`
  }

  async listen (): Promise<void> {
    const server = this.#container.listen({
      host: this.host,
      port: this.#options.port ?? 0,
      // Deliveries are settled by hand so a producer learns about a batch the peer could not read.
      autoaccept: false
    } as Parameters<Container['listen']>[0])
    this.#server = server
    server.on('connection', (socket: Socket) => {
      this.#sockets.add(socket)
      socket.once('close', () => {
        this.#sockets.delete(socket)
        const connection = this.#connectionBySocket.get(socket)
        if (connection !== undefined) quietConnection(connection)
      })
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.once('listening', () => {
        server.off('error', reject)
        resolve()
      })
    })
    this.#port = (server.address() as AddressInfo).port
  }

  /** Stores an event as if a producer had sent it; delivered to attached receivers like any other. */
  enqueue (options: EnqueueOptions): PeerEvent {
    const body = Buffer.isBuffer(options.body) ? options.body : Buffer.from(JSON.stringify(options.body), 'utf8')
    const message: Message = { body: rhea.message.data_section(body) }
    if (options.properties !== undefined) message.application_properties = options.properties
    const incoming: IncomingEvent = { message, size: body.length }
    if (options.partitionKey !== undefined) incoming.partitionKey = options.partitionKey
    if (options.partitionId !== undefined && !this.#partitions.has(options.partitionId)) {
      throw new EventHubsPeerError('UNKNOWN_PARTITION', `No partition '${options.partitionId}'`)
    }
    const stored = this.#append(incoming, options.partitionId)
    this.#pumpPartition(stored.partitionId)
    return toPeerEvent(stored)
  }

  /** Events stored in one partition, oldest first. */
  eventsIn (partitionId: string): PeerEvent[] {
    const log = this.#partitions.get(partitionId)
    if (log === undefined) throw new EventHubsPeerError('UNKNOWN_PARTITION', `No partition '${partitionId}'`)
    return log.all().map(toPeerEvent)
  }

  /** Number of events per partition id. */
  eventCounts (): Record<string, number> {
    return Object.fromEntries([...this.#partitions].map(([id, log]) => [id, log.length]))
  }

  /** Consumer links attached right now. */
  receivers (): ReceiverInfo[] {
    return [...this.#receivers.values()].flat().map((r) => ({ ...r.info }))
  }

  stats (): EventHubsPeerStats {
    return { ...this.#stats, openConnections: this.#connections.size }
  }

  /** Cuts every client socket without an AMQP close, like a network failure. Returns how many. */
  dropConnections (): number {
    const sockets = [...this.#sockets]
    for (const socket of sockets) socket.destroy()
    return sockets.length
  }

  /**
   * Detaches consumer links (of one partition, or all) with
   * `amqp:link:detach-forced`, which the client treats as retryable.
   * Returns how many.
   */
  detachReceivers (partitionId?: string): number {
    let count = 0
    for (const receiver of [...this.#receivers.values()].flat()) {
      if (partitionId !== undefined && receiver.info.partitionId !== partitionId) continue
      this.#removeReceiver(receiver, 'detached by test')
      receiver.link.close({ condition: AmqpCondition.detachForced, description: 'The link was detached by the test peer.' })
      count += 1
    }
    return count
  }

  /** Holds every event back until it has been stored for `ms` (0 turns the delay off). */
  delayDeliveries (ms: number): void {
    this.#deliveryDelayMs = Math.max(0, ms)
    for (const id of this.partitionIds) this.#pumpPartition(id)
  }

  /**
   * Leaves the client's closing performatives of these kinds unanswered from now on, like a
   * reply lost on the way: a detach (link), an end (session), a close (connection). The peer
   * still treats the link, session or connection as closed by the client (a consumer link
   * counts as detached); it only never sends its own detach, end or close back, so the client
   * waits for it until its own timeout (60 s in rhea-promise 3). An empty list answers them
   * again (closes already left unanswered stay so). Each one left unanswered emits
   * `close-unanswered`.
   */
  leaveClosesUnanswered (performatives: readonly ClosePerformative[]): void {
    this.#unansweredCloses = new Set(performatives)
  }

  /** Stops listening, cuts all connections and releases the port. */
  async close (): Promise<void> {
    for (const timer of this.#timers.values()) clearTimeout(timer)
    this.#timers.clear()
    const server = this.#server
    this.#server = undefined
    if (server === undefined) return
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    this.dropConnections()
    await closed
  }

  #createContainer (): Container {
    const container = rhea.create_container({ id: `event-hubs-peer-${this.hubName}` })
    container.sasl_server_mechanisms.enable_anonymous()
    container.sasl_server_mechanisms.PLAIN = () => new PolicyPlainMechanism((name, key) => this.#policies.get(name)?.key === key)
    container.on('connection_open', (context: EventContext) => this.#onConnectionOpen(context.connection))
    container.on('disconnected', (context: EventContext) => this.#onConnectionGone(context.connection))
    container.on('connection_close', (context: EventContext) => {
      this.#onClientClose(context.connection)
      this.#onConnectionGone(context.connection)
    })
    container.on('receiver_open', (context: EventContext) => {
      if (context.receiver === undefined) return
      this.#onDetach(context.connection, context.receiver, 'receiver_close')
      this.#onClientSender(context.connection, context.receiver)
    })
    container.on('sender_open', (context: EventContext) => {
      if (context.sender === undefined) return
      this.#onDetach(context.connection, context.sender, 'sender_close')
      this.#onClientReceiver(context.connection, context.sender)
    })
    container.on('session_close', (context: EventContext) => { if (context.session !== undefined) this.#onEnd(context.connection, context.session) })
    // Clients go away mid-exchange all the time in tests; rhea would otherwise throw these.
    container.on('error', () => {})
    container.on('connection_error', () => {})
    container.on('protocol_error', () => {})
    return container
  }

  // rhea answers a detach or an end on a tick it queues right after this event, unless the
  // endpoint was opened again in between; opening one that is still open on this side sends
  // nothing and cancels the answer, so a tick queued from the event handler (it runs first)
  // leaves it unanswered. Closes this side started (a refused link, a displaced receiver) are
  // answers themselves and pass.

  #onDetach (connection: Connection, link: Sender | Receiver, event: 'sender_close' | 'receiver_close'): void {
    link.on(event, () => {
      if (!this.#unansweredCloses.has('detach') || link.is_itself_closed()) return
      process.nextTick(() => { link.open() })
      const address = link.is_sender() ? link.source?.address : link.target?.address
      this.emit('close-unanswered', { performative: 'detach', connectionId: this.#connections.get(connection)?.id ?? '', address: address ?? '' })
    })
  }

  #onEnd (connection: Connection, session: Session): void {
    if (!this.#unansweredCloses.has('end') || session.is_itself_closed()) return
    process.nextTick(() => { session.open() })
    this.emit('close-unanswered', { performative: 'end', connectionId: this.#connections.get(connection)?.id ?? '' })
  }

  /** rhea answers a close on the next tick whatever happens; a connection that writes nothing more cannot. */
  #onClientClose (connection: Connection): void {
    if (!this.#unansweredCloses.has('close') || connection.is_closed()) return
    const state = this.#connections.get(connection)
    if (state === undefined) return
    quietConnection(connection)
    this.emit('close-unanswered', { performative: 'close', connectionId: state.id })
  }

  #onConnectionOpen (connection: Connection): void {
    const state: ConnectionState = { id: `connection-${++this.#connectionCounter}`, claims: new ConnectionClaims(), receivers: new Set() }
    const plainPolicy = plainPolicyOf(connection)
    const policy = plainPolicy === undefined ? undefined : this.#policies.get(plainPolicy)
    if (policy !== undefined) state.claims.grant('', policy.rights, Number.POSITIVE_INFINITY)
    this.#connections.set(connection, state)
    const socket = socketOf(connection)
    if (socket !== undefined) this.#connectionBySocket.set(socket, connection)
    this.#stats.connectionsAccepted += 1
  }

  #onConnectionGone (connection: Connection): void {
    const state = this.#connections.get(connection)
    if (state === undefined) return
    this.#connections.delete(connection)
    for (const receiver of state.receivers) this.#removeReceiver(receiver, 'connection closed')
  }

  #state (connection: Connection): ConnectionState {
    let state = this.#connections.get(connection)
    if (state === undefined) {
      // A link can race ahead of connection_open bookkeeping only if rhea changes; keep it usable.
      this.#onConnectionOpen(connection)
      state = this.#connections.get(connection) as ConnectionState
    }
    return state
  }

  /** A link on which the client sends: CBS or management requests, or events. */
  #onClientSender (connection: Connection, link: Receiver): void {
    const address = parseLinkAddress(link.target?.address)
    const state = this.#state(connection)
    switch (address.kind) {
      case 'cbs':
        link.set_target({ address: '$cbs' })
        link.on('message', (context: EventContext) => this.#onCbsRequest(connection, state, context))
        return
      case 'management':
        link.set_target({ address: link.target?.address ?? '$management' })
        link.on('message', (context: EventContext) => this.#onManagementRequest(connection, state, context))
        return
      case 'hub-sender': {
        const refusal = this.#checkEntity(address) ?? this.#checkRight(state, link.target?.address ?? '', 'Send')
        if (refusal !== undefined) return this.#refuse(link, link.target?.address, refusal)
        link.set_target({ address: link.target?.address ?? this.hubName })
        ;(link as unknown as { local: { attach: { max_message_size: number } } }).local.attach.max_message_size =
          this.#options.maxMessageSize ?? 1024 * 1024
        link.on('message', (context: EventContext) => this.#onEventTransfer(state, address.partitionId, context))
        return
      }
      default:
        return this.#refuse(link, link.target?.address, {
          condition: AmqpCondition.notFound,
          description: `The messaging entity '${link.target?.address ?? ''}' could not be found.`
        })
    }
  }

  /** A link on which the client receives: CBS/management replies, or a partition's events. */
  #onClientReceiver (connection: Connection, link: Sender): void {
    const rawAddress = link.source?.address
    const address = parseLinkAddress(rawAddress)
    const state = this.#state(connection)
    if (address.kind === 'cbs' || address.kind === 'management') {
      link.set_source({ address: rawAddress ?? '' })
      return
    }
    if (address.kind !== 'partition-receiver') {
      return this.#refuse(link, rawAddress, {
        condition: AmqpCondition.notFound,
        description: `The messaging entity '${rawAddress ?? ''}' could not be found.`
      })
    }
    const refusal = this.#checkEntity(address) ?? this.#checkRight(state, rawAddress ?? '', 'Listen')
    if (refusal !== undefined) return this.#refuse(link, rawAddress, refusal)
    const log = this.#partitions.get(address.partitionId) as PartitionLog
    const position = parseStartPosition(link.source?.filter)
    if (position === undefined) {
      return this.#refuse(link, rawAddress, {
        condition: AmqpCondition.invalidField,
        description: `The selector filter ${JSON.stringify(link.source?.filter?.[selectorFilterKey] ?? null)} is not understood.`
      })
    }
    const ownerLevel = readOwnerLevel(link.properties?.[epochProperty])
    const key = receiverKey(address.consumerGroup, address.partitionId)
    const verdict = judgeAttach(this.#receivers.get(key) ?? [], ownerLevel)
    if (!verdict.ok) return this.#refuse(link, rawAddress, { condition: AmqpCondition.linkStolen, description: verdict.description })
    for (const displaced of verdict.displaced) {
      this.#removeReceiver(displaced, 'displaced by a receiver with an equal or higher owner level')
      this.#stats.receiversDisplaced += 1
      displaced.link.close(displacedError(ownerLevel ?? 0, displaced))
    }
    link.set_source({ address: rawAddress ?? '' })
    const nextIndex = startIndex(log, position)
    const info: ReceiverInfo = {
      consumerGroup: address.consumerGroup,
      partitionId: address.partitionId,
      connectionId: state.id,
      nextSequenceNumber: log.at(nextIndex)?.sequenceNumber ?? log.length
    }
    if (ownerLevel !== undefined) info.ownerLevel = ownerLevel
    const capabilities = link.desired_capabilities
    const receiver: AttachedReceiver = {
      link,
      info,
      log,
      nextIndex,
      ready: false,
      unwritten: 0,
      runtimeMetrics: Array.isArray(capabilities) ? capabilities.includes(runtimeMetricCapability) : capabilities === runtimeMetricCapability
    }
    this.#receivers.set(key, [...(this.#receivers.get(key) ?? []), receiver])
    state.receivers.add(receiver)
    link.on('sendable', () => this.#pump(receiver))
    link.on('sender_close', () => this.#removeReceiver(receiver, 'closed by client'))
    link.on('sender_error', () => {})
    // rhea writes a session's queued transfers before its pending attach
    // frames, so nothing may be sent until the attach has gone out (on the
    // connection's next tick); setImmediate runs after that.
    setImmediate(() => {
      receiver.ready = true
      this.#pump(receiver)
    })
    this.emit('receiver-attached', { ...info })
  }

  #onCbsRequest (connection: Connection, state: ConnectionState, context: EventContext): void {
    const request = context.message
    context.delivery?.accept()
    if (request === undefined) return
    const outcome = handlePutToken(request, (name) => this.#policies.get(name), state.claims, Date.now())
    if (outcome.accepted) {
      this.#stats.tokensAccepted += 1
    } else {
      this.#stats.tokensRejected += 1
      this.emit('token-rejected', { statusCode: outcome.statusCode, description: outcome.description })
    }
    replyOn(connection, request, cbsReply(request, outcome))
  }

  #onManagementRequest (connection: Connection, state: ConnectionState, context: EventContext): void {
    const request = context.message
    context.delivery?.accept()
    if (request === undefined) return
    const path = `${String(request.application_properties?.name ?? this.hubName)}/$management`
    const reply = state.claims.allows(path, 'Any', Date.now())
      ? managementReply(request, { name: this.hubName, createdAt: this.#createdAt, partitions: this.#partitions })
      : {
          correlation_id: request.message_id,
          application_properties: { 'status-code': 401, 'status-description': `Unauthorized access to '${path}': put a token first.` },
          body: undefined
        }
    replyOn(connection, request, reply)
  }

  #onEventTransfer (state: ConnectionState, partitionId: string | undefined, context: EventContext): void {
    const delivery = context.delivery as Delivery
    let events: IncomingEvent[]
    try {
      const payload = context.message as Message | Buffer
      events = unpackTransfer(payload, (context as unknown as { format?: number }).format)
    } catch (error) {
      delivery.reject({ condition: 'amqp:decode-error', description: (error as Error).message })
      return
    }
    // Tokens expire; a link outliving its claim may not send any more.
    if (!state.claims.allows(partitionId === undefined ? this.hubName : `${this.hubName}/Partitions/${partitionId}`, 'Send', Date.now())) {
      delivery.reject({ condition: AmqpCondition.unauthorized, description: "Unauthorized access. 'Send' claim(s) are required to perform this operation." })
      return
    }
    // One transfer lands in one partition, as a batch does on the service.
    const target = partitionId ?? this.#partitionFor(events[0]?.partitionKey)
    for (const event of events) this.#append(event, target)
    delivery.accept()
    this.#pumpPartition(target)
  }

  #partitionFor (partitionKey: string | undefined): string {
    if (partitionKey !== undefined) return String(partitionForKey(partitionKey, this.partitionIds.length))
    const id = String(this.#roundRobin % this.partitionIds.length)
    this.#roundRobin += 1
    return id
  }

  #append (event: IncomingEvent, partitionId: string | undefined): StoredEvent {
    const target = partitionId ?? this.#partitionFor(event.partitionKey)
    const log = this.#partitions.get(target) as PartitionLog
    const stored = log.append(event.message, event.size, event.partitionKey, new Date())
    this.#stats.eventsEnqueued += 1
    this.emit('enqueued', toPeerEvent(stored))
    return stored
  }

  #pumpPartition (partitionId: string): void {
    for (const receivers of this.#receivers.values()) {
      for (const receiver of receivers) {
        if (receiver.info.partitionId === partitionId) this.#pump(receiver)
      }
    }
  }

  #pump (receiver: AttachedReceiver): void {
    if (!receiver.ready || this.#timers.has(receiver) || !receiver.link.is_open()) return
    const { sent, dueInMs } = pumpReceiver(receiver, this.#deliveryDelayMs, Date.now())
    this.#stats.eventsDelivered += sent
    if (dueInMs !== undefined) {
      this.#timers.set(receiver, setTimeout(() => {
        this.#timers.delete(receiver)
        this.#pump(receiver)
      }, dueInMs))
    }
  }

  #removeReceiver (receiver: AttachedReceiver, reason: string): void {
    const key = receiverKey(receiver.info.consumerGroup, receiver.info.partitionId)
    const list = this.#receivers.get(key) ?? []
    if (!list.includes(receiver)) return
    const rest = list.filter((r) => r !== receiver)
    if (rest.length === 0) this.#receivers.delete(key)
    else this.#receivers.set(key, rest)
    for (const state of this.#connections.values()) state.receivers.delete(receiver)
    const timer = this.#timers.get(receiver)
    if (timer !== undefined) clearTimeout(timer)
    this.#timers.delete(receiver)
    this.emit('receiver-detached', { ...receiver.info, reason })
  }

  #checkEntity (address: Extract<LinkAddress, { hubName: string }>): AmqpErrorShape | undefined {
    if (address.hubName.toLowerCase() !== this.hubName.toLowerCase()) {
      return { condition: AmqpCondition.notFound, description: `The messaging entity '${address.hubName}' could not be found.` }
    }
    if ('partitionId' in address && address.partitionId !== undefined && !this.#partitions.has(address.partitionId)) {
      return { condition: AmqpCondition.notFound, description: `Partition '${address.partitionId}' does not exist in '${this.hubName}'.` }
    }
    if (address.kind === 'partition-receiver' && !this.#consumerGroups.has(address.consumerGroup.toLowerCase())) {
      return { condition: AmqpCondition.notFound, description: `The consumer group '${address.consumerGroup}' could not be found.` }
    }
    return undefined
  }

  #checkRight (state: ConnectionState, entityPath: string, right: AccessRight): AmqpErrorShape | undefined {
    if (state.claims.allows(entityPath, right, Date.now())) return undefined
    return { condition: AmqpCondition.unauthorized, description: `Unauthorized access. '${right}' claim(s) are required to perform this operation.` }
  }

  #refuse (link: Sender | Receiver, address: string | undefined, error: AmqpErrorShape): void {
    // rhea has already answered the attach; an attach without a terminus followed by a detach is how AMQP refuses a link.
    this.#stats.linksRefused += 1
    this.emit('link-refused', { address: address ?? '', ...error })
    link.close(error)
  }
}

interface AmqpErrorShape { condition: string, description: string }

/** Starts a peer listening on an ephemeral port of 127.0.0.1 (unless told otherwise). */
export async function startEventHubsPeer (options: EventHubsPeerOptions): Promise<EventHubsPeer> {
  const peer = new EventHubsPeer(options)
  await peer.listen()
  return peer
}

function replyOn (connection: Connection, request: Message, reply: Message): void {
  // The client reads replies on the receiver link named in reply_to; its target address is empty.
  const replyTo = request.reply_to
  const link = connection.find_sender((sender: Sender) => sender.name === replyTo && sender.is_open())
  link?.send(reply)
}

function receiverKey (consumerGroup: string, partitionId: string): string {
  return `${consumerGroup.toLowerCase()}/${partitionId}`
}

function readOwnerLevel (value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'number') return value
  if (typeof value === 'bigint') return Number(value)
  if (typeof value === 'object' && 'value' in value) return readOwnerLevel((value as { value: unknown }).value)
  if (Buffer.isBuffer(value) && value.length === 8) return Number(value.readBigInt64BE())
  return undefined
}

function toPeerEvent (event: StoredEvent): PeerEvent {
  const body = event.message.body as { typecode?: number, content?: unknown } | unknown
  const peerEvent: PeerEvent = {
    partitionId: event.partitionId,
    sequenceNumber: event.sequenceNumber,
    offset: event.offset,
    enqueuedTime: event.enqueuedTime,
    body: body !== null && typeof body === 'object' && 'content' in body ? body.content : body
  }
  if (event.partitionKey !== undefined) peerEvent.partitionKey = event.partitionKey
  if (event.message.application_properties !== undefined) peerEvent.properties = { ...event.message.application_properties }
  return peerEvent
}
