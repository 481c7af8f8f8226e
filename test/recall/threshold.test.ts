import { describe, expect, it } from 'vitest';
import { applyThreshold } from '../../src/recall/threshold.ts';
import { cand } from './fixtures.ts';

describe('applyThreshold', () => {
  const vector = [
    cand('a', { vector_similarity: 0.9 }),
    cand('b', { vector_similarity: 0.4 }),
    cand('c', { vector_similarity: Number.NaN }),
    cand('d', { vector_similarity: null }),
    cand('e', { vector_similarity: 0.3 }),
    cand('f'),
    cand('g', { vector_similarity: Number.POSITIVE_INFINITY }),
    cand('h', { vector_similarity: 0.5 }),
  ];
  const lexical = [cand('e'), cand('f'), cand('x')];

  it('drops vector evidence below the threshold; a lexical match keeps the memory', () => {
    const out = applyThreshold({ vector, lexical }, 0.5);
    expect(out.vector.map((c) => c.id)).toEqual(['a', 'h']);
    expect(out.lexical.map((c) => c.id)).toEqual(['e', 'f', 'x']);
    expect(out.removed).toEqual([
      { id: 'b', reason: 'below_threshold', similarity: 0.4, kept_lexical: false },
      { id: 'c', reason: 'invalid_score', similarity: null, kept_lexical: false },
      { id: 'd', reason: 'invalid_score', similarity: null, kept_lexical: false },
      { id: 'e', reason: 'below_threshold', similarity: 0.3, kept_lexical: true },
      { id: 'f', reason: 'invalid_score', similarity: null, kept_lexical: true },
      { id: 'g', reason: 'invalid_score', similarity: null, kept_lexical: false },
    ]);
  });

  it('without a calibrated threshold still drops NaN, null and infinite scores', () => {
    const out = applyThreshold({ vector, lexical }, null);
    expect(out.vector.map((c) => c.id)).toEqual(['a', 'b', 'e', 'h']);
    expect(out.removed.map((r) => r.id)).toEqual(['c', 'd', 'f', 'g']);
    expect(out.removed.every((r) => r.reason === 'invalid_score')).toBe(true);
  });

  it('accepts negative cosine thresholds', () => {
    const out = applyThreshold({ vector: [cand('n', { vector_similarity: -0.2 })], lexical: [] }, -0.3);
    expect(out.vector).toHaveLength(1);
  });

  it('refuses a non-finite threshold instead of silently dropping everything', () => {
    expect(() => applyThreshold({ vector, lexical }, Number.NaN)).toThrow(RangeError);
  });
});
