import { test } from 'tap'
import { seededRandom } from '@meeting-ai/testkit/random'
import { chunkMinutes } from '../src/consolidation/chunking.ts'

/** Lines of 40 to 120 characters, each ending in a newline, up to `chars` characters. */
function lines (chars: number, seed: number): string {
  const next = seededRandom(seed)
  let text = ''
  for (let n = 0; ; n++) {
    const line = `${`Line ${n} `.padEnd(40 + Math.floor(next() * 80) - 1, 'x')}\n`
    if (text.length + line.length > chars) return text
    text += line
  }
}

test('a participant longer than the limit is cut into pieces of about equal size', async (t) => {
  const max = 24_000
  for (const [chars, wanted] of [[25_000, 2], [49_000, 3], [100_000, 5], [24_500, 2]] as const) {
    const content = lines(chars, chars)
    const chunks = chunkMinutes([{ userId: 'u1', content }], max)
    const sizes = chunks.map((c) => c.chars)
    t.equal(chunks.length, wanted, `${content.length} characters: ${wanted} pieces (${sizes.join(', ')})`)
    t.equal(chunks.map((c) => c.minutes[0]!.content).join(''), content, 'the pieces are the text, in order, nothing lost or repeated')
    const share = content.length / wanted
    // Cuts fall on line boundaries (at most 120 characters): each piece within a line of its share.
    t.ok(sizes.every((size) => size <= max && Math.abs(size - share) <= 120), `every piece within one line of ${Math.round(share)} characters, none over ${max}: ${sizes.join(', ')}`)
  }
})

test('text within the limit stays whole, and small participants are packed together', async (t) => {
  const chunks = chunkMinutes([
    { userId: 'u1', content: lines(10_000, 1) },
    { userId: 'u2', content: lines(10_000, 2) },
    { userId: 'u3', content: lines(10_000, 3) }
  ], 24_000)
  t.same(chunks.map((c) => c.minutes.map((m) => m.userId)), [['u1', 'u2'], ['u3']])
  t.same(chunks.map((c) => c.label), ['minutes of u1; minutes of u2', 'minutes of u3'])
})

test('a continuation keeps the section heading it started under', async (t) => {
  const body = lines(30_000, 4)
  const chunks = chunkMinutes([{ userId: 'u1', content: `## Budget\n${body}` }], 24_000)
  t.equal(chunks.length, 2)
  t.ok(chunks[1]!.minutes[0]!.content.startsWith('## Budget\n'), 'the second piece opens with the heading')
  t.ok(chunks.every((c) => c.chars <= 24_000), 'no piece over the limit, heading included')
})
