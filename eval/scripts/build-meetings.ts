/*
 * Writes eval/meetings/*.json from the authored sources in this folder. The JSON files are the
 * evaluation set; rerun after editing a source: `node --import tsx eval/scripts/build-meetings.ts`.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { checkMeeting, MEETINGS_DIR, minutesWordCount } from '../src/dataset.ts'
import { expand, type AuthoredMeeting } from './authoring.ts'
import { enIncident, enInjection, enLaunchConflict, enRetro, enStandup, enSupportSync } from './meetings-en.ts'
import { koHiring, koInjection, koReleaseCasual, koReleaseConflict, koStandup, koWeekly } from './meetings-ko.ts'
import { enQ3PlanningLong, koH2PlanningLong } from './meetings-long.ts'

const authored: AuthoredMeeting[] = [
  enStandup, enRetro, enLaunchConflict, enInjection, enIncident, enQ3PlanningLong, enSupportSync,
  koStandup, koWeekly, koReleaseConflict, koInjection, koHiring, koH2PlanningLong, koReleaseCasual
]

for (const source of authored) {
  const meeting = checkMeeting(expand(source), source.id)
  await writeFile(join(MEETINGS_DIR, `${meeting.id}.json`), `${JSON.stringify(meeting, null, 2)}\n`)
  const last = meeting.segments.at(-1)!.timestamp
  const first = meeting.segments[0]!.timestamp
  const minutes = ((last[3]! * 60 + last[4]!) - (first[3]! * 60 + first[4]!))
  console.log(`${meeting.id.padEnd(24)} ${String(meeting.segments.length).padStart(4)} segments ${String(minutesWordCount(meeting)).padStart(6)} words of minutes ~${minutes} min of speech, ${meeting.labels.todos.length} todos, ${meeting.labels.moments.length} moments`)
}
