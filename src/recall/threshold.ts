// Applies the embedding model's calibrated similarity threshold to the vector lane, and drops broken scores.
import type { Candidate } from './types.ts';

/** Why a vector-lane entry lost its vector evidence. */
export type VectorRemovalReason = 'below_threshold' | 'invalid_score';

/** A vector-lane entry whose evidence was removed. */
export interface VectorRemoval {
  id: string;
  reason: VectorRemovalReason;
  /** The similarity seen, or null when it was missing or not finite. */
  similarity: number | null;
  /** True when the memory still ranks through the lexical lane. */
  kept_lexical: boolean;
}

export interface ThresholdResult {
  /** Vector entries whose similarity is finite and at least the threshold, in input order. */
  vector: Candidate[];
  /** The lexical lane, untouched: lexical evidence never depends on the vector threshold. */
  lexical: Candidate[];
  removed: VectorRemoval[];
}

/**
 * Keeps a vector-lane entry only when its similarity is a finite number >= `threshold`. Missing or non-finite
 * similarities are removed whatever the threshold (a NaN would otherwise sort unpredictably and a null would
 * rank as if it were evidence). A memory whose vector evidence is removed still ranks when the lexical lane
 * also found it; otherwise it disappears. `threshold` null means the model is not calibrated: only broken
 * scores are removed.
 * @throws RangeError when `threshold` is a non-finite number: a corrupt calibration must fail loudly rather
 *   than silently drop every candidate or none.
 */
export function applyThreshold(
  lanes: { vector: readonly Candidate[]; lexical: readonly Candidate[] },
  threshold: number | null,
): ThresholdResult {
  if (threshold !== null && !Number.isFinite(threshold)) {
    throw new RangeError('similarity threshold must be a finite number or null');
  }
  const lexicalIds = new Set(lanes.lexical.map((c) => c.id));
  const vector: Candidate[] = [];
  const removed: VectorRemoval[] = [];
  for (const c of lanes.vector) {
    const s = c.vector_similarity;
    const valid = typeof s === 'number' && Number.isFinite(s);
    if (valid && (threshold === null || s >= threshold)) {
      vector.push(c);
      continue;
    }
    removed.push({
      id: c.id,
      reason: valid ? 'below_threshold' : 'invalid_score',
      similarity: valid ? s : null,
      kept_lexical: lexicalIds.has(c.id),
    });
  }
  return { vector, lexical: [...lanes.lexical], removed };
}
