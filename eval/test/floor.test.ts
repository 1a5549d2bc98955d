import { test } from 'tap'
import { breaches, CEILING_METRICS, DEV_CI_SUBSET, FLOOR_METRICS, HELD_OUT_SPLIT, readFloors, runFloorSet, type FloorSet } from '../src/floors.ts'

// Each floor set through the real consolidation service and live pipeline with the offline
// engine; fails when a pooled figure drops below its recorded floor.
function holdsFloors (set: FloorSet): void {
  test(`offline engine stays at or above the recorded floors on the ${set.name}`, async (t) => {
    const floors = await readFloors(set)
    const report = await runFloorSet(set)
    t.same(report.meetings.map((m) => m.id), floors.meetings, 'the set is the one the floors were recorded on')
    t.equal(report.consolidationPath, 'service', 'consolidation went through the service')
    const failed = breaches(report.overall, floors)
    t.same(failed, [], `figures: ${JSON.stringify(report.overall)}`)
    for (const meeting of report.meetings) {
      t.equal(meeting.schema.failed, 0, `${meeting.id}: every answer is schema-valid`)
    }
    // The live pipeline ran: it published in some meeting. An engine silent on a meeting it was not
    // tuned on is a quality miss, held by the silentMeetings ceiling where the floors record one.
    t.ok(report.meetings.some((meeting) => meeting.suggestions.published > 0), 'the live pipeline published suggestions')
    if (floors.ceilings.silentMeetings === undefined) {
      t.same(report.meetings.filter((meeting) => meeting.suggestions.published === 0).map((meeting) => meeting.id), [], 'the live pipeline published suggestions in every meeting')
    }
  })
}

holdsFloors(DEV_CI_SUBSET)
holdsFloors(HELD_OUT_SPLIT)

// The held-out split carries owner labels and advice: every metric has a floor or a ceiling there.
test('the held-out floors hold every metric, the by-meaning ones included', async (t) => {
  const floors = await readFloors(HELD_OUT_SPLIT)
  t.same(FLOOR_METRICS.filter((metric) => floors.floors[metric] === undefined), [], 'a floor for each figure')
  t.same(CEILING_METRICS.filter((metric) => floors.ceilings[metric] === undefined), [], 'a ceiling for each count')
})
