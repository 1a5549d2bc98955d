export { EventHubsPeer, startEventHubsPeer } from './peer.ts'
export type {
  ClosePerformative,
  EnqueueOptions,
  EventHubsPeerEventMap,
  EventHubsPeerOptions,
  EventHubsPeerStats,
  EventHubsPolicy,
  PeerEvent,
  UnansweredClose
} from './peer.ts'
export type { ReceiverInfo } from './partition-receivers.ts'
export type { AccessRight } from './claims.ts'
export { createSasToken } from './sas-token.ts'
export { EventHubsPeerError, AmqpCondition } from './errors.ts'
