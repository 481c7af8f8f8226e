import { describe, expect, it } from 'vitest';
import { readEvidence } from '../../src/recall/evidence.ts';
import { cand } from './fixtures.ts';

const ids = (list: { candidate: { id: string } }[]): string[] => list.map((f) => f.candidate.id);

describe('readEvidence', () => {
  // recall_candidates' rows (threshold 0.5): a both lanes, b vector under the threshold but lexical, c lexical only,
  // d vector only, e vector only under the threshold, f a similarity that is not a number.
  const rows = [
    cand('a', {
      vector_rank: 1,
      vector_similarity: 0.9,
      lexical_rank: 3,
      lexical_score: 0.2,
      rrf: 1 / 61 + 1 / 63,
    }),
    cand('b', {
      vector_rank: 4,
      vector_similarity: 0.4,
      below_threshold: true,
      lexical_rank: 1,
      rrf: 1 / 61,
    }),
    cand('c', { lexical_rank: 2, lexical_score: 0.3, rrf: 1 / 62 }),
    cand('d', { vector_rank: 2, vector_similarity: 0.8, rrf: 1 / 62 }),
    cand('e', { vector_rank: 5, vector_similarity: 0.2, below_threshold: true, rrf: 0 }),
    cand('f', { vector_rank: 3, vector_similarity: Number.NaN, below_threshold: true, rrf: 0 }),
  ];

  it('keeps SQL rrf and order, and counts only the evidence SQL counted', () => {
    const { fused } = readEvidence(rows);
    // rrf first; c and d tie on 1/62 and c wins by id (both have best counted rank 2).
    expect(ids(fused)).toEqual(['a', 'b', 'c', 'd']);
    expect(fused[0]!.rrf).toBe(1 / 61 + 1 / 63);
    expect(fused.map((f) => f.lanes)).toEqual([['vector', 'lexical'], ['lexical'], ['lexical'], ['vector']]);
  });

  it('shows the real vector evidence of a memory whose similarity was under the threshold', () => {
    const b = readEvidence(rows).fused.find((f) => f.candidate.id === 'b')!;
    expect(b).toMatchObject({
      vector_rank: 4,
      vector_similarity: 0.4,
      below_threshold: true,
      lexical_rank: 1,
    });
  });

  it('reports vector evidence that does not count, and whether the lexical lane kept the memory', () => {
    expect(readEvidence(rows).removed).toEqual([
      { id: 'b', reason: 'below_threshold', similarity: 0.4, kept_lexical: true },
      { id: 'e', reason: 'below_threshold', similarity: 0.2, kept_lexical: false },
      { id: 'f', reason: 'invalid_score', similarity: null, kept_lexical: false },
    ]);
  });

  it('ignores broken ranks, counts a broken rrf as 0 and keeps the first row of a repeated id', () => {
    const { fused, removed } = readEvidence([
      cand('x', { vector_rank: 1.5, vector_similarity: 0.9, lexical_rank: 2, rrf: Number.NaN }),
      cand('x', { vector_rank: 1, vector_similarity: 0.9, rrf: 1 }),
      cand('y', { vector_rank: 0, vector_similarity: 0.9, rrf: 1 }),
    ]);
    expect(fused.map((f) => [f.candidate.id, f.lanes, f.rrf])).toEqual([['x', ['lexical'], 0]]);
    expect(removed).toEqual([]);
  });

  it('breaks an rrf tie by the better counted rank, then by id', () => {
    const { fused } = readEvidence([
      cand('p', { vector_rank: 2, vector_similarity: 0.9, lexical_rank: 2, rrf: 1 }),
      cand('q', { vector_rank: 1, vector_similarity: 0.9, rrf: 1 }),
      cand('z', { lexical_rank: 1, rrf: 1 }),
    ]);
    expect(ids(fused)).toEqual(['q', 'z', 'p']);
  });
});
