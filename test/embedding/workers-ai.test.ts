// The Workers AI provider against a fake `AI` binding (a real binding cannot be reached outside Cloudflare).
import { describe, expect, it } from 'vitest';
import { createDeterministicEmbedder } from '../../src/embedding/deterministic.ts';
import { createWorkersAiEmbedder, type WorkersAiBinding } from '../../src/embedding/workers-ai.ts';
import { EmbeddingError } from '../../src/ports/embedder.ts';

interface Call {
  model: string;
  inputs: { text: string[]; pooling?: 'mean' | 'cls' };
  signal: AbortSignal | undefined;
}

/** A binding answering like bge: `{ shape: [n, d], data }`, optionally tampered with by `mutate`. */
function fakeAi(dimensions: number, mutate?: (out: { shape: number[]; data: number[][] }) => unknown) {
  const calls: Call[] = [];
  const vectors = createDeterministicEmbedder({ dimensions });
  const ai: WorkersAiBinding = {
    run: async (model, inputs, options) => {
      calls.push({ model, inputs, signal: options?.signal });
      const out = { shape: [inputs.text.length, dimensions], data: inputs.text.map(vectors.vectorOf) };
      return mutate ? mutate(out) : out;
    },
  };
  return { ai, calls, vectors };
}

async function category(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EmbeddingError);
  return (error as EmbeddingError).category;
}

describe('workers-ai embedder', () => {
  it('calls bge-small with cls pooling and returns its vectors', async () => {
    const { ai, calls, vectors } = fakeAi(384);
    const e = createWorkersAiEmbedder({ ai });
    expect(await e.embedQuery('hello')).toEqual(vectors.vectorOf('hello'));
    expect(calls[0]).toMatchObject({
      model: '@cf/baai/bge-small-en-v1.5',
      inputs: { text: ['hello'], pooling: 'cls' },
    });
    expect([e.provider, e.model, e.dimensions]).toEqual([
      'workers-ai',
      'workers-ai/@cf/baai/bge-small-en-v1.5+cls@384',
      384,
    ]);
  });

  it('knows the sizes of bge-base and bge-large', () => {
    const { ai } = fakeAi(1);
    expect(createWorkersAiEmbedder({ ai, model: '@cf/baai/bge-base-en-v1.5' }).dimensions).toBe(768);
    expect(createWorkersAiEmbedder({ ai, model: '@cf/baai/bge-large-en-v1.5' }).dimensions).toBe(1024);
  });

  it('knows the multilingual bge-m3 (1024-d) and sends it no pooling, which it does not take', async () => {
    const { ai, calls } = fakeAi(1024);
    const e = createWorkersAiEmbedder({ ai, model: '@cf/baai/bge-m3' });
    await e.embedDocuments(['我不吃香菜', 'No como cilantro']);
    expect(calls[0]?.inputs).toEqual({ text: ['我不吃香菜', 'No como cilantro'] });
    expect([e.model, e.dimensions]).toEqual(['workers-ai/@cf/baai/bge-m3@1024', 1024]);
  });

  it('needs dimensions for other models and sends no pooling for them', async () => {
    const { ai, calls } = fakeAi(768);
    expect(() => createWorkersAiEmbedder({ ai, model: '@cf/google/embeddinggemma-300m' })).toThrow(
      EmbeddingError,
    );
    const e = createWorkersAiEmbedder({ ai, model: '@cf/google/embeddinggemma-300m', dimensions: 768 });
    await e.embedQuery('x');
    expect(calls[0]?.inputs).toEqual({ text: ['x'] });
    expect(e.model).toBe('workers-ai/@cf/google/embeddinggemma-300m@768');
  });

  it('batches by 100 and keeps input order', async () => {
    const { ai, calls, vectors } = fakeAi(8);
    const texts = Array.from({ length: 250 }, (_, i) => `note ${i}`);
    const e = createWorkersAiEmbedder({ ai, model: 'm', dimensions: 8 });
    expect(await e.embedDocuments(texts)).toEqual(texts.map(vectors.vectorOf));
    expect(calls.map((c) => c.inputs.text.length)).toEqual([100, 100, 50]);
  });

  it.each([
    ['a wrong shape', (o: { shape: number[]; data: number[][] }) => ({ ...o, shape: [o.shape[0], 12] })],
    [
      'short vectors',
      (o: { shape: number[]; data: number[][] }) => ({ data: o.data.map((v) => v.slice(1)) }),
    ],
    ['a null', (o: { shape: number[]; data: number[][] }) => ({ data: [[null, ...o.data[0]!.slice(1)]] })],
    ['missing vectors', () => ({ shape: [0, 384], data: [] })],
    ['an async batch id', () => ({ request_id: 'abc' })],
    ['no object at all', () => null],
  ])('rejects %s as embedding_invalid', async (_name, mutate) => {
    const { ai } = fakeAi(384, mutate);
    expect(await category(createWorkersAiEmbedder({ ai }).embedQuery('x'))).toBe('embedding_invalid');
  });

  it('maps a failing binding to embedding_error, and an aborted call to embedding_timeout', async () => {
    const failing: WorkersAiBinding = { run: () => Promise.reject(new Error('InferenceUpstreamError')) };
    expect(await category(createWorkersAiEmbedder({ ai: failing }).embedQuery('x'))).toBe('embedding_error');

    const hanging: WorkersAiBinding = {
      run: (_m, _i, options) =>
        new Promise((_, reject) =>
          options?.signal?.addEventListener('abort', () => reject(options.signal?.reason)),
        ),
    };
    const signal = AbortSignal.timeout(20);
    expect(await category(createWorkersAiEmbedder({ ai: hanging }).embedQuery('x', { signal }))).toBe(
      'embedding_timeout',
    );
  });
});
