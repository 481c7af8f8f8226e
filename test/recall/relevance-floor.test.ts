// The relevance floor: a candidate stays on good evidence in either lane, and a recall whose candidates all lack it
// returns no items and says so (rankRecall's nothing_relevant), while without a floor nothing changes.
import { describe, expect, it } from 'vitest';
import { rankRecall } from '../../src/recall/index.ts';
import { applyRelevanceFloor, meetsFloor } from '../../src/recall/relevance-floor.ts';
import { cand } from './fixtures.ts';

const FLOOR = { similarity: 0.4, lexical: 2 };

describe('meetsFloor', () => {
  it.each([
    [{ vector_similarity: 0.45, lexical_score: null }, true],
    [{ vector_similarity: 0.39, lexical_score: 1.9 }, false],
    [{ vector_similarity: null, lexical_score: 2.5 }, true],
    [{ vector_similarity: Number.NaN, lexical_score: null }, false],
    [{ vector_similarity: null, lexical_score: null }, false],
  ])('%o -> %s', (evidence, expected) => {
    expect(meetsFloor(evidence, FLOOR)).toBe(expected);
  });

  it('a null part never passes', () => {
    expect(
      meetsFloor({ vector_similarity: 0.99, lexical_score: null }, { similarity: null, lexical: 1 }),
    ).toBe(false);
  });

  it('refuses a corrupt floor', () => {
    expect(() =>
      applyRelevanceFloor([], { similarity: Number.NaN, lexical: null }, () => ({
        vector_similarity: null,
        lexical_score: null,
      })),
    ).toThrow(RangeError);
  });
});

describe('rankRecall with a floor', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  // recall_candidates' fused rows (lane weights 1, k 60).
  const strong = cand('strong', {
    content: 'My daughter is Maya',
    vector_similarity: 0.6,
    vector_rank: 1,
    rrf: 1 / 61,
  });
  const weak = cand('weak', {
    content: 'We have a dog',
    vector_similarity: 0.2,
    vector_rank: 2,
    rrf: 1 / 62,
  });
  const wordy = cand('wordy', { content: 'named named', lexical_rank: 1, lexical_score: 0.5, rrf: 1 / 61 });

  it('keeps the well-evidenced memory and drops the rest as below_floor', () => {
    const out = rankRecall({
      candidates: [strong, weak, wordy],
      query: 'what are my children called',
      now,
      floor: FLOOR,
    });
    expect(out.items.map((i) => i.id)).toEqual(['strong']);
    expect(out.dropped.below_floor.sort()).toEqual(['weak', 'wordy']);
    expect(out.nothing_relevant).toBe(false);
  });

  it('returns no items, and says so, when nothing reaches the floor', () => {
    const out = rankRecall({
      candidates: [weak, wordy],
      query: 'tell me a joke',
      now,
      floor: FLOOR,
    });
    expect(out.items).toEqual([]);
    expect(out.context).toBe('');
    expect(out.nothing_relevant).toBe(true);
  });

  it('changes nothing without a floor', () => {
    const out = rankRecall({
      candidates: [weak, wordy],
      query: 'tell me a joke',
      now,
    });
    expect(out.items.length).toBe(2);
    expect(out.nothing_relevant).toBe(false);
    expect(out.dropped.below_floor).toEqual([]);
  });
});
