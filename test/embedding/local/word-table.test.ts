import { describe, expect, it } from 'vitest';
import { quantizeRows } from '../../../src/embedding/local/word-table.ts';
import { seededRandom } from './fixture-vectors.ts';

describe('quantizeRows', () => {
  it('keeps every component within half a step of its row scale', () => {
    const random = seededRandom(3);
    const dims = 16;
    const vectors = Float32Array.from({ length: dims * 50 }, (_, i) => (random() * 2 - 1) * (1 + (i % 7)));
    const { scales, values } = quantizeRows(vectors, dims);
    for (let row = 0; row < 50; row++) {
      let max = 0;
      for (let d = 0; d < dims; d++) max = Math.max(max, Math.abs(vectors[row * dims + d]!));
      expect(scales[row]).toBeCloseTo(max / 127, 6);
      for (let d = 0; d < dims; d++) {
        const restored = values[row * dims + d]! * scales[row]!;
        expect(Math.abs(restored - vectors[row * dims + d]!)).toBeLessThanOrEqual(scales[row]! / 2 + 1e-6);
      }
    }
  });

  it('gives an all-zero row a usable scale', () => {
    const { scales, values } = quantizeRows(new Float32Array(4), 4);
    expect(scales[0]).toBe(1);
    expect(Array.from(values)).toEqual([0, 0, 0, 0]);
  });
});
