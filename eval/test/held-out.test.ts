import { appendFile, cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'tap'
import { HELD_OUT_DIR, loadMeetings } from '../src/dataset.ts'
import { verifyFrozen } from '../src/held-out.ts'

test('the held-out split is intact: every file matches its frozen checksum', async (t) => {
  const { files } = await verifyFrozen(HELD_OUT_DIR)
  const meetings = await loadMeetings({ split: 'test' })
  t.equal(meetings.length, files, 'every listed file is a meeting that loads')
  t.ok(meetings.some((m) => m.language === 'ko') && meetings.some((m) => m.language === 'en'), 'both languages')
})

test('an edited or an unlisted held-out file stops the evaluation', async (t) => {
  const copy = await mkdtemp(join(tmpdir(), 'held-out-'))
  t.teardown(async () => await rm(copy, { recursive: true, force: true }))
  await cp(HELD_OUT_DIR, copy, { recursive: true })
  const first = (await readdir(copy)).filter((name) => name.endsWith('.json')).sort()[0] as string

  await appendFile(join(copy, first), ' ')
  await t.rejects(verifyFrozen(copy), { code: 'EVAL_HELD_OUT_TAMPERED', message: /differs from its frozen checksum/ })

  await cp(join(HELD_OUT_DIR, first), join(copy, first))
  await verifyFrozen(copy)
  await writeFile(join(copy, 't-en-added-later.json'), '{}')
  await t.rejects(verifyFrozen(copy), { message: /t-en-added-later\.json is not listed/ })
})
