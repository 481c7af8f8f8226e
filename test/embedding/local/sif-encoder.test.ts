import { describe, expect, it } from 'vitest';
import {
  createSentenceEncoder,
  sifWeight,
  zipfProbability,
} from '../../../src/embedding/local/sif-encoder.ts';
import type { WordTable } from '../../../src/embedding/local/word-table.ts';

const DIMS = 6;

/** Hand-made table: one axis per content word, and a common direction along the last axis. */
function table(commonComponent = [0, 0, 0, 0, 0, 1]): WordTable {
  const words = ['the', 'is', 'apple', 'banana', 'car', 'e-mail', 'cafe', 'follow', 'up'];
  const vectors: number[][] = [
    [0, 0, 0, 0, 0.5, 1],
    [0, 0, 0, 0, -0.5, 1],
    [1, 0, 0, 0, 0, 1],
    [0, 1, 0, 0, 0, 1],
    [0, 0, 1, 0, 0, 1],
    [0, 0, 0, 1, 0, 1],
    [1, 1, 0, 0, 0, 1],
    [0, 0, 1, 1, 0, 1],
    [0, 0, 0, 0, 1, 1],
  ];
  const rows = new Map(words.map((word, row) => [word, row]));
  return {
    dimensions: DIMS,
    sourceVocabularySize: 1000,
    size: words.length,
    rowOf: (word) => rows.get(word),
    scales: new Float32Array(words.length).fill(1),
    values: Float32Array.from(vectors.flat()),
    commonComponent: Float32Array.from(commonComponent),
  };
}

const dot = (a: Float32Array, b: Float32Array): number => a.reduce((sum, value, i) => sum + value * b[i]!, 0);
const isUnit = (v: Float32Array): boolean =>
  v.every(Number.isFinite) && Math.abs(Math.hypot(...v) - 1) < 1e-5;

describe('zipfProbability and sifWeight', () => {
  it('follows Zipf: probability falls as 1/rank and sums to about one', () => {
    expect(zipfProbability(1, 1000) / zipfProbability(10, 1000)).toBeCloseTo(10, 10);
    let total = 0;
    for (let rank = 1; rank <= 1000; rank++) total += zipfProbability(rank, 1000);
    expect(total).toBeCloseTo(1, 3);
  });

  it('weighs a word a/(a+p): a half when p equals a, near one for rare words', () => {
    expect(sifWeight(1e-3, 1e-3)).toBe(0.5);
    expect(sifWeight(1e-7, 1e-3)).toBeGreaterThan(0.999);
    expect(sifWeight(0.05, 1e-3)).toBeLessThan(0.02);
  });
});

describe('createSentenceEncoder', () => {
  const encode = createSentenceEncoder(table());

  it('returns unit vectors with the common component removed', () => {
    for (const text of ['apple', 'the apple and the car', 'Banana!', 'zorblax', 'the is']) {
      const vector = encode(text);
      expect(isUnit(vector), text).toBe(true);
      expect(Math.abs(vector[5]!), text).toBeLessThan(1e-6);
    }
  });

  it('drops stop words, unless nothing else is left', () => {
    expect(Array.from(encode('the apple is'))).toEqual(Array.from(encode('apple')));
    const onlyStopWords = encode('the is the');
    expect(isUnit(onlyStopWords)).toBe(true);
    expect(Array.from(onlyStopWords)).not.toEqual(Array.from(encode('')));
  });

  it('gives the same, valid vector to every text without tokens', () => {
    const empty = encode('');
    expect(isUnit(empty)).toBe(true);
    expect(Array.from(encode('?! ... --'))).toEqual(Array.from(empty));
    // A caller mutating one result must not change the next.
    empty.fill(0);
    expect(isUnit(encode(''))).toBe(true);
  });

  it('weighs rare words above frequent ones', () => {
    // "apple" is row 2 and "car" row 4: frequent enough under a=1e-3 that their weights differ.
    const mixed = encode('apple car');
    expect(mixed[2]!).toBeGreaterThan(mixed[0]!);
    expect(sifWeight(zipfProbability(5, 1000), 1e-3)).toBeGreaterThan(
      sifWeight(zipfProbability(3, 1000), 1e-3),
    );
  });

  it('gives unknown words a hashed vector, so they still count and still match themselves', () => {
    const withName = encode('apple zorblax');
    expect(Array.from(withName)).not.toEqual(Array.from(encode('apple')));
    expect(dot(encode('zorblax'), encode('Zorblax!'))).toBeCloseTo(1, 6);
    expect(dot(withName, encode('car zorblax'))).toBeGreaterThan(dot(withName, encode('car banana')));
    const withoutOov = createSentenceEncoder(table(), { useOov: false });
    expect(Array.from(withoutOov('apple zorblax'))).toEqual(Array.from(withoutOov('apple')));
  });

  it('gives numbers (absent from the vocabulary) their own hashed length, 0 dropping them', () => {
    expect(Array.from(encode('apple 42'))).not.toEqual(Array.from(encode('apple')));
    const noNumbers = createSentenceEncoder(table(), { numberNorm: 0 });
    expect(Array.from(noNumbers('apple 42'))).toEqual(Array.from(noNumbers('apple')));
    // Mixed tokens such as "5k" are words, not numbers.
    expect(Array.from(noNumbers('apple 5k'))).not.toEqual(Array.from(noNumbers('apple')));
  });

  it('uses a hyphenated compound when the table has it, and its parts otherwise', () => {
    expect(dot(encode('e-mail'), encode('banana'))).toBeLessThan(0.01);
    expect(Array.from(encode('follow-up'))).toEqual(Array.from(encode('follow up')));
  });

  it('falls back to the word without accents', () => {
    expect(Array.from(encode('café'))).toEqual(Array.from(encode('cafe')));
  });

  it('keeps the vector when a text lies along the common direction', () => {
    // "apple" is (1, 0, 0, 0, 0, 1): removing that very direction would leave nothing but rounding noise.
    const alongCommon = createSentenceEncoder(table([Math.SQRT1_2, 0, 0, 0, 0, Math.SQRT1_2]));
    const vector = alongCommon('apple');
    expect(isUnit(vector)).toBe(true);
    expect(vector[0]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(vector[5]).toBeCloseTo(Math.SQRT1_2, 6);
  });

  it('can leave the common component in, to measure what removing it buys', () => {
    const kept = createSentenceEncoder(table(), { removeCommonComponent: false })('apple');
    expect(kept[5]!).toBeGreaterThan(0.5);
  });
});
