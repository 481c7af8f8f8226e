// Calibration: cosine scores of labelled pairs embedded as recall embeds them, and the threshold chosen on them.
import { describe, expect, it } from 'vitest';
import { createDeterministicEmbedder } from '../../src/embedding/deterministic.ts';
import { calibrateMerge, calibrateModel, cosineSimilarity } from '../../src/services/calibrate.ts';

describe('cosineSimilarity', () => {
  it('is the cosine of the angle, whatever the lengths', () => {
    expect(cosineSimilarity([1, 0], [3, 0])).toBeCloseTo(1, 12);
    expect(cosineSimilarity([1, 0], [0, 2])).toBeCloseTo(0, 12);
    expect(cosineSimilarity([1, 1], [-2, -2])).toBeCloseTo(-1, 12);
    expect(cosineSimilarity([3, 4], [4, 3])).toBeCloseTo(24 / 25, 12);
  });

  it('is 0 for a zero vector and refuses different lengths', () => {
    expect(cosineSimilarity([0, 0], [1, 2])).toBe(0);
    expect(() => cosineSimilarity([1], [1, 2])).toThrow(RangeError);
  });
});

describe('calibrateModel', () => {
  // Fixed token vectors: "tea" and "drink" point the same way, "car" is orthogonal to both.
  const embedder = createDeterministicEmbedder({
    vocabulary: { tea: [1, 0, 0], drink: [0.9, 0.1, 0], car: [0, 1, 0], red: [0, 0.2, 1] },
  });
  const pairs = [
    { query: 'drink', memory: 'tea', relevant: true },
    { query: 'drink tea', memory: 'tea', relevant: true },
    { query: 'red car', memory: 'car', relevant: true },
    { query: 'drink', memory: 'car', relevant: false },
    { query: 'red', memory: 'tea', relevant: false },
  ];

  it('scores each pair by the cosine of its query and memory vectors', async () => {
    const calibration = await calibrateModel(embedder, pairs, { batchSize: 1 });
    const expected = pairs.map((pair) =>
      cosineSimilarity(embedder.vectorOf(pair.query), embedder.vectorOf(pair.memory)),
    );
    expect(calibration.scored.map((s) => s.score)).toEqual(expected);
    expect(calibration.scored.map((s) => s.relevant)).toEqual(pairs.map((p) => p.relevant));
    expect(calibration).toMatchObject({ model: embedder.model, pairs: 5, relevant: 3, rocAuc: 1 });
  });

  it('chooses a threshold between the lowest relevant and the highest irrelevant score', async () => {
    const { result, scored } = await calibrateModel(embedder, pairs);
    const lowestRelevant = Math.min(...scored.filter((s) => s.relevant).map((s) => s.score));
    const highestIrrelevant = Math.max(...scored.filter((s) => !s.relevant).map((s) => s.score));
    expect(result.threshold).toBeGreaterThan(highestIrrelevant);
    expect(result.threshold).toBeLessThanOrEqual(lowestRelevant);
    expect(result).toMatchObject({ precision: 1, recall: 1, f1: 1 });
  });

  it('embeds each distinct text once', async () => {
    const counting = createDeterministicEmbedder({ dimensions: 8 });
    await calibrateModel(counting, pairs, { batchSize: 1 });
    // 2 distinct memories in batches of 1 (2 calls) and 4 distinct queries (4 calls).
    expect(counting.calls).toBe(6);
    const batched = createDeterministicEmbedder({ dimensions: 8 });
    await calibrateModel(batched, pairs);
    expect(batched.calls).toBe(5);
  });
});

describe('calibrateMerge', () => {
  const embedder = createDeterministicEmbedder({
    vocabulary: { tea: [1, 0, 0], coffee: [0.2, 1, 0], drinks: [0, 0, 1], likes: [0, 0, 0.9] },
  });
  const pairs = [
    { stored: 'drinks tea', incoming: 'likes tea', merge: true },
    { stored: 'drinks coffee', incoming: 'likes coffee', merge: true },
    { stored: 'drinks tea', incoming: 'drinks coffee', merge: false },
  ];

  it('scores both sides as documents (as consolidation compares a write with a stored vector), each text once', async () => {
    let queries = 0;
    const spy = {
      ...embedder,
      embedQuery: async (text: string) => {
        queries++;
        return embedder.embedQuery(text);
      },
    };
    const before = embedder.calls;
    const merge = await calibrateMerge(spy, pairs, { batchSize: 2 });
    expect(queries).toBe(0);
    // 4 distinct texts in batches of 2.
    expect(embedder.calls - before).toBe(2);
    expect(merge.scored.map((s) => s.score)).toEqual(
      pairs.map((p) => cosineSimilarity(embedder.vectorOf(p.stored), embedder.vectorOf(p.incoming))),
    );
    expect(merge).toMatchObject({ model: embedder.model, pairs: 3, merges: 2, rocAuc: 1 });
  });

  it('chooses the lowest cut at the precision asked, or none', async () => {
    const merge = await calibrateMerge(embedder, pairs);
    expect(merge.result?.threshold).toBeGreaterThan(merge.scored[2]!.score);
    expect(merge.result).toMatchObject({ precision: 1, recall: 1 });
    // A different pair that scores 1 (the same words) sits above every restatement: no cut reaches 0.98.
    const overlap = await calibrateMerge(embedder, [
      ...pairs,
      { stored: 'tea', incoming: 'tea', merge: false },
    ]);
    expect(overlap.result).toBeNull();
    expect(
      (
        await calibrateMerge(embedder, [...pairs, { stored: 'tea', incoming: 'tea', merge: false }], {
          minPrecision: 0.6,
        })
      ).result?.recall,
    ).toBe(1);
  });
});
