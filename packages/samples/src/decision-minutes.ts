/** A made-up word per number, so that no two decisions share their words. */
function madeUpWord (n: number): string {
  let text = ''
  for (let i = n + 26 * 26; i > 0; i = Math.floor(i / 26)) text += String.fromCharCode(97 + (i % 26))
  return text
}

/**
 * A consolidation request whose participants each write about `charsPerParticipant`
 * characters of "We agreed that … will send …" lines with distinct words: the costly case for
 * the offline engine (many distinct decisions and todos). `seed` shifts the words, so two
 * requests do not share a cache entry.
 */
export function distinctDecisionMinutes (meetingId: string, participants: number, charsPerParticipant: number, seed = 0) {
  return {
    meetingId,
    participantMinutes: Array.from({ length: participants }, (_, p) => {
      const lines: string[] = []
      let length = 0
      for (let i = 0; length < charsPerParticipant; i++) {
        const n = seed + (p * 1_000_000 + i) * 4
        const line = `We agreed that ${madeUpWord(n)} ${madeUpWord(n + 1)} will send the ${madeUpWord(n + 2)} report on ${madeUpWord(n + 3)}.`
        lines.push(line)
        length += line.length + 1
      }
      return { userId: `u${p + 1}`, userName: `Person ${p + 1}`, content: lines.join('\n') }
    })
  }
}
