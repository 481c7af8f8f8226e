import { describe, expect, it } from 'vitest';
import { charNgrams, hashedWordVector } from '../../../src/embedding/local/oov.ts';

const cosine = (a: Float32Array, b: Float32Array): number => {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    aa += a[i]! * a[i]!;
    bb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(aa * bb);
};

describe('charNgrams', () => {
  it('gives the marked word and its 3- to 5-grams', () => {
    expect(charNgrams('ab')).toEqual(['<ab>', '<ab', 'ab>']);
    expect(charNgrams('abc')).toEqual(['<abc>', '<ab', 'abc', 'bc>', '<abc', 'abc>']);
  });
});

describe('hashedWordVector', () => {
  it('is deterministic and has the requested length', () => {
    const a = hashedWordVector('zorblax', 100, 3.5);
    const b = hashedWordVector('zorblax', 100, 3.5);
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(Math.hypot(...a)).toBeCloseTo(3.5, 4);
    expect(a.every(Number.isFinite)).toBe(true);
  });

  it('makes spelling variants close and unrelated words nearly orthogonal', () => {
    const word = hashedWordVector('zorblax', 100, 1);
    expect(cosine(word, hashedWordVector('zorblaxes', 100, 1))).toBeGreaterThan(0.5);
    for (const other of ['quintaro', 'blorpfish', 'xylemic']) {
      expect(Math.abs(cosine(word, hashedWordVector(other, 100, 1)))).toBeLessThan(0.3);
    }
  });
});
