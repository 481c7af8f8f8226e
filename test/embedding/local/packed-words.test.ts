import { describe, expect, it } from 'vitest';
import { packedLookup, packedWordAt, packWords } from '../../../src/embedding/local/packed-words.ts';
import { FIXTURE_WORDS } from './fixture-vectors.ts';

describe('packed words', () => {
  it('finds every word at its row and misses words it does not hold', () => {
    const packed = packWords(FIXTURE_WORDS);
    const rowOf = packedLookup(packed);
    for (const [row, word] of FIXTURE_WORDS.entries()) {
      expect(rowOf(word)).toBe(row);
      expect(packedWordAt(packed, row)).toBe(word);
    }
    for (const missing of ['', 'zurich', 'word288', 'apples', 'the ', 'Zürich'])
      expect(rowOf(missing)).toBeUndefined();
  });

  it('keeps the first row of a duplicate and stays at most half full', () => {
    const packed = packWords(['a', 'b', 'a', 'c']);
    expect(packedLookup(packed)('a')).toBe(0);
    expect(packedLookup(packed)('c')).toBe(3);
    expect(packed.slots.length).toBeGreaterThanOrEqual(8);
    expect(packed.slots.filter((slot) => slot !== 0)).toHaveLength(3);
  });

  it('handles an empty vocabulary', () => {
    expect(packedLookup(packWords([]))('anything')).toBeUndefined();
  });
});
