import { describe, expect, it } from 'vitest';
import { type FusedCandidate, readEvidence } from '../../src/recall/evidence.ts';
import { explain, maxRrf, scoreCandidates } from '../../src/recall/score.ts';
import type { Candidate } from '../../src/recall/types.ts';
import { DEFAULT_RANK_WEIGHTS, resolveRankWeights } from '../../src/recall/weights.ts';
import { cand } from './fixtures.ts';

const now = new Date('2026-12-01T00:00:00.000Z');
const daysAgo = (days: number): string => new Date(now.getTime() - days * 86_400_000).toISOString();
const both = ['vector', 'lexical'] as const;

/** A row as recall_candidates fuses it with lane weights 1 and k 60, weighed as SQL fused it. */
function fused(candidate: Candidate, vectorRank: number | null, lexicalRank: number | null): FusedCandidate {
  const rrf =
    (vectorRank === null ? 0 : 1 / (60 + vectorRank)) + (lexicalRank === null ? 0 : 1 / (60 + lexicalRank));
  return readEvidence([
    {
      ...candidate,
      vector_rank: vectorRank,
      vector_similarity: vectorRank === null ? null : 0.8,
      lexical_rank: lexicalRank,
      rrf,
    },
  ]).fused[0]!;
}

describe('scoreCandidates', () => {
  it('scores 1 for rank 1 in every lane, written now, importance 1, trust 2', () => {
    const [s] = scoreCandidates([fused(cand('a', { importance: 1, created_at: now.toISOString() }), 1, 1)], {
      now,
      weights: DEFAULT_RANK_WEIGHTS,
      activeLanes: both,
    });
    expect(s!.rrf_normalised).toBe(1);
    expect(s!.score).toBe(1);
  });

  it('multiplies rrf_normalised, 0.6 + 0.4 recency, 0.75 + 0.25 importance and the trust factor', () => {
    const c = cand('a', { kind: 'episode', importance: 0, trust: 0, created_at: daysAgo(14) });
    const [s] = scoreCandidates([fused(c, 1, null)], {
      now,
      weights: DEFAULT_RANK_WEIGHTS,
      activeLanes: both,
    });
    // rrf_normalised = (1/61) / (2/61) = 0.5; recency 0.5 -> 0.8; importance 0 -> 0.75; trust 0 -> 0.6
    expect(s!.rrf_normalised).toBeCloseTo(0.5, 15);
    expect(s!.recency).toBe(0.5);
    expect(s!.score).toBeCloseTo(0.5 * 0.8 * 0.75 * 0.6, 15);
  });

  it('normalises by the lanes of the mode: rank 1 of the only lane is 1', () => {
    const c = cand('a', { importance: 1, created_at: now.toISOString() });
    const [s] = scoreCandidates([fused(c, 1, null)], {
      now,
      weights: DEFAULT_RANK_WEIGHTS,
      activeLanes: ['vector'],
    });
    expect(s!.score).toBe(1);
    expect(maxRrf(DEFAULT_RANK_WEIGHTS, both)).toBeCloseTo(2 / 61, 15);
    // Durable memories and episodes are fused with their own weights: the best of both normalises.
    const local = resolveRankWeights({ lanes: { vector: 0.2, lexical: 1 }, k: 5 });
    expect(maxRrf(local, both)).toBeCloseTo(2 / 6, 12);
    expect(maxRrf(local, ['vector'])).toBeCloseTo(0.2 / 6, 12);
  });

  it('lets recency, importance and trust reorder memories the lanes found alike', () => {
    const entries = [
      fused(cand('old-episode', { kind: 'episode', created_at: daysAgo(60) }), 1, null),
      fused(cand('fresh-episode', { kind: 'episode', created_at: daysAgo(1) }), null, 1),
      fused(cand('untrusted', { trust: 0, created_at: daysAgo(1), kind: 'episode' }), 2, null),
      fused(cand('important', { importance: 1, created_at: daysAgo(1), kind: 'episode' }), null, 2),
    ];
    const out = scoreCandidates(entries, { now, weights: DEFAULT_RANK_WEIGHTS, activeLanes: both });
    expect(out.map((s) => s.candidate.id)).toEqual([
      'important',
      'fresh-episode',
      'old-episode',
      'untrusted',
    ]);
  });

  it('follows configured weights: with recency weight 0 age no longer matters', () => {
    const weights = resolveRankWeights({ recency: 0 });
    const entries = [
      fused(cand('new', { kind: 'episode', created_at: daysAgo(0) }), null, 2),
      fused(cand('old', { kind: 'episode', created_at: daysAgo(300) }), 1, null),
    ];
    expect(scoreCandidates(entries, { now, weights, activeLanes: both }).map((s) => s.candidate.id)).toEqual([
      'old',
      'new',
    ]);
    expect(
      scoreCandidates(entries, { now, weights: DEFAULT_RANK_WEIGHTS, activeLanes: both }).map(
        (s) => s.candidate.id,
      ),
    ).toEqual(['new', 'old']);
  });

  it('treats an out-of-range trust as untrusted and clamps importance', () => {
    const c = cand('a', { trust: 7, importance: 4, created_at: now.toISOString() });
    const [s] = scoreCandidates([fused(c, 1, 1)], { now, weights: DEFAULT_RANK_WEIGHTS, activeLanes: both });
    expect(s!.score).toBeCloseTo(0.6, 15);
  });
});

describe('explain', () => {
  it('reports the real lane evidence, also vector evidence under the threshold', () => {
    const c = cand('a', { importance: 0.3, trust: 1, created_at: now.toISOString() });
    const [entry] = readEvidence([
      {
        ...c,
        vector_rank: 9,
        vector_similarity: 0.31,
        below_threshold: true,
        lexical_rank: 4,
        lexical_score: 0.7,
        lexical_share: 0.5,
        rrf: 1 / 64,
      },
    ]).fused;
    const [s] = scoreCandidates([entry!], {
      now,
      weights: DEFAULT_RANK_WEIGHTS,
      activeLanes: both,
    });
    expect(explain(s!, 0.5)).toEqual({
      lanes: ['lexical'],
      vector_similarity: 0.31,
      vector_rank: 9,
      below_threshold: true,
      lexical_rank: 4,
      lexical_score: 0.7,
      rrf: 1 / 64,
      rrf_normalised: s!.rrf_normalised,
      lexical_share: 0.5,
      recency: 1,
      threshold: 0.5,
      importance: 0.3,
      trust: 1,
    });
  });
});

describe('resolveRankWeights', () => {
  it('merges overrides into the defaults', () => {
    const w = resolveRankWeights({ lanes: { lexical: 0.5 }, halfLifeDays: { episode: 7 } });
    expect(w.lanes).toEqual({ vector: 1, lexical: 0.5 });
    expect(w.halfLifeDays.episode).toBe(7);
    expect(w.halfLifeDays.fact).toBe(180);
    expect(resolveRankWeights(w)).toEqual(w);
  });

  it('refuses invalid weights', () => {
    expect(() => resolveRankWeights({ recency: 1.5 })).toThrow(RangeError);
    expect(() => resolveRankWeights({ lanes: { vector: 0, lexical: 0 } })).toThrow(RangeError);
    expect(() => resolveRankWeights({ lanes: { vector: Number.NaN } })).toThrow(RangeError);
    expect(() => resolveRankWeights({ halfLifeDays: { episode: 0 } })).toThrow(RangeError);
    expect(() => resolveRankWeights({ trust: [1, 1, 1, 2] })).toThrow(RangeError);
  });
});
