import { describe, expect, it } from 'vitest';
import { aggregate, scoreRanking, summarize } from '../../../src/eval/locomo/metrics.ts';

describe('scoreRanking', () => {
  it('scores a ranking with the gold at ranks 2 and 7', () => {
    const ranking = ['a', 'g1', 'b', 'c', 'd', 'e', 'g2', 'f'];
    const s = scoreRanking(ranking, ['g1', 'g2', 'g3']);
    expect(s.recall).toEqual({ 1: 0, 5: 1 / 3, 10: 2 / 3, 25: 2 / 3 });
    expect(s.hit10).toBe(1);
    expect(s.rr).toBe(0.5);
    const dcg = 1 / Math.log2(3) + 1 / Math.log2(8);
    const ideal = 1 + 1 / Math.log2(3) + 1 / Math.log2(4);
    expect(s.ndcg10).toBeCloseTo(dcg / ideal, 12);
  });

  it('gives a perfect ranking 1 everywhere', () => {
    const s = scoreRanking(['x', 'y', 'z'], ['x', 'y']);
    expect(s.recall).toEqual({ 1: 0.5, 5: 1, 10: 1, 25: 1 });
    expect(s.rr).toBe(1);
    expect(s.ndcg10).toBeCloseTo(1, 12);
  });

  it('gives zero when no gold is ranked, and counts only what is in the first 10 for hit and nDCG', () => {
    const ranking = Array.from({ length: 12 }, (_, i) => `n${i}`);
    ranking[10] = 'g';
    const s = scoreRanking(ranking, ['g']);
    expect(s.hit10).toBe(0);
    expect(s.ndcg10).toBe(0);
    expect(s.recall[10]).toBe(0);
    expect(s.recall[25]).toBe(1);
    expect(s.rr).toBeCloseTo(1 / 11, 12);
    expect(scoreRanking([], ['g']).rr).toBe(0);
  });

  it('credits an id listed twice once, at its first rank', () => {
    const s = scoreRanking(['g', 'g', 'x'], ['g', 'h']);
    expect(s.recall[5]).toBe(0.5);
    expect(s.rr).toBe(1);
  });

  it('refuses a question without gold', () => {
    expect(() => scoreRanking(['a'], [])).toThrow(RangeError);
  });
});

describe('aggregate and summarize', () => {
  const perfect = scoreRanking(['g'], ['g']);
  const miss = scoreRanking(['x'], ['g']);
  const second = scoreRanking(['x', 'g'], ['g']);

  it('averages every metric over questions', () => {
    const a = aggregate([perfect, miss, second]);
    expect(a.questions).toBe(3);
    expect(a.mrr).toBeCloseTo((1 + 0 + 0.5) / 3, 12);
    expect(a.recall[1]).toBeCloseTo(1 / 3, 12);
    expect(a.recall[5]).toBeCloseTo(2 / 3, 12);
    expect(a.hit10).toBeCloseTo(2 / 3, 12);
  });

  it('is all zeros for no questions', () => {
    expect(aggregate([])).toEqual({
      questions: 0,
      recall: { 1: 0, 5: 0, 10: 0, 25: 0 },
      hit10: 0,
      mrr: 0,
      ndcg10: 0,
    });
  });

  it('keeps category 5 out of the headline', () => {
    const report = summarize([
      { category: 1, scores: perfect },
      { category: 4, scores: second },
      { category: 5, scores: miss },
    ]);
    expect(report.headline.questions).toBe(2);
    expect(report.headline.mrr).toBeCloseTo(0.75, 12);
    expect(report.adversarial.questions).toBe(1);
    expect(report.adversarial.mrr).toBe(0);
    expect(report.all.questions).toBe(3);
    expect(Object.keys(report.byCategory)).toEqual(['1', '4', '5']);
    expect(report.byCategory['4']!.mrr).toBe(0.5);
  });
});
