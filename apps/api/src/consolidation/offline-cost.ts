/**
 * What the offline engine costs per character of minutes, learnt from the calls it made: it
 * costs CPU time roughly in proportion to the text (more for Korean), so a 3-hour meeting
 * takes seconds, not milliseconds. The fallback shadow starts from this estimate early enough
 * to finish by the map deadline. One model per analyser (its owner creates it), so separate
 * services and tests do not teach each other.
 */
export class OfflineCostModel {
  #msPerChar: number
  readonly #safety: number

  constructor (options: { msPerChar?: number, safety?: number } = {}) {
    this.#msPerChar = options.msPerChar ?? 0.05
    this.#safety = options.safety ?? 1.5
  }

  /** One offline call took `ms` for `chars` characters; short calls are mostly overhead and teach nothing. */
  observe (chars: number, ms: number): void {
    if (chars < 2000) return
    this.#msPerChar = 0.7 * this.#msPerChar + 0.3 * (ms / chars)
  }

  /** Time to allow for analysing `chars` characters offline, with a safety margin. */
  estimate (chars: number): number {
    return chars * this.#msPerChar * this.#safety
  }
}
