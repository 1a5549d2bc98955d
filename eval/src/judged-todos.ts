import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import Type, { type Static } from 'typebox'
import { compileValidator } from '@meeting-ai/contracts'
import { labelledTasks, returnedTasks } from './scoring.ts'
import { greedyMatch, todoMatch } from './text-match.ts'

/*
 * The todo rule checked against people: on a sample of dev meetings, judges who saw neither the
 * engines nor the scorer paired labelled and returned todos by meaning (judgements/). Scoring the
 * same answers with the rule and counting the pairs both made says how far the todo figures can
 * be trusted; a change of the rule is kept only if this agreement holds.
 */

export const JUDGED_TODOS_FILE = fileURLToPath(new URL('../judgements/todo-matching.json', import.meta.url))

const JudgedMeeting = Type.Object({
  id: Type.String(),
  labelled: Type.Array(Type.Object({ todo: Type.String(), owner: Type.Optional(Type.String()) })),
  returned: Type.Array(Type.String()),
  /** [labelled index, returned index], one to one. */
  pairs: Type.Array(Type.Tuple([Type.Integer({ minimum: 0 }), Type.Integer({ minimum: 0 })]))
})
export const JudgedTodoMatching = Type.Object({
  about: Type.String(),
  engine: Type.String(),
  judgedAt: Type.String(),
  meetings: Type.Array(JudgedMeeting)
})
export type JudgedTodoMatching = Static<typeof JudgedTodoMatching>
export type JudgedMeeting = Static<typeof JudgedMeeting>

const validator = compileValidator(JudgedTodoMatching)

export async function readJudgedTodos (file = JUDGED_TODOS_FILE): Promise<JudgedTodoMatching> {
  const value: unknown = JSON.parse(await readFile(file, 'utf8'))
  if (!validator.check(value)) throw new Error(`${file}: ${validator.errors(value).slice(0, 5).map((e) => `${e.field} ${e.message}`).join('; ')}`)
  for (const meeting of value.meetings) {
    for (const [label, answer] of meeting.pairs) {
      if (label >= meeting.labelled.length || answer >= meeting.returned.length) throw new Error(`${file}: ${meeting.id} pairs L${label} with R${answer}, which it does not have`)
    }
  }
  return value
}

export interface TodoRuleAgreement {
  meetings: number
  labelled: number
  returned: number
  judgedPairs: number
  rulePairs: number
  /** Pairs the rule and the judges both made. */
  agreed: number
  /** agreed / rulePairs: how often a pair the rule makes is one a judge made. */
  pairPrecision: number
  /** agreed / judgedPairs: how many of the judges' pairs the rule finds. */
  pairRecall: number
  /** Todo precision and recall as the judges' pairs give them, and as the rule's do. */
  judged: { precision: number, recall: number }
  rule: { precision: number, recall: number }
}

const ratio = (part: number, whole: number): number => whole === 0 ? 0 : part / whole

/** Scores the judged answers with the todo rule (as scoreTodos pairs them) and compares the pairs. */
export function todoRuleAgreement (meetings: readonly JudgedMeeting[]): TodoRuleAgreement {
  let labelled = 0
  let returned = 0
  let judgedPairs = 0
  let rulePairs = 0
  let agreed = 0
  for (const meeting of meetings) {
    const owners = meeting.labelled.flatMap(({ todo, owner }) => owner === undefined ? [] : [{ todo, owner }])
    const labels = labelledTasks(meeting.labelled.map(({ todo }) => todo), owners)
    const { pairs } = greedyMatch(labels, returnedTasks(meeting.returned), todoMatch)
    const judged = new Set(meeting.pairs.map(([label, answer]) => `${label}:${answer}`))
    labelled += meeting.labelled.length
    returned += meeting.returned.length
    judgedPairs += judged.size
    rulePairs += pairs.length
    agreed += pairs.filter(([label, answer]) => judged.has(`${label}:${answer}`)).length
  }
  return {
    meetings: meetings.length,
    labelled,
    returned,
    judgedPairs,
    rulePairs,
    agreed,
    pairPrecision: ratio(agreed, rulePairs),
    pairRecall: ratio(agreed, judgedPairs),
    judged: { precision: ratio(judgedPairs, returned), recall: ratio(judgedPairs, labelled) },
    rule: { precision: ratio(rulePairs, returned), recall: ratio(rulePairs, labelled) }
  }
}
