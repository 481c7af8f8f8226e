// The final score of a fused candidate (rrf, recency, importance, trust) and its `why` explanation.
import type { Why } from '../contract/index.ts';
import type { FusedCandidate, LaneWeights } from './evidence.ts';
import { recency } from './recency.ts';
import type { Lane } from './types.ts';
import type { RankWeights } from './weights.ts';

/** A fused candidate with its final score. */
export interface ScoredCandidate extends FusedCandidate {
  score: number;
  /** SQL's fusion / the best possible with the active lanes, in [0, 1]. */
  rrf_normalised: number;
  recency: number;
  /** The reranker's relevance in [0, 1] when a reranker scored this candidate; null otherwise. */
  rerank: number | null;
  /** A chat turn's weight when the query names one of its conversation's speakers (named-speaker.ts). */
  speaker_weight?: number;
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

/** Trust as an index 0..3; anything else (a bad row) is treated as untrusted. */
function trustLevel(trust: number): 0 | 1 | 2 | 3 {
  return trust === 1 || trust === 2 || trust === 3 ? trust : 0;
}

/**
 * The best fusion a memory can get from recall_candidates: rank 1 in every active lane, at the larger of the two
 * weight sets in a hybrid recall (durable memories and episodes are weighed with their own; one normaliser for
 * both keeps their scores comparable). Dividing by it (rather than by this query's top score) keeps scores
 * comparable across queries: a memory that tops only one of two equal lanes scores 0.5.
 */
export function maxRrf(weights: RankWeights, activeLanes: readonly Lane[]): number {
  const sum = (lanes: LaneWeights) => activeLanes.reduce((s, lane) => s + lanes[lane] / (weights.k + 1), 0);
  return activeLanes.length < 2
    ? sum(weights.lanes)
    : Math.max(sum(weights.lanes), sum(weights.durableLanes));
}

/**
 * score = rrf_normalised (SQL's fusion over its best; or, when a reranker scored the candidate, its relevance)
 *       * ((1 - w.recency) + w.recency * recency)          defaults: 0.6 + 0.4 * recency
 *       * ((1 - w.importance) + w.importance * importance) defaults: 0.75 + 0.25 * importance
 *       * w.trust[trust]                                    defaults: 0.6, 0.85, 1, 1
 * Multiplicative, with each factor bounded below by default (0.6, 0.75, 0.6), so recency, importance and trust
 * reorder memories the lanes found about equally well but cannot lift a barely-found memory far above a
 * well-found one. Every factor is in [0, 1], so the score is too. Returns best first (ties: rrf, then fusion
 * order).
 */
export function scoreCandidates(
  fused: readonly FusedCandidate[],
  options: {
    now: Date;
    weights: RankWeights;
    activeLanes: readonly Lane[];
    /** A reranker's relevance per id (rerankedRelevance): it stands in for rrf_normalised. */
    relevance?: ReadonlyMap<string, number> | null;
  },
): ScoredCandidate[] {
  const { now, weights } = options;
  const best = maxRrf(weights, options.activeLanes);
  const relevance = options.relevance ?? null;
  // Candidates the reranker did not read (beyond its share) rank below every one it did.
  const floor = relevance && relevance.size > 0 ? Math.min(...relevance.values()) : 1;
  const scored = fused.map((f, order) => {
    const c = f.candidate;
    const rrfNormalised = best > 0 ? clamp01(f.rrf / best) : 0;
    const reranked = relevance?.get(c.id);
    const base =
      relevance === null
        ? rrfNormalised
        : reranked !== undefined
          ? clamp01(reranked)
          : rrfNormalised * floor * 0.5;
    const r = recency(c.kind, c.created_at, now, weights.halfLifeDays);
    const score =
      base *
      (1 - weights.recency + weights.recency * r) *
      (1 - weights.importance + weights.importance * clamp01(c.importance)) *
      weights.trust[trustLevel(c.trust)];
    // Every field named, not `{ ...f, score, ... }`: V8 (Node 20) builds a spread with added fields on a slow
    // path, 2.7 us a candidate, 0.6 ms of a LoCoMo-size recall's 230 (35 ns written out). The compiler still
    // checks that no field of FusedCandidate is left out.
    const entry: ScoredCandidate = {
      candidate: f.candidate,
      rrf: f.rrf,
      lanes: f.lanes,
      vector_rank: f.vector_rank,
      vector_similarity: f.vector_similarity,
      below_threshold: f.below_threshold,
      lexical_rank: f.lexical_rank,
      lexical_score: f.lexical_score,
      lexical_share: f.lexical_share,
      key_rank: f.key_rank,
      score,
      rrf_normalised: rrfNormalised,
      recency: r,
      rerank: reranked ?? null,
      // Held by every scored candidate, so that weighNamedSpeaker's copies overwrite a field rather than add one:
      // V8 builds `{ ...e, speaker_weight }` 20x faster when e's shape already has it (0.25 -> 0.013 ms for 230).
      speaker_weight: undefined,
    };
    return { entry, order };
  });
  scored.sort((a, b) => b.entry.score - a.entry.score || b.entry.rrf - a.entry.rrf || a.order - b.order);
  return scored.map((s) => s.entry);
}

/**
 * The `why` of one scored item: the lane evidence and the fusion SQL returned, as it returned them. The vector
 * lane's similarity and rank show also when the similarity was under the threshold (then `below_threshold` is true
 * and `lanes` lacks vector).
 */
export function explain(s: ScoredCandidate, threshold: number | null): Why {
  return {
    lanes: [...s.lanes],
    vector_similarity: s.vector_similarity,
    vector_rank: s.vector_rank,
    below_threshold: s.below_threshold,
    lexical_rank: s.lexical_rank,
    lexical_score: s.lexical_score,
    rrf: s.rrf,
    rrf_normalised: s.rrf_normalised,
    lexical_share: s.lexical_share,
    recency: s.recency,
    threshold,
    importance: s.candidate.importance,
    trust: s.candidate.trust,
    ...(s.rerank !== null ? { rerank: s.rerank } : {}),
    ...(s.speaker_weight !== undefined ? { speaker_weight: s.speaker_weight } : {}),
    ...(s.key_rank !== null ? { key_rank: s.key_rank } : {}),
  };
}
