import t from 'tap'
import { englishLaunchMeeting, koreanLaunchMeeting, toWindowSegments, type SampleMeeting } from '@meeting-ai/samples'
import { OfflineEngine, OFFLINE_ENGINE_NAME } from '../src/index.ts'

const engine = new OfflineEngine()

async function consolidate (sample: SampleMeeting, withAgendas = true) {
  const agendas = withAgendas ? sample.agendas : []
  // Two chunks, as the consolidation service splits long meetings: the map-reduce path.
  const [first, ...rest] = sample.participantMinutes
  const chunks = await Promise.all([
    engine.analyseChunk({ meetingTitle: sample.meetingTitle, agendas, minutes: [first!] }),
    engine.analyseChunk({ meetingTitle: sample.meetingTitle, agendas, minutes: rest })
  ])
  const single = await engine.analyseChunk({ meetingTitle: sample.meetingTitle, agendas, minutes: sample.participantMinutes })
  return { merged: await engine.reduce({ agendas, chunks }), single: await engine.reduce({ agendas, chunks: [single] }), chunk: single }
}

function todoMatches (titles: string[], words: string[]): boolean {
  return titles.some((title) => words.every((word) => title.toLowerCase().includes(word.toLowerCase())))
}

for (const sample of [englishLaunchMeeting, koreanLaunchMeeting]) {
  t.test(`${sample.language} sample: consolidation`, async (t) => {
    t.equal(engine.name, OFFLINE_ENGINE_NAME)
    t.equal(engine.external, false)
    const { merged, single } = await consolidate(sample)
    for (const draft of [merged, single]) {
      const titles = draft.todos.map((todo) => todo.title)
      for (const words of sample.expected.todos) t.ok(todoMatches(titles, words), `a todo with ${words.join(' + ')} in ${JSON.stringify(titles)}`)
      t.ok(titles.length <= 8, 'todos are merged, not one per sentence')
      t.ok(draft.todos.every((todo) => Object.keys(todo).length === 1), 'a todo is a title only')

      const keywords = draft.keywords.map((k) => k.toLowerCase())
      for (const word of sample.expected.keywords) t.ok(keywords.some((k) => k.includes(word)), `keyword ${word} in ${JSON.stringify(keywords)}`)
      t.equal(new Set(keywords).size, keywords.length, 'no duplicate keywords')

      t.same(draft.agendaSummaries.map((s) => s.agendaNumber), sample.agendas.map((a) => a.agendaNumber))
      for (const summary of draft.agendaSummaries) {
        t.ok(summary.summaryShort.length > 5 && summary.summary.length >= summary.summaryShort.length, `summary of ${summary.agendaTitle}: ${summary.summary}`)
        const title = sample.agendas.find((a) => a.agendaNumber === summary.agendaNumber)!.title
        t.equal(summary.agendaTitle, title)
      }
      t.ok(draft.agendaSummaries.some((s) => s.decisions.length > 0), 'decisions are found')

      const conflicted = draft.agendaSummaries.find((s) => s.agendaNumber === sample.expected.conflict.agendaNumber)!
      t.ok(conflicted.pending.some((p) => p.includes(sample.expected.conflict.topic) && /conflict|불일치/i.test(p)), `conflict surfaced in ${JSON.stringify(conflicted.pending)}`)
    }
    // The same action written by two participants is one todo.
    const budgetTodos = merged.todos.filter((todo) => sample.expected.todos[0]!.every((w) => todo.title.toLowerCase().includes(w.toLowerCase())))
    t.equal(budgetTodos.length, 1, `one budget todo in ${JSON.stringify(merged.todos)}`)
  })

  t.test(`${sample.language} sample: agendas derived when none are given`, async (t) => {
    const { merged, chunk } = await consolidate(sample, false)
    t.ok(chunk.agendaNotes.length >= 2, `derived ${JSON.stringify(chunk.agendaNotes.map((n) => n.agendaTitle))}`)
    for (const agenda of sample.agendas) {
      t.ok(chunk.agendaNotes.some((n) => n.agendaTitle.toLowerCase() === agenda.title.toLowerCase()), `the minutes' heading ${agenda.title} became an agenda item`)
    }
    t.ok(merged.agendaSummaries.length >= 2 && merged.agendaSummaries.length <= chunk.agendaNotes.length + 1, 'items from two chunks are merged by title')
    t.ok(merged.agendaSummaries.every((s) => s.summary.length > 5))
  })

  t.test(`${sample.language} sample: live suggestions`, async (t) => {
    // The window as the pipeline sends it after the screenshots question (segment 9) and one
    // more segment that does not answer it: advice is about the newest segments only.
    const window = toWindowSegments(sample)
    const first = await engine.suggest({ meetingId: sample.meetingId, segments: window.slice(0, 11), previousSuggestions: [] })
    t.ok(first.length >= 1, JSON.stringify(first))
    // The open question asks who prepares the screenshots: the advice is to decide who does.
    const question = first.find((s) => s.content.includes(sample.expected.openQuestion))
    t.ok(question !== undefined && (question.kind === 'question' || question.kind === 'action'), `open question ${sample.expected.openQuestion} suggested`)
    t.notOk(question?.content.includes('?'), `advice, not the question repeated: ${question?.content}`)
    t.ok(first.every((s) => s.confidence > 0 && s.confidence <= 1))
    t.ok(question?.speakerIds?.length === 1, 'suggestions point at the speaker')

    // A later window (the privacy policy duty at segment 15, then a reply that does not take it
    // on) says nothing already said and brings up the action nobody owns.
    const second = await engine.suggest({ meetingId: sample.meetingId, segments: window.slice(0, 17), previousSuggestions: first.map((s) => s.content) })
    t.ok(second.length > 0)
    for (const s of second) t.notOk(first.some((f) => f.content === s.content), `not repeated: ${s.content}`)
    t.ok(second.some((s) => s.kind === 'action' && s.content.includes(sample.expected.unownedAction)), `the action without an owner is suggested: ${JSON.stringify(second)}`)

    // An answered question is not an open question.
    const answered = window.slice(5, 8)
    const suggestions = await engine.suggest({ meetingId: sample.meetingId, segments: answered, previousSuggestions: [] })
    t.notOk(suggestions.some((s) => s.kind === 'question'), `answered question not suggested: ${JSON.stringify(suggestions)}`)
  })
}

t.test('empty and trivial input gives empty, valid answers', async (t) => {
  t.same(await engine.suggest({ meetingId: 'm', segments: [], previousSuggestions: [] }), [])
  const chunk = await engine.analyseChunk({ agendas: [{ agendaNumber: 1, title: 'Budget' }], minutes: [{ userId: 'u', content: '' }] })
  t.same(chunk.todos, [])
  const draft = await engine.reduce({ agendas: [{ agendaNumber: 1, title: 'Budget' }], chunks: [chunk] })
  t.equal(draft.agendaSummaries.length, 1)
  t.equal(draft.agendaSummaries[0]!.summaryShort, 'No notes were recorded for this item.')
})

t.test('aborted or expired calls fail with a typed error', async (t) => {
  const controller = new AbortController()
  controller.abort()
  await t.rejects(engine.suggest({ meetingId: 'm', segments: [], previousSuggestions: [] }, { signal: controller.signal }), { code: 'LLM_ABORTED' })
  await t.rejects(engine.reduce({ agendas: [], chunks: [] }, { deadline: Date.now() - 1 }), { code: 'LLM_DEADLINE_EXCEEDED' })
})

t.test('output is deterministic', async (t) => {
  const a = await consolidate(koreanLaunchMeeting)
  const b = await consolidate(koreanLaunchMeeting)
  t.same(a.merged, b.merged)
})

t.test('a person the minutes give a task by first name is no keyword, though they wrote no minutes', async (t) => {
  const minutes = [
    { userId: 'a', userName: 'Ana Ruiz', content: 'Actions\n- Scaffold tower booking for Tuesday (Ray)\n- Tower permit from the council (Ray)\n- Generator delivery by Monday (Ana)' },
    { userId: 'b', userName: 'Sam Lee', content: 'Notes\n- Ask Ray about the tower keys.\n- Tower permit: Ray again, council slow.\n- Generator hire agreed.' }
  ]
  const chunk = await engine.analyseChunk({ agendas: [{ agendaNumber: 1, title: 'Site setup' }], minutes })
  const keywords = chunk.keywords.map((k) => k.toLowerCase())
  t.ok(chunk.todos.some((title) => title.endsWith('(Ray)')), `Ray has a task: ${JSON.stringify(chunk.todos)}`)
  t.notOk(keywords.includes('ray'), `no "ray" in ${JSON.stringify(keywords)}`)
})

t.test('a person an attendance line lists is no keyword, though they wrote nothing and own no task', async (t) => {
  const content = 'Present: Ana R., Nell K., me\n- Forklift battery dead again, Nell swapped it Tuesday.\n- Loading bay lights: Nell checked, two out. Rota with Nell next week.\n- Pallet wrap order late. Forklift service booked.'
  const chunk = await engine.analyseChunk({ agendas: [{ agendaNumber: 1, title: 'Depot' }], minutes: [{ userId: 'u1', userName: 'Sam Lee', content }] })
  const keywords = chunk.keywords.map((k) => k.toLowerCase())
  t.ok(keywords.includes('forklift'), JSON.stringify(keywords))
  t.notOk(keywords.includes('nell'), `no "nell" in ${JSON.stringify(keywords)}`)
})
