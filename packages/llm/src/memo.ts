/**
 * Memoisation for pure, costly derivations (segmentation, schema compilation, redaction of
 * repeated prompts). Two kinds, by what the key is.
 */

/**
 * Per string key, for keys that come from outside (texts, language tags): bounded, and simply
 * dropped when full, so memory stays flat whatever the callers send. Full means `maxEntries`
 * keys, or `maxKeyChars` characters of keys in all: what is derived from a text (its words, its
 * tags) grows with the text, so a count alone bounds the memory only for short keys.
 */
export function memoPerString<V> (compute: (key: string) => V, maxEntries: number, maxKeyChars = Number.POSITIVE_INFINITY): (key: string) => V {
  const cache = new Map<string, V>()
  let keyChars = 0
  return (key) => {
    // One lookup for a hit (the common case: words are asked for the same sentence many times).
    const cached = cache.get(key)
    if (cached !== undefined || cache.has(key)) return cached as V
    const value = compute(key)
    if (cache.size >= maxEntries || keyChars + key.length > maxKeyChars) {
      cache.clear()
      keyChars = 0
    }
    cache.set(key, value)
    keyChars += key.length
    return value
  }
}

/** Per object key (schemas, constants of the package): kept as long as the key lives. */
export function memoPerObject<K extends object, V> (compute: (key: K) => V): (key: K) => V {
  const cache = new WeakMap<K, V>()
  return (key) => {
    if (cache.has(key)) return cache.get(key) as V
    const value = compute(key)
    cache.set(key, value)
    return value
  }
}
