// Query-adaptive, kind-aware lane weights (issue 13 item 2). SQL fused each candidate's ranks with fixed lane
// weights; in a hybrid recall this weighs the two lanes again, per candidate, on evidence SQL carried (each lane's
// rank) and on what the memory's words hold of the query:
// - a lexical hit counts by the share of the query's content words the memory holds (lexical-share.ts): one
//   shared word of "What are my children's names?" is half the evidence of both, a memory holding all of them
//   keeps the lane's full weight;
// - an ingested chat turn (an episode) also matches through its neighbours' words, indexed as context that TS does
//   not see and that SQL weighs half (weight D 0.5 against A 1.0): it keeps at least half the lexical weight;
// - durable memories (every kind but episode) take the configured lane weights (durableLanes, equal by default),
//   episodes the model's measured fusion: the local model's vector weight of 0.2 was measured on LoCoMo, whose
//   memories are all chat turns; a short durable memory shares few words with a question about it, so the
//   vector lane's meaning match must count fully there;
// - a vector hit counts by its similarity relative to the query's best one, beside its rank (issue 13: "the vector
//   lane's raw similarity used as evidence and not only its rank"): rank 4 at a third of the best similarity is
//   weaker evidence than rank 4 just under it, and the best match keeps the lane's full weight;
// - a candidate's rank in each lane is its place among the candidates of its own class (durable or episode), in
//   the lane's order: in a subject of 600 chat turns the user's best-matching preference sits at vector rank 25
//   behind 24 turns, and durable memories compete with each other (durable-first.ts moves weak turns after them).
// Measured on the dev sets (docs/benchmarks/lane-weights.md): LoCoMo R@10 / MRR 0.755 / 0.560 -> 0.759 / 0.562,
// lived-in chat hit@1 / hit@3 / MRR 0.273 / 0.661 / 0.482 -> 0.382 / 0.703 / 0.557. Single-lane recalls keep SQL's
// fused value.
// Pure; after readEvidence, before scoring.
import type { FusedCandidate, LaneWeights } from './evidence.ts';
import { contentWords, lexicalShare } from './lexical-share.ts';
import type { Lane } from './types.ts';

/** The numbers the weighing needs (a RankWeights fits). */
export interface LaneWeighting {
  /** The lanes' weights for episodes (the model's measured fusion when it has one). */
  lanes: LaneWeights;
  /** The lanes' weights for durable memories. */
  durableLanes: LaneWeights;
  /** RRF constant. */
  k: number;
}

/** A fused candidate with the value the final score is based on. */
export interface WeighedCandidate extends FusedCandidate {
  /** SQL's rrf in a single-lane recall; the per-candidate weighed fusion in a hybrid one. */
  weighted: number;
  /** The share of the query's content words the memory holds; null when not judged (single lane, no words). */
  lexical_share: number | null;
}

/** How much of the lexical lane's weight a hit keeps, given the share of the query the memory holds. */
export function lexicalFactor(kind: string, share: number | null): number {
  if (share === null) return 1;
  return kind === 'episode' ? 0.5 + 0.5 * share : share;
}

/** The lane weights a memory of this kind is fused with. */
export function lanesFor(kind: string, weighting: LaneWeighting): LaneWeights {
  return kind === 'episode' ? weighting.lanes : weighting.durableLanes;
}

/**
 * The best value a candidate can get: rank 1 in every active lane under the larger of the two weight sets (one
 * normaliser for both kinds keeps their scores comparable).
 */
export function bestWeighted(weighting: LaneWeighting, activeLanes: readonly Lane[]): number {
  const sum = (lanes: LaneWeights) => activeLanes.reduce((s, lane) => s + lanes[lane] / (weighting.k + 1), 0);
  return activeLanes.length < 2
    ? sum(weighting.lanes)
    : Math.max(sum(weighting.lanes), sum(weighting.durableLanes));
}

const isEpisode = (f: FusedCandidate) => f.candidate.kind === 'episode';

/** A similarity over the query's best one, in [0, 1] (1 when nothing is positive to compare with). */
export function relativeSimilarity(similarity: number | null, best: number): number {
  if (!(best > 0)) return 1;
  return Math.min(1, Math.max(0, (similarity ?? 0) / best));
}

/**
 * 1-based place of each candidate among those of its class (episode or durable) that have a counted rank in the
 * lane, in the lane's order (ties: input order).
 */
function rankWithinClass(
  fused: readonly FusedCandidate[],
  rankOf: (f: FusedCandidate) => number | null,
): Map<FusedCandidate, number> {
  const places = new Map<FusedCandidate, number>();
  for (const episode of [true, false]) {
    const ranked = fused
      .filter((f) => isEpisode(f) === episode && rankOf(f) !== null)
      .sort((a, b) => rankOf(a)! - rankOf(b)!);
    for (const [i, f] of ranked.entries()) places.set(f, i + 1);
  }
  return places;
}

/** Each candidate with its weighed value (see the module header); order unchanged. */
export function weighLanes(
  fused: readonly FusedCandidate[],
  query: string,
  weighting: LaneWeighting,
  activeLanes: readonly Lane[],
): WeighedCandidate[] {
  if (activeLanes.length < 2) return fused.map((f) => ({ ...f, weighted: f.rrf, lexical_share: null }));
  const queryWords = contentWords(query);
  const vectorRank = rankWithinClass(fused, (f) => (f.lanes.includes('vector') ? f.vector_rank : null));
  const lexicalRank = rankWithinClass(fused, (f) => (f.lanes.includes('lexical') ? f.lexical_rank : null));
  const best = Math.max(0, ...fused.filter((f) => vectorRank.has(f)).map((f) => f.vector_similarity ?? 0));
  return fused.map((f) => {
    const c = f.candidate;
    const lanes = lanesFor(c.kind, weighting);
    const share = f.lanes.includes('lexical')
      ? lexicalShare(queryWords, contentWords(`${c.content} ${c.tags.join(' ')}`))
      : null;
    const vr = vectorRank.get(f);
    const lr = lexicalRank.get(f);
    let weighted = 0;
    if (vr !== undefined)
      weighted += (lanes.vector * relativeSimilarity(f.vector_similarity, best)) / (weighting.k + vr);
    if (lr !== undefined) weighted += (lanes.lexical * lexicalFactor(c.kind, share)) / (weighting.k + lr);
    return { ...f, weighted, lexical_share: share };
  });
}
