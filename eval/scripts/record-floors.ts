/* Measures the CI subset with the offline engine and rewrites eval/floors.json (pnpm eval:floors). */
import { recordFloors } from '../src/floors.ts'

const floors = await recordFloors()
console.log(JSON.stringify(floors, null, 2))
