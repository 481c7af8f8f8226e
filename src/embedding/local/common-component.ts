// Estimates, offline, the direction every sentence vector shares, which SIF removes (Arora et al., 2017).
import { addRow, type WordTable } from './word-table.ts';

/**
 * Rows past the first FULL_ROWS are sampled one in DEFAULT_TAIL_STRIDE, each standing for its stride. The Zipf tail
 * still holds a sixth of the probability mass, so it cannot be cut, but sampling it is exact enough (the
 * benchmark compares it with the full sum) and turns 6 s of a cold build into about 1 s.
 */
const FULL_ROWS = 10_000;
const DEFAULT_TAIL_STRIDE = 8;

/** How the sample of "typical sentences" is modelled: words drawn at random by their frequency. */
export interface CommonComponentInput {
  table: WordTable;
  /** Rows that can occur in a sentence vector (content words: not stop words, not punctuation). */
  isContentRow: (row: number) => boolean;
  /** Probability of the word in running text. */
  probability: (row: number) => number;
  /** The SIF weight the encoder gives the word. */
  weight: (row: number) => number;
  /** Content words per modelled sentence. */
  wordsPerSentence: number;
  /** Sampling stride past the first rows; 1 sums every row (the benchmark's reference). */
  tailStride?: number;
}

/**
 * SIF's common component is the first singular vector of a corpus of sentence vectors. We have no corpus at
 * run time, so we model one: sentences of k content words drawn by frequency. The second moment of such a
 * sentence's weighted sum is (k S + k(k-1) m m^T), S and m being the second moment and mean of one weighted
 * word vector, so its top eigenvector (found by power iteration) is the direction a real corpus would give as
 * it grows, with no sample to ship or to be biased by. Scale does not matter: only the direction is used.
 */
export function estimateCommonComponent(input: CommonComponentInput): Float32Array {
  const { table, isContentRow, probability, weight, wordsPerSentence: k } = input;
  const stride = input.tailStride ?? DEFAULT_TAIL_STRIDE;
  const dims = table.dimensions;
  const mean = new Float64Array(dims);
  const second = new Float64Array(dims * dims);
  const vector = new Float64Array(dims);
  let total = 0;
  for (let row = 0; row < table.size; row += row < FULL_ROWS ? 1 : stride) {
    if (!isContentRow(row)) continue;
    const p = probability(row) * (row < FULL_ROWS ? 1 : stride);
    total += p;
    vector.fill(0);
    addRow(table, row, weight(row), vector);
    for (let i = 0; i < dims; i++) {
      const vi = vector[i]!;
      mean[i]! += p * vi;
      const pvi = p * vi;
      const base = i * dims;
      // Upper triangle only; mirrored below.
      for (let j = i; j < dims; j++) second[base + j]! += pvi * vector[j]!;
    }
  }
  if (total === 0) throw new Error('common component: the table has no content words');
  const moment = new Float64Array(dims * dims);
  for (let i = 0; i < dims; i++) {
    for (let j = i; j < dims; j++) {
      const value =
        (k * second[i * dims + j]!) / total + (k * (k - 1) * mean[i]! * mean[j]!) / (total * total);
      moment[i * dims + j] = value;
      moment[j * dims + i] = value;
    }
  }
  return topEigenvector(moment, dims);
}

/** Power iteration on a symmetric positive semi-definite matrix; sign fixed so the result is deterministic. */
export function topEigenvector(matrix: Float64Array, dims: number, iterations = 500): Float32Array {
  let current = new Float64Array(dims).fill(1 / Math.sqrt(dims));
  for (let step = 0; step < iterations; step++) {
    const next = new Float64Array(dims);
    for (let i = 0; i < dims; i++) {
      let sum = 0;
      for (let j = 0; j < dims; j++) sum += matrix[i * dims + j]! * current[j]!;
      next[i] = sum;
    }
    const norm = Math.hypot(...next);
    if (norm === 0) throw new Error('common component: the matrix is zero');
    for (let i = 0; i < dims; i++) next[i]! /= norm;
    current = next;
  }
  let largest = 0;
  for (let i = 1; i < dims; i++) if (Math.abs(current[i]!) > Math.abs(current[largest]!)) largest = i;
  const sign = current[largest]! < 0 ? -1 : 1;
  return Float32Array.from(current, (value) => value * sign);
}
