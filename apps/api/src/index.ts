export { buildApp, type BuildAppOptions } from './app.ts'
export { HttpProblem } from './http/problems.ts'
// These modules augment FastifyInstance (app.metrics, app.auth, app.store, app.llm, app.suggestionStreams,
// app.consolidation); exporting from them makes the built index.d.ts load those augmentations.
export type { Metrics } from './plugins/app/metrics.ts'
export type { Auth } from './plugins/app/auth.ts'
export type { StorePluginOptions } from './plugins/external/store.ts'
export type { LlmPluginOptions } from './plugins/external/llm.ts'
export { default as suggestionStreamsPlugin } from './plugins/app/suggestion-streams.ts'
export { default as consolidationPlugin } from './consolidation/plugin.ts'
