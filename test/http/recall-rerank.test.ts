// The optional reranking stage through the real app and database, with a real local rerank server (Cohere's wire
// format): the reranker's order wins over the lanes' fusion, its score shows in `why`, and a slow or failing
// reranker leaves the fused answer, flagged `degraded`, within its own budget.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/core/logger.ts';
import { createReranker } from '../../src/rerank/factory.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { type FakeRerankServer, startFakeRerankServer } from '../support/fake-rerank-server.ts';
import { createHarness, type Harness } from '../support/harness.ts';

interface RecallBody {
  items: { id: string; content: string; why?: { rerank?: number; lanes: string[] } }[];
  degraded: { reason: string; lanes: string[] } | null;
  timing_ms: { rerank?: number; total: number };
}

// Generous: the machine running the tests may be loaded, and only the slow fault must exceed it.
const RERANK_TIMEOUT_MS = 1000;

describe.each(backends)('reranked recall on $name', ({ open }) => {
  let database: TestDatabase;
  let server: FakeRerankServer;
  let h: Harness;
  let key: string;

  const recall = async (query: string): Promise<RecallBody> => {
    const res = await h.call('POST', '/v1/recall', {
      key,
      body: { subject: 'sam', query, explain: true, mode: 'lexical', budget: { max_items: 3 } },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as RecallBody;
  };

  beforeAll(async () => {
    database = await open('rerank');
    server = await startFakeRerankServer();
    const reranker = createReranker(
      {
        provider: 'http',
        url: `${server.origin}/v2/rerank`,
        model: 'rerank-v3.5',
        apiKey: server.apiKey,
        timeoutMs: RERANK_TIMEOUT_MS,
        candidates: 20,
      },
      { logger: silentLogger },
    );
    h = await createHarness(database, { parts: { reranker: { reranker, candidates: 20 } } });
    key = (await h.tenant('acme')).key;
    for (const content of [
      // Lexically, "named" x3 outranks the one memory that holds every word of the question.
      'Named named named: the dog is named Biscuit',
      'my children are named Maya and Leo',
      'The cat is named Tom and sleeps on the sofa',
    ]) {
      const res = await h.call('POST', '/v1/memories', {
        key,
        body: { subject: 'sam', kind: 'fact', content },
      });
      expect(res.status).toBe(201);
    }
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });
  beforeEach(() => server.setFault(null));

  it("puts the reranker's best first and shows its score", async () => {
    const out = await recall('what are my children named');
    expect(out.degraded).toBeNull();
    expect(out.items[0]!.content).toBe('my children are named Maya and Leo');
    expect(out.items[0]!.why?.rerank).toBeGreaterThan(out.items[1]!.why?.rerank ?? 1);
    expect(out.timing_ms.rerank).toBeTypeOf('number');
    expect(server.received.at(-1)).toMatchObject({
      route: '/v2/rerank',
      model: 'rerank-v3.5',
      authorized: true,
    });
  });

  it("the reranker's order wins over the lanes' fusion", async () => {
    server.setFault({ status500: true });
    const fused = (await recall('named')).items.map((i) => i.content);
    expect(fused.length).toBeGreaterThan(1);
    const last = fused.at(-1)!;
    server.setFault({ prefer: last });
    const reranked = await recall('named');
    expect(reranked.degraded).toBeNull();
    expect(reranked.items[0]!.content).toBe(last);
  });

  it('keeps the fused answer and says rerank_timeout when the reranker is slow', async () => {
    server.setFault({ delay: 6000 });
    const started = performance.now();
    const out = await recall('what are my children named');
    expect(performance.now() - started).toBeLessThan(RERANK_TIMEOUT_MS + 3000);
    expect(out.degraded).toEqual({ reason: 'rerank_timeout', lanes: ['lexical'] });
    expect(out.items.length).toBeGreaterThan(0);
    expect(out.items.every((i) => i.why?.rerank === undefined)).toBe(true);
  });

  it('keeps the fused answer and says rerank_error on a 500', async () => {
    server.setFault({ status500: true });
    const out = await recall('what are my children named');
    expect(out.degraded).toEqual({ reason: 'rerank_error', lanes: ['lexical'] });
    expect(out.items.length).toBeGreaterThan(0);
  });
});
