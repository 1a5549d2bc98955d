import { test } from 'tap'
import { loadConfig } from '@meeting-ai/config'
import { OfflineEngine, type SuggestInput, type SuggestionDraft } from '@meeting-ai/llm'
import { CallCounter } from '../src/call-counter.ts'
import { loadMeetings } from '../src/dataset.ts'
import { EvalReplayError, MeetingRunner } from '../src/run-meeting.ts'

/** The offline engine with a bug in its live suggestions: every call throws. */
class BrokenSuggestions extends OfflineEngine {
  override async suggest (_input: SuggestInput): Promise<SuggestionDraft[]> {
    throw new TypeError('advice is not a function')
  }
}

test('a live replay whose engine keeps failing stops with the engine\'s error instead of retrying forever', async (t) => {
  const [meeting] = (await loadMeetings({ split: 'dev' })).filter((m) => m.tags.includes('ci'))
  const config = loadConfig({ LLM_ENGINE: 'offline', LOG_LEVEL: 'warn' })
  const runner = new MeetingRunner({ config, engine: new BrokenSuggestions(), calls: new CallCounter(), store: 'embedded', prefix: 'eval:test:', path: 'service' })
  t.teardown(async () => await runner.close())
  const error = await runner.live(meeting!).then(() => undefined, (e: unknown) => e)
  t.ok(error instanceof EvalReplayError, String(error))
  t.match((error as Error).message, new RegExp(`^${meeting!.id}: .*advice is not a function`))
})

test('a live replay with a working engine publishes suggestion sets', async (t) => {
  const [meeting] = (await loadMeetings({ split: 'dev' })).filter((m) => m.tags.includes('ci'))
  const config = loadConfig({ LLM_ENGINE: 'offline', LOG_LEVEL: 'warn' })
  const runner = new MeetingRunner({ config, engine: new OfflineEngine(), calls: new CallCounter(), store: 'embedded', prefix: 'eval:test:', path: 'service' })
  t.teardown(async () => await runner.close())
  const run = await runner.live(meeting!)
  t.ok(run.published.length > 0)
})
