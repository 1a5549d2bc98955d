import { test } from 'tap'
import { englishLaunchMeeting } from '@meeting-ai/samples'
import { buildTestApp } from './helpers/app.ts'
import { answerKind, buildLlmApp, CONSOLIDATE, regenerateUrl, requestOf, scriptedModel } from './consolidation-fixtures.ts'

const sample = englishLaunchMeeting
const agendas = sample.agendas

test('404 problem when the meeting was never consolidated', async (t) => {
  const { app } = await buildTestApp(t)
  const response = await app.inject({ method: 'POST', url: regenerateUrl('never-seen') })
  t.equal(response.statusCode, 404)
  t.equal(response.json().code, 'MEETING_NOT_CONSOLIDATED')
  t.match(response.headers['content-type'], /application\/problem\+json/)
})

test('regenerate the whole summary: a fresh run from the stored request, with instructions and language', async (t) => {
  const { app, mock } = await buildLlmApp(t)
  let round = 'first'
  mock.setHandler(scriptedModel({ agendas, summary: (agenda) => `${round} summary of ${agenda.title}` }))
  const original = await app.inject({ method: 'POST', url: CONSOLIDATE, payload: requestOf(sample) })
  t.equal(original.statusCode, 200)
  mock.reset()
  round = 'second'
  const response = await app.inject({ method: 'POST', url: regenerateUrl(sample.meetingId), payload: { instructions: 'Focus on decisions only', language: 'de' } })
  t.equal(response.statusCode, 200, response.body)
  const body = response.json()
  t.same(body.agendaSummaries.map((a: { summary: string }) => a.summary), agendas.map((a) => `second summary of ${a.title}`))
  t.equal(body.partial, false)
  t.ok(body.generatedAt >= original.json().generatedAt)
  t.same(mock.completions.map(answerKind), ['chunk', 'reduce'], 'ran again, not from the cache')
  t.ok(mock.completions.every((c) => c.text.includes('Focus on decisions only')), 'instructions reached every call')
  t.ok(mock.completions.some((c) => /\bde\b|German|Deutsch/i.test(c.text)), 'the requested language reached the model')
  for (const part of sample.participantMinutes) t.ok(mock.completions[0]!.text.includes(part.userName!), 'from the stored minutes')
})

test('regenerate one agenda item: only it changes; every other item and every todo is returned as stored', async (t) => {
  const { app, mock } = await buildLlmApp(t)
  let round = 'first'
  mock.setHandler(scriptedModel({ agendas, summary: (agenda) => `${round} summary of ${agenda.title}`, reduceTodos: ['Send the revised budget by Friday', 'Fix the push crash'] }))
  const original = (await app.inject({ method: 'POST', url: CONSOLIDATE, payload: requestOf(sample) })).json()
  round = 'second'
  mock.setHandler(scriptedModel({ agendas, summary: (agenda) => `${round} summary of ${agenda.title}`, reduceTodos: ['Something else entirely'] }))
  const response = await app.inject({ method: 'POST', url: regenerateUrl(sample.meetingId), payload: { agendaNumber: 2 } })
  t.equal(response.statusCode, 200, response.body)
  const body = response.json()
  t.equal(body.agendaSummaries.length, agendas.length, 'every agenda returned')
  t.equal(body.agendaSummaries[1].summary, `second summary of ${agendas[1]!.title}`, 'agenda 2 regenerated')
  t.same(body.agendaSummaries[0], original.agendaSummaries[0], 'agenda 1 unchanged')
  t.same(body.agendaSummaries[2], original.agendaSummaries[2], 'agenda 3 unchanged')
  t.same(body.todos, original.todos, 'every todo as stored')
  t.same(body.keywords, original.keywords)

  // The regenerated answer is now the meeting's result: a second one-agenda regeneration builds on it.
  round = 'third'
  const next = (await app.inject({ method: 'POST', url: regenerateUrl(sample.meetingId), payload: { agendaNumber: 1 } })).json()
  t.equal(next.agendaSummaries[0].summary, `third summary of ${agendas[0]!.title}`)
  t.equal(next.agendaSummaries[1].summary, `second summary of ${agendas[1]!.title}`, 'keeps the earlier regeneration')

  const missing = await app.inject({ method: 'POST', url: regenerateUrl(sample.meetingId), payload: { agendaNumber: 9 } })
  t.equal(missing.statusCode, 404)
  t.equal(missing.json().code, 'AGENDA_NOT_FOUND')
})

test('regenerate with the offline engine, without a body, and with invalid bodies', async (t) => {
  const { app } = await buildTestApp(t)
  t.equal((await app.inject({ method: 'POST', url: CONSOLIDATE, payload: requestOf(sample) })).statusCode, 200)
  const noBody = await app.inject({ method: 'POST', url: regenerateUrl(sample.meetingId) })
  t.equal(noBody.statusCode, 200, noBody.body)
  t.equal(noBody.json().agendaSummaries.length, agendas.length)
  const nulls = await app.inject({ method: 'POST', url: regenerateUrl(sample.meetingId), payload: { agendaNumber: null, instructions: null } })
  t.equal(nulls.statusCode, 200, 'nulls are absent fields')
  const bad = await app.inject({ method: 'POST', url: regenerateUrl(sample.meetingId), payload: { agendaNumber: 0 } })
  t.equal(bad.statusCode, 400)
  t.match(bad.json().detail, /agendaNumber/)
  const badId = await app.inject({ method: 'POST', url: regenerateUrl('bad%20id') })
  t.equal(badId.statusCode, 400)
  t.match(badId.json().detail, /meetingId/)
})
