/* global location, Node, EventSource */
// Demo page: opens the suggestion stream of a fresh run of the sample meeting, replays the
// meeting's STT segments through HTTP ingest at an accelerated pace, shows suggestions, pings
// and the connection state as they happen, and runs consolidation on the sample minutes.
// Plain browser JavaScript, no build step; every text goes in through textContent.

const params = new URLSearchParams(location.search)
const $ = (id) => document.getElementById(id)

/** A DOM element with attributes and children (strings become text nodes). */
function el (tag, attributes = {}, ...children) {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue
    if (name === 'class') node.className = value
    else if (name === 'style') node.style.cssText = value
    else node.setAttribute(name, String(value))
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue
    node.append(child instanceof Node ? child : document.createTextNode(String(child)))
  }
  return node
}

const clock = (ms) => new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' })
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const AVATAR_COLOURS = ['#4f46e5', '#0e9f6e', '#d97706', '#db2777', '#0284c7', '#7c3aed']

const state = {
  apiUrl: '',
  sample: null,
  meetingId: '',
  source: null,
  run: 0,
  pings: 0,
  lastPingAt: 0,
  suggestionCount: 0,
  sentCount: 0
}

// ---- Connection state and log ----------------------------------------------------------

function setConnection (name, text) {
  $('connection').dataset.state = name
  $('connection-text').textContent = text
  document.body.dataset.connection = name
}

function logEvent (type, detail = '') {
  const log = $('event-log')
  log.prepend(el('li', {}, el('span', { class: `type log-${type}` }, type), ' ', clock(Date.now()), detail ? `  ${detail}` : ''))
  while (log.children.length > 60) log.lastElementChild.remove()
}

function showNotice (message) {
  const notice = $('notice')
  notice.textContent = message
  notice.hidden = message === ''
}

setInterval(() => {
  if (state.lastPingAt === 0) return
  const ago = Math.round((Date.now() - state.lastPingAt) / 1000)
  $('ping').textContent = `ping ×${state.pings} · ${ago} s ago`
}, 1000)

// ---- The suggestion stream -------------------------------------------------------------

function openStream (meetingId, lastEventId) {
  return new Promise((resolve) => {
    state.source?.close()
    const resume = lastEventId === undefined ? '' : `?lastEventId=${encodeURIComponent(lastEventId)}`
    const url = `${state.apiUrl}/api/ai/suggestions/meetings/${encodeURIComponent(meetingId)}/stream${resume}`
    const source = new EventSource(url)
    state.source = source
    let opened = false
    setConnection('connecting', 'Connecting…')
    logEvent('connecting', url)

    source.addEventListener('open', () => {
      setConnection('open', 'Live')
      logEvent('open', `meeting ${meetingId}`)
      showNotice('')
      if (!opened) { opened = true; resolve() }
    })
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) {
        setConnection('closed', 'Closed')
        logEvent('closed')
        showNotice(`The stream was refused by ${state.apiUrl}. Is the service running with auth off (AUTH_API_KEYS unset), and is this page's origin in FRONTEND_ORIGIN?`)
      } else {
        setConnection('reconnecting', 'Reconnecting…')
        logEvent('reconnecting', 'EventSource retries with Last-Event-ID')
      }
    })
    source.addEventListener('ping', () => {
      state.pings += 1
      state.lastPingAt = Date.now()
      const ping = $('ping')
      ping.textContent = `ping ×${state.pings} · just now`
      ping.classList.add('beat')
      logEvent('ping')
    })
    source.addEventListener('ai-suggestion', (event) => {
      const set = JSON.parse(event.data)
      renderSuggestionSet(set, event.lastEventId)
      logEvent('suggestion', `id ${event.lastEventId} · ${set.suggestions.length} suggestion(s)`)
    })
    source.addEventListener('reset', () => {
      $('suggestions').replaceChildren()
      state.suggestionCount = 0
      $('suggestion-count').textContent = '0'
      logEvent('reset', 'resume point trimmed: rebuilding from the replay stream')
    })
  })
}

function renderSuggestionSet (set, eventId) {
  $('suggestions-empty').hidden = true
  for (const previous of document.querySelectorAll('.suggestion-set.fresh')) previous.classList.remove('fresh')
  const items = set.suggestions.map((suggestion) => {
    const kind = suggestion.kind || 'suggestion'
    const percent = Math.round((suggestion.confidence ?? 0) * 100)
    return el('div', { class: 'suggestion', 'data-kind': kind },
      el('div', { class: 'suggestion-top' },
        el('span', { class: 'kind', 'data-kind': kind }, kind),
        el('span', { class: 'confidence', title: 'Confidence' },
          el('span', { class: 'meter' }, el('span', { style: `width:${percent}%` })),
          `${percent}%`)
      ),
      el('p', {}, suggestion.content)
    )
  })
  const card = el('article', { class: 'suggestion-set fresh', 'data-event-id': eventId },
    el('div', { class: 'set-head' },
      el('span', {}, `Generated ${clock(set.generatedAt)}`),
      el('span', {}, `event id ${eventId}`)
    ),
    items
  )
  $('suggestions').prepend(card)
  state.suggestionCount += set.suggestions.length
  $('suggestion-count').textContent = String(state.suggestionCount)
}

// ---- Replay through HTTP ingest ----------------------------------------------------------

function speakerColour (speakerId) {
  let hash = 0
  for (const char of speakerId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length]
}

function renderSegment (segment, at) {
  $('transcript-empty').hidden = true
  const initials = segment.speakerName.split(/\s+/).map((part) => part[0]).join('').slice(0, 2)
  const item = el('li', { class: 'segment' },
    el('span', { class: 'avatar', style: `background:${speakerColour(segment.speakerId)}` }, initials),
    el('div', {},
      el('span', { class: 'who' }, segment.speakerName),
      el('span', { class: 'when' }, clock(at)),
      el('p', {}, segment.text)
    )
  )
  const list = $('transcript')
  list.append(item)
  list.scrollTop = list.scrollHeight
}

function setProgress (sent, total) {
  $('progress-bar').style.width = `${Math.round((sent / total) * 100)}%`
  $('progress-text').textContent = sent === total ? `All ${total} segments sent` : `${sent} / ${total} segments sent`
}

async function postJson (path, body) {
  const response = await fetch(`${state.apiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body)
  })
  const text = await response.text()
  const json = text === '' ? null : JSON.parse(text)
  if (!response.ok) {
    const detail = json?.detail ?? json?.title ?? text
    throw new Error(`${path} answered ${response.status}: ${detail}`)
  }
  return json
}

async function replay (run) {
  const { segments, language } = state.sample
  const speed = Number($('speed').value) || 12
  let previousOffset = segments[0]?.offsetS ?? 0
  for (const [index, segment] of segments.entries()) {
    // Wait the recording's gap between two segments, shortened by the chosen speed.
    await sleep(Math.max(120, ((segment.offsetS - previousOffset) * 1000) / speed))
    previousOffset = segment.offsetS
    if (run !== state.run) return
    const at = Date.now()
    await postJson('/api/v1/stt/events', {
      meetingId: state.meetingId,
      segmentId: `${state.meetingId}-${index + 1}`,
      speakerId: segment.speakerId,
      speakerName: segment.speakerName,
      text: segment.text,
      timestamp: at,
      language
    })
    state.sentCount = index + 1
    renderSegment(segment, at)
    setProgress(index + 1, segments.length)
  }
}

/** A new run: a fresh meeting id (so the replay is not deduplicated), its stream, then the replay. */
async function startRun () {
  state.run += 1
  const run = state.run
  state.meetingId = `${state.sample.meetingId}-${Date.now().toString(36)}`
  state.suggestionCount = 0
  $('meeting-id').textContent = state.meetingId
  $('transcript').replaceChildren()
  $('suggestions').replaceChildren()
  $('suggestion-count').textContent = '0'
  $('transcript-empty').hidden = false
  $('suggestions-empty').hidden = false
  setProgress(0, state.sample.segments.length)
  $('replay').textContent = 'Replay again'
  try {
    await openStream(state.meetingId)
    await replay(run)
  } catch (error) {
    showNotice(error.message)
    logEvent('error', error.message)
  }
}

// ---- Consolidation -------------------------------------------------------------------------

function section (title, ...content) {
  return el('section', {}, el('h3', {}, title), content)
}

function renderConsolidation (result, elapsedMs) {
  const agendas = result.agendaSummaries.map((agenda) => el('article', { class: 'agenda' },
    el('h4', {}, el('span', { class: 'number' }, `${agenda.agendaNumber}.`), agenda.agendaTitle),
    agenda.summaryShort ? el('p', { class: 'short' }, agenda.summaryShort) : null,
    agenda.summary ? el('p', { class: 'long' }, agenda.summary) : null,
    agenda.decisions?.length ? [el('span', { class: 'label' }, 'Decisions'), el('ul', { class: 'decisions' }, agenda.decisions.map((text) => el('li', {}, text)))] : null,
    agenda.pending?.length ? [el('span', { class: 'label' }, 'Pending'), el('ul', { class: 'pending' }, agenda.pending.map((text) => el('li', {}, text)))] : null
  ))
  $('consolidation').replaceChildren(
    section('Keywords', el('div', { class: 'chips' }, result.keywords.map((keyword) => el('span', { class: 'chip' }, keyword)))),
    section('Agenda summaries', el('div', { class: 'agendas' }, agendas)),
    section(`Todos (${result.todos.length})`, el('ul', { class: 'todos' }, result.todos.map((todo) => el('li', { class: 'todo' }, todo.title)))),
    el('div', { class: 'result-meta' },
      el('span', {}, `Model ${result.model}`),
      el('span', {}, `answered in ${(elapsedMs / 1000).toFixed(1)} s`),
      el('span', {}, `generated ${clock(result.generatedAt)}`),
      result.partial ? el('span', { class: 'partial' }, `partial: ${(result.notes ?? []).join('; ')}`) : null
    )
  )
}

async function consolidate () {
  const button = $('consolidate')
  button.disabled = true
  $('consolidation').replaceChildren(el('p', { class: 'empty' }, el('span', { class: 'spinner' }), 'Consolidating the minutes…'))
  const started = performance.now()
  try {
    const { meetingTitle, agendas, participantMinutes, language } = state.sample
    const result = await postJson('/api/v1/transcripts/consolidate', {
      meetingId: state.meetingId || state.sample.meetingId, meetingTitle, agendas, participantMinutes, language
    })
    renderConsolidation(result, performance.now() - started)
    logEvent('consolidated', `${result.todos.length} todos, ${result.agendaSummaries.length} agenda items`)
  } catch (error) {
    $('consolidation').replaceChildren(el('p', { class: 'notice' }, error.message))
  } finally {
    button.disabled = false
  }
}

// ---- Start ---------------------------------------------------------------------------------

async function main () {
  const config = await (await fetch('/demo/config.json')).json()
  state.apiUrl = config.apiUrl
  state.sample = config.sample
  $('meeting-title').textContent = state.sample.meetingTitle
  $('api-url').textContent = state.apiUrl
  $('docs-link').href = `${state.apiUrl}/swagger-ui.html`
  if (params.has('speed')) {
    const speed = params.get('speed')
    if (![...$('speed').options].some((option) => option.value === speed)) $('speed').append(el('option', { value: speed }, `${speed}×`))
    $('speed').value = speed
  }
  $('replay').disabled = false
  $('consolidate').disabled = false
  $('replay').addEventListener('click', () => { startRun() })
  $('consolidate').addEventListener('click', () => { consolidate() })
  setConnection('idle', 'Not connected')
  if (params.has('meeting')) {
    // Watch mode: a meeting fed by someone else (e.g. `docker compose --profile replay run --rm replay`).
    await watch(params.get('meeting'))
  } else if (params.get('autostart') !== '0') {
    await startRun()
  }
}

/** Opens the stream of an existing meeting, from the start of its replay stream, without sending anything. */
async function watch (meetingId) {
  state.meetingId = meetingId
  $('meeting-id').textContent = meetingId
  $('transcript-empty').textContent = `Watching meeting ${meetingId}: its segments arrive from another producer, only its suggestions show here.`
  await openStream(meetingId, '0')
}

main().catch((error) => showNotice(`The demo could not start: ${error.message}`))
