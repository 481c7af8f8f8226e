// The offline models ENGRAM_EMBEDDER=local can run, by the name ENGRAM_EMBED_MODEL gives them. All run in process
// with no account and no network; docs/models.md says when to pick which.

/**
 * - `use-lite+wink-sif` (default): Universal Sentence Encoder lite (512-d, src/embedding/sentence) blended with the
 *   word vectors below (src/embedding/blend.ts), the sentence model at 0.7 of the cosine: it finds paraphrases like
 *   the sentence model and LoCoMo's named details better than either alone. Its graph is most of the CPU cost.
 * - `wink-sif`: smooth-inverse-frequency averages of 100-d GloVe word vectors (src/embedding/local): a fraction of
 *   a millisecond a text, for bulk loads, but a weak judge of meaning.
 * The sentence model alone is not offered: it was measured (docs/benchmarks/sentence-model.md) but has no
 * calibrated settings of its own.
 */
export const LOCAL_MODELS = ['use-lite+wink-sif', 'wink-sif'] as const;
export type LocalModel = (typeof LOCAL_MODELS)[number];

export const DEFAULT_LOCAL_MODEL: LocalModel = 'use-lite+wink-sif';

/** The local model a configured name selects (the default when none is named). */
export function localModelOf(name: string | undefined): LocalModel {
  return (LOCAL_MODELS as readonly string[]).includes(name ?? '')
    ? (name as LocalModel)
    : DEFAULT_LOCAL_MODEL;
}
