import { readdirSync, readFileSync } from 'node:fs'
import { TEST_REDIS_URL, uniquePrefix } from '@meeting-ai/testkit/redis'
import { createClient } from 'redis'
import t from 'tap'
import { LuaScript } from '../src/redis/lua-script.ts'

const scriptsDir = new URL('../src/redis/scripts/', import.meta.url)

t.test('every script file opens with a comment naming its KEYS and ARGV', async (t) => {
  const files = readdirSync(scriptsDir).filter((name) => name.endsWith('.lua'))
  t.ok(files.length >= 7)
  for (const file of files) {
    const header = readFileSync(new URL(file, scriptsDir), 'utf8').split('\n').filter((line) => line.startsWith('--')).join('\n')
    t.match(header, /-- KEYS/, `${file} lists KEYS`)
    t.match(header, /-- ARGV/, `${file} lists ARGV`)
  }
})

t.test('a placeholder without a value is refused when the script is loaded', async (t) => {
  t.throws(() => LuaScript.load('append-segments', { size: 5 }), { code: 'STORE_SCRIPT_INVALID', message: /\{\{trimAt\}\}/ })
})

t.test('a script is run by EVALSHA and loaded again after the server lost its script cache', async (t) => {
  const client = createClient({ url: TEST_REDIS_URL })
  client.on('error', () => {})
  await client.connect()
  const key = `${uniquePrefix('lua')}lock`
  t.teardown(async () => {
    await client.del(key)
    client.destroy()
  })
  const release = LuaScript.load('release-if-owner')
  t.equal(LuaScript.load('release-if-owner'), release, 'one instance per script text')
  await client.set(key, 'mine')
  t.equal(await release.run(client, [key], ['not-mine']), 0, 'another token releases nothing')
  await client.scriptFlush()
  t.equal(await release.run(client, [key], ['mine']), 1, 'the holder releases, after NOSCRIPT and a reload')
  t.equal(await client.exists(key), 0)
})
