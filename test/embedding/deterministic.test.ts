// The deterministic fake embedder: repeatable vectors, exact geometry from a vocabulary, and runtime faults.
import { describe, expect, it } from 'vitest';
import { createDeterministicEmbedder, tokenize } from '../../src/embedding/deterministic.ts';
import { withTimeout } from '../../src/embedding/with-timeout.ts';
import { EmbeddingError } from '../../src/ports/embedder.ts';

const cosine = (a: readonly number[], b: readonly number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
const norm = (a: readonly number[]) => Math.sqrt(cosine(a, a));

describe('deterministic embedder: hashed tokens', () => {
  it('gives the same unit vector for the same text, across instances and calls', async () => {
    const a = createDeterministicEmbedder({ dimensions: 48 });
    const b = createDeterministicEmbedder({ dimensions: 48 });
    const first = await a.embedQuery('Prefers dark roast coffee');
    expect(await a.embedQuery('Prefers dark roast coffee')).toEqual(first);
    expect(await b.embedDocuments(['Prefers dark roast coffee'])).toEqual([first]);
    expect(first).toHaveLength(48);
    expect(norm(first)).toBeCloseTo(1, 12);
  });

  it('ignores case and punctuation, but not the words', () => {
    const e = createDeterministicEmbedder();
    expect(e.vectorOf('Dark, ROAST!')).toEqual(e.vectorOf('dark roast'));
    expect(e.vectorOf('dark roast')).not.toEqual(e.vectorOf('light roast'));
    expect(tokenize('Café au-lait, 2 cups')).toEqual(['café', 'au', 'lait', '2', 'cups']);
  });

  it('ranks texts sharing more tokens higher', () => {
    const e = createDeterministicEmbedder({ dimensions: 256 });
    const q = e.vectorOf('dark roast coffee beans');
    const scores = ['dark roast coffee beans', 'dark roast coffee', 'dark roast', 'quarterly tax filing'].map(
      (t) => cosine(q, e.vectorOf(t)),
    );
    expect(scores[0]).toBeCloseTo(1, 12);
    expect(scores[0]!).toBeGreaterThan(scores[1]!);
    expect(scores[1]!).toBeGreaterThan(scores[2]!);
    expect(scores[2]!).toBeGreaterThan(scores[3]!);
  });

  it('returns a finite unit vector for a text without tokens, safe to mutate', () => {
    const e = createDeterministicEmbedder({ dimensions: 8 });
    const v = e.vectorOf(' ?! ');
    expect(v.every(Number.isFinite)).toBe(true);
    expect(norm(v)).toBeCloseTo(1, 12);
    v[0] = Number.NaN;
    expect(e.vectorOf('').every(Number.isFinite)).toBe(true);
  });

  it('names its vector space after its size', () => {
    const e = createDeterministicEmbedder({ dimensions: 12 });
    expect([e.provider, e.model, e.dimensions]).toEqual(['fake', 'fake/deterministic-12@1', 12]);
  });
});

describe('deterministic embedder: vocabulary', () => {
  const vocabulary = { coffee: [1, 0, 0], tea: [0, 1, 0], milk: [0, 0, 1] };

  it('gives exact cosines, hence exact orders', () => {
    const e = createDeterministicEmbedder({ vocabulary });
    const q = e.vectorOf('coffee');
    const docs = ['tea with milk', 'coffee with milk', 'Coffee', 'coffee, coffee and tea'];
    const scored = docs.map((d) => ({ d, score: cosine(q, e.vectorOf(d)) }));
    expect(scored.map((s) => s.score)).toEqual([
      0,
      expect.closeTo(1 / Math.SQRT2, 12),
      expect.closeTo(1, 12),
      expect.closeTo(2 / Math.sqrt(5), 12),
    ]);
    expect(scored.sort((a, b) => b.score - a.score).map((s) => s.d)).toEqual([
      'Coffee',
      'coffee, coffee and tea',
      'coffee with milk',
      'tea with milk',
    ]);
  });

  it('ignores tokens outside the vocabulary and infers the size from it', () => {
    const e = createDeterministicEmbedder({ vocabulary });
    expect(e.dimensions).toBe(3);
    expect(e.vectorOf('I really like my coffee')).toEqual([1, 0, 0]);
  });

  it('rejects vectors of the wrong size or with non-finite numbers', () => {
    expect(() => createDeterministicEmbedder({ vocabulary: { a: [1, 0], b: [1] } })).toThrow(/b/);
    expect(() => createDeterministicEmbedder({ vocabulary: { a: [Number.NaN] } })).toThrow();
    expect(() => createDeterministicEmbedder({ dimensions: 4, vocabulary: { a: [1, 0, 0] } })).toThrow();
  });
});

describe('deterministic embedder: faults', () => {
  it.each(['timeout', 'error', 'invalid'] as const)(
    'fails with embedding_%s when asked, then recovers',
    async (kind) => {
      const e = createDeterministicEmbedder({ dimensions: 4 });
      e.setFault({ failWith: kind });
      const error = await e.embedQuery('x').catch((err: unknown) => err);
      expect(error).toBeInstanceOf(EmbeddingError);
      expect((error as EmbeddingError).category).toBe(`embedding_${kind}`);
      e.setFault(null);
      expect(await e.embedQuery('x')).toEqual(e.vectorOf('x'));
      expect(e.calls).toBe(2);
    },
  );

  it('simulates a slow provider that a time budget cuts off', async () => {
    const e = createDeterministicEmbedder({ dimensions: 4 });
    e.setFault({ delayMs: 5000 });
    const started = performance.now();
    const error = await withTimeout(e, { timeoutMs: 50 })
      .embedDocuments(['x'])
      .catch((err: unknown) => err);
    expect((error as EmbeddingError).category).toBe('embedding_timeout');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('answers after the delay when within budget', async () => {
    const e = createDeterministicEmbedder({ dimensions: 4 });
    e.setFault({ delayMs: 20 });
    expect(await withTimeout(e, { timeoutMs: 1000 }).embedQuery('x')).toEqual(e.vectorOf('x'));
  });
});
