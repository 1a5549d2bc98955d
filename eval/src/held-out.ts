import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

/*
 * The held-out split is scored as it was written, never edited to fit an engine. Its folder's
 * SHA256SUMS (`sha256sum` format) was committed before any engine was measured on it; a file
 * that differs from its sum, or a meeting file that is not listed, stops the evaluation.
 */

export const CHECKSUMS_FILE = 'SHA256SUMS'

export class HeldOutTamperedError extends Error {
  readonly code = 'EVAL_HELD_OUT_TAMPERED'
  constructor (message: string) {
    super(message)
    this.name = 'HeldOutTamperedError'
  }
}

export function sha256 (content: Buffer): string {
  return createHash('sha256').update(content).digest('hex')
}

export function parseChecksums (text: string): Map<string, string> {
  const sums = new Map<string, string>()
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    const match = /^([0-9a-f]{64}) [ *](.+)$/.exec(line)
    if (match === null) throw new HeldOutTamperedError(`${CHECKSUMS_FILE}: unreadable line "${line}"`)
    sums.set(match[2] as string, match[1] as string)
  }
  return sums
}

/** Throws unless every file listed in SHA256SUMS is there unchanged and no meeting file is unlisted. */
export async function verifyFrozen (dir: string): Promise<{ files: number }> {
  const sums = parseChecksums(await readFile(join(dir, CHECKSUMS_FILE), 'utf8'))
  const problems: string[] = []
  for (const [file, expected] of sums) {
    const actual = sha256(await readFile(join(dir, file)).catch(() => Buffer.alloc(0)))
    if (actual !== expected) problems.push(`${file} differs from its frozen checksum`)
  }
  for (const file of await readdir(dir)) {
    if (file.endsWith('.json') && !sums.has(file)) problems.push(`${file} is not listed in ${CHECKSUMS_FILE}`)
  }
  if (problems.length > 0) throw new HeldOutTamperedError(`${dir}: ${problems.join('; ')}`)
  return { files: sums.size }
}
