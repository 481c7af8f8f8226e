import { describe, expect, it } from 'vitest';
import { assignLaneRanks, fuseRrf } from '../../src/recall/fusion.ts';
import { cand } from './fixtures.ts';

const ids = (list: { candidate: { id: string } }[]): string[] => list.map((f) => f.candidate.id);

describe('fuseRrf', () => {
  // a: vector 1, lexical 3 | b: vector 2, lexical 1 | c: lexical 2 only | d: vector 3 only
  const vector = [
    cand('a', { vector_rank: 1, vector_similarity: 0.9 }),
    cand('b', { vector_rank: 2, vector_similarity: 0.8 }),
    cand('d', { vector_rank: 3, vector_similarity: 0.7 }),
  ];
  const lexical = [
    cand('b', { lexical_rank: 1, lexical_score: 0.4 }),
    cand('c', { lexical_rank: 2, lexical_score: 0.3 }),
    cand('a', { lexical_rank: 3, lexical_score: 0.2 }),
  ];

  it('sums weight / (60 + rank) over the lanes that hold each memory', () => {
    const fused = fuseRrf({ vector, lexical });
    expect(ids(fused)).toEqual(['b', 'a', 'c', 'd']);
    const byId = new Map(fused.map((f) => [f.candidate.id, f]));
    expect(byId.get('b')!.rrf).toBeCloseTo(1 / 62 + 1 / 61, 15);
    expect(byId.get('a')!.rrf).toBeCloseTo(1 / 61 + 1 / 63, 15);
    expect(byId.get('c')!.rrf).toBeCloseTo(1 / 62, 15);
    expect(byId.get('d')!.rrf).toBeCloseTo(1 / 63, 15);
  });

  it('gives a one-lane memory only that lane share and records which lanes contributed', () => {
    const fused = fuseRrf({ vector, lexical });
    const c = fused.find((f) => f.candidate.id === 'c')!;
    expect(c.lanes).toEqual(['lexical']);
    expect(c.vector_rank).toBeNull();
    expect(c.vector_similarity).toBeNull();
    expect(c.lexical_rank).toBe(2);
    const a = fused.find((f) => f.candidate.id === 'a')!;
    expect(a.lanes).toEqual(['vector', 'lexical']);
    expect(a.vector_similarity).toBe(0.9);
    expect(a.candidate.lexical_score).toBe(0.2);
  });

  it('applies lane weights', () => {
    const fused = fuseRrf({ vector, lexical }, { vector: 2, lexical: 0.5 });
    // a = 2/61 + 0.5/63 > b = 2/62 + 0.5/61 > d = 2/63 > c = 0.5/62
    expect(ids(fused)).toEqual(['a', 'b', 'd', 'c']);
    expect(fused[0]!.rrf).toBeCloseTo(2 / 61 + 0.5 / 63, 15);
  });

  it('a lane weight of 0 leaves that lane unable to reorder anything', () => {
    const fused = fuseRrf({ vector, lexical }, { vector: 1, lexical: 0 });
    expect(ids(fused)).toEqual(['a', 'b', 'd', 'c']);
    expect(fused.at(-1)!.rrf).toBe(0);
  });

  it('breaks an rrf tie by the better best rank, then by id', () => {
    // With k = 0: p = 1/2 + 1/2 = 1 and q = 1/1 = 1; q has the better best rank (1 against 2).
    const tie = fuseRrf(
      {
        vector: [cand('q', { vector_rank: 1 }), cand('p', { vector_rank: 2 })],
        lexical: [cand('p', { lexical_rank: 2 })],
      },
      { vector: 1, lexical: 1 },
      0,
    );
    expect(ids(tie)).toEqual(['q', 'p']);
    const sameRank = fuseRrf({
      vector: [cand('y', { vector_rank: 1 })],
      lexical: [cand('x', { lexical_rank: 1 })],
    });
    expect(ids(sameRank)).toEqual(['x', 'y']);
  });

  it('takes ranks from list positions when the lane sent none, and the best rank of a repeated id', () => {
    const fused = fuseRrf({
      vector: [cand('a'), cand('b'), cand('a', { vector_rank: 7 })],
      lexical: [cand('c'), cand('b', { lexical_rank: 0 })],
    });
    const byId = new Map(fused.map((f) => [f.candidate.id, f]));
    expect(byId.get('a')!.vector_rank).toBe(1);
    expect(byId.get('b')!.vector_rank).toBe(2);
    expect(byId.get('b')!.lexical_rank).toBe(2);
    expect(byId.get('c')!.lexical_rank).toBe(1);
    expect(fused).toHaveLength(3);
  });
});

describe('assignLaneRanks', () => {
  it('keeps valid ranks and fills missing or invalid ones from the position', () => {
    const ranked = assignLaneRanks('vector', [
      cand('a', { vector_rank: 3 }),
      cand('b'),
      cand('c', { vector_rank: Number.NaN }),
      cand('d', { vector_rank: 1.5 }),
    ]);
    expect(ranked.map((c) => c.vector_rank)).toEqual([3, 2, 3, 4]);
    expect(assignLaneRanks('lexical', [cand('x')])[0]!.lexical_rank).toBe(1);
  });
});
