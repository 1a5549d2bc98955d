import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'tap'
import { decisionRuleAgreement, readJudgedDecisions, readJudgedTodos, todoRuleAgreement } from '../src/judged.ts'

test('the todo rule pairs todos as the judges did: most of its pairs are theirs and it finds most of theirs', async (t) => {
  const judged = await readJudgedTodos()
  t.ok(judged.meetings.length >= 30, 'a sample of dev meetings in both languages')
  for (const language of ['ko', 'en']) {
    const agreement = todoRuleAgreement(judged.meetings.filter((meeting) => meeting.id.split('-').includes(language)))
    t.ok(agreement.meetings >= 15, `${language}: ${agreement.meetings} meetings`)
    t.ok(agreement.pairPrecision >= 0.85, `${language}: pair precision ${agreement.pairPrecision.toFixed(3)}`)
    t.ok(agreement.pairRecall >= 0.72, `${language}: pair recall ${agreement.pairRecall.toFixed(3)}`)
    t.ok(agreement.rule.precision <= agreement.judged.precision + 0.05, `${language}: the rule does not count more todos than the judges`)
  }
})

test('the decisions precision rule pairs decision entries as the judges did', async (t) => {
  const agreement = decisionRuleAgreement((await readJudgedDecisions()).meetings)
  t.ok(agreement.judgedPairs >= 40, `${agreement.judgedPairs} pairs judged`)
  t.ok(agreement.pairPrecision >= 0.8, `pair precision ${agreement.pairPrecision.toFixed(3)}`)
  t.ok(agreement.pairRecall >= 0.62, `pair recall ${agreement.pairRecall.toFixed(3)}`)
  t.ok(agreement.rule.precision <= agreement.judged.precision + 0.05, 'the rule does not count more decisions than the judges')
})

test('a judged pair naming a todo the meeting does not have is refused', async (t) => {
  const file = join(await mkdtemp(join(tmpdir(), 'judged-')), 'judged.json')
  await writeFile(file, JSON.stringify({ about: '', engine: '', judgedAt: '', meetings: [{ id: 'm', labelled: [{ todo: 'Book the van' }], returned: ['Book van'], pairs: [[0, 1]] }] }))
  await t.rejects(readJudgedTodos(file), /pairs L0 with R1/)
})
