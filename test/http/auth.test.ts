// Auth through the real app on every backend: route scopes, API key revocation (operator and tenant admin) and
// Supabase JWT principals, which reach their own subject only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtVerifier } from '../../src/auth/jwt.ts';
import { requiredScope } from '../../src/http/scopes.ts';
import { issueApiKey, keyFingerprint } from '../../src/services/api-keys.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { ADMIN_KEY, createHarness, type Harness } from '../support/harness.ts';
import { nowSeconds, signHs256, TEST_JWT_SECRET, unsignedToken, userClaims } from '../support/jwt-tokens.ts';

interface Body {
  error?: { code: string; details?: Record<string, unknown> };
  memory?: { id: string; subject: string; trust: number };
  items?: { id: string; subject?: string }[];
}

describe.each(backends)('auth on $name', ({ open }) => {
  let database: TestDatabase;
  let h: Harness;
  let a: { id: string; key: string };
  let b: { id: string; key: string };

  beforeAll(async () => {
    database = await open('auth');
    h = await createHarness(database, { parts: { jwt: createJwtVerifier({ secret: TEST_JWT_SECRET }) } });
    a = await h.tenant('acme');
    b = await h.tenant('globex');
  });
  afterAll(async () => {
    await database.drop();
  });

  const send = async (method: string, path: string, key: string, body?: unknown) => {
    const res = await h.call(method, path, { key, ...(body !== undefined ? { body } : {}) });
    return { status: res.status, body: (await res.json()) as Body };
  };
  const remember = (key: string, subject: string, content: string) =>
    send('POST', '/v1/memories', key, { kind: 'fact', subject, content });

  describe('route scopes', () => {
    it('a read-only key reads but cannot write; a write-only key writes but cannot read', async () => {
      const reader = await issueApiKey(h.store, a.id, { scopes: ['memories:read'] });
      const writer = await issueApiKey(h.store, a.id, { scopes: ['memories:write'] });
      const denied = await remember(reader, 'u1', 'the reader tries to write');
      expect(denied).toMatchObject({
        status: 403,
        body: { error: { code: 'forbidden', details: { scope: 'memories:write' } } },
      });
      expect((await send('GET', '/v1/memories?subject=u1', reader)).status).toBe(200);
      expect((await send('POST', '/v1/recall', reader, { subject: 'u1', query: 'tea' })).status).toBe(200);
      const written = await remember(writer, 'u1', 'the writer may write');
      expect(written.status).toBe(201);
      expect((await send('GET', '/v1/memories?subject=u1', writer)).status).toBe(403);
      expect((await send('GET', `/v1/memories/${written.body.memory!.id}`, writer)).status).toBe(403);
      expect((await send('POST', '/v1/recall', writer, { subject: 'u1', query: 'tea' })).status).toBe(403);
      expect((await send('POST', `/v1/memories/${written.body.memory!.id}/revoke`, reader, {})).status).toBe(
        403,
      );
      const listed = await send('GET', '/v1/memories?subject=u1', a.key);
      expect(listed.body.items!.map((m) => m.id)).toEqual([written.body.memory!.id]);
    });

    it('an admin key of a tenant holds every tenant right; a default key is not admin', async () => {
      const admin = await issueApiKey(h.store, a.id, { scopes: ['admin'] });
      expect((await remember(admin, 'u2', 'the admin writes too')).status).toBe(201);
      expect((await send('GET', '/v1/memories?subject=u2', admin)).status).toBe(200);
      const spare = await issueApiKey(h.store, a.id);
      const { keyId } = await keyFingerprint(spare);
      expect((await send('POST', `/v1/keys/${keyId}/revoke`, a.key)).status).toBe(403);
      expect((await send('POST', `/v1/keys/${keyId}/revoke`, admin)).status).toBe(200);
    });

    it('every tenant route of the OpenAPI document has a scope rule', async () => {
      const doc = (await (await h.call('GET', '/openapi.json')).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      const unmapped = Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.keys(methods)
          .map((m) => m.toUpperCase())
          .filter(() => path.startsWith('/v1/') && !path.startsWith('/v1/admin/'))
          .filter((m) => requiredScope(m, path.replace(/\{[^}]+\}/g, 'x')) === undefined)
          .map((m) => `${m} ${path}`),
      );
      expect(unmapped).toEqual([]);
    });
  });

  describe('operator and tenant chains', () => {
    it('the operator app answers every /v1/admin path itself; the operator key is no tenant credential', async () => {
      // An unknown operator path with the operator key: the operator app's 404, never the tenant chain's 401.
      expect(await send('GET', '/v1/admin/nothing-here', ADMIN_KEY)).toMatchObject({
        status: 404,
        body: { error: { code: 'not_found' } },
      });
      expect((await send('GET', '/v1/admin/nothing-here', a.key)).status).toBe(403);
      expect((await h.call('GET', '/v1/admin/nothing-here')).status).toBe(401);
      expect((await send('GET', '/v1/memories?subject=u1', ADMIN_KEY)).status).toBe(401);
    });
  });

  describe('key revocation', () => {
    it('the operator revokes a key by its public id; the key fails at once; revoking again is idempotent', async () => {
      const created = await send('POST', '/v1/admin/tenants', ADMIN_KEY, { name: 'hooli' });
      const { api_key, api_key_id } = created.body as unknown as { api_key: string; api_key_id: string };
      expect(api_key_id).toBe((await keyFingerprint(api_key)).keyId);
      expect((await remember(api_key, 'u1', 'before the revocation')).status).toBe(201);
      expect(await send('POST', `/v1/admin/keys/${api_key_id}/revoke`, ADMIN_KEY)).toEqual({
        status: 200,
        body: { key: { id: api_key_id, revoked: true } },
      });
      expect((await send('GET', '/v1/memories?subject=u1', api_key)).status).toBe(401);
      expect((await send('POST', `/v1/admin/keys/${api_key_id}/revoke`, ADMIN_KEY)).status).toBe(200);
    });

    it('404 for an unknown id, 400 for a malformed one, 403 for a tenant key on the operator route', async () => {
      expect((await send('POST', '/v1/admin/keys/0000000000000000/revoke', ADMIN_KEY)).status).toBe(404);
      expect((await send('POST', '/v1/admin/keys/not-an-id!/revoke', ADMIN_KEY)).status).toBe(400);
      const { keyId } = await keyFingerprint(b.key);
      expect((await send('POST', `/v1/admin/keys/${keyId}/revoke`, a.key)).status).toBe(403);
      expect((await send('GET', '/v1/memories?subject=u1', b.key)).status).toBe(200);
    });

    it("a tenant admin cannot revoke another tenant's key: 404, and that key keeps working", async () => {
      const admin = await issueApiKey(h.store, a.id, { scopes: ['admin'] });
      const { keyId } = await keyFingerprint(b.key);
      expect(await send('POST', `/v1/keys/${keyId}/revoke`, admin)).toMatchObject({
        status: 404,
        body: { error: { code: 'not_found' } },
      });
      expect((await send('GET', '/v1/memories?subject=u1', b.key)).status).toBe(200);
    });
  });

  describe('Supabase JWT principals', () => {
    const jwt = (sub: string, tenantId: string, extra: Record<string, unknown> = {}) =>
      signHs256(userClaims(sub, tenantId, extra));

    it('write and read their own subject; the source defaults to user (trust 2)', async () => {
      const alice = await jwt('alice', a.id);
      const stored = await remember(alice, 'alice', 'alice prefers window seats');
      expect(stored).toMatchObject({ status: 201, body: { memory: { subject: 'alice', trust: 2 } } });
      const listed = await send('GET', '/v1/memories', alice);
      expect(listed.status).toBe(200);
      expect(listed.body.items!.every((m) => m.subject === 'alice')).toBe(true);
      expect(listed.body.items!.map((m) => m.id)).toContain(stored.body.memory!.id);
    });

    it('403 for another subject (write, list, recall); 404 for its memory ids', async () => {
      const bobMemory = await remember(a.key, 'bob', 'bob keeps a secret diary');
      const alice = await jwt('alice', a.id);
      expect((await remember(alice, 'bob', 'alice writes as bob')).status).toBe(403);
      expect((await send('GET', '/v1/memories?subject=bob', alice)).status).toBe(403);
      expect((await send('POST', '/v1/recall', alice, { subject: 'bob', query: 'diary' })).status).toBe(403);
      expect((await send('GET', `/v1/memories/${bobMemory.body.memory!.id}`, alice)).status).toBe(404);
      expect((await send('POST', `/v1/memories/${bobMemory.body.memory!.id}/revoke`, alice, {})).status).toBe(
        404,
      );
      const still = await send('GET', `/v1/memories/${bobMemory.body.memory!.id}`, a.key);
      expect(still.body).toMatchObject({ subject: 'bob', revoked_at: null });
    });

    it('never reach admin routes: 403 on tenant admin and operator routes', async () => {
      const alice = await jwt('alice', a.id);
      const { keyId } = await keyFingerprint(a.key);
      expect((await send('POST', `/v1/keys/${keyId}/revoke`, alice)).status).toBe(403);
      expect((await send('POST', '/v1/admin/tenants', alice, { name: 'by-jwt' })).status).toBe(403);
      expect((await send('GET', '/v1/memories?subject=u1', a.key)).status).toBe(200);
    });

    it('the same sub in another tenant is another person', async () => {
      await remember(a.key, 'carol', 'carol of acme likes jazz');
      const carolB = await jwt('carol', b.id);
      const listed = await send('GET', '/v1/memories', carolB);
      expect(listed).toMatchObject({ status: 200, body: { items: [] } });
      const recalled = await send('POST', '/v1/recall', carolB, { subject: 'carol', query: 'jazz' });
      expect(recalled.status).toBe(200);
      expect(JSON.stringify(recalled.body)).not.toContain('jazz');
    });

    it('401: expired, foreign secret, alg none, tampered; 403: no tenant claim', async () => {
      const now = nowSeconds();
      const bad = [
        await jwt('alice', a.id, { exp: now - 3600 }),
        await signHs256(userClaims('alice', a.id), 'someone-elses-secret-that-is-32-chars-long'),
        unsignedToken(userClaims('alice', a.id)),
      ];
      for (const token of bad) {
        expect(await send('GET', '/v1/memories', token)).toMatchObject({
          status: 401,
          body: { error: { code: 'unauthorized' } },
        });
      }
      const noTenant = await jwt('alice', a.id, { app_metadata: {} });
      expect((await send('GET', '/v1/memories', noTenant)).status).toBe(403);
    });

    it('without a configured verifier a JWT is just an unknown API key: 401', async () => {
      const plain = await createHarness(database);
      const res = await plain.call('GET', '/v1/memories', { key: await jwt('alice', a.id) });
      expect(res.status).toBe(401);
    });
  });
});
