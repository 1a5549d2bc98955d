import { createHmac, timingSafeEqual } from 'node:crypto'

/** The fields of `SharedAccessSignature sr=<resource>&sig=<signature>&se=<expiry>&skn=<key name>`. */
export interface SasToken {
  /** Resource URI, decoded. */
  resource: string
  /** Resource as it was signed (still url-encoded). */
  encodedResource: string
  signature: string
  expiresAtSeconds: number
  keyName: string
}

export type SasVerdict =
  | { ok: true, token: SasToken }
  | { ok: false, reason: string }

export function parseSasToken (raw: string): SasToken | undefined {
  const prefix = 'SharedAccessSignature '
  if (!raw.startsWith(prefix)) return undefined
  const fields = new Map<string, string>()
  for (const pair of raw.slice(prefix.length).split('&')) {
    const at = pair.indexOf('=')
    if (at > 0) fields.set(pair.slice(0, at), pair.slice(at + 1))
  }
  const sr = fields.get('sr')
  const sig = fields.get('sig')
  const se = fields.get('se')
  const skn = fields.get('skn')
  if (sr === undefined || sig === undefined || se === undefined || skn === undefined) return undefined
  const expiresAtSeconds = Number(se)
  if (!Number.isInteger(expiresAtSeconds)) return undefined
  try {
    return {
      resource: decodeURIComponent(sr),
      encodedResource: sr,
      signature: decodeURIComponent(sig),
      expiresAtSeconds,
      keyName: decodeURIComponent(skn)
    }
  } catch {
    return undefined
  }
}

/** Azure's SAS signature: base64 HMAC-SHA256, keyed by the key text, over `<url-encoded resource>\n<expiry>`. */
export function signSas (key: string, encodedResource: string, expiresAtSeconds: number): string {
  return createHmac('sha256', key).update(`${encodedResource}\n${expiresAtSeconds}`).digest('base64')
}

/** Builds a token the way the Azure SDK does; for tests that talk to the peer without the SDK. */
export function createSasToken (keyName: string, key: string, resource: string, expiresAtSeconds: number): string {
  const encodedResource = encodeURIComponent(resource)
  const signature = encodeURIComponent(signSas(key, encodedResource, expiresAtSeconds))
  return `SharedAccessSignature sr=${encodedResource}&sig=${signature}&se=${expiresAtSeconds}&skn=${encodeURIComponent(keyName)}`
}

export function verifySasToken (
  raw: string,
  keyOf: (keyName: string) => string | undefined,
  nowMs: number
): SasVerdict {
  const token = parseSasToken(raw)
  if (token === undefined) return { ok: false, reason: 'Malformed SharedAccessSignature token.' }
  const key = keyOf(token.keyName)
  if (key === undefined) return { ok: false, reason: `Unknown shared access policy '${token.keyName}'.` }
  const expected = Buffer.from(signSas(key, token.encodedResource, token.expiresAtSeconds))
  const given = Buffer.from(token.signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: `InvalidSignature: the token has an invalid signature for policy '${token.keyName}'.` }
  }
  if (token.expiresAtSeconds * 1000 <= nowMs) return { ok: false, reason: 'ExpiredToken: the token is expired.' }
  return { ok: true, token }
}
