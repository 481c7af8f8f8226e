// The RPC functions as the real @supabase/supabase-js client calls them, through a local PostgREST stand-in
// (test/support/postgrest-stub.ts) on every backend: two users of one tenant and a user of another each see
// only their own subject, and PostgREST's auth and lookup errors come back as supabase-js reports them. End users
// write over HTTPS with the same JWT (through the write gate); the database grants role authenticated no write
// (issue 15, item 4: as authenticated a user could store trust 3 and a secret, raise trust, hard-delete rows with
// no audit event, forge and rewrite audit events).
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { createJwtVerifier } from '../../src/auth/jwt.ts';
import { engramRpc } from '../../src/client/supabase.ts';
import type { SqlSession } from '../../src/ports/sql.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';
import { nowSeconds, signHs256, TEST_JWT_SECRET, userClaims } from '../support/jwt-tokens.ts';
import { type PostgrestStub, startPostgrestStub } from '../support/postgrest-stub.ts';

describe.each(backends)('supabase-js RPC on $name', ({ open }) => {
  let database: TestDatabase;
  let h: Harness;
  let stub: PostgrestStub;
  let anonKey: string;
  let tenantA: string;
  let tenantB: string;

  /** A supabase-js client as an app builds it: the anon key, and the signed-in user's JWT when there is one. */
  const client = (userJwt?: string, schema = 'engram') =>
    createClient(stub.url, anonKey, {
      db: { schema },
      global: { fetch, ...(userJwt ? { headers: { Authorization: `Bearer ${userJwt}` } } : {}) },
      realtime: { transport: ws as unknown as typeof WebSocket },
      auth: { persistSession: false, autoRefreshToken: false },
    });
  const user = async (sub: string, tenantId: string, extra: Record<string, unknown> = {}) =>
    client(await signHs256(userClaims(sub, tenantId, extra)));
  /** POST /v1/memories with the user's own access token, as an app does after `supabase.auth.getSession()`. */
  const writeOverHttps = (token: string, body: Record<string, unknown>) =>
    h.call('POST', '/v1/memories', { key: token, body: { kind: 'fact', ...body } });
  /** What PostgREST does for supabase-js before running a statement: role authenticated, the JWT claims. */
  const asUser = <T>(sub: string, tenantId: string, work: (s: SqlSession) => Promise<T>) =>
    database.db.transaction(async (s) => {
      await s.query(
        "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
        [JSON.stringify({ sub, role: 'authenticated', app_metadata: { tenant_id: tenantId } })],
      );
      return work(s);
    });

  beforeAll(async () => {
    database = await open('supabase');
    // The Engram server over the same database, accepting the same Supabase JWTs (docs/supabase.md, section 6).
    h = await createHarness(database, { parts: { jwt: createJwtVerifier({ secret: TEST_JWT_SECRET }) } });
    tenantA = (await h.tenant('acme')).id;
    tenantB = (await h.tenant('globex')).id;
    const now = nowSeconds();
    anonKey = await signHs256({ iss: 'supabase', ref: 'local', role: 'anon', iat: now, exp: now + 3600 });
    stub = await startPostgrestStub({ db: database.db, jwtSecret: TEST_JWT_SECRET, apiKeys: [anonKey] });

    for (const [sub, tenantId, content] of [
      ['alice', tenantA, 'alice keeps her passport in the blue drawer'],
      ['bob', tenantA, 'bob keeps his passport at the office'],
      ['alice', tenantB, 'the other alice hates passport photos'],
    ] as const) {
      const res = await writeOverHttps(await signHs256(userClaims(sub, tenantId)), { subject: sub, content });
      expect(res.status).toBe(201);
    }
  });
  afterAll(async () => {
    await stub.close();
    await database.drop();
  });

  it('end users write over HTTPS with the same JWT: the gate runs (a password is 422), trust is 2', async () => {
    const token = await signHs256(userClaims('alice', tenantA));
    const secret = await writeOverHttps(token, {
      subject: 'alice',
      content: 'my password is hunter2hunter2',
    });
    expect(secret.status).toBe(422);
    const stored = await writeOverHttps(token, { subject: 'alice', content: 'Alice likes green tea' });
    expect(stored.status).toBe(201);
    expect(await stored.json()).toMatchObject({ memory: { subject: 'alice', trust: 2 } });
    const listed = await engramRpc(await user('alice', tenantA)).listMemories();
    const contents = (listed.data ?? []).map((m) => m.content);
    expect(contents).toContain('Alice likes green tea');
    expect(contents.join(' ')).not.toContain('hunter2');
  });

  it('the database grants end users no write: every writing RPC is 403 (42501) and stores nothing', async () => {
    const alice = await user('alice', tenantA);
    const [mine] = (await engramRpc(alice).listMemories()).data ?? [];
    expect(mine).toBeDefined();
    const attempts: [string, Record<string, unknown>][] = [
      [
        'write_memory',
        {
          p_memory: {
            subject: 'alice',
            kind: 'fact',
            content: 'my password is hunter2hunter2',
            content_hash: 'a'.repeat(64),
          },
        },
      ],
      ['revoke_memory', { p_id: mine!.id, p_reason: 'x' }],
      [
        'replace_memory',
        { p_id: mine!.id, p_memory: { kind: 'fact', content: 'x', content_hash: 'b'.repeat(64) } },
      ],
      ['store_embedding', { p_memory_id: mine!.id, p_model: 'x', p_embedding: '[1,2]' }],
      ['mark_recalled', { p_ids: [mine!.id] }],
      ['record_recall', { p_recall_id: crypto.randomUUID(), p_subject: 'alice', p_returned: [] }],
      ['record_feedback', { p_recall_id: crypto.randomUUID(), p_used: [] }],
      ['erase_recall_events', { p_subject: 'alice' }],
    ];
    for (const [fn, args] of attempts) {
      const res = await alice.rpc(fn, args);
      expect({ fn, status: res.status, code: res.error?.code }).toEqual({ fn, status: 403, code: '42501' });
    }
    const after = (await engramRpc(alice).listMemories({ includeRevoked: true })).data ?? [];
    expect(after.map((m) => m.content).join(' ')).not.toContain('hunter2');
    expect(after.find((m) => m.id === mine!.id)).toMatchObject({ revoked_at: null });
  });

  it('direct table writes as role authenticated are refused, on its own subject too', async () => {
    const [mine] = (await engramRpc(await user('alice', tenantA)).listMemories()).data ?? [];
    const statements: [string, unknown[]][] = [
      [
        "insert into engram.memories (tenant_id, subject, kind, content, trust, source_type, content_hash) values ($1, 'alice', 'fact', 'AKIAIOSFODNN7EXAMPLE', 3, 'system', 'h-direct')",
        [tenantA],
      ],
      ['update engram.memories set trust = 3 where id = $1', [mine!.id]],
      ['delete from engram.memories where id = $1', [mine!.id]],
      ['delete from engram.memory_embeddings where memory_id = $1', [mine!.id]],
      [
        "insert into engram.audit_events (tenant_id, subject, actor, action) values ($1, 'alice', 'operator', 'erase_subject')",
        [tenantA],
      ],
      ["update engram.audit_events set actor = 'operator', reason = 'forged' where subject = 'alice'", []],
      ["update engram.recall_events set used_ids = '{}' where subject = 'alice'", []],
    ];
    for (const [sql, params] of statements) {
      await expect(
        asUser('alice', tenantA, (s) => s.query(sql, params)),
        sql,
      ).rejects.toMatchObject({
        code: '42501',
      });
    }
    const { rows } = await database.db.query<{ trust: number; n: number }>(
      'select trust, (select count(*)::int from engram.memories where content_hash = $2) as n from engram.memories where id = $1',
      [mine!.id, 'h-direct'],
    );
    expect(rows).toEqual([{ trust: 2, n: 0 }]);
  });

  it('the audit trail is append-only for the server role too, except when erase_subject redacts', async () => {
    const carol = await signHs256(userClaims('carol', tenantA));
    expect(
      (await writeOverHttps(carol, { subject: 'carol', content: 'carol sings in a choir' })).status,
    ).toBe(201);
    const rewrite = database.db.transaction(async (s) => {
      await s.query(
        "select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)",
        [tenantA],
      );
      await s.query(
        "update engram.audit_events set actor = 'someone', reason = 'x', redacted_at = now() where subject = 'carol'",
      );
    });
    await expect(rewrite).rejects.toMatchObject({ code: '42501' });
    const erased = await h.call('DELETE', '/v1/subjects/carol', { key: carol });
    expect(erased.status).toBe(200);
    const { rows } = await database.db.query<{ n: number }>(
      "select count(*)::int as n from engram.audit_events where subject = 'carol' or actor = 'jwt:carol'",
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('list_memories and search_lexical: each user sees only its own subject, in its own tenant', async () => {
    const contentsOf = (rows: { subject: string; content: string }[] | null) =>
      (rows ?? []).map((m) => `${m.subject}:${m.content}`);
    const aliceA = engramRpc(await user('alice', tenantA));
    const bobA = engramRpc(await user('bob', tenantA));
    const aliceB = engramRpc(await user('alice', tenantB));
    const listA = await aliceA.listMemories();
    expect(listA.error).toBeNull();
    expect(contentsOf(listA.data)).toContain('alice:alice keeps her passport in the blue drawer');
    expect(contentsOf(listA.data).every((c) => c.startsWith('alice:') && !c.includes('other alice'))).toBe(
      true,
    );
    expect((await aliceA.listMemories({ subject: 'bob' })).data).toEqual([]);
    expect(contentsOf((await bobA.listMemories()).data)).toEqual([
      'bob:bob keeps his passport at the office',
    ]);
    expect(contentsOf((await aliceB.listMemories()).data)).toEqual([
      'alice:the other alice hates passport photos',
    ]);

    const hits = await aliceA.searchLexical('alice', 'passport');
    expect(hits.data?.map((h) => h.memory.content)).toEqual(['alice keeps her passport in the blue drawer']);
    expect((await aliceA.searchLexical('bob', 'passport')).data).toEqual([]);
    expect((await aliceB.searchLexical('alice', 'drawer')).data).toEqual([]);
  });

  it('recall_candidates: lexical lane for the own subject only', async () => {
    const aliceA = engramRpc(await user('alice', tenantA));
    const own = await aliceA.recallCandidates({ subject: 'alice', query: 'where is the passport' });
    expect(own.error).toBeNull();
    expect(own.data?.map((r) => r.content)).toEqual(['alice keeps her passport in the blue drawer']);
    expect(own.data?.[0]).toMatchObject({ vector_rank: null, lexical_rank: 1, vector_path: 'none' });
    expect((await aliceA.recallCandidates({ subject: 'bob', query: 'passport' })).data).toEqual([]);
    const aliceB = engramRpc(await user('alice', tenantB));
    const otherTenant = await aliceB.recallCandidates({ subject: 'alice', query: 'passport drawer' });
    expect(otherTenant.data?.map((r) => r.content)).toEqual(['the other alice hates passport photos']);
  });

  it('recall_candidates: the durable lane weights and the lexical share through supabase-js', async () => {
    const alice = engramRpc(await user('alice', tenantA));
    // A hybrid recall weighs per memory whatever lanes ran: the fact holds the query's one word ("passport"),
    // at rank 1 of the lexical lane, fused with the durable lexical weight passed.
    const weighed = await alice.recallCandidates({
      subject: 'alice',
      query: 'where is the passport',
      mode: 'hybrid',
      durableLexicalWeight: 2,
      rrfK: 5,
    });
    expect(weighed.error).toBeNull();
    expect(weighed.data?.[0]).toMatchObject({ lexical_rank: 1, lexical_share: 1 });
    expect(weighed.data?.[0]?.rrf).toBeCloseTo(2 / 6, 12);
    const lexical = await alice.recallCandidates({ subject: 'alice', query: 'where is the passport' });
    expect(lexical.data?.[0]).toMatchObject({ lexical_share: null, rrf: 1 / 61 });
  });

  it('lexical_candidates: the lane for the own subject, handed back to recall_candidates, ranks as its own run', async () => {
    const alice = engramRpc(await user('alice', tenantA));
    const query = { subject: 'alice', query: 'where is the passport' };
    const lane = await alice.lexicalCandidates(query);
    expect(lane.error).toBeNull();
    expect(lane.data?.ids).toHaveLength(1);
    expect(lane.data?.shares).toEqual([1]);
    const weights = { mode: 'hybrid' as const, durableLexicalWeight: 2, rrfK: 5 };
    const own = await alice.recallCandidates({ ...query, ...weights });
    const passed = await alice.recallCandidates({ ...query, ...weights, lexical: lane.data! });
    expect(passed.error).toBeNull();
    expect(passed.data).toEqual(own.data);
    // Another subject's lane is empty, and another subject's id handed in never comes back.
    expect((await alice.lexicalCandidates({ subject: 'bob', query: 'passport' })).data?.ids).toEqual([]);
    const aliceB = engramRpc(await user('alice', tenantB));
    const foreign = await aliceB.recallCandidates({ ...query, ...weights, lexical: lane.data! });
    expect(foreign.data).toEqual([]);
  });

  it("recall_candidates: the key lane through supabase-js reads the user's own keyed memories only", async () => {
    for (const [sub, tenantId, content] of [
      ['alice', tenantA, 'Florist at a shop on Elm Street'],
      ['bob', tenantA, 'Baker at a bakery downtown'],
      ['alice', tenantB, 'Pilot for a regional airline'],
    ] as const) {
      const res = await writeOverHttps(await signHs256(userClaims(sub, tenantId)), {
        subject: sub,
        content,
        key: 'job',
      });
      expect(res.status).toBe(201);
    }
    const aliceA = engramRpc(await user('alice', tenantA));
    const asked = { subject: 'alice', query: 'what is my job', keys: ['job', 'job_title'] };
    const own = await aliceA.recallCandidates(asked);
    expect(own.error).toBeNull();
    expect(own.data?.filter((r) => r.key_rank !== null).map((r) => [r.content, r.key_rank])).toEqual([
      ['Florist at a shop on Elm Street', 1],
    ]);
    expect((await aliceA.recallCandidates({ ...asked, subject: 'bob' })).data).toEqual([]);
    // Without keys, no key lane: the words "what is my job" match none of them.
    const plain = await aliceA.recallCandidates({ subject: 'alice', query: 'what is my job' });
    expect(plain.data?.some((r) => r.key_rank !== null)).toBe(false);
  });

  it('PostgREST errors: anonymous 401, operator functions 403, unknown functions and arguments 404', async () => {
    const anon = await client().rpc('list_memories', {});
    expect({ status: anon.status, code: anon.error?.code }).toEqual({ status: 401, code: '42501' });
    const alice = await user('alice', tenantA);
    const operatorOnly = await alice.rpc('create_tenant', { p_name: 'mine' });
    expect({ status: operatorOnly.status, code: operatorOnly.error?.code }).toEqual({
      status: 403,
      code: '42501',
    });
    const unknown = await alice.rpc('drop_everything', {});
    expect({ status: unknown.status, code: unknown.error?.code }).toEqual({ status: 404, code: 'PGRST202' });
    const badArg = await alice.rpc('list_memories', { p_tenant: tenantB });
    expect({ status: badArg.status, code: badArg.error?.code }).toEqual({ status: 404, code: 'PGRST202' });
    const schema = await (
      await (async () => client(await signHs256(userClaims('alice', tenantA)), 'public'))()
    ).rpc('list_memories', {});
    expect({ status: schema.status, code: schema.error?.code }).toEqual({ status: 406, code: 'PGRST106' });
  });

  it('PostgREST JWT checks: a foreign secret and an expired token are 401 before any SQL runs', async () => {
    const before = stub.calls();
    const forged = client(
      await signHs256(userClaims('alice', tenantA), 'someone-elses-secret-that-is-32-chars-long'),
    );
    const f = await forged.rpc('list_memories', {});
    expect({ status: f.status, code: f.error?.code }).toEqual({ status: 401, code: 'PGRST301' });
    const expired = await user('alice', tenantA, { exp: nowSeconds() - 3600 });
    const e = await expired.rpc('list_memories', {});
    expect({ status: e.status, code: e.error?.code }).toEqual({ status: 401, code: 'PGRST303' });
    expect(stub.calls()).toBe(before);
  });
});
