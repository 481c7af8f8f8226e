// Reciprocal rank fusion of the vector and lexical lanes into one deterministic order.
import type { Candidate, Lane } from './types.ts';

/** How much each lane counts in the fusion. */
export interface LaneWeights {
  vector: number;
  lexical: number;
}

/** The RRF constant from Cormack et al. (2009): damps the head of each list so one lane cannot dominate. */
export const RRF_K = 60;
export const DEFAULT_LANE_WEIGHTS: Readonly<LaneWeights> = Object.freeze({ vector: 1, lexical: 1 });

/** A memory after fusion, with the evidence each lane gave. */
export interface FusedCandidate {
  candidate: Candidate;
  /** Sum over contributing lanes of weight / (k + rank). */
  rrf: number;
  /** Lanes that contributed, vector first. */
  lanes: Lane[];
  vector_rank: number | null;
  lexical_rank: number | null;
  vector_similarity: number | null;
}

function isValidRank(rank: number | null | undefined): rank is number {
  return typeof rank === 'number' && Number.isInteger(rank) && rank >= 1;
}

/**
 * Gives every entry of a lane its 1-based rank: the rank the database sent when it is a positive integer,
 * otherwise the entry's position in the list. Run it on the raw lane, before anything is filtered out, so a
 * filter never promotes the entries behind it.
 */
export function assignLaneRanks(lane: Lane, candidates: readonly Candidate[]): Candidate[] {
  const field = lane === 'vector' ? 'vector_rank' : 'lexical_rank';
  return candidates.map((c, index) => (isValidRank(c[field]) ? c : { ...c, [field]: index + 1 }));
}

/** The best (smallest) rank in one lane per id; the first entry wins among duplicates of equal rank. */
function bestPerId(
  lane: Lane,
  candidates: readonly Candidate[],
): Map<string, { c: Candidate; rank: number }> {
  const field = lane === 'vector' ? 'vector_rank' : 'lexical_rank';
  const out = new Map<string, { c: Candidate; rank: number }>();
  candidates.forEach((c, index) => {
    const own = c[field];
    const rank = isValidRank(own) ? own : index + 1;
    const seen = out.get(c.id);
    if (!seen || rank < seen.rank) out.set(c.id, { c, rank });
  });
  return out;
}

function bestRank(f: FusedCandidate): number {
  return Math.min(f.vector_rank ?? Number.POSITIVE_INFINITY, f.lexical_rank ?? Number.POSITIVE_INFINITY);
}

/** Orders fused candidates: higher rrf first, then the better best-lane rank, then id (for a stable order). */
export function compareFused(a: FusedCandidate, b: FusedCandidate): number {
  if (a.rrf !== b.rrf) return b.rrf - a.rrf;
  const rankDiff = bestRank(a) - bestRank(b);
  if (rankDiff !== 0 && !Number.isNaN(rankDiff)) return rankDiff;
  return a.candidate.id < b.candidate.id ? -1 : a.candidate.id > b.candidate.id ? 1 : 0;
}

/**
 * Fuses the lanes with weighted RRF: rrf(d) = sum over lanes L holding d of weight_L / (k + rank_L(d)). A memory
 * found by one lane only gets that lane's share. Fields describing the memory come from the vector entry when
 * both lanes hold it (they are the same row). Returns the fused list, best first.
 */
export function fuseRrf(
  lanes: { vector: readonly Candidate[]; lexical: readonly Candidate[] },
  weights: LaneWeights = DEFAULT_LANE_WEIGHTS,
  k: number = RRF_K,
): FusedCandidate[] {
  const vector = bestPerId('vector', lanes.vector);
  const lexical = bestPerId('lexical', lanes.lexical);
  const ids = new Set([...vector.keys(), ...lexical.keys()]);
  const fused: FusedCandidate[] = [];
  for (const id of ids) {
    const v = vector.get(id);
    const l = lexical.get(id);
    const base = (v ?? l)!.c;
    const similarity = v?.c.vector_similarity;
    fused.push({
      candidate: {
        ...base,
        vector_rank: v?.rank ?? null,
        vector_similarity: v ? (similarity ?? null) : null,
        lexical_rank: l?.rank ?? null,
        lexical_score: l?.c.lexical_score ?? null,
      },
      rrf: (v ? weights.vector / (k + v.rank) : 0) + (l ? weights.lexical / (k + l.rank) : 0),
      lanes: [...(v ? (['vector'] as const) : []), ...(l ? (['lexical'] as const) : [])],
      vector_rank: v?.rank ?? null,
      lexical_rank: l?.rank ?? null,
      vector_similarity:
        v && typeof similarity === 'number' && Number.isFinite(similarity) ? similarity : null,
    });
  }
  return fused.sort(compareFused);
}
