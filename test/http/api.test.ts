// The HTTP contract (shared/API.md) through the real app on every backend: auth, validation, the error
// envelope, remember / get / list / revoke, operator routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/core/logger.ts';
import type { MemoryStore } from '../../src/ports/store.ts';
import { composeEngram } from '../../src/server/compose.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { ADMIN_KEY, createHarness, type Harness } from '../support/harness.ts';

describe.each(backends)('HTTP API on $name', ({ open }) => {
  let database: TestDatabase;
  let h: Harness;
  let a: { id: string; key: string };
  let b: { id: string; key: string };

  beforeAll(async () => {
    database = await open('http');
    h = await createHarness(database);
    a = await h.tenant('acme');
    b = await h.tenant('globex');
  });
  afterAll(async () => {
    await database.drop();
  });

  const remember = (key: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
    h.call('POST', '/v1/memories', {
      key,
      body: { kind: 'preference', subject: 'u1', ...body },
      ...(headers ? { headers } : {}),
    });

  describe('probes and docs', () => {
    it('answers healthz, readyz and the OpenAPI document without auth', async () => {
      expect(await (await h.call('GET', '/healthz')).json()).toEqual({ status: 'ok' });
      const ready = await h.call('GET', '/readyz');
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({
        status: 'ready',
        checks: { database: 'ok', migrations: 'current' },
      });
      const doc = (await (await h.call('GET', '/openapi.json')).json()) as { paths: Record<string, unknown> };
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining(['/v1/memories', '/v1/memories/{id}', '/v1/recall', '/v1/admin/tenants']),
      );
    });
  });

  describe('auth', () => {
    it('401 without a key, with a malformed header and with an unknown key', async () => {
      const attempts: Record<string, string>[] = [
        {},
        { authorization: 'Basic abc' },
        { authorization: 'Bearer egm_nottherightkeyatall000000' },
      ];
      for (const headers of attempts) {
        const res = await h.call('GET', '/v1/memories?subject=u1', { headers });
        expect(res.status).toBe(401);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
      }
    });

    it('operator routes: 201 with the operator key, 403 with a tenant key, 401 with nothing', async () => {
      const created = await h.call('POST', '/v1/admin/tenants', {
        key: ADMIN_KEY,
        body: { name: 'initech' },
      });
      expect(created.status).toBe(201);
      const body = (await created.json()) as { tenant: { id: string; name: string }; api_key: string };
      expect(body.tenant.name).toBe('initech');
      expect((await remember(body.api_key, { content: 'works with the new key' })).status).toBe(201);
      expect((await h.call('POST', '/v1/admin/tenants', { key: a.key, body: { name: 'x1' } })).status).toBe(
        403,
      );
      expect((await h.call('POST', '/v1/admin/tenants', { body: { name: 'x2' } })).status).toBe(401);
      const dup = await h.call('POST', '/v1/admin/tenants', { key: ADMIN_KEY, body: { name: 'initech' } });
      expect(dup.status).toBe(409);
    });
  });

  describe('remember', () => {
    it('201 with the gate decision, trust from the source, and a ready embedding', async () => {
      const res = await remember(a.key, {
        content: "I don't eat cilantro",
        facet: 'cilantro',
        polarity: 'avoid',
        source: { type: 'model' },
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { memory: Record<string, unknown>; gate: Record<string, unknown> };
      expect(body.gate).toMatchObject({ decision: 'accepted', trust: 1 });
      expect(body.memory).toMatchObject({
        content: "I don't eat cilantro",
        trust: 1,
        embedding: { status: 'ready' },
      });
    });

    it('200 duplicate for the same content, and the same memory for a replayed Idempotency-Key', async () => {
      const first = (await (await remember(a.key, { content: 'Soft drinks go under Snacks' })).json()) as {
        memory: { id: string };
      };
      const dup = await remember(a.key, { content: 'Soft drinks go under Snacks' });
      expect(dup.status).toBe(200);
      expect(((await dup.json()) as { memory: { id: string }; gate: unknown }).memory.id).toBe(
        first.memory.id,
      );
      const k1 = await remember(a.key, { content: 'order 1 placed' }, { 'idempotency-key': 'abc-1' });
      const k2 = await remember(a.key, { content: 'order 1 placed' }, { 'idempotency-key': 'abc-1' });
      expect(k2.status).toBe(200);
      expect(((await k2.json()) as { memory: { id: string } }).memory.id).toBe(
        ((await k1.json()) as { memory: { id: string } }).memory.id,
      );
    });

    it('422 rejected_by_gate for a secret, and nothing is stored', async () => {
      const res = await remember(a.key, {
        subject: 'secrets',
        content: 'my AWS key is AKIAIOSFODNN7EXAMPLE ok',
      });
      expect(res.status).toBe(422);
      const body = (await res.json()) as {
        error: { code: string; details: { reasons: { code: string }[] } };
      };
      expect(body.error.code).toBe('rejected_by_gate');
      expect(body.error.details.reasons.map((r) => r.code)).toContain('secret.aws_access_key');
      expect(JSON.stringify(body)).not.toContain('AKIAIOSFODNN7EXAMPLE');
      const list = (await (await h.call('GET', '/v1/memories?subject=secrets', { key: a.key })).json()) as {
        items: unknown[];
      };
      expect(list.items).toEqual([]);
    });

    it('rejects bad input with a 4xx code and writes nothing', async () => {
      const cases: [number, string, RequestInit['body'], Record<string, string>][] = [
        [
          415,
          'unsupported_media_type',
          'subject=u1',
          { 'content-type': 'application/x-www-form-urlencoded' },
        ],
        [415, 'unsupported_media_type', '{"subject":"u1"}', { 'content-type': 'text/plain' }],
        [400, 'invalid_request', '{"subject": "u1", "content": ', { 'content-type': 'application/json' }],
        [
          400,
          'invalid_request',
          JSON.stringify({ subject: 'bad', kind: 'gossip', content: 'x' }),
          { 'content-type': 'application/json' },
        ],
        [
          400,
          'invalid_request',
          JSON.stringify({ subject: 'bad', kind: 'fact', content: 'x'.repeat(8001) }),
          { 'content-type': 'application/json' },
        ],
        [
          400,
          'invalid_request',
          JSON.stringify({ subject: 'bad', kind: 'fact', content: 'x', trust: 3 }),
          { 'content-type': 'application/json' },
        ],
        [
          400,
          'invalid_request',
          JSON.stringify({ subject: '', kind: 'fact', content: 'x' }),
          { 'content-type': 'application/json' },
        ],
        [
          400,
          'invalid_request',
          JSON.stringify({ subject: 'bad', kind: 'rule', content: 'no trigger' }),
          { 'content-type': 'application/json' },
        ],
      ];
      for (const [status, code, body, headers] of cases) {
        const res = await h.engram.app.request('/v1/memories', {
          method: 'POST',
          body,
          headers: { authorization: `Bearer ${a.key}`, ...headers },
        });
        expect(res.status, String(body).slice(0, 60)).toBe(status);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
      }
      const huge = await h.engram.app.request('/v1/memories/batch', {
        method: 'POST',
        body: JSON.stringify({ items: [{ subject: 'bad', kind: 'fact', content: 'x'.repeat(7_000_000) }] }),
        headers: { authorization: `Bearer ${a.key}`, 'content-type': 'application/json' },
      });
      expect(huge.status).toBe(413);
      const list = (await (await h.call('GET', '/v1/memories?subject=bad', { key: a.key })).json()) as {
        items: unknown[];
      };
      expect(list.items).toEqual([]);
    });

    it('batch: one result per item, in order', async () => {
      const res = await h.call('POST', '/v1/memories/batch', {
        key: a.key,
        body: {
          items: [
            { subject: 'batch', kind: 'fact', content: 'first fact' },
            { subject: 'batch', kind: 'fact', content: 'password: hunter2hunter2' },
            { subject: 'batch', kind: 'fact', content: 'first fact' },
          ],
        },
      });
      expect(res.status).toBe(200);
      const { results } = (await res.json()) as { results: { status: number }[] };
      expect(results.map((r) => r.status)).toEqual([201, 422, 200]);
    });
  });

  describe('read and revoke', () => {
    it("get: 200 with its chain; another tenant's id is 404, a malformed id 400", async () => {
      const created = (await (
        await remember(a.key, { subject: 'reader', content: 'Prefers window seats', key: 'seat' })
      ).json()) as { memory: { id: string } };
      const newer = (await (
        await remember(a.key, { subject: 'reader', content: 'Prefers aisle seats', key: 'seat' })
      ).json()) as {
        memory: { id: string };
        gate: { superseded: string[] };
      };
      expect(newer.gate.superseded).toEqual([created.memory.id]);
      const got = await h.call('GET', `/v1/memories/${created.memory.id}`, { key: a.key });
      expect(got.status).toBe(200);
      expect(await got.json()).toMatchObject({
        id: created.memory.id,
        superseded_by: newer.memory.id,
        chain: { newer: [newer.memory.id] },
      });
      expect((await h.call('GET', `/v1/memories/${created.memory.id}`, { key: b.key })).status).toBe(404);
      expect((await h.call('GET', '/v1/memories/not-a-uuid', { key: a.key })).status).toBe(400);
    });

    it('list pages with a cursor and rejects a forged cursor', async () => {
      for (let i = 0; i < 5; i++)
        await remember(a.key, { subject: 'pager', kind: 'fact', content: `page item ${i}` });
      const p1 = (await (
        await h.call('GET', '/v1/memories?subject=pager&limit=2', { key: a.key })
      ).json()) as {
        items: { content: string }[];
        next_cursor: string;
      };
      expect(p1.items.map((m) => m.content)).toEqual(['page item 4', 'page item 3']);
      const p2 = (await (
        await h.call('GET', `/v1/memories?subject=pager&limit=2&cursor=${p1.next_cursor}`, { key: a.key })
      ).json()) as {
        items: { content: string }[];
      };
      expect(p2.items.map((m) => m.content)).toEqual(['page item 2', 'page item 1']);
      expect(
        (await h.call('GET', '/v1/memories?subject=pager&cursor=%27%20or%201=1', { key: a.key })).status,
      ).toBe(400);
      expect(
        (await h.call('GET', '/v1/memories?subject=pager&include=everything', { key: a.key })).status,
      ).toBe(400);
    });

    it('revoke: recall never returns it again; another tenant gets 404 and changes nothing', async () => {
      const m = (await (
        await remember(a.key, { subject: 'rev', kind: 'fact', content: 'The garage code changes monthly' })
      ).json()) as { memory: { id: string } };
      expect(
        (await h.call('POST', `/v1/memories/${m.memory.id}/revoke`, { key: b.key, body: { reason: 'x' } }))
          .status,
      ).toBe(404);
      const before = (await (
        await h.call('POST', '/v1/recall', { key: a.key, body: { subject: 'rev', query: 'garage code' } })
      ).json()) as { items: { id: string }[] };
      expect(before.items.map((i) => i.id)).toEqual([m.memory.id]);
      const res = await h.call('POST', `/v1/memories/${m.memory.id}/revoke`, {
        key: a.key,
        body: { reason: 'outdated' },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { memory: { revoked_reason: string } }).memory.revoked_reason).toBe(
        'outdated',
      );
      const after = (await (
        await h.call('POST', '/v1/recall', { key: a.key, body: { subject: 'rev', query: 'garage code' } })
      ).json()) as { items: unknown[] };
      expect(after.items).toEqual([]);
    });
  });

  it('an unknown error becomes a plain 500 that leaks nothing', async () => {
    const broken: MemoryStore = {
      withTenant: () => Promise.reject(new Error('connection string postgres://u:hunter2@db/x exploded')),
      withOperator: (work) => h.store.withOperator(work),
      registerModel: () => Promise.resolve('active'),
      ping: () => Promise.resolve(),
      refreshStatistics: () => Promise.resolve(false),
      buildSubjectVectorIndexes: () => Promise.resolve(0),
      setGlobalVectorIndexes: () => Promise.resolve(0),
    };
    const lines: string[] = [];
    const engram = composeEngram({
      store: broken,
      gate: async () => ({
        decision: 'accepted',
        normalizedContent: 'x',
        contentHash: 'h',
        trust: 2,
        flags: [],
        expiresAt: null,
      }),
      embedder: null,
      logger: { ...silentLogger, error: (event, fields) => lines.push(JSON.stringify({ event, ...fields })) },
      adminKey: ADMIN_KEY,
      readiness: async () => ({ ready: true, checks: {} }),
    });
    const res = await engram.app.request('/v1/memories?subject=u1', {
      headers: { authorization: `Bearer ${a.key}` },
    });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'internal', message: 'internal error' } });
    expect(lines.join('\n')).not.toContain('hunter2');
  });
});
