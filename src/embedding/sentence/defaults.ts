// The local blend's measured settings, stored with them when they are registered (like the word-vector
// model's: src/embedding/local/default-*.ts). docs/benchmarks/sentence-model.md has the measurements.
import type { ModelDefaults } from '../../ports/store.ts';

/**
 * Chat turns (LoCoMo) are fused as for the word-vector model: vector lane 0.2 against full text, k 5. Swept on the
 * LoCoMo dev file with the blend (hybrid R@10 / MRR): 0.2 / k 5: 0.761 / 0.565; 0.5 / k 10: 0.760 / 0.547; 1 / k
 * 60: 0.699 / 0.473. Durable memories take equal lane weights whatever the model (recall_candidates' durable lane weights).
 */
const CHAT_FUSION = Object.freeze({ vectorWeight: 0.2, rrfK: 5 });

/**
 * The threshold under which a similarity is no evidence: the highest cut that keeps 97% of the relevant pairs of
 * data/calibration/local-pairs.jsonl (chooseThreshold's `recall` criterion; blend: 0.194, removing 37% of the
 * irrelevant ones). F1 would cut at 0.288,
 * which drops the vector evidence of one paraphrase question in six on lived-in; a recall that must return
 * nothing on no evidence is the relevance floor's job, not the threshold's.
 */
/**
 * The relevance floor is query-level only (src/recall/query-intent.ts): an English recall whose memory-seeking margin
 * (with its personal reference) is under -0.0154 returns no memory. That cut keeps 97% of the shipped memory-seeking
 * example questions, each judged against the others (chooseIntentFloor; it refuses 77% of the general ones). On
 * lived-in dev it keeps 97.6% of the answerable questions and refuses 88% of the unanswerable ones
 * (docs/benchmarks/query-intent.md). No per-memory part: no similarity separates relevant memories from the rest
 * well enough (docs/benchmarks/relevance-floor.md). Migration 20261202140000 moves a stored -0.0254 (the cut before
 * the personal reference) to this one.
 */
const FLOOR = Object.freeze({ similarity: null, lexical: null, intent: -0.0154 });

export const BLEND_MODEL_DEFAULTS: Readonly<ModelDefaults> = Object.freeze({
  threshold: 0.194,
  fusion: CHAT_FUSION,
  floor: FLOOR,
});
