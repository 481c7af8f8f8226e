// The Worker builds its app once per isolate and a database pool per request, in workerd (wrangler's
// unstable_startWorker, offline), through a test build that reports the isolate's counts at /__test/isolate:
// requests share one app, every pool is closed after its response, concurrent requests keep their own pools, and
// a subject export streams pages from the database after the handler has returned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantService } from '../../src/services/tenants.ts';
import { createSqlStore } from '../../src/store/sql-store.ts';
import { freshServerDatabase, serverUrl, type TestDatabase } from '../support/databases.ts';
import { type EdgeWorker, otherSessions, startEdgeWorker } from '../support/edge-worker.ts';
import { startWsProxy, type WsProxy } from '../support/ws-proxy.ts';

interface IsolateCounts {
  apps_built: number;
  pools: { opened: number; closed: number };
}

describe.skipIf(!serverUrl)('the Worker app, once per isolate (workerd)', () => {
  let database: TestDatabase;
  let proxy: WsProxy;
  let worker: EdgeWorker;
  let key: string;

  const counts = async (): Promise<IsolateCounts> =>
    (await (await worker.call('GET', '/__test/isolate')).json()) as IsolateCounts;
  /** The counts once every pool opened so far is closed again (closing runs in waitUntil, after the answer). */
  const settled = async (): Promise<IsolateCounts> => {
    for (let i = 0; i < 200; i++) {
      const now = await counts();
      if (now.pools.closed === now.pools.opened) return now;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('a pool was never closed');
  };
  const recall = (query: string) =>
    worker.call('POST', '/v1/recall', { key, body: { subject: 'sam', query } }).then(async (res) => {
      expect(res.status).toBe(200);
      return (await res.json()) as { items: { content: string }[] };
    });

  beforeAll(async () => {
    database = await freshServerDatabase('edge_reuse');
    key = (await createTenantService(createSqlStore(database.db)).createTenant('acme')).api_key;
    proxy = await startWsProxy();
    worker = await startEdgeWorker({
      entrypoint: 'test/support/edge-test-entry.ts',
      vars: { ENGRAM_EMBEDDER: 'fake', ENGRAM_EMBED_DIMENSIONS: '64', ENGRAM_NEON_WS_PROXY: proxy.address },
      secrets: { DATABASE_URL: database.url!, ENGRAM_ADMIN_KEY: 'edge-operator-key-0123456789' },
    });
  });
  afterAll(async () => {
    await worker?.dispose();
    await proxy?.close();
    await database?.drop();
  });

  it('serves every request with the one app, and closes the pool of each after its response', async () => {
    const before = await counts();
    expect(before).toEqual({ apps_built: 0, pools: { opened: 0, closed: 0 } });

    const write = await worker.call('POST', '/v1/memories', {
      key,
      body: { subject: 'sam', kind: 'preference', content: 'Sam drinks green tea in the morning' },
    });
    expect(write.status).toBe(201);
    expect(await settled()).toEqual({ apps_built: 1, pools: { opened: 1, closed: 1 } });

    expect((await recall('what does Sam drink?')).items.map((i) => i.content)).toEqual([
      'Sam drinks green tea in the morning',
    ]);
    const first = await (await worker.call('GET', '/openapi.json')).text();
    const again = await (await worker.call('GET', '/openapi.json')).text();
    expect(again).toBe(first);
    expect((await worker.call('GET', '/docs')).status).toBe(200);
    expect(await settled()).toEqual({ apps_built: 1, pools: { opened: 5, closed: 5 } });
    // Closed for real: no session of the Worker is left on the database (a backend ends a moment after its client
    // closes: polled, as test/edge/worker.int.test.ts does).
    await expect.poll(() => otherSessions(database.db), { timeout: 5_000 }).toBe(0);
  });

  it('keeps concurrent requests on their own pools', async () => {
    const start = await settled();
    const answers = await Promise.all(
      ['green tea?', 'morning drink?', 'what does Sam like?', 'tea'].map((query) => recall(query)),
    );
    expect(answers.every((a) => a.items.length === 1)).toBe(true);
    const end = await settled();
    expect(end.apps_built).toBe(1);
    expect(end.pools.opened - start.pools.opened).toBe(4);
  });

  it('streams an export of more than one page from the database after the handler returned', async () => {
    // The export reads 500 memories a page; the second page is read while the body streams, in the same scope.
    for (let batch = 0; batch < 2; batch++) {
      const items = Array.from({ length: 300 }, (_, i) => ({
        subject: 'exported',
        kind: 'fact',
        content: `Exported note number ${batch * 300 + i}`,
      }));
      const res = await worker.call('POST', '/v1/memories/batch', { key, body: { items } });
      expect(res.status).toBe(200);
    }
    const res = await worker.call('GET', '/v1/subjects/exported/export', { key });
    expect(res.status).toBe(200);
    const lines = (await res.text()).trim().split('\n');
    expect(lines).toHaveLength(600);
    expect(new Set(lines.map((line) => (JSON.parse(line) as { content: string }).content)).size).toBe(600);
    const end = await settled();
    expect(end.apps_built).toBe(1);
    await expect.poll(() => otherSessions(database.db), { timeout: 5_000 }).toBe(0);
  });
});
