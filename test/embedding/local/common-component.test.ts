import { describe, expect, it } from 'vitest';
import { estimateCommonComponent, topEigenvector } from '../../../src/embedding/local/common-component.ts';
import type { WordTable } from '../../../src/embedding/local/word-table.ts';
import { seededRandom } from './fixture-vectors.ts';

function floatTable(vectors: Float32Array, dimensions: number): WordTable {
  const size = vectors.length / dimensions;
  return {
    dimensions,
    sourceVocabularySize: size,
    size,
    rowOf: () => undefined,
    scales: new Float32Array(size).fill(1),
    values: vectors,
    commonComponent: new Float32Array(dimensions),
  };
}

describe('topEigenvector', () => {
  it('finds the dominant axis of a diagonal matrix, with a positive sign', () => {
    const matrix = Float64Array.from([1, 0, 0, 0, 5, 0, 0, 0, 2]);
    expect(Array.from(topEigenvector(matrix, 3)).map((v) => Math.round(v * 1e6) / 1e6)).toEqual([0, 1, 0]);
  });

  it('finds the eigenvector of a rotated matrix', () => {
    // Eigenvalues 3 along (1, 1)/sqrt2 and 1 along (1, -1)/sqrt2.
    const result = topEigenvector(Float64Array.from([2, 1, 1, 2]), 2);
    expect(result[0]).toBeCloseTo(Math.SQRT1_2, 5);
    expect(result[1]).toBeCloseTo(Math.SQRT1_2, 5);
  });
});

describe('estimateCommonComponent', () => {
  it('recovers a direction every word vector shares', () => {
    const dims = 10;
    const random = seededRandom(11);
    const shared = Float64Array.from({ length: dims }, (_, d) => (d === 3 ? 2 : d === 7 ? -1 : 0));
    const vectors = new Float32Array(400 * dims);
    for (let row = 0; row < 400; row++) {
      for (let d = 0; d < dims; d++) vectors[row * dims + d] = shared[d]! + (random() * 2 - 1) * 0.5;
    }
    const direction = estimateCommonComponent({
      table: floatTable(vectors, dims),
      isContentRow: () => true,
      probability: (row) => 1 / (row + 1),
      weight: () => 1,
      wordsPerSentence: 6,
    });
    const norm = Math.hypot(...shared);
    const cosine = direction.reduce((sum, value, d) => sum + value * shared[d]!, 0) / norm;
    expect(Math.abs(cosine)).toBeGreaterThan(0.99);
    expect(Math.hypot(...direction)).toBeCloseTo(1, 6);
  });

  it('refuses a table without content words', () => {
    expect(() =>
      estimateCommonComponent({
        table: floatTable(new Float32Array(8), 2),
        isContentRow: () => false,
        probability: () => 1,
        weight: () => 1,
        wordsPerSentence: 6,
      }),
    ).toThrow(/no content words/);
  });
});
