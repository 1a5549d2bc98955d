import { createRequire } from 'node:module'
import winkNLP, { type Model, type WinkMethods } from 'wink-nlp'

const require = createRequire(import.meta.url)

let loaded: { nlp: WinkMethods, loadMs: number } | undefined

/**
 * The English model (wink-nlp with wink-eng-lite-web-model), one instance per thread for every
 * reader of English text: the clause analysis and the keyword tagger. It is read on first use
 * (160 ms on an idle Node 24, several times that on a busy machine) rather than imported, so
 * that loading a module, or analysing only Korean, does not pay for it; the analysis pool's
 * warm-up makes the first use. Only the steps the readers use: sentences, negation scope and
 * part of speech (no entities or sentiment).
 */
export function englishNlp (): WinkMethods {
  if (loaded === undefined) {
    const started = performance.now()
    const instance = winkNLP(require('wink-eng-lite-web-model') as Model, ['sbd', 'negation', 'pos'])
    loaded = { nlp: instance, loadMs: performance.now() - started }
  }
  return loaded.nlp
}

/** How long this thread took to load the English model, once it has. */
export function englishModelLoadMs (): number | undefined {
  return loaded?.loadMs
}
