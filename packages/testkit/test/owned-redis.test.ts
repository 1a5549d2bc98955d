import { test } from 'tap'
import { startOwnedRedis } from '../src/redis/index.ts'

test('an owned server stopped twice (SIGKILL leaves exitCode null) resolves the second stop at once and reports no pid', async (t) => {
  const server = await startOwnedRedis()
  t.teardown(() => server.stop())
  t.type(server.pid, 'number', 'running: a pid')
  await server.stop()
  t.equal(server.pid, undefined, 'stopped: no pid')
  await server.stop()
  t.pass('the second stop returned')
  await server.start()
  t.type(server.pid, 'number', 'started again on the same port')
})
