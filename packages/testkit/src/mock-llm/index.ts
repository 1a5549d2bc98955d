export {
  startMockLlm, derivedReply,
  type MockLlm, type MockLlmOptions, type MockReply, type MockFault, type MockHandler, type MockScriptEntry, type RecordedRequest
} from './server.ts'
export { schemaInstance } from './schema-instance.ts'
