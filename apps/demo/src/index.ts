export { startDemo, DEFAULT_DEMO_PORT, type Demo, type StartDemoOptions } from './start-demo.ts'
export { startDemoServer, type DemoServer, type DemoServerOptions } from './demo-server.ts'
export { demoSample, type DemoSample } from './sample.ts'
