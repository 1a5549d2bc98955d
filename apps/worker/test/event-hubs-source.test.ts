import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { test, type Test } from 'tap'
import { Registry } from 'prom-client'
import { EventHubProducerClient } from '@azure/event-hubs'
import { startEventHubsPeer, type EventHubsPeer } from '@meeting-ai/testkit/event-hubs-peer'
import { TEST_REDIS_URL, uniquePrefix } from '@meeting-ai/testkit/redis'
import { koreanLaunchMeeting } from '@meeting-ai/samples'
import type { RedisStore } from '@meeting-ai/store'
import { createWorker, type Worker } from '../src/index.ts'
import { ScriptedEngine } from './fixtures/scripted-engine.ts'
import { eventually, recordingLogger, redisStore, sttEvent, testConfig } from './fixtures/harness.ts'

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

async function peerFor (t: Test): Promise<EventHubsPeer> {
  const peer = await startEventHubsPeer({
    hubName: 'stt',
    partitionCount: 2,
    policies: { send: { key: 'send-key', rights: ['Send'] }, listen: { key: 'listen-key', rights: ['Listen'] } }
  })
  t.teardown(async () => { await peer.close() })
  return peer
}

function hubWorker (t: Test, store: RedisStore, peer: EventHubsPeer): { worker: Worker, registry: Registry } {
  const registry = new Registry()
  const worker = createWorker({
    config: testConfig(store.prefix, { EVENTHUBS_LISTEN_CONNECTION_STRING: peer.connectionString('listen'), EVENTHUBS_MAX_BATCH_SIZE: '10' }),
    store,
    engine: new ScriptedEngine(),
    logger: recordingLogger(),
    registry,
    // A short loop so partitions are claimed (and released ones re-claimed) within the test.
    loadBalancingOptions: { updateIntervalInMs: 100, partitionOwnershipExpirationIntervalInMs: 1000 },
    maxWaitTimeInSeconds: 0.2
  })
  t.teardown(async () => { await worker.stop() })
  return { worker, registry }
}

async function accepted (registry: Registry, outcome = 'accepted'): Promise<number> {
  const values = (await registry.getSingleMetric('meeting_ai_worker_events_total')?.get())?.values ?? []
  return values.filter((v) => v.labels.outcome === outcome).reduce((sum, v) => sum + v.value, 0)
}

async function replayToHub (peer: EventHubsPeer, prefix: string): Promise<{ code: number | null, stderr: string }> {
  const child = spawn(process.execPath, ['--conditions=@meeting-ai/source', '--import', 'tsx', 'apps/worker/src/cli/replay.ts', 'sample:ko', '--meeting', koreanLaunchMeeting.meetingId, '--fast', '--to', 'eventhubs'], {
    cwd: repoRoot,
    env: { ...process.env, REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, EVENTHUBS_SEND_CONNECTION_STRING: peer.connectionString('send') },
    stdio: ['ignore', 'ignore', 'pipe']
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  return { code, stderr }
}

test('Event Hubs: replay CLI (send policy) → hub → worker (listen policy) → window; a restart resumes from the Redis checkpoint', async (t) => {
  const peer = await peerFor(t)
  const prefix = uniquePrefix('worker-hub')
  const store = await redisStore(t, prefix)
  const meetingId = koreanLaunchMeeting.meetingId
  const total = koreanLaunchMeeting.segments.length

  const sent = await replayToHub(peer, prefix)
  t.equal(sent.code, 0, sent.stderr)
  const partitions = Object.entries(peer.eventCounts()).filter(([, count]) => count > 0)
  t.equal(partitions.length, 1, 'partitionKey = meetingId keeps the meeting on one partition')

  const first = hubWorker(t, store, peer)
  await first.worker.start()
  await eventually(async () => (await store.windows.read(meetingId)).length === total, 20_000)
  t.same((await store.windows.read(meetingId)).map((s) => s.dedupeKey), koreanLaunchMeeting.segments.map((s) => s.segmentId), 'in order')
  await first.worker.pipeline.drain()
  await first.worker.stop()

  const producer = new EventHubProducerClient(peer.connectionString('send'))
  t.teardown(async () => { await producer.close() })
  await producer.sendBatch([{ body: sttEvent(meetingId, 901) }, { body: sttEvent(meetingId, 902) }], { partitionKey: meetingId })
  await producer.sendBatch([{ body: { meetingId, text: 'bad', timestamp: [2026, 2, 30, 9, 0] } }], { partitionKey: meetingId })

  const second = hubWorker(t, store, peer)
  await second.worker.start()
  await eventually(async () => await accepted(second.registry) + await accepted(second.registry, 'rejected') === 3, 20_000)
  t.equal(await accepted(second.registry, 'duplicate'), 0, 'checkpointed events were not read again')
  t.equal((await store.windows.read(meetingId)).length, Math.min(total + 2, 30))
  const [letter] = await store.deadLetters.list(1)
  t.match(letter, { source: 'event-hubs', code: 'INVALID_TIMESTAMP', position: /^\d+:\d+$/ })
})
