/*
 * Measures the offline engine and rewrites the floors files (pnpm eval:floors [dev|test]):
 * eval/floors.json for the dev split's CI subset, eval/floors.held-out.json for the test split.
 */
import { DEV_CI_SUBSET, HELD_OUT_SPLIT, recordFloors } from '../src/floors.ts'

const which = process.argv.slice(2)
const sets = which.length === 0 ? [DEV_CI_SUBSET, HELD_OUT_SPLIT] : which.map((name) => name === 'test' ? HELD_OUT_SPLIT : DEV_CI_SUBSET)
for (const set of sets) {
  const floors = await recordFloors(set)
  console.log(set.name, JSON.stringify(floors, null, 2))
}
