// Reads the lane evidence that recall_candidates' one fusion left on each candidate (SQL fuses; this never does).
import type { Candidate, Lane } from './types.ts';

/** How much each lane counts in the fusion (sent to SQL, and used here only to normalise rrf). */
export interface LaneWeights {
  vector: number;
  lexical: number;
}

/** The RRF constant from Cormack et al. (2009): damps the head of each list so one lane cannot dominate. */
export const RRF_K = 60;
export const DEFAULT_LANE_WEIGHTS: Readonly<LaneWeights> = Object.freeze({ vector: 1, lexical: 1 });

/** A fused candidate with the evidence each lane gave, as the database saw it. */
export interface FusedCandidate {
  candidate: Candidate;
  /** The fused score SQL computed (recall_candidates: the one fusion, weighed per memory in a hybrid recall). */
  rrf: number;
  /** Lanes whose evidence counts in rrf, vector first. */
  lanes: Lane[];
  /** The vector lane's rank and real similarity, also when the similarity is under the threshold. */
  vector_rank: number | null;
  vector_similarity: number | null;
  /** The vector lane found it, but under the threshold (its evidence is not in rrf). */
  below_threshold: boolean;
  lexical_rank: number | null;
  lexical_score: number | null;
  /** The share of the query's words the memory holds, as SQL judged it; null when not judged. */
  lexical_share: number | null;
  /** The key lane's rank: the memory's key answers the slot the question names (no words or vector needed). */
  key_rank: number | null;
}

/** Why a vector-lane entry's evidence does not count. */
export type VectorRemovalReason = 'below_threshold' | 'invalid_score';

/** A vector-lane entry whose evidence does not count. */
export interface VectorRemoval {
  id: string;
  reason: VectorRemovalReason;
  /** The similarity seen, or null when it was missing or not a finite number. */
  similarity: number | null;
  /** True when the memory still ranks through the lexical lane. */
  kept_lexical: boolean;
}

export interface Evidence {
  /** Candidates with at least one counted lane, best first (rrf, best counted rank, id: the SQL order). */
  fused: FusedCandidate[];
  removed: VectorRemoval[];
}

function isValidRank(rank: number | null | undefined): rank is number {
  return typeof rank === 'number' && Number.isInteger(rank) && rank >= 1;
}

function isFiniteNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function bestRank(f: FusedCandidate): number {
  return Math.min(
    f.lanes.includes('vector') ? (f.vector_rank ?? Number.POSITIVE_INFINITY) : Number.POSITIVE_INFINITY,
    f.lanes.includes('lexical') ? (f.lexical_rank ?? Number.POSITIVE_INFINITY) : Number.POSITIVE_INFINITY,
    f.key_rank ?? Number.POSITIVE_INFINITY,
  );
}

/** Orders fused candidates: higher rrf first, then the better counted-lane rank, then id (recall_candidates' order). */
export function compareFused(a: FusedCandidate, b: FusedCandidate): number {
  if (a.rrf !== b.rrf) return b.rrf - a.rrf;
  const rankDiff = bestRank(a) - bestRank(b);
  if (rankDiff !== 0 && !Number.isNaN(rankDiff)) return rankDiff;
  return a.candidate.id < b.candidate.id ? -1 : a.candidate.id > b.candidate.id ? 1 : 0;
}

/**
 * Splits each candidate's lane evidence into what counts and what does not. Vector evidence counts when its rank
 * is a positive integer, its similarity a finite number and SQL did not flag it under the threshold; lexical
 * evidence when its rank is a positive integer, and so key evidence (the key lane's rank). A memory with no counted evidence is left out (and, when the
 * vector lane saw it, reported in `removed`). rrf is SQL's (a broken value counts as 0); lane fields are untrusted
 * input (a supabase-js caller may hand anything), so nothing here assumes they are well formed. The first row of
 * an id wins.
 */
export function readEvidence(candidates: readonly Candidate[]): Evidence {
  const seen = new Set<string>();
  const fused: FusedCandidate[] = [];
  const removed: VectorRemoval[] = [];
  for (const c of candidates) {
    if (seen.has(c.id)) continue;
    seen.add(c.id);
    const vectorSeen = isValidRank(c.vector_rank);
    const similarity = isFiniteNumber(c.vector_similarity) ? c.vector_similarity : null;
    const vectorCounts = vectorSeen && similarity !== null && c.below_threshold !== true;
    const lexicalCounts = isValidRank(c.lexical_rank);
    const keyCounts = isValidRank(c.key_rank);
    if (vectorSeen && !vectorCounts) {
      removed.push({
        id: c.id,
        reason: similarity === null ? 'invalid_score' : 'below_threshold',
        similarity,
        kept_lexical: lexicalCounts,
      });
    }
    if (!vectorCounts && !lexicalCounts && !keyCounts) continue;
    fused.push({
      candidate: c,
      rrf: isFiniteNumber(c.rrf) && c.rrf > 0 ? c.rrf : 0,
      lanes: [
        ...(vectorCounts ? (['vector'] as const) : []),
        ...(lexicalCounts ? (['lexical'] as const) : []),
      ],
      vector_rank: vectorSeen ? (c.vector_rank ?? null) : null,
      vector_similarity: vectorSeen ? similarity : null,
      below_threshold: vectorSeen && !vectorCounts,
      lexical_rank: lexicalCounts ? (c.lexical_rank ?? null) : null,
      lexical_score: lexicalCounts && isFiniteNumber(c.lexical_score) ? c.lexical_score : null,
      lexical_share:
        lexicalCounts && isFiniteNumber(c.lexical_share) && c.lexical_share >= 0 && c.lexical_share <= 1
          ? c.lexical_share
          : null,
      key_rank: keyCounts ? (c.key_rank ?? null) : null,
    });
  }
  return { fused: fused.sort(compareFused), removed };
}
