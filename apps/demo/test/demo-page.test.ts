import { test } from 'tap'
import { mkdir } from 'node:fs/promises'
import { resolve } from 'node:path'
import { chromium } from 'playwright-core'
import { configFrom } from '@meeting-ai/config'
import { deleteKeys, freePort, TEST_REDIS_URL, uniquePrefix } from '@meeting-ai/testkit/redis'
import { startDemo } from '../src/index.ts'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../../test-output')

// Slow suite (a browser): run once, on Node 24 (the production runtime), not again on Node 20.
const skip = process.env.MEETING_AI_SKIP_SLOW === '1' ? 'slow browser suite: MEETING_AI_SKIP_SLOW=1' : false

test('the demo page shows live suggestions of the replayed meeting and its consolidation', { skip, timeout: 90_000 }, async (t) => {
  const prefix = uniquePrefix('demo')
  const demoPort = await freePort()
  const apiPort = await freePort()
  const config = configFrom({
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    FRONTEND_ORIGIN: `http://localhost:${demoPort}`,
    // The offline engine, whatever the machine's environment says.
    LLM_ENGINE: 'offline'
  })
  const demo = await startDemo({ port: demoPort, host: '127.0.0.1', config })
  t.teardown(async () => {
    await demo.close()
    await deleteKeys(prefix)
  })

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync']
  })
  t.teardown(() => browser.close())
  const page = await browser.newPage({ viewport: { width: 1360, height: 1500 } })
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))

  // 60× plays the 6-minute sample in about 8 s.
  await page.goto(`${demo.pageUrl}/?speed=60`)
  await page.waitForSelector('#connection[data-state="open"]', { timeout: 10_000 })
  t.pass('the stream opened (connection state shown as live)')

  const firstSuggestion = page.locator('.suggestion-set .suggestion').first()
  await firstSuggestion.waitFor({ timeout: 30_000 })
  const kind = await firstSuggestion.locator('.kind').textContent()
  t.match(kind, /^(action|question|decision|risk|suggestion)$/, 'the suggestion shows its kind')
  t.match(await firstSuggestion.locator('.confidence').textContent(), /^\d{1,3}%$/, 'and its confidence')
  t.match(await page.locator('.suggestion-set').first().getAttribute('data-event-id'), /^\d+-\d+$/, 'the event id is the replay-stream id')
  t.ok((await page.locator('#transcript .segment').count()) >= 3, 'the transcript shows the segments sent so far')

  await page.waitForSelector('#progress-text:has-text("All 25 segments sent")', { timeout: 30_000 })
  await page.click('#consolidate')
  const todos = page.locator('#consolidation .todo')
  await todos.first().waitFor({ timeout: 30_000 })
  t.ok(await todos.count() >= 1, `todos rendered (${await todos.count()})`)
  t.ok(await page.locator('#consolidation .chip').count() >= 1, 'keywords rendered')
  t.equal(await page.locator('#consolidation .agenda').count(), 3, 'one summary per agenda item of the sample')
  const todoText = (await todos.allTextContents()).join('\n').toLowerCase()
  t.match(todoText, /budget|crash|privacy|screenshot/, 'the todos come from the sample minutes')

  // A ping arrives every SSE_PING_MS (5 s); by now the replay and consolidation took longer or one is close.
  await page.waitForSelector('#ping.beat', { timeout: 10_000 })
  t.pass('pings are shown')

  await mkdir(SCREENSHOT_DIR, { recursive: true })
  const screenshot = resolve(SCREENSHOT_DIR, 'demo-page.png')
  await page.screenshot({ path: screenshot, fullPage: true })
  t.comment(`screenshot: ${screenshot}`)
  t.same(pageErrors, [], 'no script error on the page')
})
