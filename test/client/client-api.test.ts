// The client's calls of the rest of the API against the real Node server: batch write, subject export, recall
// feedback, key revocation, and validation errors whose message names the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngramClient, type EngramClient, EngramError } from '../../src/client/index.ts';
import { issueApiKey, keyFingerprint } from '../../src/services/api-keys.ts';
import { createSqlStore } from '../../src/store/sql-store.ts';
import { startTestServer, type TestServer } from '../support/node-server.ts';

let t: TestServer;
let engram: EngramClient;

beforeAll(async () => {
  t = await startTestServer('client-api');
  engram = createEngramClient({ baseUrl: t.url, apiKey: t.apiKey, retries: 0 });
});
afterAll(async () => {
  await t?.close();
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as EngramError,
  );

describe('client over the rest of the API', () => {
  it('writes a batch: one result per item, a gate rejection as a 422 result', async () => {
    const { results } = await engram.rememberBatch([
      { subject: 'batcher', kind: 'fact', content: 'Batcher keeps a sourdough starter' },
      { subject: 'batcher', kind: 'fact', content: 'my password is hunter2-Secret-99 for the bank' },
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 422]);
    expect(results[1]).toMatchObject({ status: 422, error: { code: 'rejected_by_gate' } });
  });

  it('exports every version of a subject, oldest first, from the JSON lines', async () => {
    const first = (
      await engram.remember({ subject: 'exporter', kind: 'fact', content: 'Exporter lives in Oslo' })
    ).memory;
    const replaced = await engram.replace(first.id, { content: 'Exporter lives in Bergen', reason: 'moved' });
    const exported = await engram.exportSubject('exporter');
    expect(exported.map((m) => m.id)).toEqual([first.id, replaced.memory.id]);
    expect(exported.map((m) => m.content)).toEqual(['Exporter lives in Oslo', 'Exporter lives in Bergen']);
  });

  it('reports feedback on a recall, and again with the same answer', async () => {
    const memory = (
      await engram.remember({ subject: 'reader', kind: 'fact', content: 'Reader likes crime novels' })
    ).memory;
    const recalled = await engram.recall({ subject: 'reader', query: 'which novels does Reader like?' });
    expect(recalled.items.map((i) => i.id)).toContain(memory.id);
    const once = await engram.feedback(recalled.recall_id, [memory.id]);
    expect(once).toMatchObject({ recall_id: recalled.recall_id, used: 1 });
    expect(await engram.feedback(recalled.recall_id, [memory.id])).toEqual(once);
  });

  it('revokes a key of its tenant; the revoked key fails at once', async () => {
    const store = createSqlStore(t.server.db);
    const doomed = await issueApiKey(store, t.server.bootstrap.tenantId, { name: 'doomed' });
    const admin = await issueApiKey(store, t.server.bootstrap.tenantId, {
      name: 'tenant-admin',
      scopes: ['memories:read', 'memories:write', 'admin'],
    });
    const { keyId } = await keyFingerprint(doomed);
    const tenantAdmin = createEngramClient({ baseUrl: t.url, apiKey: admin, retries: 0 });
    expect(await tenantAdmin.revokeKey(keyId)).toEqual({ key: { id: keyId, revoked: true } });
    const gone = createEngramClient({ baseUrl: t.url, apiKey: doomed, retries: 0 });
    expect((await failure(gone.list({ subject: 'x' }))).code).toBe('unauthorized');
  });

  it('says which field is wrong and why in the message', async () => {
    const error = await failure(engram.remember({ subject: 'me', kind: 'wish' as 'fact', content: 'x' }));
    expect(error).toBeInstanceOf(EngramError);
    expect(error.code).toBe('invalid_request');
    expect(error.message).toMatch(/^invalid body: kind: /);
    const query = await failure(engram.list({ subject: 'me', limit: 100_000 }));
    expect(query.message).toMatch(/^invalid query: limit: /);
  });
});
