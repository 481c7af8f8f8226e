import { describe, expect, it } from 'vitest';
import { dedupeByKey } from '../../src/recall/dedupe.ts';
import { cand, entry } from './fixtures.ts';

describe('dedupeByKey', () => {
  it('keeps the higher scoring memory of a key, in input order, and reports the others', () => {
    const entries = [
      entry(cand('a', { key: 'editor' }), 0.4),
      entry(cand('b'), 0.9),
      entry(cand('c', { key: 'editor' }), 0.7),
      entry(cand('d', { key: 'editor' }), 0.2),
      entry(cand('e', { key: 'diet' }), 0.1),
    ];
    const out = dedupeByKey(entries);
    expect(out.kept.map((e) => e.candidate.id)).toEqual(['b', 'c', 'e']);
    expect(out.duplicates).toEqual(['a', 'd']);
  });

  it('on a score tie keeps the newer, then the smaller id', () => {
    const newer = dedupeByKey([
      entry(cand('old', { key: 'k', created_at: '2026-01-01T00:00:00Z' }), 0.5),
      entry(cand('new', { key: 'k', created_at: '2026-06-01T00:00:00Z' }), 0.5),
    ]);
    expect(newer.kept.map((e) => e.candidate.id)).toEqual(['new']);
    const sameTime = dedupeByKey([entry(cand('y', { key: 'k' }), 0.5), entry(cand('x', { key: 'k' }), 0.5)]);
    expect(sameTime.kept.map((e) => e.candidate.id)).toEqual(['x']);
  });

  it('never merges memories without a key, or the same key of different subjects', () => {
    const out = dedupeByKey([
      entry(cand('a', { key: null })),
      entry(cand('b')),
      entry(cand('c', { key: 'k', subject: 's1' })),
      entry(cand('d', { key: 'k', subject: 's2' })),
    ]);
    expect(out.kept).toHaveLength(4);
    expect(out.duplicates).toEqual([]);
  });
});
