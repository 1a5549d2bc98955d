import type { ItemSentence } from 'wink-nlp'
import { englishNlp as nlp } from '../../text/english-model.ts'
import { isInstructionToAi } from '../../text/instructions.ts'
import type { Agent, Clause, ClauseAnalyser, SpeechAct } from './types.ts'

/*
 * English clauses from wink-nlp's part-of-speech tags rather than from phrase lists. The model
 * expands contractions ("I'll" → "i will", "won't" → "will not") in each token's normal form
 * and flags negated tokens, so one rule covers every spelling of a form. A clause is read as
 *   [connective] [subject] [adverb] [modal | "to" | finite verb] [adverb] <verb> <rest>
 * and its speech act follows from which slots are filled: a first-person subject with a
 * future modal commits, "you" with one is asked, no subject and a base verb first is an
 * imperative, a first-person-plural hortative on a verb of moving through the meeting
 * ("let's move on to …") runs the meeting.
 */

interface Token {
  value: string
  normal: string
  lemma: string
  pos: string
  /** Whitespace before the token as written ("on-call" has none around its hyphen). */
  space: string
  negated: boolean
  /** A capitalised word the tagger read as a verb where only a name can stand ("Rob will renew …"). */
  subjectName?: true
}

// Modal slots, by the normal form wink gives after expanding contractions.
const FUTURE_MODALS = new Set(['will', 'shall'])
const OBLIGATION_VERBS = new Set(['need', 'needs', 'have', 'has', 'got'])
const BE = new Set(['be', 'am', 'is', 'are', "'s", "'m", "'re"])
// Adjectives of volunteering with the subject left out: "(I'm) happy to take the review".
const VOLUNTEERING = new Set(['happy', 'glad', 'willing', 'ready', 'keen', 'able'])
const DEADLINE_OR_TIME = /\b(?:today|tomorrow|tonight|this (?:week|afternoon|morning|evening|sprint|month|quarter)|next (?:week|sprint|month|quarter|monday|tuesday|wednesday|thursday|friday)|(?:in|during|within) (?:the )?(?:next |following |coming )?(?:sprint|week|month|quarter)|by|before|until|end of|asap|(?:on |this |next )?(?:mon|tue|tues|wed|thu|thur|thurs|fri|monday|tuesday|wednesday|thursday|friday)(?:'s)?)\b/i
const WEAK_MODALS = new Set(['might', 'may', 'could', 'would'])
const WEEKDAYS = new Set(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'])
// Verbs of an ongoing state rather than a task taken on: "Dana is working on …", "Leo is waiting for …".
const ONGOING_LEMMAS = new Set(['work', 'look', 'wait', 'think', 'try', 'feel', 'hope', 'plan', 'do', 'go', 'get', 'have', 'talk', 'struggle', 'leave', 'come'])
// Verbs of taking a task on, in the past before "to" and a verb: offered, volunteered, agreed, promised.
const TAKING_ON_LEMMAS = new Set(['offer', 'volunteer', 'agree', 'promise', 'undertake', 'commit'])
// Verbs that pass a task to their object, in the past or wanting: "Marta asked me to book …", "I told Sam to chase …", "Marta wants me to ring …".
const TASK_PASSING_LEMMAS = new Set(['ask', 'tell', 'remind', 'want'])
const ADVICE_MODALS = new Set(['should', 'must', 'ought'])
// The past participles of deciding that open a note with its subject, the group, left out.
const NOTED_DECISIONS = new Set(['decided', 'agreed', 'settled'])
// Verbs of moving through a meeting; under "let's"/"we will" at the start of a clause they run it.
// Verbs of what befalls the group, not of what it chooses: "so we lose the slot", "so we miss the deadline".
const UNDERGOING_LEMMAS = new Set(['have', 'lose', 'miss', 'get', 'end', 'fail', 'risk', 'face', 'suffer', 'owe'])
const MEETING_VERBS = new Set(['move', 'start', 'begin', 'go', 'turn', 'talk', 'continue', 'wrap', 'kick', 'jump', 'switch', 'get', 'look', 'circle', 'recap', 'close', 'open', 'hear', 'cover', 'crack'])
// Verbs of showing, saying and thinking: "let me show you", "let me think", "going to say …"; and sharing a screen.
const TALK_VERBS = new Set(['see', 'think', 'show', 'try', 'know', 'say', 'explain', 'repeat', 'clarify', 'summarise', 'summarize', 'present', 'walk', 'read'])
const SAYING_VERBS = new Set(['admit', 'say', 'mention', 'confess', 'note', 'repeat', 'point', 'argue', 'guess', 'bet'])
// Verbs of settling something as a group.
const DECIDING_LEMMAS = new Set(['decide', 'agree', 'approve', 'settle', 'choose', 'finalise', 'finalize', 'confirm', 'sign', 'pick'])

/**
 * "pick … up" ("nobody has picked the banner up", "we'll pick both points up next week"): taking something on or collecting it, never
 * choosing; so is "sign up (for)", volunteering ("nobody has signed up for the rota"); "sign off" still approves.
 */
function pickedUp (words: readonly Token[], at: number): boolean {
  const lemma = words[at]?.lemma
  return (lemma === 'pick' && words.slice(at + 1, at + 4).some((t) => t.normal === 'up')) || (lemma === 'sign' && words[at + 1]?.normal === 'up')
}
// Nouns that name a decision to be made or given ("Approval at the next review", "decision tomorrow").
const DECISION_NOUNS = new Set(['decision', 'approval', 'confirmation', 'agreement', 'sign-off', 'signoff', 'go-ahead'])
const OPINION_LEMMAS = new Set(['think', 'feel', 'believe', 'guess', 'suppose', 'prefer', 'suggest', 'propose', 'recommend'])
const CONNECTIVES = new Set(['and', 'so', 'then', 'also', 'but', 'ok', 'okay', 'well', 'still', 'now', 'first', 'next', 'plus', 'oh', 'yes', 'yeah', 'right'])
const ASSENTS = new Set(['good', 'great', 'fine', 'sure', 'agreed', 'alright', 'perfect', 'cool'])
// A time ahead that makes a bare progressive a plan: "today", "this week", "on Friday", "by Monday".
const TIME_AHEAD = /\b(?:today|tonight|tomorrow|this (?:week|afternoon|morning|evening)|next (?:week|monday|tuesday|wednesday|thursday|friday)|(?:on|by) (?:mon|tue|tues|wed|thu|thur|thurs|fri|monday|tuesday|wednesday|thursday|friday)\b(?!s)|by (?:eod|end of))/i
const HABIT = /\b(?:every|each|usually|always|normally|often|mondays|tuesdays|wednesdays|thursdays|fridays|weekends)\b/i
// Verbs of being somewhere, of moving or of feeling: "Starting on Monday", "Flying out tomorrow", "Working from home today".
const UNSCHEDULED_LEMMAS = new Set(['be', 'have', 'work', 'think', 'feel', 'hope', 'plan', 'want', 'need', 'like', 'know', 'go', 'come', 'leave', 'start', 'fly', 'travel', 'arrive', 'return', 'stay', 'wait', 'get', 'see', 'mean', 'guess', 'believe', 'finish', 'head', 'run'])
const TIME_OPENERS = new Set(['today', 'tomorrow', 'tonight', 'yesterday', 'later', 'meanwhile'])
// Prepositions that qualify a person ("Leo from design", "Kim on the platform team").
const QUALIFYING = new Set(['from', 'of', 'on', 'in', 'at'])
// What may follow a verb: its object or a complement.
const OBJECT_START = new Set(['DET', 'PRON', 'ADP', 'NUM', 'PROPN'])
// What opens a noun object right after a verb ("deliver the cards", "print flyers"), not a preposition ("run on Saturdays").
const NOUN_OBJECT_START = new Set(['DET', 'PRON', 'NUM', 'PROPN', 'NOUN', 'ADJ'])
const GROUP_SUBJECTS = new Set(['we', 'us', 'team', 'everyone', 'everybody'])
const SPEAKERS_TEAM = new Set(['team', 'people', 'folks', 'group', 'squad', 'crew', 'side'])
const THIRD_PERSON = new Set(['they', 'he', 'she'])
const UNKNOWN_SUBJECTS = new Set(['someone', 'somebody', 'anyone', 'anybody', 'who', 'nobody'])
// Whom a group needs for a task it has no doer for ("we need someone to …").
const WANTED_DOERS = new Set(['someone', 'somebody', 'anyone', 'anybody', 'volunteers', 'helpers'])
const UNCERTAIN = new Set(['maybe', 'perhaps', 'possibly', 'probably', 'unsure', 'unclear', 'whether', 'if'])
const ASKING_LEMMAS = new Set(['ask', 'check', 'confirm', 'verify', 'find', 'figure', 'see', 'clarify', 'investigate', 'determine', 'double-check', 'test'])
const GREETINGS = new Set(['hi', 'hello', 'morning', 'thanks', 'thank', 'welcome', 'bye', 'cheers'])
const DEADLINE = /\b(?:by|before|until|due|no later than)\s+(?:the\s+)?(?:end of \w+|eod|eow|tomorrow|tonight|next \w+|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d[\w/.-]*|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*(?: \d+)?)/i

// "re-run", "re-send", "re-check": a verb of doing again, hyphenated.
const RE_HYPHEN_VERB = /\b(re)-(run|send|check|do|test|book|write|submit|order|open|start|schedule|share|upload|sign|assign|draft|record|shoot|quote|issue|print|install|deploy|review|work|visit|paint|train|read|post|file|price)\b/gi

function tokensOf (text: string): Token[][] {
  // The model expands "I'll" and "we'll" but not a name's "Jun'll", nor "I'm" after a capitalised
  // word ("Today I'm writing …"); spell those out.
  // A hyphenated verb of doing again ("re-run the payroll export") the tokenizer splits into a prefix and a verb
  // the tagger reads apart: it is tagged written solid (and given back hyphenated, see englishClauses).
  const doc = nlp().readDoc(text.replace(RE_HYPHEN_VERB, '$1$2').replace(/(\p{Lu}\p{Ll}+)['’]ll\b/gu, '$1 will').replace(/\bI['’]m\b/g, 'I am'))
  const its = nlp().its
  const sentences: Token[][] = []
  doc.sentences().each((sentence: ItemSentence) => {
    const values = sentence.tokens().out(its.value) as string[]
    const normals = sentence.tokens().out(its.normal) as string[]
    const tags = sentence.tokens().out(its.pos) as string[]
    // The published types declare its.lemma with a different third parameter than Tokens.out accepts.
    const spaces = sentence.tokens().out(its.precedingSpaces) as string[]
    const lemmas = sentence.tokens().out(its.lemma as unknown as typeof its.value) as string[]
    const negation = sentence.tokens().out(its.negationFlag) as unknown as boolean[]
    sentences.push(values.map((value: string, i: number) => ({ value, normal: normals[i]!, lemma: lemmas[i] ?? normals[i]!, pos: tags[i]!, space: spaces[i] ?? ' ', negated: negation[i] === true }))
      .map((token, i, all) => nameBeforeModal(token, all[i - 1], all[i + 1], all[i + 2]) ? { ...token, pos: 'PROPN', lemma: token.value, subjectName: true } : token))
  })
  return sentences
}

// Not "to": "Remember to book the hall" opens on a verb.
const SUBJECT_MODALS = new Set(['will', 'shall', 'can', 'should', 'must'])

/**
 * "Rob will renew the insurance", "Mark can send the invoice": a capitalised word opening a clause, before a
 * modal and a verb, is its subject, a name, though the tagger reads a name that is also a verb (rob, mark)
 * as the verb.
 */
function nameBeforeModal (token: Token, before: Token | undefined, next: Token | undefined, afterNext: Token | undefined): boolean {
  return token.pos === 'VERB' && /^\p{Lu}\p{Ll}+$/u.test(token.value) && (before === undefined || before.pos === 'PUNCT' || before.pos === 'CCONJ') &&
    next !== undefined && SUBJECT_MODALS.has(next.normal) && afterNext?.pos === 'VERB'
}

/** A person's name: a proper noun that names a person, or a word that stands where only a name can. */
function namesPerson (token: Token): boolean {
  return token.pos === 'PROPN' && (token.subjectName === true || isPersonName(token.value))
}

const nameCache = new Map<string, boolean>()
// A noun made from a verb or an adjective names an act or a state, never a person: "Motion to
// adopt the budget", "Proposal to move the gala", "Agreement to share costs" (not -ity: Felicity,
// and not a short word: Sal).
const NOMINALISATION = /^.{2,}(?:tion|sion|ment|ness|ship|[svw]al)$/

/**
 * Whether a todo's title opens on a verb ("Recruit 5 pilot schools", not "PO to the caterer today"), read after
 * "I will": alone and capitalised, a first word reads as a noun to the tagger.
 */
export function opensOnVerb (title: string): boolean {
  const [first, ...rest] = title.trim().split(/\s+/)
  // An acronym ("PO", "RFP") is a noun.
  if (first === undefined || first === '' || /^\p{Lu}[\p{Lu}\d]+$/u.test(first)) return false
  return tokensOf(`I will ${first.toLowerCase()} ${rest.join(' ')}`).flat()[2]?.pos === 'VERB'
}

// Verbs of state: they name how someone is, wants or knows, never something one is given to do ("who will want the logs").
const STATIVE_VERB = /^(?:want|wish|need|hear|know|like|love|hate|prefer|mind|seem|appear|belong|mean|own|owe|remember|forget|understand|believe|think|suppose|guess|doubt|feel|reckon|realise|realize|recognise|recognize|matter|deserve|contain|consist|depend|cost|weigh|hope|expect|imagine)$/

/**
 * Whether a phrase said after "who will" opens on a verb of doing in its base form ("ask the council to unlock
 * the gate"), not on an inflected verb cut out of a report ("says we must report it", "said the second"), a
 * hortative ("let's leave it"), or a verb of state ("want the logs", "hear the news").
 */
export function opensOnActionVerb (phrase: string): boolean {
  const words = phrase.trim().split(/\s+/)
  while (words.length > 1 && /^(?:just|also|still|really|probably|maybe|then|first|quickly|actually|um|uh|erm|er|like|so|well|okay|ok)[,.]?$/i.test(words[0]!)) words.shift()
  const first = words[0]!.toLowerCase().replace(/[^a-z'’-]/g, '')
  if (first === '' || /['’]/.test(first) || first === 'let' || STATIVE_VERB.test(first)) return false
  const token = tokensOf(`I will ${[first, ...words.slice(1)].join(' ')}`).flat()[2]
  // A word the tagger reads as an inflected verb ("says", "wanted") is no base form.
  return token === undefined || !(token.pos === 'VERB' || token.pos === 'AUX') || token.lemma === first.replace(/-/g, '')
}

/**
 * The base form of a verb in -ing or -s, as the tagger reads it after "they are" / "she": "calling" → "call",
 * "checks" → "check"; undefined when the word has no other base form. A progressive the lemmatiser does not know
 * ("texting") is given its base by the spelling rules below. Where the lemma drops a silent e ("taping" →
 * "tap", a one-syllable stem ending in one vowel and one consonant, which a short vowel would double:
 * "tapping"), the e is put back.
 */
export function verbBase (word: string): string | undefined {
  const lower = word.toLowerCase()
  const progressive = lower.endsWith('ing')
  const token = tokensOf(`${progressive ? 'they are' : 'she'} ${lower} it`).flat()[progressive ? 2 : 1]
  // "books" reads as a noun even after "she"; the caller has it in a verb's place.
  if (token === undefined || (token.pos !== 'VERB' && token.pos !== 'NOUN')) return undefined
  // A verb the lemmatiser does not know ("texting") loses its -ing, a doubled last consonant undoubled ("vetting"),
  // and takes back the silent e no English word ends without ("resampling", "de-icing", "archiving").
  if (token.lemma === lower) {
    if (!progressive || token.pos !== 'VERB' || lower.length <= 5) return undefined
    const stem = lower.slice(0, -3).replace(/([b-df-hj-np-tv-z])\1$/, '$1')
    return /(?:[bcdfgkpstz]l|c|v|u|dg)$/.test(stem) ? `${stem}e` : stem
  }
  return lower === `${token.lemma}ing` && /^[^aeiou]*[aeiou][bcdfgkmnprstvz]$/.test(token.lemma) ? `${token.lemma}e` : token.lemma
}

const NOUN_PHRASE_TAGS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'PART', 'CCONJ'])
/** Whether a short English phrase is a noun phrase alone: no verb or pronoun, and a noun last ("parking", "the open day", "van bays"). */
export function isNounPhrase (phrase: string): boolean {
  const tokens = tokensOf(phrase).flat().filter((t) => t.pos !== 'PUNCT')
  return tokens.length > 0 && tokens.every((t) => NOUN_PHRASE_TAGS.has(t.pos)) &&
    (tokens.at(-1)!.pos === 'NOUN' || tokens.at(-1)!.pos === 'PROPN')
}

// Heads that refer to no thing a task could act on: times, amounts and words of vagueness.
const NO_REFERENT_HEADS = new Set(['day', 'week', 'month', 'year', 'time', 'morning', 'afternoon', 'evening', 'night', 'minute', 'hour', 'weekend', 'today',
  'tomorrow', 'thing', 'lot', 'bit', 'way', 'point', 'one', 'sort', 'kind', 'idea', 'question', 'decision', 'plan', 'meeting', 'everyone', 'everybody', 'people',
  ...WEEKDAYS, 'january', 'february', 'march', 'april', 'june', 'july', 'august', 'september', 'october', 'november', 'december'])
const REFERENT_TAGS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'PART'])
const LIST_JOINERS = new Set([',', '/', 'and', '&', '+'])

/**
 * What "it" or "them" in a task may refer to in `context`: a noun phrase headed by a common noun of the same number.
 * `nearest` takes the last such phrase (the words just before the task: "Spare keys → Ben; Ana to label them");
 * `topic` takes what the first sentence is about, its subject or else the object its first verb takes ("The old
 * projector keeps cutting out. Ana will replace it", "We'll hire a steam cleaner. Ben will book it"), and nothing
 * when that is a person or a pronoun ("Dana kept her calm with a blanket"). Nothing when no phrase agrees. With
 * `organisation`, a name instead (capitalised words only) that it takes for a firm or a body: what "them" is when one
 * calls or writes to it ("Northgate Joinery still has not sent the invoice. Ana will call them").
 */
export function referent (context: string, plural: boolean, which: 'nearest' | 'topic', organisation?: (name: string) => boolean): string | undefined {
  const phrases: Array<{ at: number, end: number, text: string, agrees: boolean }> = []
  const sentences = tokensOf(context)
  const sentence = (which === 'topic' ? sentences[0] : sentences.at(-1)) ?? []
  for (let at = 0; at < sentence.length; at++) {
    if (!REFERENT_TAGS.has(sentence[at]!.pos) || sentence[at]!.pos === 'PART') continue
    let end = at
    while (end + 1 < sentence.length && REFERENT_TAGS.has(sentence[end + 1]!.pos)) end++
    // "… print the seating plan tomorrow": a time after the phrase is no part of it.
    let last = end
    while (last > at && NO_REFERENT_HEADS.has(sentence[last]!.normal)) last--
    const agrees = organisation === undefined ? agreeingHead(sentence[last]!, plural) : namesOrganisation(sentence.slice(at, last + 1), organisation)
    phrases.push({ at, end, text: organisation === undefined ? phraseOf(sentence, at, last) ?? '' : join(sentence.slice(at, last + 1)).replace(/^the\s+/i, ''), agrees })
    at = end
  }
  // "Kayla / Ben / Diego certs expire in June; Marcus is emailing them": names listed together are what "them" stands for, all of them.
  if (organisation !== undefined) {
    for (let p = phrases.length - 1; p > 0; p--) {
      const [left, right] = [phrases[p - 1]!, phrases[p]!]
      const between = sentence.slice(left.end + 1, right.at)
      if (left.agrees && right.agrees && between.length === 1 && LIST_JOINERS.has(between[0]!.normal)) {
        phrases.splice(p - 1, 2, { ...left, end: right.end, text: `${left.text}${left.text.includes(' and ') ? ', ' : ' and '}${right.text}`.replace(/^(.*) and (.*) and /, '$1, $2 and ') })
      }
    }
  }
  if (which === 'nearest') return phrases.filter((p) => p.agrees && p.text !== '').at(-1)?.text
  const verbAt = sentence.findIndex((t) => t.pos === 'VERB' || t.pos === 'AUX')
  const subject = phrases.find((p) => p.at < verbAt || verbAt < 0)
  if (subject !== undefined && subject.at <= 1) return subject.agrees && subject.text !== '' ? subject.text : objectOf()
  return objectOf()

  function objectOf (): string | undefined {
    const verb = sentence.findIndex((t) => t.pos === 'VERB')
    const object = verb < 0 ? undefined : phrases.find((p) => p.at === verb + 1)
    return object?.agrees === true && object.text !== '' ? object.text : undefined
  }
}

// "Northgate Joinery", "Harbour Lettings": a name of capitalised words only that `organisation` takes for no person.
function namesOrganisation (words: Token[], organisation: (name: string) => boolean): boolean {
  const named = words.filter((t) => t.pos !== 'DET')
  // A month or a day is capitalised too ("in June"), and names no one to call.
  return named.length > 0 && named.every((t) => t.pos === 'PROPN' && /^\p{Lu}/u.test(t.value) && !NO_REFERENT_HEADS.has(t.normal)) && organisation(join(named))
}

// A head a task can act on: a common noun of the number asked, of letters only and three at least ("cm" is a unit).
function agreeingHead (noun: Token, plural: boolean): boolean {
  if (noun.pos !== 'NOUN' || !/^\p{Ll}[\p{Ll}-]{2,}$/u.test(noun.value)) return false
  const isPlural = noun.normal !== noun.lemma && noun.normal.endsWith('s')
  return isPlural === plural && !NO_REFERENT_HEADS.has(noun.lemma) && !NO_REFERENT_HEADS.has(noun.normal)
}

// The phrase as a task names it once told: "a spare ladder" is "the spare ladder"; at most five words.
function phraseOf (sentence: Token[], at: number, end: number): string | undefined {
  const kept = sentence.slice(Math.max(at, end - 4), end + 1)
  const first = kept[0]!
  const opening = first === sentence[0] && first.pos !== 'PROPN' ? first.value.toLowerCase() : first.value
  const phrase = [opening, ...kept.slice(1).map((t) => t.space + t.value)].join('').replace(/^(?:a|an|some|any|another|all|the)\s+/i, '')
  if (phrase === '') return undefined
  return /^(?:my|our|their|his|her|its|your|this|that|these|those)\s/i.test(phrase) ? phrase : `the ${phrase}`
}

const NEED_ADVERBS = new Set(['still', 'also', 'really', 'urgently', 'probably', 'definitely', 'badly'])
// A thing's noun phrase: a noun phrase's words, numbers ("van two"), and a preposition between nouns ("the gutter over the porch").
const THING_TAGS = new Set([...NOUN_PHRASE_TAGS, 'NUM'])

/**
 * The task a need of a thing states, nobody named: "The gutter needs clearing before winter" and "the gutter needs
 * to be cleared before winter" give "Clear the gutter before winter"; "Van 2 failed its check, needs servicing" the
 * same for the sentence's subject. The thing is a noun phrase; what follows the verb up to a comma or a full stop
 * stays ("before winter"). Undefined for any other sentence.
 */
export function passiveNeed (sentence: string): string | undefined {
  // Most sentences have no "need": they are not read again.
  if (!/\bneeds?\b/i.test(sentence)) return undefined
  const tokens = tokensOf(sentence)[0]
  if (tokens === undefined) return undefined
  const at = tokens.findIndex((t) => t.normal === 'need' || t.normal === 'needs')
  if (at <= 0) return undefined
  let verbAt = at + 1
  let base: string | undefined
  if (tokens[verbAt]?.normal.endsWith('ing')) base = verbBase(tokens[verbAt]!.normal)
  else if (tokens[verbAt]?.normal === 'to' && tokens[verbAt + 1]?.normal === 'be' && /(?:ed|en|t)$/.test(tokens[verbAt + 2]?.normal ?? '')) {
    verbAt += 2
    base = tokens[verbAt]!.lemma !== tokens[verbAt]!.normal ? tokens[verbAt]!.lemma : undefined
  }
  if (base === undefined) return undefined
  let subjectEnd = at
  while (subjectEnd > 0 && NEED_ADVERBS.has(tokens[subjectEnd - 1]!.normal)) subjectEnd--
  // ", needs servicing" after a clause of its own: the thing is that clause's subject.
  const afterComma = tokens[subjectEnd - 1]?.value === ','
  let subjectStart = afterComma ? 0 : subjectEnd
  if (afterComma) {
    subjectEnd = 0
    while (subjectEnd < tokens.length && THING_TAGS.has(tokens[subjectEnd]!.pos)) subjectEnd++
  } else {
    // Back to the sentence's start or a break; a compound's first word the tagger reads as a verb ("Display
    // cards", "Cover sheets") is the phrase's all the same.
    const joinsNouns = (j: number): boolean => tokens[j]!.normal === 'and' && (tokens[j - 1]?.pos === 'NOUN' || tokens[j - 1]?.pos === 'PROPN')
    while (subjectStart > 0 && tokens[subjectStart - 1]!.pos !== 'PUNCT' && (!/^(?:and|so|but|then)$/.test(tokens[subjectStart - 1]!.normal) || joinsNouns(subjectStart - 1)) &&
      (THING_TAGS.has(tokens[subjectStart - 1]!.pos) || (tokens[subjectStart - 1]!.pos === 'ADP' && tokens[subjectStart - 2]?.pos === 'NOUN') ||
        (subjectStart === 1 && tokens[0]!.pos === 'VERB' && tokens[1]?.pos === 'NOUN'))) subjectStart--
    if (subjectStart > 0 && !/^(?:and|so|but|then)$/.test(tokens[subjectStart - 1]!.normal) && tokens[subjectStart - 1]!.pos !== 'PUNCT') return undefined
  }
  const subject = tokens.slice(subjectStart, subjectEnd)
  if (subject.length === 0 || subject.length > 6 || !subject.some((t) => t.pos === 'NOUN' || t.pos === 'PROPN') || subject.at(-1)!.pos === 'ADJ' || subject.at(-1)!.pos === 'CCONJ') return undefined
  // A person in need ("Ana needs cheering up") is no thing to act on.
  if (subject.length === 1 && namesPerson(subject[0]!)) return undefined
  const restEnd = tokens.findIndex((t, j) => j > verbAt && (t.value === ',' || t.value === ';' || t.value === '.' || t.value === '!' || t.value === '?' || t.value === '—' || t.value === '–'))
  const rest = tokens.slice(verbAt + 1, restEnd < 0 ? tokens.length : restEnd)
  const thing = join(subject)
  // The sentence's capital is no part of the thing's name ("The gutter", "Van two"); a name's is.
  const named = subject[0] === tokens[0] && !(subject[0]!.pos === 'PROPN' && subject.length === 1) && /^\p{Lu}\p{Ll}/u.test(thing) ? thing.charAt(0).toLowerCase() + thing.slice(1) : thing
  return [base, named, join(rest)].filter((part) => part !== '').join(' ')
}

/** Whether a short English phrase has no verb: a note's noun phrase ("final deck Thursday", "venue contract"). */
export function isVerbless (phrase: string): boolean {
  const tokens = tokensOf(phrase).flat()
  return tokens.length > 0 && !tokens.some((t) => t.pos === 'VERB' || t.pos === 'AUX' || t.pos === 'PRON')
}

/**
 * Whether a clause's first verb is in the past tense ("who turned the alarm off", "whether the refund
 * went through"): a finite verb whose lemma differs from it other than by a present -s or -ing.
 */
export function inPastTense (clause: string): boolean {
  const verb = tokensOf(clause).flat().find((t) => t.pos === 'VERB' || t.pos === 'AUX')
  if (verb === undefined) return false
  if (/^(?:was|were|did|had)$/.test(verb.normal)) return true
  return verb.normal !== verb.lemma && !/(?:s|ing)$/.test(verb.normal) && !/^(?:are|am|'re|'m)$/.test(verb.normal)
}

/**
 * Whether a capitalised word is a name. The tagger calls any capitalised opener a proper noun
 * ("Happy to take it", "Still need to check"); the same word in lower case is tagged by its
 * ordinary use, and a name stays a noun. A nominalisation (-tion, -ment, -al …) is a noun that is
 * no name.
 */
export function isPersonName (word: string): boolean {
  if (!/^\p{Lu}[\p{Ll}'-]+$/u.test(word) || NOMINALISATION.test(word)) return false
  let known = nameCache.get(word)
  if (known === undefined) {
    const tag = tokensOf(`${word.toLowerCase()} to check it.`)[0]?.[0]?.pos
    known = tag === 'NOUN' || tag === 'PROPN'
    if (nameCache.size > 5000) nameCache.clear()
    nameCache.set(word, known)
  }
  return known
}

// An object that opens as one ("the", "two", "her") and has its noun within three words, before any preposition
// ("the budget", "her new laptop"); not a pronoun or a name's possessive alone ("checking it after lunch", "checking Ana's").
function nounObject (after: readonly Token[]): boolean {
  const first = after[0]
  if (first === undefined || !OBJECT_START.has(first.pos) || first.pos === 'ADP') return false
  // "sending me the gate code": a pronoun before the object names whom it is for.
  if (first.pos === 'PRON' && !POSSESSIVE_PRONOUNS.has(first.normal)) return after[1]?.pos === 'DET' && nounObject(after.slice(1))
  for (const token of after.slice(0, 3)) {
    if (token.pos === 'NOUN') return true
    if (token.pos === 'ADP') return false
  }
  return false
}
const POSSESSIVE_PRONOUNS = new Set(['my', 'our', 'your', 'their', 'his', 'her', 'its'])

// An object without an article: a plural noun or a compound, an adjective or a participle before a noun ("hanging
// printed banners", "fixing new hinges").
function bareNounObject (after: readonly Token[]): boolean {
  const first = after[0]
  if (first === undefined) return false
  if (first.pos === 'NOUN') return /s$/.test(first.normal) || after[1]?.pos === 'NOUN'
  // A participle as an adjective ("printed banners") is tagged a verb.
  const describing = first.pos === 'ADJ' || (first.pos === 'VERB' && /(?:ed|en)$/.test(first.normal))
  return describing && after[1]?.pos === 'NOUN'
}

/**
 * An -ing form after "is" or "'s": a verb, or, before a noun object with a named doer or "I" and no verb after it,
 * the word the tagger took for a noun ("Sam's checking the fuse box": the name's "'s" read as a possessive before
 * it; "Sam's wedding the week after is a clash" has its verb after).
 */
function inProgress (token: Token | undefined, objectWithDoer: boolean): boolean {
  if (token === undefined || !token.normal.endsWith('ing')) return false
  return token.pos === 'VERB' || (token.pos === 'NOUN' && objectWithDoer)
}

/** Clause boundaries inside a sentence: ";", and ", and/but/so" before a new subject and verb. */
function splitClauses (tokens: Token[]): Token[][] {
  const clauses: Token[][] = []
  let current: Token[] = []
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!
    // A parenthetical with its own verb ("(finance approved)") is a clause of its own.
    if (token.value === '(') {
      const close = tokens.findIndex((t, j) => j > i && t.value === ')')
      const inside = close < 0 ? [] : tokens.slice(i + 1, close)
      if (inside.length >= 2 && inside.some((t) => t.pos === 'VERB')) {
        if (current.length > 0) clauses.push(current)
        clauses.push(inside)
        current = []
        i = close
        continue
      }
    }
    const next = tokens[i + 1]
    const afterNext = tokens[i + 2]
    // A label ("To recap: …", "Owner: …") ends where its colon is.
    // "…we won't decide today: Hannah's going to run a pairing session": a colon before a new subject ends a clause.
    // The tokenizer keeps a closing bracket with its semicolon ("(Fri);"): a boundary all the same.
    const boundary = /^[)\]"'”’]*;$/.test(token.value) || (token.value === ':' && (current.length <= 4 || next?.pos === 'PRON' || next?.pos === 'PROPN')) ||
      // "…by Friday, then I'll book the booth": a new subject after ", then".
      (token.value === ',' && next?.normal === 'then' && afterNext?.pos === 'PRON') ||
      // "Dev'll rework it by Friday and Aisha updates the instructions after": "and" before a named person and their verb.
      (token.normal === 'and' && current.length >= 3 && next !== undefined && namesPerson(next) && (afterNext?.pos === 'AUX' || afterNext?.pos === 'VERB' ||
        // The tagger reads a present verb after a name as a plural noun ("Tom reviews it"): an object after it shows the verb.
        (afterNext?.pos === 'NOUN' && /[^s]s$/.test(afterNext.normal) && OBJECT_START.has(tokens[i + 3]?.pos ?? 'X')))) ||
      (token.value === ',' && next !== undefined && (
        (next.pos === 'CCONJ' && afterNext !== undefined && (afterNext.pos === 'PRON' || afterNext.pos === 'PROPN')) ||
        // "…, and if they can't come we'll swap it": a condition opens what follows, not the clause before.
        (next.pos === 'CCONJ' && afterNext !== undefined && /^(?:if|unless|when|once)$/.test(afterNext.normal)) ||
        ((next.pos === 'PRON' || next.pos === 'PROPN') && afterNext !== undefined && (afterNext.pos === 'AUX' || afterNext.pos === 'VERB'))
      ))
    if (boundary) {
      // What the semicolon carried before it closes the clause it ends.
      if (token.value.length > 1 && token.value.endsWith(';')) current.push({ ...token, value: token.value.slice(0, -1), normal: token.normal.slice(0, -1), pos: 'PUNCT' })
      if (current.length > 0) clauses.push(current)
      current = []
      continue
    }
    current.push(token)
  }
  if (current.length > 0) clauses.push(current)
  return clauses
}

function join (tokens: Token[]): string {
  let text = ''
  for (const token of tokens) text += (text === '' ? '' : token.space) + token.value
  return text.trim()
}

interface Shape {
  act: SpeechAct
  agent?: Agent
  verbAt?: number
}

/** A subject whose head is a common noun, written in lower case ("the evening class", "Game day"). */
function headedByCommonNoun (subject: readonly Token[]): boolean {
  const head = subject.at(-1)
  return head !== undefined && head.pos === 'NOUN' && /^\p{Ll}/u.test(head.value)
}

function agentOf (subject: Token[], act: SpeechAct): Agent | undefined {
  if (subject.length === 0) return act === 'commitment' || act === 'request' ? { kind: 'unknown' } : undefined
  const head = subject[subject.length - 1]!
  const normal = head.normal
  if (normal === 'i') return { kind: 'speaker' }
  // "My team will run the load test", "my people will handle it": the speaker's own team, so the speaker answers for it.
  if (subject.length === 2 && subject[0]!.normal === 'my' && SPEAKERS_TEAM.has(normal)) return { kind: 'speaker' }
  if (GROUP_SUBJECTS.has(normal)) return { kind: 'group' }
  if (normal === 'you') return { kind: 'addressee' }
  if (UNKNOWN_SUBJECTS.has(normal)) return { kind: 'unknown' }
  // "Game day to rehearse …", "Design team to review …": a common noun heads the subject, so the
  // capitalised word before it modifies a thing, it names no person.
  if (headedByCommonNoun(subject)) return { kind: 'unknown' }
  const names = subject.filter((t) => namesPerson(t)).map((t) => t.value)
  return names.length > 0 ? { kind: 'named', name: names.join(' ') } : { kind: 'unknown' }
}

const PASSIVE_BE = new Set([...BE, 'was', 'were'])

/**
 * "The travel budget is approved", "the vendor has been chosen": a thing settled, in the passive
 * with no agent named. With one ("approved by the board") another party's act is reported.
 */
function passiveDecision (rest: Token[], k: number, headNormal: string): boolean {
  if (headNormal === 'i' || headNormal === 'you' || headNormal === 'we' || THIRD_PERSON.has(headNormal)) return false
  let v = k
  if ((rest[v]?.normal === 'has' || rest[v]?.normal === 'have') && rest[v + 1]?.normal === 'been') v++
  else if (!PASSIVE_BE.has(rest[v]?.normal ?? '')) return false
  v++
  while (rest[v]?.pos === 'ADV') v++
  const participle = rest[v]
  if (participle === undefined || !DECIDING_LEMMAS.has(participle.lemma) || pickedUp(rest, v) || participle.normal === participle.lemma || !/(?:ed|en)$/.test(participle.normal)) return false
  return !rest.slice(v + 1).some((t) => t.normal === 'by')
}

// Verbs that say how things seem: after "agreed (that) it …" they judge, they arrange nothing.
const JUDGING_VERBS = new Set(['matters', 'mattered', 'seems', 'seemed', 'looks', 'looked', 'sounds', 'sounded', 'makes', 'made'])
const COPULAS = new Set(['is', 'are', 'was', 'were', "'s"])

/** Whether what a verb of agreeing governs is a clause judging how things are: "(that) <subject> is / matters / seems / makes sense …". */
function judgedAfter (rest: readonly Token[], verbAt: number): boolean {
  let at = verbAt + 1
  if (rest[at]?.normal === 'that') at++
  // The subject: at most three words before the verb of the clause.
  for (let k = at; k < Math.min(rest.length, at + 4); k++) {
    const word = rest[k]!
    if (JUDGING_VERBS.has(word.normal) && k > at) return word.normal !== 'makes' && word.normal !== 'made' ? true : rest[k + 1]?.normal === 'sense'
    // "it is a job for a specialist", "it was too risky": a copula before a description; not before a value or a state arranged ("is £8", "is booked").
    if (COPULAS.has(word.normal) && k > at) {
      const next = rest[k + 1]
      const after = next?.pos === 'ADV' ? rest[k + 2] : next
      return after !== undefined && (after.normal === 'a' || after.normal === 'an' || (after.pos === 'ADJ' && !/(?:ed|en)$/.test(after.normal)))
    }
    if (word.pos === 'VERB' || word.pos === 'AUX' || word.pos === 'PUNCT') return false
  }
  return false
}

// Verbs that keep a state rather than act on a thing: "stay on track", "keep it short", "be brief".
const STATE_VERBS = new Set(['stay', 'keep', 'be', 'remain'])
// Nouns that, after "on", name a state of the meeting itself: "on topic", "on track", "on time".
const STATE_NOUNS = new Set(['topic', 'track', 'time', 'schedule', 'point'])

/** Whether what follows a verb of remaining is a state (an adjective or a phrase of place), after "it" or "this" at most. */
function heldState (after: Token[]): boolean {
  const start = after[0]?.normal === 'it' || after[0]?.normal === 'this' ? 1 : 0
  const head = after[start]
  return head !== undefined && (head.pos === 'ADJ' || head.pos === 'ADP' || head.pos === 'ADV') && !after.slice(start + 1).some((t) => t.pos === 'NOUN' && !STATE_NOUNS.has(t.normal))
}

// Meeting verbs that also move or shut a thing ("let's move it to Friday", "let's close the ticket"); the
// others take the meeting's own business as their object ("let's start the demo", "let's cover the budget").
const THING_VERBS = new Set(['move', 'close', 'open', 'switch'])
// What a meeting runs through: "let's start the call", "let's close the item" still run the meeting.
const MEETING_NOUNS = new Set(['meeting', 'call', 'session', 'floor', 'discussion', 'agenda', 'item', 'items', 'topic', 'topics', 'round', 'things', 'update', 'updates'])

/**
 * Whether the words after a verb of moving through the meeting make it act on a thing: a direct
 * object that is no part of the meeting ("let's move it to Friday", "let's close the ticket"),
 * where "let's move on to …" and "let's close the item" run the meeting.
 */
function actsOnAThing (after: Token[]): boolean {
  const first = after[0]
  if (first === undefined || !(first.pos === 'PRON' || first.pos === 'DET' || first.pos === 'NOUN' || first.pos === 'PROPN' || first.pos === 'NUM')) return false
  // "let's close it out", "let's open it up": a particle after the object still runs the meeting.
  if (first.pos === 'PRON' && (after[1]?.normal === 'up' || after[1]?.normal === 'off' || after[1]?.normal === 'out')) return false
  const head = after.slice(0, 4).find((t) => t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'PRON')
  return head !== undefined && !MEETING_NOUNS.has(head.normal)
}

/** Reads the slots of one clause (see the comment at the top). */
function shapeOf (tokens: Token[]): Shape {
  const words = tokens.filter((t) => t.pos !== 'PUNCT')
  // "Good, let's …", "Fine, I'll …": an assent set off by a comma answers what came before; the clause starts after it.
  let i = ASSENTS.has(words[0]?.normal ?? '') && tokens[1]?.value === ',' ? 1 : 0
  while (i < words.length && (CONNECTIVES.has(words[i]!.normal) && (words[i]!.pos === 'CCONJ' || words[i]!.pos === 'ADV' || words[i]!.pos === 'INTJ' || words[i]!.pos === 'PROPN')) && i < 3) i++
  // A fronted time ("Today I'm writing …") is no subject either.
  while (i < words.length && i < 4 && TIME_OPENERS.has(words[i]!.normal)) i++
  // A fronted prepositional phrase ("After discussion we decided …", "On Friday I'll …") is no subject.
  if (words[i]?.pos === 'ADP') {
    const pronoun = words.findIndex((t, j) => j > i && j <= i + 5 && t.pos === 'PRON' && (words[j + 1]?.pos === 'AUX' || words[j + 1]?.pos === 'VERB'))
    if (pronoun > 0) i = pronoun
  }
  const rest = words.slice(i)
  const at = (k: number): Token | undefined => rest[k]
  const first = at(0)
  if (first === undefined) return { act: 'statement' }
  if (GREETINGS.has(first.normal) && rest.length <= 6) return { act: 'greeting' }

  // "let's …": a hortative. On a meeting verb it runs the meeting; otherwise the group commits.
  if (first.normal === 'let' && at(1)?.normal === 'us') {
    // "Let's just crack on", "let's quickly move on": an adverb before the verb.
    const v = at(2)?.pos === 'ADV' && at(3)?.pos === 'VERB' ? 3 : 2
    const verb = at(v)
    // "Let's go with two percent" chooses; "let's go to the budget" moves the meeting on.
    if (verb?.normal === 'go' && at(v + 1)?.normal === 'with') return { act: 'decision', agent: { kind: 'group' } }
    if (verb !== undefined && MEETING_VERBS.has(verb.normal) && !(THING_VERBS.has(verb.normal) && actsOnAThing(rest.slice(v + 1)))) return { act: 'facilitation' }
    // "Let's stay on track", "let's keep this quick", "let's be brief": a verb of remaining with a state, not a
    // thing, as its complement asks how the meeting is held.
    if (verb !== undefined && STATE_VERBS.has(verb.normal) && heldState(rest.slice(v + 1))) return { act: 'facilitation' }
    return { act: 'commitment', agent: { kind: 'group' }, verbAt: i + v }
  }
  // "Let me check with infra": the speaker takes it on. "Let me share my screen", "let me think":
  // a verb of showing, saying or thinking runs the conversation.
  if (first.normal === 'let' && at(1)?.normal === 'me' && (at(2)?.pos === 'VERB' || at(2)?.pos === 'NOUN')) {
    if (MEETING_VERBS.has(at(2)!.normal) || TALK_VERBS.has(at(2)!.normal) || rest.some((t) => t.normal === 'screen')) return { act: 'facilitation' }
    return { act: 'commitment', agent: { kind: 'speaker' }, verbAt: i + 2 }
  }
  // Notes with the writer left out: "Sending the invoice today": a progressive with a time ahead, as "I'm …" would say.
  if (words[0] === first && first.pos === 'VERB' && first.normal.endsWith('ing') && first.normal !== first.lemma && !UNSCHEDULED_LEMMAS.has(first.lemma) &&
    TIME_AHEAD.test(join(rest.slice(1))) && !HABIT.test(join(rest.slice(1)))) return { act: 'commitment', agent: { kind: 'speaker' }, verbAt: i }
  // Notes with the writer left out: "Will send the notes after the call", "Going to ping the vendor".
  const noteVerb = first.normal === 'will' ? 1 : first.normal === 'going' && at(1)?.normal === 'to' && words[0] === first ? 2 : undefined
  if (noteVerb !== undefined && at(noteVerb)?.pos === 'VERB') {
    if (MEETING_VERBS.has(at(noteVerb)!.normal) || TALK_VERBS.has(at(noteVerb)!.normal) || rest.some((t) => t.normal === 'screen')) return { act: 'facilitation' }
    return { act: 'commitment', agent: { kind: 'speaker' }, verbAt: i + noteVerb }
  }
  // Notes with the group left out: "Decided evenings only", "Agreed we keep the hall", "Settled on Friday": the group's decision,
  // as "we decided …" is. ("Agreed to …" may be one person taking a task on, and "settled" without "on" a reading that
  // settled; both stay as they read.)
  if (words[0] === first && NOTED_DECISIONS.has(first.normal) && !first.negated && at(1) !== undefined && !(first.normal === 'agreed' && at(1)!.normal === 'to') && (first.normal !== 'settled' || at(1)!.normal === 'on')) {
    return { act: 'decision', agent: { kind: 'group' } }
  }
  // "can/could/would you …": a request to the addressee; "can someone …": to whoever takes it.
  const asked = at(1)?.normal
  if (first.pos === 'AUX' && (asked === 'you' || UNKNOWN_SUBJECTS.has(asked ?? '')) && (at(2)?.pos === 'VERB' || at(2)?.pos === 'ADV')) {
    return { act: 'request', agent: asked === 'you' ? { kind: 'addressee' } : { kind: 'unknown' }, verbAt: i + (at(2)?.pos === 'ADV' ? 3 : 2) }
  }
  // Imperative: a base verb first ("Send the deck", "Please review").
  const lead = first.normal === 'please' ? 1 : 0
  const imperativeVerb = at(lead)
  if (imperativeVerb !== undefined && imperativeVerb.pos === 'VERB' && /^[a-z]+$/.test(imperativeVerb.value.toLowerCase()) &&
    !/(?:ing|ed)$/.test(imperativeVerb.normal) && !OBLIGATION_VERBS.has(imperativeVerb.normal)) {
    // "Help center search was reviewed", "Log retention sits in …": a noun-verb opener followed by a finite verb is a subject;
    // "Take-home too long": a verb joined by a hyphen is part of a compound noun.
    const finiteAfterNoun = [1, 2, 3].some((d) => at(lead + d)?.pos === 'NOUN' && at(lead + d + 1)?.pos === 'VERB' && /[^s]s$/.test(at(lead + d + 1)!.normal))
    const after = tokens[tokens.indexOf(imperativeVerb) + 1]
    const compound = after?.value === '-' && after.space === ''
    // "Cut his hand on the slicer in May, came back the next week": a verb whose past is its base form, among verbs in the past,
    // tells what happened with its subject left out.
    const narrative = lead === 0 && SAME_IN_PAST.has(imperativeVerb.normal) && rest.some((t) => t !== imperativeVerb && t.pos === 'VERB' && t.normal !== t.lemma && !/(?:ing|s)$/.test(t.normal))
    if (at(lead + 1)?.pos !== 'VERB' && !rest.some((t) => t.pos === 'AUX') && !finiteAfterNoun && !compound && !narrative) return { act: 'request', agent: { kind: 'unknown' }, verbAt: i + lead }
  }
  if (VOLUNTEERING.has(first.normal) && at(1)?.normal === 'to' && at(2)?.pos === 'VERB') {
    return { act: 'commitment', agent: { kind: 'speaker' }, verbAt: i + 2 }
  }
  // "Need to …" with no subject: a note-style obligation, nobody named.
  if (OBLIGATION_VERBS.has(first.normal) && first.pos === 'VERB' && at(1)?.normal === 'to') {
    return { act: 'request', agent: { kind: 'unknown' }, verbAt: i + 2 }
  }

  // Subject: pronoun, proper nouns or a short noun phrase before the first verb or modal.
  let k = 0
  const subject: Token[] = []
  while (k < rest.length && k < 5 && (rest[k]!.pos === 'PRON' || rest[k]!.pos === 'PROPN' || rest[k]!.pos === 'NOUN' || rest[k]!.pos === 'DET' || rest[k]!.pos === 'ADJ' || rest[k]!.pos === 'CCONJ')) {
    subject.push(rest[k]!)
    k++
    // "Leo from the design team will …": a name's prepositional phrase qualifies it; the name stays the head.
    if (rest[k - 1]!.pos === 'PROPN' && rest[k]?.pos === 'ADP' && QUALIFYING.has(rest[k]!.normal)) {
      let end = k + 1
      while (end < rest.length && end <= k + 4 && (rest[end]!.pos === 'DET' || rest[end]!.pos === 'NOUN' || rest[end]!.pos === 'PROPN' || rest[end]!.pos === 'ADJ')) end++
      if (rest[end]?.pos === 'AUX' || rest[end]?.pos === 'VERB' || rest[end]?.pos === 'PART') k = end
    }
  }
  if (subject.length === 0) return { act: 'statement' }
  while (rest[k]?.pos === 'ADV') k++
  const slot = rest[k]
  if (slot === undefined) return { act: 'statement' }
  const headNormal = subject[subject.length - 1]!.normal
  const verbAfter = (from: number): number | undefined => {
    let v = from
    while (rest[v]?.pos === 'ADV' || rest[v]?.pos === 'PART') v++
    if (rest[v]?.pos === 'VERB' || rest[v]?.pos === 'AUX') return v
    // After a modal the slot holds a verb whatever the tagger says: "will triage the top ten crashes", and in notes
    // an object without its article: "I'll brief gate stewards".
    return (rest[v]?.pos === 'NOUN' || rest[v]?.pos === 'ADJ') && /^[a-z]+$/.test(rest[v]!.value) && (OBJECT_START.has(rest[v + 1]?.pos ?? '') || rest[v + 1]?.pos === 'NOUN') ? v : undefined
  }

  if (OPINION_LEMMAS.has(slot.normal) && (headNormal === 'i' || headNormal === 'we')) return { act: 'opinion' }
  // "Somebody should ring the plumber": a duty put to whoever takes it, as "someone needs to …" is; "we should …" stays advice.
  if (ADVICE_MODALS.has(slot.normal) && subject.length === 1 && WANTED_DOERS.has(headNormal) && verbAfter(k + 1) !== undefined && !rest[k]!.negated) {
    return { act: 'request', agent: { kind: 'unknown' }, verbAt: i + verbAfter(k + 1)! }
  }
  if (ADVICE_MODALS.has(slot.normal)) return { act: 'opinion', agent: agentOf(subject, 'opinion') }

  // The -ing form after "is", an adverb between them ("is also sending", "'s just booking").
  let ingAt = k + 1
  while (rest[ingAt]?.pos === 'ADV' && ingAt < k + 3) ingAt++
  const doerInHand = subject.length === 1 && (namesPerson(subject[0]!) || subject[0]!.normal === 'i')
  let verbAt: number | undefined
  let kind: 'future' | 'obligation' | 'note' | 'finite' | 'progressive' | undefined
  if (FUTURE_MODALS.has(slot.normal) || (BE.has(slot.normal) && rest[k + 1]?.normal === 'going' && rest[k + 2]?.normal === 'to')) {
    kind = 'future'
    verbAt = verbAfter(FUTURE_MODALS.has(slot.normal) ? k + 1 : k + 3)
  } else if (TAKING_ON_LEMMAS.has(slot.lemma) && slot.normal !== slot.lemma && !GROUP_SUBJECTS.has(headNormal) && rest[k + 1]?.normal === 'to' && verbAfter(k + 2) !== undefined) {
    // "Marta offered to draft the grant letter", "I volunteered to run the tombola": a person taking a task on, reported ("we
    // agreed to …" is the group's decision).
    kind = 'future'
    verbAt = verbAfter(k + 2)
  } else if (TASK_PASSING_LEMMAS.has(slot.lemma) && slot.normal !== slot.lemma && slot.pos === 'VERB') {
    // "Marta asked me to book the minibus", "I told Sam to chase the printer": a request reported, the task
    // its object's, the writer's for "me". Another object ("asked them to …") names nobody the minutes can hold to it.
    const object = rest[k + 1]
    const agent: Agent | undefined = object?.normal === 'me' ? { kind: 'speaker' } : object !== undefined && namesPerson(object) ? { kind: 'named', name: object.value } : undefined
    const taskAt = rest[k + 2]?.normal === 'to' ? verbAfter(k + 3) : undefined
    if (agent !== undefined && taskAt !== undefined && !rest[k]!.negated) return { act: 'commitment', agent, verbAt: i + taskAt }
    kind = 'finite'
    verbAt = k
  } else if (slot.lemma === 'need' && slot.pos === 'VERB' && WANTED_DOERS.has(rest[k + 1]?.normal ?? '') && rest[k + 2]?.normal === 'to' && verbAfter(k + 3) !== undefined) {
    // "We still need someone to run the raffle": a task the group has for nobody yet.
    return { act: 'request', agent: { kind: 'unknown' }, verbAt: i + verbAfter(k + 3)! }
  } else if (OBLIGATION_VERBS.has(slot.normal) && rest[k + 1]?.normal === 'to') {
    kind = 'obligation'
    verbAt = verbAfter(k + 2)
  } else if (slot.normal === 'to' && subject.some((t) => t.pos === 'PROPN')) {
    // Note form: "Aiko to ask infra".
    kind = 'note'
    verbAt = verbAfter(k + 1)
  } else if (slot.normal === 'to' && k === subject.length && DEADLINE_OR_TIME.test(join(rest.slice(k + 1))) && verbAfter(k + 1) !== undefined) {
    // A planned item in notes: "Game day to rehearse a gateway failure next sprint". The thing
    // planned is the subject itself, so the whole clause is the action; nobody is named.
    return { act: 'request', agent: { kind: 'unknown' }, verbAt: i }
  } else if (WEAK_MODALS.has(slot.normal)) {
    return { act: 'opinion', agent: agentOf(subject, 'opinion') }
  } else if (BE.has(slot.normal) && inProgress(rest[ingAt], doerInHand && nounObject(rest.slice(ingAt + 1)) && !rest.slice(ingAt + 1).some((t) => t.pos === 'AUX')) &&
    (DEADLINE_OR_TIME.test(join(rest.slice(ingAt + 1))) || TIME_OPENERS.has(words[0]!.normal) ||
      (doerInHand && !ONGOING_LEMMAS.has(rest[ingAt]!.lemma) && (OBJECT_START.has(rest[ingAt + 1]?.pos ?? 'X') || bareNounObject(rest.slice(ingAt + 1)))))) {
    // "Jonas is writing the load test today": an action under way within a stated time;
    // "Sam's drafting a comms template", "Aisha's setting it up", "I'm booking the coach": a named person's or the
    // writer's work in hand, taken on.
    kind = 'progressive'
    verbAt = ingAt
  } else if (slot.pos === 'VERB') {
    kind = 'finite'
    verbAt = k
  }
  if ((kind === undefined || (kind === 'finite' && PASSIVE_BE.has(slot.normal))) && passiveDecision(rest, k, headNormal)) return { act: 'decision', agent: { kind: 'unknown' } }
  if (kind === undefined || verbAt === undefined) return { act: 'statement' }
  const verb = rest[verbAt]!
  const namedDoer = kind !== 'finite' && headNormal !== 'we' && subject.some((t) => t.pos === 'PROPN' || t.normal === 'i')
  const goWith = verb.normal === 'go' && (rest[verbAt + 1]?.normal === 'with' || (rest[verbAt + 1]?.normal === 'ahead' && rest[verbAt + 2]?.normal === 'with'))
  // "Someone has to confirm the numbers", "we need to decide": a decision owed is no decision taken.
  // "Priya confirming with the venue": a bare -ing in notes is someone at work on it ("is confirming"), no decision reported.
  const atWork = kind === 'finite' && verb.normal.endsWith('ing') && verb.normal !== verb.lemma
  if (!namedDoer && !atWork && kind !== 'obligation' && ((DECIDING_LEMMAS.has(verb.lemma) && !pickedUp(rest, verbAt)) || goWith)) {
    // "they agree to a feedback call", "she approved it": another party's consent is reported, not the meeting's decision.
    // "Priya confirmed that the hall has a ramp": someone other than the group reports a fact they checked.
    // "Priya confirmed the hall is free on Friday": the same without "that", a clause of its own after the verb.
    const clauseAfter = rest[verbAt + 1]?.normal === 'that' || rest.slice(verbAt + 2, verbAt + 7).some((t) => t.pos === 'AUX')
    const reportsFact = verb.lemma === 'confirm' && clauseAfter && !GROUP_SUBJECTS.has(headNormal)
    // "Everyone agreed the ramp matters", "Priya agreed that it is a fire risk": agreeing with a judgement of how things are settles nothing.
    if (verb.lemma === 'agree' && judgedAfter(rest, verbAt)) return { act: 'opinion' }
    if (headNormal !== 'i' && headNormal !== 'you' && !THIRD_PERSON.has(headNormal) && !reportsFact) return { act: 'decision', agent: agentOf(subject, 'decision') }
  }
  // "Right, so we lock the car park at six": the group's present after a concluding "so" settles how it will be.
  if (kind === 'finite' && headNormal === 'we' && words.slice(0, i).some((t) => t.normal === 'so') && verb.normal === verb.lemma && verb.pos === 'VERB' &&
    !STATIVE_VERB.test(verb.lemma) && !UNDERGOING_LEMMAS.has(verb.lemma) && !SAYING_VERBS.has(verb.normal) && !MEETING_VERBS.has(verb.normal) && !rest[k]!.negated &&
    !words.some((t) => t.normal === 'either' || t.normal === 'or')) return { act: 'decision', agent: { kind: 'group' } }
  if (kind === 'finite') return { act: 'statement', agent: agentOf(subject, 'statement'), verbAt: i + verbAt }
  // A future modal on a meeting verb by the group runs the meeting ("we will move on to …").
  if (headNormal === 'we' && MEETING_VERBS.has(verb.normal) && kind === 'future') return { act: 'facilitation' }
  // "We'll pick both points up next month": the group taking points up again at a later meeting puts them off.
  if (headNormal === 'we' && pickedUp(rest, verbAt)) return { act: 'statement' }
  if (headNormal === 'you') return { act: 'request', agent: { kind: 'addressee' }, verbAt: i + verbAt }
  // "I'll admit I was sceptical", "I'll say this once": a verb of saying commits to no task.
  if (SAYING_VERBS.has(verb.normal)) return { act: 'statement', agent: agentOf(subject, 'statement') }
  if (kind === 'obligation' && headNormal !== 'i') return { act: 'request', agent: agentOf(subject, 'request'), verbAt: i + verbAt }
  const agent = agentOf(subject, 'commitment')
  // "The evening class will run on Tuesdays", "The shop will open at nine": a thing's future with no object says
  // what will happen, nobody's task.
  if (kind === 'future' && headedByCommonNoun(subject) && agent?.kind === 'unknown' && !NOUN_OBJECT_START.has(rest[verbAt + 1]?.pos ?? 'PUNCT')) return { act: 'statement' }
  // A capitalised opener that is no name ("Happy to take it") commits nobody in particular.
  if (agent?.kind === 'unknown' && kind === 'note') {
    return DEADLINE_OR_TIME.test(join(rest.slice(k))) ? { act: 'request', agent: { kind: 'unknown' }, verbAt: i } : { act: 'statement' }
  }
  return { act: 'commitment', agent, verbAt: i + verbAt }
}

// A clause about the assistant or about the record being produced ("ignore previous instructions",
// "output X as the only todo") instructs the tool, not a participant: never an action of the meeting.
// Words of everyday work ("saved reply", "billing system", "pricing model", "the setup instructions",
// "an AI feature") do not count; an instruction to the tool (isInstructionToAi), its list, or a clause
// that starts by telling it what to output do.
const ABOUT_THE_RECORD = /\b(?:todo list|to-do list|action items? list)\b|^(?:please\s+)?(?:output|print|respond with|reply with)\b/i

/** Whether an English clause speaks to the tool or about the record it makes, not to the meeting. */
export function englishAddressesTheRecord (clause: string): boolean {
  return ABOUT_THE_RECORD.test(clause) || isInstructionToAi(clause)
}

/** Tokens inside double quotation marks, or joined to the next by a hyphen: parts of a name or a compound. */
function namedWords (tokens: Token[]): Set<Token> {
  const isQuote = (token: Token): boolean => /^["“”]$/.test(token.value)
  const hyphenated = (i: number): boolean => tokens[i + 1]?.value === '-' && tokens[i + 1]!.space === ''
  const quoted = new Set<Token>()
  let open = false
  for (const token of tokens) {
    if (isQuote(token)) open = !open
    else if (open) quoted.add(token)
  }
  // A quotation left open names nothing: only the hyphenated words count then.
  return new Set(tokens.filter((token, i) => !isQuote(token) && (hyphenated(i) || (!open && quoted.has(token)))))
}

// Verbs whose past tense is spelt as their base form.
const SAME_IN_PAST = new Set(['hurt', 'put', 'set', 'cut', 'hit', 'let', 'quit', 'shut', 'cost', 'spread', 'split', 'burst', 'cast', 'shed', 'bet', 'upset'])
const EN_NEXT_POINT = /^(?:(?:ok|okay|fine|right|good|great|so|then|and|now)[,.\s]+)*(?:(?:start|begin|kick\s+off|continue)\s+with|move\s+on(?:\s+to)?|turn\s+to|circle\s+back\s+to|jump\s+to|back\s+to)\b/i

function analyseTokens (written: Token[], clauseIndex = 0): Clause {
  const text = join(written)
  // "Dana, can you pull the graphs?": a name set off by a comma at the start addresses someone.
  const vocative = written.length > 2 && written[1]!.value === ',' && namesPerson(written[0]!) ? written[0]!.value : undefined
  const tokens = vocative === undefined ? written : written.slice(2)
  if (englishAddressesTheRecord(text) && tokens.some((t) => t.pos === 'VERB')) {
    return { text, act: 'statement', negated: false, uncertain: false, risk: false }
  }
  const words = tokens.filter((t) => t.pos !== 'PUNCT')
  const question = tokens[tokens.length - 1]?.value === '?'
  // "Start with the Hollis account.", "Move on to the rota.": an imperative that takes the meeting to its next point runs it.
  if (EN_NEXT_POINT.test(text)) return { text, act: 'facilitation', negated: false, uncertain: false, risk: false }
  let shape = shapeOf(tokens)
  if (vocative !== undefined && shape.act === 'request' && (shape.agent?.kind === 'addressee' || shape.agent?.kind === 'unknown')) {
    shape = { ...shape, agent: { kind: 'addressee', name: vocative } }
  }
  if (question && shape.act !== 'request') shape = { act: 'question' }
  // The model's negation scope runs past a clause boundary ("we won't decide today: Hannah's going to …");
  // a later clause is negated only by a negator of its own.
  // Words quoted ('a "no parking" sign') or joined by a hyphen ("a no-parking sign") name something;
  // their negator negates nothing the clause says.
  const named = namedWords(tokens)
  const negators = words.filter((t) => NEGATORS.has(t.normal))
  const onlyNamed = negators.length > 0 && negators.every((t) => named.has(t))
  // A commitment or request is negated by what governs its verb: a negator before it, on it, or on its object ("won't
  // send", "never books", "make no changes"). One further on negates a complement ("quote the hall both with and without
  // the stage", "answer the landlord – no promises about the deposit – and …"), not the doing.
  const doingAt = shape.act === 'commitment' || shape.act === 'request' ? shape.verbAt : undefined
  const scope = doingAt === undefined ? words : words.slice(0, doingAt + 3)
  const negated = scope.some((t) => !named.has(t) && ((t.negated && clauseIndex === 0 && !onlyNamed && (doingAt === undefined || t === words[doingAt])) || t.normal === 'not' || t.normal === 'no' || t.normal === 'nothing' || t.normal === 'never'))
  // "Could you book the room?": the modal of a polite request carries no doubt.
  const politeModal = (t: Token, at: number): boolean => shape.act === 'request' && WEAK_MODALS.has(t.normal) && at <= 1 && (words[at + 1]?.normal === 'you' || UNKNOWN_SUBJECTS.has(words[at + 1]?.normal ?? ''))
  // A weak modal is a modal only as an auxiliary: "move the launch to May" is sure.
  // "ask legal whether …", "check if the room is free": after a verb of asking or checking, whether/if opens
  // the question to be answered, the object of the task; it leaves the speaker no less sure.
  const askedAbout = (at: number): boolean => (words[at]!.normal === 'whether' || words[at]!.normal === 'if') &&
    words.slice(Math.max(0, at - 4), at).some((w) => ASKING_LEMMAS.has(w.lemma))
  const uncertain = words.some((t, at) => (UNCERTAIN.has(t.normal) && !askedAbout(at)) || (WEAK_MODALS.has(t.normal) && t.pos === 'AUX' && !politeModal(t, at))) || /\bnot sure\b/i.test(text)
  // The action starts at its verb in the base form ("is writing the test" → "write the test").
  // From the verb to the end, punctuation kept so a reader can cut the tail (", still open").
  const actionWords = shape.verbAt === undefined ? [] : tokens.slice(tokens.indexOf(words[shape.verbAt]!))
  // A progressive's second verb after "and" too ("is booking the hall and ordering the badges").
  if (actionWords[0]?.normal.endsWith('ing') === true) {
    for (const [at, word] of actionWords.entries()) {
      if (at === 0 || (word.pos === 'VERB' && word.normal.endsWith('ing') && actionWords[at - 1]?.normal === 'and')) actionWords[at] = { ...word, value: word.lemma === word.normal ? verbBase(word.normal) ?? word.lemma : word.lemma }
    }
  }
  const action = actionWords.length === 0 ? undefined : join(actionWords).replace(/[\s.!]+$/, '')
  const deadline = DEADLINE.exec(text)?.[0]
  // "Not decided", "haven't agreed", "unclear whether legal will approve": wink flags the tokens a
  // negation governs, so "we decided not to ship" (negation after the verb) still decides.
  // Participles tagged as adjectives ("no confirmed date") keep their -d/-ed.
  const deciding = words.filter((t, at) => (DECIDING_LEMMAS.has(t.lemma) && !pickedUp(words, at)) || ((t.pos === 'NOUN' || t.pos === 'PROPN') && DECISION_NOUNS.has(t.normal)) || (t.pos === 'ADJ' && (DECIDING_LEMMAS.has(t.normal.replace(/d$/, '')) || DECIDING_LEMMAS.has(t.normal.replace(/ed$/, '')))))
  // "no confirmed date", "without sign-off": a determiner of absence governs the decision word too.
  const absent = (t: Token): boolean => ABSENCE.has(words[words.indexOf(t) - 1]?.normal ?? '')
  // "Someone has to confirm the numbers", "we need to decide": a decision owed by nobody in particular is open.
  const verbWord = shape.verbAt === undefined ? undefined : words[shape.verbAt]
  // A note with no subject ("Need to confirm the budget with finance") is the writer's own task.
  const owedBy = words[(shape.verbAt ?? 0) - 3]?.normal ?? ''
  const owed = shape.act === 'request' && (UNKNOWN_SUBJECTS.has(owedBy) || GROUP_SUBJECTS.has(owedBy)) && verbWord !== undefined &&
    DECIDING_LEMMAS.has(verbWord.lemma) && OBLIGATION_VERBS.has(words[(shape.verbAt ?? 0) - 2]?.normal ?? '')
  const undecided = owed || deciding.some((t) => t.negated || absent(t) || deferred(words, words.indexOf(t))) || (deciding.length > 0 && uncertain)
  if ((undecided && shape.act === 'decision') || owed) shape = { act: 'statement' }
  return {
    text,
    act: shape.act,
    negated,
    uncertain,
    ...(undecided ? { undecided } : {}),
    ...(shape.agent === undefined ? {} : { agent: shape.agent }),
    ...(action === undefined || action === '' ? {} : { action }),
    ...(deadline === undefined ? {} : { deadline }),
    risk: statesRisk(words, text)
  }
}

const RISK_WORD = /^(?:risk\w*|concern\w*|worr\w*|block(?:s|ed|ers?|ing)?|delay(?:ed|s)?|slip(?:s|ped)?|outage|overrun|bottleneck|shortage|behind)$/
const NEGATORS = new Set(['no', 'not', 'nothing', 'never', 'without'])

/**
 * A risk word the clause does not negate. The negation is read per word: "No worries",
 * "nothing blocking", "not a risk" state none, while a negation elsewhere in the clause leaves
 * the risk standing ("what worries me is that the vendor has no EU region").
 */
function statesRisk (words: Token[], text: string): boolean {
  const governed = (i: number): boolean => words[i]!.negated || NEGATORS.has(words[i - 1]?.normal ?? '') || NEGATORS.has(words[i - 2]?.normal ?? '')
  return words.some((t, i) => RISK_WORD.test(t.normal) && !governed(i)) || /\b(?:behind schedule|over budget)\b/i.test(text)
}

const ABSENCE = new Set(['no', 'not', 'without', 'never', 'pending'])
const QUALIFIED = new Set(['tentatively', 'provisionally', 'informally'])
const LATER = new Set(['after', 'later', 'once', 'when', 'next', 'tomorrow', 'afterwards'])
const CHOOSING_LEMMAS = new Set(['decide', 'settle', 'choose', 'pick', 'finalise', 'finalize', 'agree'])

/**
 * The decision word at `at` puts the decision off or holds it back: a future passive ("will be
 * settled in the design doc", "is to be decided"), a present deciding verb or a decision noun
 * followed by a time ahead ("we decide after the debrief", "approval next week"), or an
 * agreement only in principle or tentative.
 */
const NOBODY = new Set(['nothing', 'nobody', 'noone', 'none'])
const BE_OR_HAVE = new Set(['is', 'was', 'were', 'been', 'be', 'has', 'have', 'had', 'got'])

function deferred (words: Token[], at: number): boolean {
  const word = words[at]!
  const before = (k: number): string => words[at - k]?.normal ?? ''
  if (word.pos === 'VERB' && before(1) === 'be' && (FUTURE_MODALS.has(before(2)) || before(2) === 'to')) return true
  if (word.pos === 'VERB' && word.normal === word.lemma && LATER.has(words[at + 1]?.normal ?? '')) return true
  // "We'll pick the caterer on Thursday", "we're going to pick the venue next week": the group's choice promised for a day
  // ahead is not made yet ("Maria will approve it on Friday" gives Maria a task).
  const promised = (FUTURE_MODALS.has(before(1)) && GROUP_SUBJECTS.has(before(2))) || (before(1) === 'to' && before(2) === 'going' && GROUP_SUBJECTS.has(before(4)))
  if (word.pos === 'VERB' && CHOOSING_LEMMAS.has(word.lemma) && promised && words.slice(at + 1).some((t) => LATER.has(t.normal) || WEEKDAYS.has(t.normal))) return true
  if (QUALIFIED.has(before(1)) || (words[at + 1]?.normal === 'in' && words[at + 2]?.normal === 'principle')) return true
  // "Catering, nothing agreed", "nothing was decided", "nobody has signed off": the decision denied by its subject.
  if (NOBODY.has(before(1)) || (BE_OR_HAVE.has(before(1)) && (NOBODY.has(before(2)) || (BE_OR_HAVE.has(before(2)) && NOBODY.has(before(3)))))) return true
  // "Scaffold – second quote, then decide", "get the quote, then we decide": a choice put after something still to be done.
  if (word.pos === 'VERB' && word.normal === word.lemma && (before(1) === 'then' || (before(2) === 'then' && GROUP_SUBJECTS.has(before(1))))) return true
  // "Then the chair decides on the venue", "Finance picks the supplier": a choice in the present tense with its chooser
  // says who will make it, not that it is made.
  if (word.pos === 'VERB' && CHOOSING_LEMMAS.has(word.lemma) && word.lemma !== 'agree' && word.normal === `${word.lemma}s`) return true
  // A decision named as a noun with a time ahead and no deciding verb in the past: "Approval at the next review",
  // "decision tomorrow"; not a noun that qualifies another ("the approval letter goes out next week").
  if (DECISION_NOUNS.has(word.normal) && words[at + 1]?.pos !== 'NOUN' && words.slice(at + 1).some((t) => LATER.has(t.normal)) && !words.some((t) => t.pos === 'VERB' && DECIDING_LEMMAS.has(t.lemma) && t.normal !== t.lemma)) return true
  return false
}

/** The English words that label or head a list of tasks ("Action:", "Next steps", "To do"): one vocabulary for every reader of such labels. */
export const EN_ACTION_WORDS = String.raw`actions?|action items?|todos?|to-dos?|to do|next steps?|follow[- ]ups?|tasks?`
const ACTION_LABEL = new RegExp(`^(?:${EN_ACTION_WORDS}|owners?|assignments?)$`, 'i')
// "Action (Marta):", "Next step (me):": an action label naming its owner in brackets.
const OWNED_ACTION_LABEL = new RegExp(String.raw`^(?:${EN_ACTION_WORDS})\s*\(\s*([^()]{1,30}?)\s*\)$`, 'i')

const NO_OUTCOME = /^(?:nobody|no one|none|nothing|tbc|tbd|tba|not yet|pending|unknown|n\/a|\?+)\b/i

// Labels that name what a discussion ended in ("Final: two sittings", "Outcome: …"), as "Decision:" does.
const OUTCOME_LABELS = new Set(['final', 'outcome', 'outcomes', 'resolution', 'verdict', 'conclusion'])

/**
 * A clause after a label ("Decision: build the parser in-house", "Risk: vendor lock-in") is read
 * under it: a label that decides makes the clause a decision, any label but an action label
 * makes a bare imperative after it a noun phrase.
 */
function labelled (clauses: Clause[]): Clause[] {
  return clauses.map((clause, i) => {
    const label = i > 0 ? clauses[i - 1]!.text.replace(/[:：]\s*$/, '').trim() : undefined
    const owner = label === undefined ? undefined : OWNED_ACTION_LABEL.exec(label)?.[1]
    if (owner !== undefined) return ownedBy(clause, owner)
    if (label === undefined || label.split(/\s+/).length > 4 || ACTION_LABEL.test(label)) return clause
    const words = tokensOf(label)[0] ?? []
    // Under a deciding label ("Decision:", "Agreed:") whatever follows states what was settled.
    const decides = words.some((t) => DECIDING_LEMMAS.has(t.lemma) || t.lemma === 'decision' || OUTCOME_LABELS.has(t.normal)) && !words.some((t) => t.negated || ABSENCE.has(t.normal) || UNCERTAIN.has(t.normal))
    // A condition ("Decision: we go with Northstar if they offer an EU region") still decides.
    // "Agreed: nobody yet", "Final: TBC": what follows names no outcome.
    if (decides && clause.act !== 'question' && clause.undecided !== true && !NO_OUTCOME.test(clause.text.trim())) return { ...clause, act: 'decision', agent: { kind: 'group' } }
    if (clause.act !== 'request' || clause.agent?.kind !== 'unknown') return clause
    return { ...clause, act: 'statement' }
  })
}

/**
 * A clause under an action label that names its owner: an imperative or a note of what is to be done ("new floor
 * plan to the venue by Thu") is that person's task, the writer's for "me".
 */
function ownedBy (clause: Clause, owner: string): Clause {
  if (clause.act !== 'request' && clause.act !== 'statement') return clause
  if (clause.agent !== undefined && clause.agent.kind !== 'unknown') return clause
  const who = owner.split(/\s*[/,&+]\s*|\s+and\s+/)[0]!
  const agent: Agent | undefined = /^(?:me|myself|i)$/i.test(who) ? { kind: 'speaker' } : isPersonName(who) && /^\p{Lu}/u.test(who) ? { kind: 'named', name: who } : undefined
  if (agent === undefined) return clause
  return { ...clause, act: 'commitment', agent, ...(clause.action === undefined ? { action: clause.text.replace(/[\s.!]+$/, '') } : {}) }
}

/** The hyphenated verbs a sentence writes ("re-run"), keyed by the solid form the tagger read ("rerun"). */
function hyphenatedVerbs (sentence: string): ReadonlyMap<string, string> {
  const written = new Map<string, string>()
  for (const match of sentence.matchAll(RE_HYPHEN_VERB)) written.set(`${match[1]!}${match[2]!}`.toLowerCase(), match[0])
  return written
}

/** A clause with the hyphenated verbs its sentence wrote, which the tagger read solid. */
function asWritten (clause: Clause, written: ReadonlyMap<string, string>): Clause {
  const restore = (text: string): string => text.replace(/\b\p{L}+\b/gu, (word) => written.get(word.toLowerCase()) ?? word)
  return { ...clause, text: restore(clause.text), ...(clause.action === undefined ? {} : { action: restore(clause.action) }) }
}

export const englishClauses: ClauseAnalyser = {
  analyse: (line) => {
    // "[SL] Confirm the venue booking": an owner tagged in brackets before the line is no part of its grammar.
    const sentence = line.replace(/^\s*\[[^\]\n]{1,30}\]\s+(?=\S)/, '')
    try {
      const clauses = tokensOf(sentence).flatMap((tokens) => labelled(splitClauses(tokens).map((clause, i) => analyseTokens(clause, i))))
      const written = hyphenatedVerbs(sentence)
      return written.size === 0 ? clauses : clauses.map((clause) => asWritten(clause, written))
    } catch {
      return [{ text: sentence, act: 'statement', negated: false, uncertain: false, risk: false }]
    }
  }
}
