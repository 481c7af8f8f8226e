// The Worker with a Hyperdrive binding (the Supabase option): node-postgres over cloudflare:sockets inside workerd,
// wrangler's local Hyperdrive pointing at the real PostgreSQL. Readiness, remember and hybrid recall over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantService } from '../../src/services/tenants.ts';
import { createSqlStore } from '../../src/store/sql-store.ts';
import { freshServerDatabase, serverUrl, type TestDatabase } from '../support/databases.ts';
import { type EdgeWorker, otherSessions, startEdgeWorker } from '../support/edge-worker.ts';
import { type FakeOpenAIServer, startFakeOpenAIServer } from '../support/fake-openai-server.ts';

/** wrangler's local Hyperdrive refuses a URL without a password; a server on trust auth never asks for it. */
function withPassword(url: string): string {
  const parsed = new URL(url);
  if (!parsed.password) parsed.password = 'unused-by-trust-auth';
  return parsed.toString();
}

describe.skipIf(!serverUrl)('the Worker in workerd over Hyperdrive (node-postgres)', () => {
  let database: TestDatabase;
  let openai: FakeOpenAIServer;
  let worker: EdgeWorker;
  let key: string;

  beforeAll(async () => {
    database = await freshServerDatabase('edge_hd');
    key = (await createTenantService(createSqlStore(database.db)).createTenant('acme')).api_key;
    openai = await startFakeOpenAIServer({ apiKey: 'sk-edge-test' });
    worker = await startEdgeWorker({
      vars: { ENGRAM_EMBEDDER: 'openai', OPENAI_BASE_URL: openai.url, ENGRAM_EMBED_DIMENSIONS: '32' },
      secrets: { OPENAI_API_KEY: openai.apiKey },
      hyperdrive: withPassword(database.url!),
    });
  });
  afterAll(async () => {
    await worker?.dispose();
    await openai?.close();
    await database?.drop();
  });

  it('is ready through Hyperdrive, with no DATABASE_URL at all', async () => {
    const ready = await worker.call('GET', '/readyz');
    expect(await ready.json()).toEqual({
      status: 'ready',
      // The embedder names itself (models: /readyz says which embedder serves and, for the local one, its languages).
      checks: {
        database: 'ok',
        migrations: 'current',
        embedder: expect.stringMatching(/^openai\/text-embedding-3-small@\d+$/),
      },
    });
  });

  it('remembers and recalls by both lanes, request after request on fresh connections', async () => {
    const ids: string[] = [];
    for (const content of ['Project Alpha deadline is March 3', 'Daughter plays soccer on Saturdays']) {
      const res = await worker.call('POST', '/v1/memories', {
        key,
        body: { subject: 'sam', kind: 'fact', content },
      });
      expect(res.status).toBe(201);
      const { memory } = (await res.json()) as { memory: { id: string; embedding: { status: string } } };
      expect(memory.embedding.status).toBe('ready');
      ids.push(memory.id);
    }
    const res = await worker.call('POST', '/v1/recall', {
      key,
      body: { subject: 'sam', query: 'When is the Alpha deadline?', explain: true },
    });
    const out = (await res.json()) as { items: { id: string; why: { lanes: string[] } }[]; model: string };
    expect(out.items[0]?.id).toBe(ids[0]);
    expect(out.items[0]?.why.lanes).toEqual(['vector', 'lexical']);
    expect(out.model).toBe('openai/text-embedding-3-small@32');
    expect(worker.events.filter((e) => e.level === 'error')).toEqual([]);
  });

  it('closes its database connections once the invocations and their waitUntil work are done', async () => {
    // The pool of each invocation ends in ctx.waitUntil after deferred work (recall bookkeeping): nothing lingers.
    await expect.poll(() => otherSessions(database.db), { timeout: 5_000 }).toBe(0);
  });
});
