// A Worker deployed with bad bindings answers every request with a plain 500 envelope and logs what is wrong
// once, by binding name, without values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverUrl } from '../support/databases.ts';
import { type EdgeWorker, startEdgeWorker } from '../support/edge-worker.ts';

// No database is touched, but like the other Worker tests this starts workerd: run with the integration suite.
describe.skipIf(!serverUrl)('the Worker with an invalid configuration', () => {
  let worker: EdgeWorker;

  beforeAll(async () => {
    worker = await startEdgeWorker({
      vars: { ENGRAM_EMBEDDER: 'local', ENGRAM_JOB_BATCH_SIZE: 'lots' },
      secrets: { DATABASE_URL: 'mysql://root:hunter2@127.0.0.1/engram' },
    });
  });
  afterAll(async () => {
    await worker?.dispose();
  });

  it('answers 500 with the error envelope and says to look at the logs', async () => {
    for (const path of ['/healthz', '/v1/recall']) {
      const res = await worker.call(path === '/healthz' ? 'GET' : 'POST', path, {
        key: 'egm_whatever000000000000',
        ...(path === '/healthz' ? {} : { body: { subject: 'sam', query: 'x' } }),
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({
        error: { code: 'internal', message: 'the server configuration is invalid; see the Worker logs' },
      });
    }
  });

  it('logs the problems once, by binding, never the values', async () => {
    const event = await worker.waitForEvent((e) => e.event === 'config.invalid');
    expect(String(event.issues)).toContain('ENGRAM_EMBEDDER: local runs only in the Node server');
    expect(String(event.issues)).toContain('DATABASE_URL: must be a postgres:// URL');
    expect(String(event.issues)).toContain('ENGRAM_JOB_BATCH_SIZE');
    expect(JSON.stringify(worker.events)).not.toContain('hunter2');
    expect(worker.events.filter((e) => e.event === 'config.invalid')).toHaveLength(1);
  });
});
