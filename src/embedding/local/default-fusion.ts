// The local model's fusion weights, measured with `engram eval locomo` on the LoCoMo dev file.
import type { ModelFusion } from '../../ports/store.ts';

/**
 * The local 100-d word-vector model ranks well below BM25 on LoCoMo (categories 1-4, R@10 0.42 against 0.75), and
 * its top ranks are noisy: fused at equal weight (k 60) the hybrid fell to R@10 0.651 / MRR 0.449, below the
 * lexical lane alone (0.746 / 0.548). With the vector lane at 0.2 and k 5 the hybrid reached 0.752 / 0.549 (0.756 /
 * 0.558 after a later context change): the vector lane adds what full text misses without reordering its confident
 * top. docs/benchmarks/locomo-tuning.md has the sweep. Re-run it whenever the model id changes.
 */
export const LOCAL_MODEL_DEFAULT_FUSION: Readonly<ModelFusion> = Object.freeze({
  vectorWeight: 0.2,
  rrfK: 5,
});
