// API keys verified without a lookup of their own on every request (issue 18 item 4): a verified key is trusted for
// a few seconds; a revocation or tenant erasure through the same app takes effect at once, one made elsewhere (the
// CLI, another server) within the window. Real store, real HTTP app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthenticate } from '../../src/auth/authenticate.ts';
import { silentLogger } from '../../src/core/logger.ts';
import { evaluateWrite } from '../../src/gate/index.ts';
import type { MemoryStore } from '../../src/ports/store.ts';
import { composeEngram } from '../../src/server/compose.ts';
import { issueApiKey, keyFingerprint, revokeApiKey } from '../../src/services/api-keys.ts';
import { backends } from '../support/databases.ts';
import { openStoreFixture, type StoreFixture, testEmbedder } from '../support/store-fixture.ts';

describe.each(backends)('the API key cache on $name', ({ open }) => {
  let f: StoreFixture;
  let lookups = 0;
  let counting: MemoryStore;

  beforeAll(async () => {
    f = await openStoreFixture(open, 'key_cache');
    counting = {
      ...f.store,
      withOperator: (work) =>
        f.store.withOperator((op) =>
          work({
            ...op,
            findApiKey: (keyId) => {
              lookups++;
              return op.findApiKey(keyId);
            },
          }),
        ),
    };
  });
  afterAll(async () => {
    await f.database.drop();
  });

  it('looks a key up once per window; a key revoked elsewhere stops when the window ends', async () => {
    let clock = 1_000_000;
    const authenticate = createAuthenticate({ store: counting, apiKeyCacheMs: 5000, now: () => clock });
    const key = await issueApiKey(f.store, f.tenantA);
    lookups = 0;
    expect((await authenticate(key)).tenantId).toBe(f.tenantA);
    await authenticate(key);
    await authenticate(key);
    expect(lookups).toBe(1);

    await revokeApiKey(f.store, (await keyFingerprint(key)).keyId); // as `engram keys revoke` would
    clock += 4999;
    expect((await authenticate(key)).tenantId).toBe(f.tenantA);
    clock += 2;
    await expect(authenticate(key)).rejects.toMatchObject({ code: 'unauthorized' });
    // Failures are never cached: each is looked up.
    await expect(authenticate(key)).rejects.toMatchObject({ code: 'unauthorized' });
    expect(lookups).toBe(3);
  });

  it('with a window of 0 looks up every request', async () => {
    const authenticate = createAuthenticate({ store: counting, apiKeyCacheMs: 0 });
    const key = await issueApiKey(f.store, f.tenantA);
    lookups = 0;
    await authenticate(key);
    await authenticate(key);
    expect(lookups).toBe(2);
  });

  it('a key revoked or a tenant erased through the app fails at once', async () => {
    const engram = composeEngram({
      store: counting,
      gate: evaluateWrite,
      embedder: testEmbedder,
      logger: silentLogger,
      adminKey: 'operator-key-for-the-cache-test',
      readiness: async () => ({ ready: true, checks: {} }),
      apiKeyCacheMs: 60_000,
    });
    const call = (method: string, path: string, key: string) =>
      engram.app.fetch(
        new Request(`http://engram.test${path}`, { method, headers: { authorization: `Bearer ${key}` } }),
      );
    const key = await issueApiKey(f.store, f.tenantB);
    const { keyId } = await keyFingerprint(key);
    expect((await call('GET', '/v1/memories', key)).status).toBe(200);
    expect(
      (await call('POST', `/v1/admin/keys/${keyId}/revoke`, 'operator-key-for-the-cache-test')).status,
    ).toBe(200);
    expect((await call('GET', '/v1/memories', key)).status).toBe(401);

    const doomed = await f.store.withOperator((op) => op.createTenant('key-cache-doomed'));
    const doomedKey = await issueApiKey(f.store, doomed);
    expect((await call('GET', '/v1/memories', doomedKey)).status).toBe(200);
    expect(
      (await call('DELETE', `/v1/admin/tenants/${doomed}`, 'operator-key-for-the-cache-test')).status,
    ).toBe(200);
    expect((await call('GET', '/v1/memories', doomedKey)).status).toBe(401);
  });

  it('requests that find a key uncached together share one lookup (HTTP); a revocation during it is not undone', async () => {
    const engram = composeEngram({
      store: counting,
      gate: evaluateWrite,
      embedder: testEmbedder,
      logger: silentLogger,
      adminKey: undefined,
      readiness: async () => ({ ready: true, checks: {} }),
      apiKeyCacheMs: 60_000,
    });
    const key = await issueApiKey(f.store, f.tenantA);
    lookups = 0;
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        engram.app.fetch(
          new Request('http://engram.test/v1/memories', { headers: { authorization: `Bearer ${key}` } }),
        ),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(16).fill(200));
    expect(lookups).toBe(1);

    // A key revoked (and forgotten) while its lookup is under way: that lookup's answer is not cached.
    const authenticate = createAuthenticate({ store: counting, apiKeyCacheMs: 60_000 });
    const other = await issueApiKey(f.store, f.tenantA);
    const { keyId } = await keyFingerprint(other);
    lookups = 0;
    const inFlight = authenticate(other);
    await revokeApiKey(f.store, keyId);
    authenticate.forgetKey(keyId);
    await inFlight.catch(() => null);
    await expect(authenticate(other)).rejects.toMatchObject({ code: 'unauthorized' });
    expect(lookups).toBe(2);
  });
});
