import { test } from 'tap'
import { buildTestApp } from './helpers/app.ts'

test('the start-up warm-up of the offline engine is not counted as LLM calls; real work is', async (t) => {
  const { app } = await buildTestApp(t, { LLM_ENGINE: 'offline' })
  await app.ready()
  const samples = async (): Promise<string[]> => (await app.metrics.registry.getSingleMetricAsString('meeting_ai_llm_calls_total'))
    .split('\n').filter((line) => line.startsWith('meeting_ai_llm_calls_total{'))
  t.same(await samples(), [], 'no call counted after start-up')
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/transcripts/consolidate',
    payload: { meetingId: 'm-warm', participantMinutes: [{ userId: 'u1', content: 'We agreed to cut travel. Kim will send the budget by Friday.' }] }
  })
  t.equal(response.statusCode, 200)
  t.ok((await samples()).some((line) => line.includes('operation="analyseChunk"')), 'a consolidation counts its calls')
})
