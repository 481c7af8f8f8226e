// The forgetting endpoints through app.request() of the real app (the test harness: the real write gate, the
// deterministic embedder) on every backend: replace, erase a subject, export, audit, erase a tenant; auth and the
// error envelope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Memory } from '../../src/contract/index.ts';
import { silentLogger } from '../../src/core/logger.ts';
import type { Principal } from '../../src/core/principal.ts';
import { evaluateWrite } from '../../src/gate/index.ts';
import { issueApiKey } from '../../src/services/api-keys.ts';
import { createForgetService } from '../../src/services/forget.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { ADMIN_KEY, createHarness, type Harness } from '../support/harness.ts';

describe.each(backends)('forgetting over HTTP on $name', ({ open }) => {
  let database: TestDatabase;
  let h: Harness;
  let tenantA: string;
  let keyA: string;
  let keyB: string;
  let readOnlyA: string;

  const call = (method: string, path: string, key: string | null, body?: unknown) =>
    h.call(method, path, { ...(key ? { key } : {}), ...(body === undefined ? {} : { body }) });
  const remember = async (key: string, body: Record<string, unknown>): Promise<Memory> => {
    const res = await call('POST', '/v1/memories', key, { kind: 'fact', ...body });
    expect(res.status).toBe(201);
    return ((await res.json()) as { memory: Memory }).memory;
  };
  /** The gate refuses to store what is already expired: expire a stored memory by hand, as time would. */
  const expire = (id: string) =>
    database.db.query("update engram.memories set expires_at = now() - interval '1 day' where id = $1", [id]);
  const errorOf = async (res: Response) =>
    ((await res.json()) as { error: { code: string; details?: unknown } }).error;

  beforeAll(async () => {
    database = await open('http_forget');
    h = await createHarness(database);
    const a = await h.tenant('http-a');
    const b = await h.tenant('http-b');
    tenantA = a.id;
    keyA = a.key;
    keyB = b.key;
    readOnlyA = await issueApiKey(h.store, tenantA, { scopes: ['memories:read'] });
  });
  afterAll(async () => {
    await database.drop();
  });

  describe('POST /v1/memories/{id}/replace', () => {
    it('201: the new version passes the gate and the embedder, inherits the rest, and supersedes the old', async () => {
      const old = await remember(keyA, {
        subject: 'ann',
        content: 'Ann works at Acme',
        kind: 'fact',
        tags: ['work'],
        key: 'employer',
        source: { type: 'user', uri: 'chat://1' },
      });
      const res = await call('POST', `/v1/memories/${old.id}/replace`, keyA, {
        content: '  Ann works at Globex  ',
        reason: 'changed jobs',
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { memory: Memory; replaced: Memory; gate: Record<string, unknown> };
      expect(body.memory).toMatchObject({
        subject: 'ann',
        content: 'Ann works at Globex',
        kind: 'fact',
        tags: ['work'],
        key: 'employer',
        source: { type: 'user', uri: 'chat://1' },
        supersedes: old.id,
        embedding: { model: h.embedder.model, status: 'ready' },
      });
      expect(body.replaced).toMatchObject({ id: old.id, superseded_by: body.memory.id });
      expect(body.gate).toEqual({
        decision: 'accepted',
        trust: 2,
        flags: ['content.normalized'],
        superseded: [old.id],
      });
      const got = await call('GET', `/v1/memories/${body.memory.id}`, keyA);
      expect(((await got.json()) as { chain: unknown }).chain).toEqual({ older: [old.id], newer: [] });

      const again = await call('POST', `/v1/memories/${old.id}/replace`, keyA, {
        content: 'Ann works at Initech',
      });
      expect(again.status).toBe(409);
      expect(await errorOf(again)).toMatchObject({
        code: 'conflict',
        details: { state: 'superseded', superseded_by: body.memory.id },
      });
    });

    it('404 for another tenant or an unknown id, 409 for revoked or duplicate content, 422 from the gate', async () => {
      const mine = await remember(keyA, { subject: 'ben', content: 'Ben plays the cello' });
      const other = await remember(keyA, { subject: 'ben', content: 'Ben plays the oboe' });
      const foreign = await call('POST', `/v1/memories/${mine.id}/replace`, keyB, { content: 'hijack' });
      expect(foreign.status).toBe(404);
      expect(await errorOf(foreign)).toMatchObject({ code: 'not_found' });
      const unknown = await call('POST', '/v1/memories/00000000-0000-4000-8000-000000000000/replace', keyA, {
        content: 'x',
      });
      expect(unknown.status).toBe(404);
      const duplicate = await call('POST', `/v1/memories/${mine.id}/replace`, keyA, {
        content: 'Ben plays the oboe',
      });
      expect(duplicate.status).toBe(409);
      expect(await errorOf(duplicate)).toMatchObject({ details: { memory_id: other.id } });
      const secret = await call('POST', `/v1/memories/${mine.id}/replace`, keyA, {
        content: `${'-----BEGIN '}RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA`,
      });
      expect(secret.status).toBe(422);
      expect(await errorOf(secret)).toMatchObject({
        code: 'rejected_by_gate',
        details: { reasons: [{ code: 'secret.private_key' }] },
      });
      await call('POST', `/v1/memories/${mine.id}/revoke`, keyA, { reason: 'wrong' });
      const revoked = await call('POST', `/v1/memories/${mine.id}/replace`, keyA, {
        content: 'Ben plays piano',
      });
      expect(revoked.status).toBe(409);
      expect(await errorOf(revoked)).toMatchObject({ details: { state: 'revoked' } });
    });

    it('400 for a bad body, 401 without a key, 403 for a read-only key, 415 for a non-JSON body', async () => {
      const m = await remember(keyA, { subject: 'cal', content: 'Cal likes figs' });
      const path = `/v1/memories/${m.id}/replace`;
      expect((await call('POST', path, keyA, { content: 'x', subject: 'someone-else' })).status).toBe(400);
      expect((await call('POST', path, keyA, {})).status).toBe(400);
      expect((await call('POST', path, keyA, { content: 'a rule now', kind: 'rule' })).status).toBe(400);
      expect((await call('POST', '/v1/memories/not-a-uuid/replace', keyA, { content: 'x' })).status).toBe(
        400,
      );
      expect((await call('POST', path, null, { content: 'x' })).status).toBe(401);
      expect((await call('POST', path, readOnlyA, { content: 'x' })).status).toBe(403);
      const text = await h.engram.app.request(path, {
        method: 'POST',
        headers: { authorization: `Bearer ${keyA}`, 'content-type': 'text/plain' },
        body: 'content=x',
      });
      expect(text.status).toBe(415);
      const live = await call('GET', `/v1/memories/${m.id}`, keyA);
      expect(((await live.json()) as Memory).superseded_by).toBeNull();
    });

    it('an end user (JWT principal) cannot reach another subject: not_found', async () => {
      const m = await remember(keyA, { subject: 'dee', content: 'Dee is left-handed' });
      const endUser: Principal = {
        kind: 'jwt',
        tenantId: tenantA,
        scopes: ['memories:read', 'memories:write'],
        actor: 'jwt:eve',
        subject: 'eve',
      };
      await expect(h.engram.forget.replace(endUser, m.id, { content: 'planted' })).rejects.toMatchObject({
        code: 'not_found',
      });
      await expect(h.engram.forget.eraseSubject(endUser, 'dee')).rejects.toMatchObject({ code: 'forbidden' });
    });
  });

  describe('DELETE /v1/subjects/{subject}', () => {
    it('200 with counts and a receipt; the subject is gone, the same name in another tenant is not', async () => {
      const subject = 'fay / 42';
      const path = `/v1/subjects/${encodeURIComponent(subject)}`;
      const a = await remember(keyA, { subject, content: 'Fay owns a ferret' });
      await remember(keyA, { subject, content: 'Fay visits Faro', key: 'trip' });
      await remember(keyA, { subject, content: 'Fay visits Porto', key: 'trip' });
      await remember(keyB, { subject, content: 'Tenant B Fay' });
      expect((await call('DELETE', path, readOnlyA)).status).toBe(403);

      const res = await call('DELETE', path, keyA);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { erased: Record<string, number>; receipt_id: string };
      // 3 memories; vectors of the 2 live ones (the superseded one lost its vector); 3 writes + 1 supersede.
      expect(body).toEqual({
        erased: { memories: 3, embeddings: 2, audit_events_redacted: 4 },
        receipt_id: expect.stringMatching(/^\d+$/),
      });
      const listed = await call(
        'GET',
        `/v1/memories?subject=${encodeURIComponent(subject)}&include=revoked,superseded`,
        keyA,
      );
      expect(((await listed.json()) as { items: unknown[] }).items).toEqual([]);
      expect((await call('GET', `/v1/memories/${a.id}`, keyA)).status).toBe(404);
      const trail = await call('GET', `/v1/audit?memory_id=${a.id}`, keyA);
      const events = ((await trail.json()) as { items: { subject: string; redacted_at: string | null }[] })
        .items;
      expect(events).toHaveLength(1);
      expect(events[0]!.subject).toMatch(/^erased:/);
      expect(events[0]!.redacted_at).not.toBeNull();
      const survivors = await call('GET', `/v1/memories?subject=${encodeURIComponent(subject)}`, keyB);
      expect(((await survivors.json()) as { items: Memory[] }).items.map((m) => m.content)).toEqual([
        'Tenant B Fay',
      ]);
    });
  });

  describe('GET /v1/subjects/{subject}/export', () => {
    it('streams every version as JSON lines, oldest first, expired left out', async () => {
      const v1 = await remember(keyA, { subject: 'gus', content: 'Gus rides a bike', key: 'commute' });
      const v2 = await remember(keyA, { subject: 'gus', content: 'Gus takes the tram', key: 'commute' });
      const r = await remember(keyA, { subject: 'gus', content: 'Gus hates olives' });
      await call('POST', `/v1/memories/${r.id}/revoke`, keyA, { reason: 'joke' });
      const parked = await remember(keyA, {
        subject: 'gus',
        content: 'Gus parked on level 3',
        ttl_seconds: 60,
      });
      await expire(parked.id);
      const res = await call('GET', '/v1/subjects/gus/export', keyA);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
      const lines = (await res.text()).split('\n');
      expect(lines.at(-1)).toBe('');
      const items = lines.slice(0, -1).map((line) => JSON.parse(line) as Memory);
      expect(items.map((m) => m.id)).toEqual([v1.id, v2.id, r.id]);
      expect(items[2]!.revoked_reason).toBe('joke');
      const foreign = await call('GET', '/v1/subjects/gus/export', keyB);
      expect(await foreign.text()).toBe('');
      expect((await call('GET', '/v1/subjects/gus/export', null)).status).toBe(401);
    });

    it('reads page after page until the subject is exhausted', async () => {
      for (let i = 0; i < 5; i++) await remember(keyA, { subject: 'hal', content: `Hal note ${i}` });
      const forget = createForgetService({
        store: h.store,
        gate: evaluateWrite,
        embedder: null,
        logger: silentLogger,
        exportPageSize: 2,
      });
      const principal: Principal = {
        kind: 'api_key',
        tenantId: tenantA,
        scopes: ['memories:read'],
        actor: 't',
      };
      const contents: string[] = [];
      for await (const m of await forget.exportSubject(principal, 'hal')) contents.push(m.content);
      expect(contents).toEqual(['Hal note 0', 'Hal note 1', 'Hal note 2', 'Hal note 3', 'Hal note 4']);
    });
  });

  describe('GET /v1/memories filters and TTL', () => {
    it('lists by subject and by source uri; expired rows only with include=expired', async () => {
      await remember(keyA, {
        subject: 'ivo',
        content: 'Ivo from doc A',
        source: { type: 'app', uri: 'doc://a' },
      });
      await remember(keyA, {
        subject: 'ivo',
        content: 'Ivo from doc B',
        source: { type: 'app', uri: 'doc://b' },
      });
      const old = await remember(keyA, { subject: 'ivo', content: 'Ivo old news', ttl_seconds: 60 });
      await expire(old.id);
      const contents = async (query: string) =>
        ((await (await call('GET', `/v1/memories?${query}`, keyA)).json()) as { items: Memory[] }).items
          .map((m) => m.content)
          .sort();
      expect(await contents('subject=ivo')).toEqual(['Ivo from doc A', 'Ivo from doc B']);
      expect(await contents('subject=ivo&source_uri=doc%3A%2F%2Fb')).toEqual(['Ivo from doc B']);
      expect(await contents('subject=ivo&include=expired')).toEqual([
        'Ivo from doc A',
        'Ivo from doc B',
        'Ivo old news',
      ]);
    });
  });

  describe('GET /v1/audit', () => {
    it('returns the trail of a memory and pages by cursor; 400 for a bad cursor', async () => {
      const v1 = await remember(keyA, { subject: 'jo', content: 'Jo drinks coffee', key: 'drink' });
      const v2 = await remember(keyA, { subject: 'jo', content: 'Jo drinks tea', key: 'drink' });
      await call('POST', `/v1/memories/${v1.id}/revoke`, keyA, { reason: 'superseded anyway' });
      const res = await call('GET', `/v1/audit?memory_id=${v1.id}`, keyA);
      expect(res.status).toBe(200);
      const { items, next_cursor } = (await res.json()) as {
        items: { action: string; memory_id: string; actor: string }[];
        next_cursor: string | null;
      };
      expect(items.map((e) => [e.action, e.memory_id])).toEqual([
        ['write', v1.id],
        ['write', v2.id],
        ['supersede', v1.id],
        ['revoke', v1.id],
      ]);
      expect(items[0]!.actor).toMatch(/^api_key:/);
      expect(next_cursor).toBeNull();
      const page1 = (await (await call('GET', '/v1/audit?subject=jo&limit=2', keyA)).json()) as {
        items: { id: string }[];
        next_cursor: string;
      };
      expect(page1.items).toHaveLength(2);
      const page2 = (await (
        await call('GET', `/v1/audit?subject=jo&limit=2&cursor=${page1.next_cursor}`, keyA)
      ).json()) as {
        items: { id: string }[];
      };
      expect(page2.items).toHaveLength(2);
      expect(Number(page2.items[0]!.id)).toBeGreaterThan(Number(page1.items[1]!.id));
      expect((await call('GET', '/v1/audit?cursor=abc', keyA)).status).toBe(400);
      const foreign = await call('GET', `/v1/audit?memory_id=${v1.id}`, keyB);
      expect(((await foreign.json()) as { items: unknown[] }).items).toEqual([]);
    });
  });

  describe('DELETE /v1/admin/tenants/{id}', () => {
    it('operator only: 401 without a key, 403 with a tenant key, 404 unknown, 200 erases keys too', async () => {
      const { id: doomed, key: doomedKey } = await h.tenant('http-doomed');
      await remember(doomedKey, { subject: 'kim', content: 'Kim is doomed' });
      const path = `/v1/admin/tenants/${doomed}`;
      expect((await call('DELETE', path, null)).status).toBe(401);
      expect((await call('DELETE', path, doomedKey)).status).toBe(403);
      expect(
        (await call('DELETE', '/v1/admin/tenants/00000000-0000-4000-8000-000000000000', ADMIN_KEY)).status,
      ).toBe(404);
      const res = await call('DELETE', path, ADMIN_KEY);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        erased: { memories: 1, embeddings: 1, audit_events: 1, api_keys: 1 },
        receipt_id: expect.stringMatching(/^\d+$/),
      });
      expect((await call('GET', '/v1/memories', doomedKey)).status).toBe(401);
      expect((await call('DELETE', path, ADMIN_KEY)).status).toBe(404);
    });
  });

  it('documents the new endpoints in /openapi.json', async () => {
    const doc = (await (await h.call('GET', '/openapi.json')).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/memories/{id}/replace',
        '/v1/subjects/{subject}',
        '/v1/subjects/{subject}/export',
        '/v1/audit',
        '/v1/admin/tenants/{id}',
      ]),
    );
  });
});
