/*
 * How well the meaning rule agrees with the judges' pairing of todos and of decisions
 * (pnpm eval:agreement): overall and per language. Run it after any change to the rule or the
 * meaning tokens.
 */
import { decisionRuleAgreement, readJudgedDecisions, readJudgedTodos, todoRuleAgreement, type RuleAgreement } from '../src/judged.ts'

const languageOf = (id: string): string => id.split('-').includes('ko') ? 'ko' : 'en'
const fixed = (value: number): string => value.toFixed(3)

function report<M extends { id: string }> (what: string, meetings: readonly M[], agree: (meetings: readonly M[]) => RuleAgreement): void {
  for (const language of ['all', 'ko', 'en']) {
    const a = agree(language === 'all' ? meetings : meetings.filter((m) => languageOf(m.id) === language))
    console.log(`${what} ${language.padEnd(3)} ${a.meetings} meetings: pairs judged ${a.judgedPairs}, by the rule ${a.rulePairs}, both ${a.agreed} (pair precision ${fixed(a.pairPrecision)}, pair recall ${fixed(a.pairRecall)}); P/R judged ${fixed(a.judged.precision)} / ${fixed(a.judged.recall)}, by the rule ${fixed(a.rule.precision)} / ${fixed(a.rule.recall)}`)
  }
}

report('todos    ', (await readJudgedTodos()).meetings, todoRuleAgreement)
report('decisions', (await readJudgedDecisions()).meetings, decisionRuleAgreement)
