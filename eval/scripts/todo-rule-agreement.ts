/*
 * How well the todo rule agrees with the judges' pairing (pnpm eval:agreement): overall and per
 * language. Run it after any change to the todo rule or the meaning tokens.
 */
import { readJudgedTodos, todoRuleAgreement } from '../src/judged-todos.ts'

const judged = await readJudgedTodos()
const languageOf = (id: string): string => id.split('-').includes('ko') ? 'ko' : 'en'
const fixed = (value: number): string => value.toFixed(3)
for (const [name, meetings] of [['all', judged.meetings], ...['ko', 'en'].map((language) => [language, judged.meetings.filter((m) => languageOf(m.id) === language)] as const)] as const) {
  const a = todoRuleAgreement(meetings)
  console.log(`${name.padEnd(3)} ${a.meetings} meetings: pairs judged ${a.judgedPairs}, by the rule ${a.rulePairs}, both ${a.agreed} (pair precision ${fixed(a.pairPrecision)}, pair recall ${fixed(a.pairRecall)}); todo P/R judged ${fixed(a.judged.precision)} / ${fixed(a.judged.recall)}, by the rule ${fixed(a.rule.precision)} / ${fixed(a.rule.recall)}`)
}
