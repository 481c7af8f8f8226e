// The blend's promise: the cosine of two blended vectors is the weighted mean of the parts' cosines.
import { describe, expect, it } from 'vitest';
import { blendEmbedders } from '../../src/embedding/blend.ts';
import { createDeterministicEmbedder } from '../../src/embedding/deterministic.ts';
import { type Embedder, EmbeddingError } from '../../src/ports/embedder.ts';

const dot = (a: readonly number[], b: readonly number[]) => a.reduce((s, v, i) => s + v * b[i]!, 0);
const unit = (v: readonly number[]) => {
  const n = Math.sqrt(dot(v, v));
  return v.map((x) => x / n);
};

describe('blendEmbedders', () => {
  const a = createDeterministicEmbedder({ dimensions: 16 });
  const b = createDeterministicEmbedder({ dimensions: 8 });
  const blend = blendEmbedders(
    [
      { embedder: a, weight: 0.7 },
      { embedder: b, weight: 0.3 },
    ],
    { model: 'test/blend@1', version: '1' },
  );
  const texts = ['I like tea', 'tea is what I drink', 'the train leaves at nine'];

  it('has both parts dimensions and unit vectors', async () => {
    expect(blend.dimensions).toBe(24);
    for (const v of await blend.embedDocuments(texts)) expect(dot(v, v)).toBeCloseTo(1, 9);
  });

  it('gives the weighted mean of the parts cosines', async () => {
    const [x, y] = await blend.embedDocuments(texts.slice(0, 2));
    const [ax, ay] = (await a.embedDocuments(texts.slice(0, 2))).map(unit);
    const [bx, by] = (await b.embedDocuments(texts.slice(0, 2))).map(unit);
    expect(dot(x!, y!)).toBeCloseTo(0.7 * dot(ax!, ay!) + 0.3 * dot(bx!, by!), 9);
    expect(await blend.embedQuery(texts[0]!)).toEqual(x);
  });

  it('knows a text when any part does', () => {
    const knowsNothing: Embedder = { ...b, knows: () => false };
    const partial = blendEmbedders(
      [
        { embedder: { ...a, knows: () => false }, weight: 1 },
        { embedder: knowsNothing, weight: 1 },
      ],
      { model: 'm', version: '1' },
    );
    expect(partial.knows?.('x')).toBe(false);
    expect(blend.knows?.('x')).toBe(true);
  });

  it('refuses a part that returns a zero vector, and bad weights', async () => {
    const zero: Embedder = { ...b, embedDocuments: async (t) => t.map(() => new Array(8).fill(0)) };
    const broken = blendEmbedders(
      [
        { embedder: a, weight: 1 },
        { embedder: zero, weight: 1 },
      ],
      { model: 'm', version: '1' },
    );
    await expect(broken.embedDocuments(['x'])).rejects.toBeInstanceOf(EmbeddingError);
    expect(() => blendEmbedders([{ embedder: a, weight: 1 }], { model: 'm', version: '1' })).toThrow(
      RangeError,
    );
    expect(() =>
      blendEmbedders(
        [
          { embedder: a, weight: 0 },
          { embedder: b, weight: 1 },
        ],
        { model: 'm', version: '1' },
      ),
    ).toThrow(RangeError);
  });
});
