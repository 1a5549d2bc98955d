export {
  startConformancePeer, isReasoningModel,
  type ConformancePeer, type ConformancePeerOptions, type ConformanceProvider, type ConformanceReply, type PeerRequest
} from './server.ts'
export { strictSchemaViolation, OPENAI_UNSUPPORTED, AZURE_UNSUPPORTED } from './strict-subset.ts'
