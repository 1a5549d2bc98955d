import { test } from 'tap'
import { breaches, readFloors, runCiSubset } from '../src/floors.ts'

// The CI-sized subset of the evaluation set through the real consolidation service and live
// pipeline with the offline engine; fails when a pooled figure drops below its recorded floor.
test('offline engine stays at or above the recorded floors on the CI subset', async (t) => {
  const floors = await readFloors()
  const report = await runCiSubset()
  t.same(report.meetings.map((m) => m.id), floors.meetings, 'the subset is the one the floors were recorded on')
  t.equal(report.consolidationPath, 'service', 'consolidation went through the service')
  const failed = breaches(report.overall, floors)
  t.same(failed, [], `figures: ${JSON.stringify(report.overall)}`)
  for (const meeting of report.meetings) {
    t.equal(meeting.schema.failed, 0, `${meeting.id}: every answer is schema-valid`)
    t.ok(meeting.suggestions.published > 0, `${meeting.id}: the live pipeline published suggestions`)
  }
})
