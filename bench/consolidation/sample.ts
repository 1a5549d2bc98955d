import type { MockHandler } from '../../packages/testkit/src/mock-llm/index.ts'
import { englishLaunchMeeting as sample } from '../../packages/samples/src/index.ts'

export const URL_PATH = '/api/v1/transcripts/consolidate'

/** Valid chunk and reduce answers for the sample's agendas, so every run is complete. */
export const model: MockHandler = (request) => {
  const chunk = request.body?.response_format?.json_schema?.name === 'minutes_chunk_analysis'
  const agendas = sample.agendas
  return chunk
    ? { json: { keywords: ['launch'], agendaNotes: agendas.map((a) => ({ agendaNumber: a.agendaNumber, agendaTitle: a.title, points: ['point'], decisions: [], pending: [] })), todos: ['Send the budget'] } }
    : { json: { keywords: ['launch'], agendaSummaries: agendas.map((a) => ({ agendaNumber: a.agendaNumber, agendaTitle: a.title, summaryShort: 's', summary: 'summary', decisions: [], pending: [] })), todos: [{ title: 'Send the budget' }] } }
}

type Minutes = typeof sample.participantMinutes

export function body (meetingId: string, participantMinutes: Minutes = sample.participantMinutes): string {
  return JSON.stringify({ meetingId, meetingTitle: sample.meetingTitle, agendas: sample.agendas, participantMinutes, language: sample.language })
}

/** About `words` words of minutes: the sample's sessions repeated over `participants` people. */
export function longMinutes (words: number, participants = 6): Minutes {
  const base = sample.participantMinutes
  const perSession = base.reduce((sum, p) => sum + p.content.split(/\s+/).length, 0) / base.length
  const sessions = Math.ceil(words / participants / perSession)
  return Array.from({ length: participants }, (_, i) => {
    const source = base[i % base.length]!
    return { userId: `${source.userId}-${i}`, userName: `${source.userName ?? source.userId} ${i}`, content: Array.from({ length: sessions }, (_, s) => `## Session ${s + 1}\n${source.content}`).join('\n\n') }
  })
}
