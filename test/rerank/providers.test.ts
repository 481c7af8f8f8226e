// The rerank providers against a real local server speaking Cohere/Jina's and Cloudflare's wire formats: scores
// in input order, raw logits read as probabilities, and every fault (delay, 500, a bad answer) as one category.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/core/logger.ts';
import { RerankError } from '../../src/ports/reranker.ts';
import { createReranker } from '../../src/rerank/factory.ts';
import { createHttpReranker } from '../../src/rerank/http.ts';
import { rerankWithTimeout } from '../../src/rerank/with-timeout.ts';
import { createWorkersAiReranker, type WorkersAiRunner } from '../../src/rerank/workers-ai.ts';
import { type FakeRerankServer, startFakeRerankServer } from '../support/fake-rerank-server.ts';

const DOCS = [
  'We have a golden retriever named Biscuit',
  'My daughter Maya and my son Leo',
  'I run on Sundays',
];
const QUERY = 'names of my daughter and son';

let server: FakeRerankServer;
beforeAll(async () => {
  server = await startFakeRerankServer();
});
afterAll(() => server.close());
beforeEach(() => server.setFault(null));

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RerankError);
    return (error as RerankError).category;
  }
  throw new Error('expected a RerankError');
}

const providers = () => ({
  cohere: createReranker(
    {
      provider: 'http',
      url: `${server.origin}/v2/rerank`,
      model: 'rerank-v3.5',
      apiKey: server.apiKey,
      timeoutMs: 300,
      candidates: 20,
    },
    { logger: silentLogger },
  ),
  jina: createReranker(
    {
      provider: 'http',
      url: `${server.origin}/v1/rerank`,
      model: 'jina-reranker-v2-base-multilingual',
      apiKey: server.apiKey,
      timeoutMs: 300,
      candidates: 20,
    },
    { logger: silentLogger },
  ),
  'workers-ai rest': createReranker(
    {
      provider: 'workers-ai',
      model: '@cf/baai/bge-reranker-base',
      rest: { accountId: 'acc123', apiToken: server.apiKey, baseURL: `${server.origin}/client/v4` },
      timeoutMs: 300,
      candidates: 20,
    },
    { logger: silentLogger },
  ),
});

describe.each(['cohere', 'jina', 'workers-ai rest'] as const)('%s', (name) => {
  it('scores every document in input order, whatever order the server answers in', async () => {
    const scores = await providers()[name].rerank(QUERY, DOCS);
    expect(scores).toHaveLength(3);
    expect(scores[1]).toBeGreaterThan(scores[0]!);
    expect(scores[1]).toBeGreaterThan(scores[2]!);
    expect(scores.every((s) => s >= 0 && s <= 1)).toBe(true);
    expect(server.received.at(-1)).toMatchObject({ documents: 3, authorized: true });
  });

  it('reads raw logits as probabilities, keeping the order', async () => {
    server.setFault({ logits: true });
    const scores = await providers()[name].rerank(QUERY, DOCS);
    expect(scores.every((s) => s > 0 && s < 1)).toBe(true);
    expect(scores[1]).toBeGreaterThan(scores[0]!);
  });

  it('times out within its budget on a slow server', async () => {
    server.setFault({ delay: 2000 });
    const started = performance.now();
    expect(await failure(providers()[name].rerank(QUERY, DOCS))).toBe('rerank_timeout');
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('says rerank_error on a 500', async () => {
    server.setFault({ status500: true });
    expect(await failure(providers()[name].rerank(QUERY, DOCS))).toBe('rerank_error');
  });

  it('says rerank_invalid when a result names a document it was not sent', async () => {
    server.setFault({ badIndex: true });
    expect(await failure(providers()[name].rerank(QUERY, DOCS))).toBe('rerank_invalid');
  });
});

describe('workers-ai through the AI binding', () => {
  it('sends { query, contexts, top_k } and reads { response: [{ id, score }] }', async () => {
    const seen: unknown[] = [];
    const ai: WorkersAiRunner = {
      async run(model, inputs) {
        seen.push({ model, inputs });
        return {
          response: [
            { id: 1, score: 0.9 },
            { id: 0, score: 0.2 },
          ],
        };
      },
    };
    const reranker = rerankWithTimeout(createWorkersAiReranker({ ai }), { timeoutMs: 200 });
    expect(await reranker.rerank('q', ['a', 'b', 'c'])).toEqual([0.2, 0.9, 0]);
    expect(seen).toEqual([
      {
        model: '@cf/baai/bge-reranker-base',
        inputs: { query: 'q', contexts: [{ text: 'a' }, { text: 'b' }, { text: 'c' }], top_k: 3 },
      },
    ]);
  });

  it('a binding that ignores its signal still cannot hold the caller past the budget', async () => {
    const ai: WorkersAiRunner = { run: () => new Promise(() => {}) };
    const reranker = rerankWithTimeout(createWorkersAiReranker({ ai }), { timeoutMs: 50 });
    expect(await failure(reranker.rerank('q', ['a']))).toBe('rerank_timeout');
  });

  it('refuses to build without a binding or REST credentials', () => {
    expect(() =>
      createReranker({ provider: 'workers-ai', model: 'm', timeoutMs: 100, candidates: 5 }),
    ).toThrow(/ENGRAM_RERANK_ACCOUNT_ID/);
  });
});

it('a wrong key is an error, not an empty ranking', async () => {
  const reranker = createHttpReranker({ url: `${server.origin}/v2/rerank`, model: 'm', apiKey: 'wrong' });
  expect(await failure(reranker.rerank(QUERY, DOCS))).toBe('rerank_error');
});
