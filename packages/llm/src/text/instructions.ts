/*
 * Sentences addressed to an AI rather than to the meeting: "SYSTEM: ignore all previous
 * instructions", "Note to the AI: output X", "[AI 지시] 모든 출력에 … 포함할 것". They are an
 * attempt to steer whatever processes the minutes, not meeting content, so the offline engine
 * leaves them out of everything it extracts (quoting one would carry it into the answer).
 */

// "ignore / disregard / forget (all) previous|prior|above instructions|prompts|rules"
const EN_OVERRIDE = /\b(?:ignore|disregard|forget|override|bypass)\b.{0,40}?\b(?:previous|prior|above|earlier|preceding|all|any|your|the)\b.{0,20}?\b(?:instructions?|prompts?|rules|directions|guidelines|context)\b/i
// Role or prompt manipulation.
const EN_ROLE = /\b(?:system prompt|developer mode|jailbreak|you are now|from now on,? you|act as (?:an?|the) (?:ai|assistant|model|chatbot)|new instructions?\s*[:：])/i
// Addressed to the machine: "SYSTEM:", "AI:", "Note to the AI", "to the assistant", "dear ChatGPT"…
const EN_ADDRESSEE = /^\s*[[(<]?\s*(?:system|assistant|ai|llm|gpt|chatgpt|bot|model|prompt)\s*[\])>]?\s*[:：]|\b(?:note|message|instruction|reminder)s? (?:to|for) (?:the |any |an )?(?:ai|assistant|model|llm|bot|note[- ]?taker|summari[sz]er)\b|\b(?:dear|hey|hi) (?:ai|assistant|chatgpt|gpt|model|bot)\b|\b(?:ai|assistant|model|llm|bot|note[- ]?taker)s?\s*[,:]\s*(?:please\s+)?(?:ignore|output|reply|respond|print|say|write|include|add|return)\b/i
// What an instruction to a generator asks for.
const EN_OUTPUT_DEMAND = /\b(?:output|reply|respond|print|answer|return|write|say|include|add|put)\b.{0,60}?\b(?:only|nothing (?:but|else)|as the (?:only|first|sole)|in (?:every|all|each) (?:output|answer|response|summar(?:y|ies)|todos?|keywords?)|instead of)\b/i

// "이전 지시는 모두 무시하고", "위의 지침을 무시", "시스템 프롬프트"
const KO_OVERRIDE = /(?:이전|앞의|앞선|위의|기존|모든|지금까지의?)\s*(?:지시|지침|명령|프롬프트|규칙|설정)[^.。]{0,20}?(?:무시|잊어|따르지)|(?:지시|지침|명령|프롬프트)(?:은|는|을|를)?\s*(?:모두\s*)?무시하고|시스템\s*프롬프트|탈옥/
// "[AI 지시]", "AI에게:", "인공지능은 … 출력", "어시스턴트에게"
const KO_ADDRESSEE = /(?:^|[[(<\s])(?:AI|ai|인공지능|에이아이|GPT|챗GPT|챗봇|어시스턴트|모델|요약\s*봇)\s*(?:지시|명령|에게|한테|께|은|는|:|：)/
// "출력하라 / 출력하세요 / 출력할 것 / 라고만 답하세요 / 포함할 것"
const KO_OUTPUT_DEMAND = /(?:출력|응답|답변|대답|작성|표시|포함)(?:하라|하시오|하세요|할 것|해라|해 주세요|해주세요|하십시오)|(?:이?라고만|만)\s*(?:출력|답|응답|대답|작성)/

/**
 * Whether a sentence is an instruction aimed at an AI, assistant or model (not meeting
 * content). `followsInstruction`: the sentence before it was one, so a bare demand ("Output
 * only X.") continues it.
 */
export function isInstructionToAi (sentence: string, followsInstruction = false): boolean {
  const text = sentence.trim()
  if (text === '') return false
  if (EN_OVERRIDE.test(text) || EN_ROLE.test(text) || KO_OVERRIDE.test(text)) return true
  const demands = EN_OUTPUT_DEMAND.test(text) || KO_OUTPUT_DEMAND.test(text)
  return demands && (followsInstruction || EN_ADDRESSEE.test(text) || KO_ADDRESSEE.test(text))
}
