import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import t from 'tap'
import { engineFor, suggestInput, validSuggestions } from './helpers.ts'

t.test('sequential calls reuse keep-alive connections instead of opening one each', async (t) => {
  let connections = 0
  let requests = 0
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      requests++
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({
        id: `chatcmpl-${requests}`,
        object: 'chat.completion',
        created: 0,
        model: 'mock-model',
        choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(validSuggestions), refusal: null }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 }
      }))
    })
  })
  server.on('connection', () => { connections++ })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => { server.closeAllConnections(); server.close() })
  const engine = engineFor(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`)
  for (let i = 0; i < 10; i++) t.equal((await engine.suggest(suggestInput())).length, 1)
  t.equal(requests, 10)
  // Usually one or two: the next request may start before the previous answer's socket is
  // back in the pool. Without keep-alive it would be ten.
  t.ok(connections <= 5, `${connections} connections for 10 requests`)
})
