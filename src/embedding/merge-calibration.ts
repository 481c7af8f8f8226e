// Merge-threshold calibration (pure): the similarity from which two memories are the same memory in other words,
// chosen at high precision on labelled near-duplicate pairs (data/calibration/merge-pairs.jsonl).
import {
  checkRecord,
  lowestCutAtPrecision,
  type PrecisionCut,
  parseLabelledLines,
  type ScoredPair,
} from './calibration.ts';

/**
 * A labelled pair of memories: `stored` is live, `incoming` is a new write of the same kind. `merge` says whether
 * consolidation should merge them (a true restatement) or keep both (a different value, a negation, another
 * person or time). `kind` and `case` are for people and reports; the chooser reads only the texts and the label.
 */
export interface MergePair {
  stored: string;
  incoming: string;
  merge: boolean;
  kind?: string;
  case?: string;
}

/**
 * Merging two different memories loses one of them (the target keeps its content), so the merge threshold is a
 * point of very high precision: at most about one wrong merge in fifty merges on the pairs.
 */
export const MERGE_MIN_PRECISION = 0.98;
/**
 * A threshold that merges fewer than a fifth of the true restatements is not worth shipping: the few pairs above it
 * say little about precision, and slot and facet consolidation already catch the easy cases.
 */
export const MERGE_MIN_RECALL = 0.2;

/**
 * The merge threshold the pairs support: the lowest similarity at which the pairs scoring at least it are
 * restatements with precision >= `minPrecision`, merging at least `minRecall` of the restatements. Null when no
 * similarity does: the model cannot tell a restatement from a different memory on the same topic, and it should
 * merge by slot and facet only (engram.consolidate_memory with a null merge_threshold).
 */
export function chooseMergeThreshold(
  pairs: readonly ScoredPair[],
  options: { minPrecision?: number; minRecall?: number } = {},
): PrecisionCut | null {
  return lowestCutAtPrecision(
    pairs,
    options.minPrecision ?? MERGE_MIN_PRECISION,
    options.minRecall ?? MERGE_MIN_RECALL,
  );
}

const MERGE_PAIR_KEYS = new Set(['stored', 'incoming', 'merge', 'kind', 'case']);

/**
 * Parses JSON Lines of `{ "stored": string, "incoming": string, "merge": boolean, "kind"?: string, "case"?: string }`,
 * with the same rules as the recall pairs: unknown keys are errors, every bad line is reported at once.
 */
export function loadMergePairs(text: string): MergePair[] {
  return parseLabelledLines(text, (record) => {
    const problem = checkRecord(record, {
      texts: ['stored', 'incoming'],
      label: 'merge',
      keys: MERGE_PAIR_KEYS,
    });
    if (problem) return problem;
    for (const key of ['kind', 'case'] as const) {
      if (record[key] !== undefined && typeof record[key] !== 'string') return `"${key}" must be a string`;
    }
    return {
      stored: record.stored as string,
      incoming: record.incoming as string,
      merge: record.merge as boolean,
      ...(typeof record.kind === 'string' ? { kind: record.kind } : {}),
      ...(typeof record.case === 'string' ? { case: record.case } : {}),
    };
  });
}
