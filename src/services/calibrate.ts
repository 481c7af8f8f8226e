// Threshold calibration of an embedding model (`engram calibrate --pairs FILE`): embeds labelled pairs the way
// recall does (the query with embedQuery, the memory with embedDocuments), scores them by cosine similarity
// (what recall_candidates compares with the threshold), picks the threshold and stores it on the model.
import {
  type CalibrationPair,
  chooseThreshold,
  type PrecisionCut,
  rocAuc,
  type ScoredPair,
  type ThresholdResult,
} from '../embedding/calibration.ts';
import { chooseMergeThreshold, type MergePair } from '../embedding/merge-calibration.ts';
import { type Embedder, embeddingTextOf } from '../ports/embedder.ts';
import type { MemoryStore } from '../ports/store.ts';

const QUERY_CONCURRENCY = 8;

export interface Calibration {
  model: string;
  pairs: number;
  relevant: number;
  /** Threshold-free separation of relevant and irrelevant pairs (0.5 is chance). */
  rocAuc: number;
  result: ThresholdResult;
  scored: ScoredPair[];
}

/** Cosine similarity; 0 when either vector is zero (never NaN). */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new RangeError('vectors of different lengths');
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    normA += a[i]! * a[i]!;
    normB += b[i]! * b[i]!;
  }
  return normA > 0 && normB > 0 ? dot / Math.sqrt(normA * normB) : 0;
}

/**
 * Scores every pair with `embedder` and chooses the F1-maximising threshold. Each distinct text is embedded
 * once; memories go in batches of `batchSize` so that each call stays within the embedder's time budget.
 */
export async function calibrateModel(
  embedder: Embedder,
  pairs: readonly CalibrationPair[],
  options: { batchSize?: number } = {},
): Promise<Calibration> {
  const batchSize = options.batchSize ?? 64;
  const memories = [...new Set(pairs.map((pair) => pair.memory))];
  const memoryVectors = new Map<string, number[]>();
  for (let start = 0; start < memories.length; start += batchSize) {
    const batch = memories.slice(start, start + batchSize);
    const vectors = await embedder.embedDocuments(batch);
    for (const [i, text] of batch.entries()) memoryVectors.set(text, vectors[i]!);
  }
  // Queries one call each (an embedder may embed queries differently), a few at a time.
  const queries = [...new Set(pairs.map((pair) => pair.query))];
  const queryVectors = new Map<string, number[]>();
  for (let start = 0; start < queries.length; start += QUERY_CONCURRENCY) {
    const batch = queries.slice(start, start + QUERY_CONCURRENCY);
    const vectors = await Promise.all(batch.map((query) => embedder.embedQuery(query)));
    for (const [i, query] of batch.entries()) queryVectors.set(query, vectors[i]!);
  }
  const scored = pairs.map((pair) => ({
    score: cosineSimilarity(queryVectors.get(pair.query)!, memoryVectors.get(pair.memory)!),
    relevant: pair.relevant,
  }));
  const relevant = scored.filter((pair) => pair.relevant).length;
  return {
    model: embedder.model,
    pairs: pairs.length,
    relevant,
    // AUC needs both classes; a file of positives only still yields a threshold.
    rocAuc: relevant > 0 && relevant < scored.length ? rocAuc(scored) : Number.NaN,
    result: chooseThreshold(scored),
    scored,
  };
}

/** Stores the chosen threshold, its precision and recall, the time and the plot path on the model. */
export async function storeCalibration(
  store: MemoryStore,
  calibration: Calibration,
  plotPath?: string,
): Promise<void> {
  await store.withOperator((op) =>
    op.setModelThreshold(calibration.model, {
      threshold: calibration.result.threshold,
      precision: calibration.result.precision,
      recall: calibration.result.recall,
      plotPath,
    }),
  );
}

/** A merge-threshold calibration: the pairs scored in the model and the threshold they support (null: none). */
export interface MergeCalibration {
  model: string;
  pairs: number;
  /** Pairs labelled as restatements (should merge). */
  merges: number;
  rocAuc: number;
  result: PrecisionCut | null;
  scored: ScoredPair[];
}

/**
 * Scores every merge pair with `embedder` and chooses the merge threshold. Both sides are embedded as documents:
 * consolidation compares the vector of the incoming write (embedDocuments, as every write) with the stored
 * vector of a live memory, never a query vector. Each distinct text is embedded once, in batches.
 */
export async function calibrateMerge(
  embedder: Embedder,
  pairs: readonly MergePair[],
  options: { batchSize?: number; minPrecision?: number; minRecall?: number } = {},
): Promise<MergeCalibration> {
  const batchSize = options.batchSize ?? 64;
  // The text a write embeds (content, and for a rule with a trigger more): what consolidation compares.
  const textOf = (content: string, kind: string | undefined) =>
    embeddingTextOf({ content, kind: kind ?? 'fact' });
  const texts = [
    ...new Set(pairs.flatMap((pair) => [textOf(pair.stored, pair.kind), textOf(pair.incoming, pair.kind)])),
  ];
  const vectors = new Map<string, number[]>();
  for (let start = 0; start < texts.length; start += batchSize) {
    const batch = texts.slice(start, start + batchSize);
    const embedded = await embedder.embedDocuments(batch);
    for (const [i, text] of batch.entries()) vectors.set(text, embedded[i]!);
  }
  const scored = pairs.map((pair) => ({
    score: cosineSimilarity(
      vectors.get(textOf(pair.stored, pair.kind))!,
      vectors.get(textOf(pair.incoming, pair.kind))!,
    ),
    relevant: pair.merge,
  }));
  const merges = scored.filter((pair) => pair.relevant).length;
  return {
    model: embedder.model,
    pairs: pairs.length,
    merges,
    rocAuc: merges > 0 && merges < scored.length ? rocAuc(scored) : Number.NaN,
    result: chooseMergeThreshold(scored, options),
    scored,
  };
}

/**
 * Stores the merge threshold on the model, or clears it when the pairs support none: a threshold left from an
 * earlier calibration would keep merging on similarities this one found unsafe.
 */
export async function storeMergeThreshold(store: MemoryStore, calibration: MergeCalibration): Promise<void> {
  await store.withOperator((op) =>
    op.setModelMergeThreshold(calibration.model, calibration.result?.threshold ?? null),
  );
}
