export { buildApp, type BuildAppOptions } from './app.ts'
export { HttpProblem } from './http/problems.ts'
