import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import Type, { type Static, type TSchema } from 'typebox'
import { compileValidator } from '@meeting-ai/contracts'
import { labelledTasks, pairDecisions, returnedTasks } from './scoring.ts'
import { greedyMatch, statesLabel } from './text-match.ts'

/*
 * The meaning rule checked against people: on a sample of dev meetings, judges who saw neither the
 * engines nor the scorer paired labelled and returned todos, and labelled decisions and returned
 * decision entries, by meaning (judgements/). Scoring the same answers with the rule and counting
 * the pairs both made says how far the figures can be trusted; a change of the rule is kept only
 * if this agreement holds.
 */

const Pairs = Type.Array(Type.Tuple([Type.Integer({ minimum: 0 }), Type.Integer({ minimum: 0 })]))
const Provenance = { about: Type.String(), engine: Type.String(), judgedAt: Type.String() }

const JudgedTodoMeeting = Type.Object({
  id: Type.String(),
  labelled: Type.Array(Type.Object({ todo: Type.String(), owner: Type.Optional(Type.String()) })),
  returned: Type.Array(Type.String()),
  /** [labelled index, returned index], one to one. */
  pairs: Pairs
})
export const JudgedTodos = Type.Object({ ...Provenance, meetings: Type.Array(JudgedTodoMeeting) })
export type JudgedTodos = Static<typeof JudgedTodos>
export type JudgedTodoMeeting = Static<typeof JudgedTodoMeeting>

const JudgedDecisionMeeting = Type.Object({
  id: Type.String(),
  decisions: Type.Array(Type.String()),
  /** The meeting's labelled todos: an entry stating one of them more than any decision is an action. */
  todos: Type.Array(Type.String()),
  entries: Type.Array(Type.Object({ text: Type.String(), inPending: Type.Boolean() })),
  /** [labelled decision index, entry index], one to one. */
  pairs: Pairs
})
export const JudgedDecisions = Type.Object({ ...Provenance, meetings: Type.Array(JudgedDecisionMeeting) })
export type JudgedDecisions = Static<typeof JudgedDecisions>
export type JudgedDecisionMeeting = Static<typeof JudgedDecisionMeeting>

export const JUDGED_TODOS_FILE = fileURLToPath(new URL('../judgements/todo-matching.json', import.meta.url))
export const JUDGED_DECISIONS_FILE = fileURLToPath(new URL('../judgements/decision-matching.json', import.meta.url))

async function readJudged<T extends TSchema> (schema: T, file: string, sizes: (meeting: Static<T>['meetings'][number]) => [number, number]): Promise<Static<T>> {
  const validator = compileValidator(schema)
  const value: unknown = JSON.parse(await readFile(file, 'utf8'))
  if (!validator.check(value)) throw new Error(`${file}: ${validator.errors(value).slice(0, 5).map((e) => `${e.field} ${e.message}`).join('; ')}`)
  const judged = value as Static<T>
  for (const meeting of judged.meetings as Array<{ id: string, pairs: Array<[number, number]> }>) {
    const [labels, answers] = sizes(meeting)
    for (const [label, answer] of meeting.pairs) {
      if (label >= labels || answer >= answers) throw new Error(`${file}: ${meeting.id} pairs L${label} with R${answer}, which it does not have`)
    }
  }
  return judged
}

export async function readJudgedTodos (file = JUDGED_TODOS_FILE): Promise<JudgedTodos> {
  return await readJudged(JudgedTodos, file, (meeting) => [meeting.labelled.length, meeting.returned.length])
}

export async function readJudgedDecisions (file = JUDGED_DECISIONS_FILE): Promise<JudgedDecisions> {
  return await readJudged(JudgedDecisions, file, (meeting) => [meeting.decisions.length, meeting.entries.length])
}

export interface RuleAgreement {
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
  /** Precision and recall (of todos, of decision entries) as the judges' pairs give them, and as the rule's do. */
  judged: { precision: number, recall: number }
  rule: { precision: number, recall: number }
}

interface Compared { labelled: number, returned: number, judged: ReadonlyArray<readonly [number, number]>, rule: ReadonlyArray<readonly [number, number]> }

const ratio = (part: number, whole: number): number => whole === 0 ? 0 : part / whole

function agreement (compared: readonly Compared[]): RuleAgreement {
  let labelled = 0
  let returned = 0
  let judgedPairs = 0
  let rulePairs = 0
  let agreed = 0
  for (const meeting of compared) {
    const judged = new Set(meeting.judged.map(([label, answer]) => `${label}:${answer}`))
    labelled += meeting.labelled
    returned += meeting.returned
    judgedPairs += judged.size
    rulePairs += meeting.rule.length
    agreed += meeting.rule.filter(([label, answer]) => judged.has(`${label}:${answer}`)).length
  }
  return {
    meetings: compared.length,
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

/** Scores the judged todos with the todo rule (as scoreTodos pairs them) and compares the pairs. */
export function todoRuleAgreement (meetings: readonly JudgedTodoMeeting[]): RuleAgreement {
  return agreement(meetings.map((meeting) => {
    const owners = meeting.labelled.flatMap(({ todo, owner }) => owner === undefined ? [] : [{ todo, owner }])
    const labels = labelledTasks(meeting.labelled.map(({ todo }) => todo), owners)
    const { pairs } = greedyMatch(labels, returnedTasks(meeting.returned), statesLabel)
    return { labelled: meeting.labelled.length, returned: meeting.returned.length, judged: meeting.pairs, rule: pairs }
  }))
}

/** Scores the judged decision entries with the decisions precision rule (pairDecisions) and compares the pairs. */
export function decisionRuleAgreement (meetings: readonly JudgedDecisionMeeting[]): RuleAgreement {
  return agreement(meetings.map((meeting) => ({
    labelled: meeting.decisions.length,
    returned: meeting.entries.length,
    judged: meeting.pairs,
    rule: pairDecisions(meeting.decisions, meeting.todos, meeting.entries).pairs
  })))
}
