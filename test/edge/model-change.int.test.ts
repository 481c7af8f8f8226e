// A model change driven by the Worker's cron: memories written under one model (by the Node app), the Worker
// deployed with another. Reads stay lexical (no gap) while the hourly re-embed fills the new vectors, then it
// switches reads and the Worker recalls by vector again; the backfill trigger waits meanwhile instead of failing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshServerDatabase, serverUrl, type TestDatabase } from '../support/databases.ts';
import { type EdgeWorker, startEdgeWorker } from '../support/edge-worker.ts';
import { type FakeOpenAIServer, startFakeOpenAIServer } from '../support/fake-openai-server.ts';
import { createHarness } from '../support/harness.ts';
import { startWsProxy, type WsProxy } from '../support/ws-proxy.ts';

interface RecallBody {
  items: { id: string; why?: { lanes: string[] } }[];
  degraded: { reason: string } | null;
  model: string | null;
}

const NEW_MODEL = 'openai/text-embedding-3-small@48';

describe.skipIf(!serverUrl)('a model change run by the Worker cron', () => {
  let database: TestDatabase;
  let proxy: WsProxy;
  let openai: FakeOpenAIServer;
  let worker: EdgeWorker;
  let key: string;
  let oldModel: string;
  const ids: string[] = [];

  const recall = async (query: string) => {
    const res = await worker.call('POST', '/v1/recall', {
      key,
      body: { subject: 'sam', query, explain: true },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as RecallBody;
  };
  const models = async () =>
    (
      await database.db.query<{ model: string; status: string }>(
        'select model, status from engram.embedding_models order by model',
      )
    ).rows;

  beforeAll(async () => {
    database = await freshServerDatabase('edge_model');
    // The old model: the Node app with the deterministic embedder writes the memories and serves reads.
    const node = await createHarness(database, { dimensions: 32 });
    oldModel = node.embedder.model;
    key = (await node.tenant('acme')).key;
    for (const content of [
      'Project Alpha deadline is March 3',
      'Daughter plays soccer on Saturdays',
      'Sam drives a blue van',
    ]) {
      const res = await node.call('POST', '/v1/memories', {
        key,
        body: { subject: 'sam', kind: 'fact', content },
      });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { memory: { id: string } }).memory.id);
    }
    proxy = await startWsProxy();
    openai = await startFakeOpenAIServer({ apiKey: 'sk-edge-test' });
    worker = await startEdgeWorker({
      vars: {
        ENGRAM_EMBEDDER: 'openai',
        OPENAI_BASE_URL: openai.url,
        ENGRAM_EMBED_DIMENSIONS: '48',
        ENGRAM_NEON_WS_PROXY: proxy.address,
        ENGRAM_JOB_BATCH_SIZE: '2',
      },
      secrets: { DATABASE_URL: database.url!, OPENAI_API_KEY: openai.apiKey },
    });
  });
  afterAll(async () => {
    await worker?.dispose();
    await proxy?.close();
    await openai?.close();
    await database?.drop();
  });

  it('registers its model beside the active one and answers lexically meanwhile, without a gap', async () => {
    const out = await recall('When is the Alpha deadline?');
    expect(out.degraded).toMatchObject({ reason: 'model_mismatch' });
    expect(out.items[0]?.id).toBe(ids[0]);
    expect(await models()).toEqual([
      { model: oldModel, status: 'active' },
      { model: NEW_MODEL, status: 'backfilling' },
    ]);
  });

  it('lets the backfill trigger wait for the switch rather than fail', async () => {
    await worker.scheduled('*/5 * * * *');
    const event = await worker.waitForEvent((e) => e.event === 'job' && e.job === 'backfill');
    expect(event).toMatchObject({ status: 'ok', waiting_for_model_switch: 1 });
  });

  it('fills the new vectors in batches, switches reads, and the Worker recalls by vector again', async () => {
    await worker.scheduled('0 * * * *');
    const event = await worker.waitForEvent((e) => e.event === 'job' && e.job === 'reembed');
    expect(event).toMatchObject({
      status: 'ok',
      switched: 1,
      embedded: 3,
      // The old model's vectors, dropped once reads moved.
      dropped: 3,
      missing: 0,
      model_status: 'active',
    });
    expect(Number(event.batches)).toBeGreaterThanOrEqual(2);
    expect((await models()).find((m) => m.model === NEW_MODEL)?.status).toBe('active');

    const out = await recall('When is the Alpha deadline?');
    expect(out.degraded).toBeNull();
    expect(out.model).toBe(NEW_MODEL);
    expect(out.items[0]?.id).toBe(ids[0]);
    expect(out.items[0]?.why?.lanes).toContain('vector');
  });
});
