import type { Test } from 'tap'
import type { Agenda, ConsolidateRequest, ConsolidateResponse } from '@meeting-ai/contracts'
import { createEngine } from '@meeting-ai/llm'
import { startMockLlm, type MockHandler, type MockLlm, type MockLlmOptions, type RecordedRequest } from '@meeting-ai/testkit/mock-llm'
import type { SampleMeeting } from '@meeting-ai/samples'
import { buildTestApp, type TestApp } from './helpers/app.ts'

export const CONSOLIDATE = '/api/v1/transcripts/consolidate'
export const regenerateUrl = (meetingId: string): string => `/api/v1/meetings/${meetingId}/summary/regenerate`

export function requestOf (sample: SampleMeeting, meetingId = sample.meetingId): ConsolidateRequest {
  return { meetingId, meetingTitle: sample.meetingTitle, agendas: sample.agendas, participantMinutes: sample.participantMinutes, language: sample.language }
}

/** Which answer shape a chat completion asks for (the provider names its json_schema). */
export function answerKind (request: RecordedRequest): 'chunk' | 'reduce' | 'other' {
  const name = request.body?.response_format?.json_schema?.name
  if (name === 'minutes_chunk_analysis') return 'chunk'
  if (name === 'meeting_consolidation') return 'reduce'
  return 'other'
}

export interface ScriptedAnswers {
  agendas: Agenda[]
  /** Todos every chunk answer reports (duplicates across chunks on purpose). */
  chunkTodos?: string[]
  /** Todos of the reduce answer. */
  reduceTodos?: string[]
  /** Summary text per agenda in the reduce answer. */
  summary?: (agenda: Agenda, request: RecordedRequest) => string
}

/** A mock LLM "model" that answers chunk and reduce prompts validly for the given agendas. */
export function scriptedModel (answers: ScriptedAnswers): MockHandler {
  return (request) => {
    const kind = answerKind(request)
    if (kind === 'chunk') {
      return {
        json: {
          keywords: ['launch', 'budget'],
          agendaNotes: answers.agendas.map((a) => ({ agendaNumber: a.agendaNumber, agendaTitle: a.title, points: [`LLM point on ${a.title}`], decisions: [], pending: [] })),
          todos: answers.chunkTodos ?? ['Send the revised budget by Friday']
        }
      }
    }
    return {
      json: {
        keywords: ['launch', 'budget', 'Launch'],
        agendaSummaries: answers.agendas.map((a) => ({
          agendaNumber: a.agendaNumber,
          agendaTitle: a.title,
          summaryShort: `LLM short on ${a.title}`,
          summary: answers.summary?.(a, request) ?? `LLM summary of ${a.title}`,
          decisions: [`LLM decision on ${a.title}`],
          pending: []
        })),
        todos: (answers.reduceTodos ?? ['Send the revised budget by Friday']).map((title) => ({ title }))
      }
    }
  }
}

export interface LlmTestApp extends TestApp {
  mock: MockLlm
}

/** An app whose engine is the OpenAI provider pointed at a mock LLM server over HTTP. */
export async function buildLlmApp (t: Test, env: Record<string, string> = {}, mockOptions: MockLlmOptions = {}, existing?: MockLlm): Promise<LlmTestApp> {
  const mock = existing ?? await startMockLlm(mockOptions)
  if (existing === undefined) t.teardown(async () => { await mock.close() })
  const engine = createEngine({ llmEngine: 'openai', llmBaseUrl: mock.url, llmApiKey: 'test', llmMaxRetries: 0, openai: { backoff: { baseDelayMs: 1, maxDelayMs: 1 } } })
  const built = await buildTestApp(t, env, { engine })
  return { ...built, mock }
}

/** ~`words` words of minutes built from a sample's minutes: `participants` people, numbered sessions. */
export function longMeeting (sample: SampleMeeting, words: number, participants = 6): ConsolidateRequest {
  const base = sample.participantMinutes
  const perSession = base.reduce((sum, p) => sum + p.content.split(/\s+/).length, 0) / base.length
  const sessions = Math.ceil(words / participants / perSession)
  return {
    meetingId: `${sample.meetingId}-long`,
    meetingTitle: sample.meetingTitle,
    agendas: sample.agendas,
    language: sample.language,
    participantMinutes: Array.from({ length: participants }, (_, i) => {
      const source = base[i % base.length]!
      const content = Array.from({ length: sessions }, (_, s) => `## Session ${s + 1}\n${source.content}`).join('\n\n')
      return { userId: `${source.userId}-${i}`, userName: `${source.userName ?? source.userId} ${i}`, content }
    })
  }
}

export function assertResponseShape (t: Test, body: ConsolidateResponse, meetingId: string): void {
  t.equal(body.meetingId, meetingId)
  t.ok(Array.isArray(body.keywords) && body.keywords.length > 0, 'keywords')
  t.ok(Array.isArray(body.agendaSummaries) && body.agendaSummaries.length > 0, 'agenda summaries')
  for (const summary of body.agendaSummaries) {
    t.same(Object.keys(summary).sort(), ['agendaNumber', 'agendaTitle', 'decisions', 'pending', 'summary', 'summaryShort'])
    t.ok(summary.summary.length > 0 && summary.summaryShort.length > 0, `agenda ${summary.agendaNumber} has a summary`)
  }
  for (const todo of body.todos) t.same(Object.keys(todo), ['title'], 'Todo is { title } only')
  t.type(body.generatedAt, 'number')
  t.type(body.model, 'string')
  t.type(body.partial, 'boolean')
  t.ok(Array.isArray(body.notes), 'notes always sent')
}
