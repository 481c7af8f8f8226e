// The RPC functions as the real @supabase/supabase-js client calls them, through a local PostgREST stand-in
// (test/support/postgrest-stub.ts) on every backend: two users of one tenant and a user of another each see
// only their own subject, and PostgREST's auth and lookup errors come back as supabase-js reports them.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { engramRpc } from '../../src/client/supabase.ts';
import { createTenantService } from '../../src/services/tenants.ts';
import { createSqlStore } from '../../src/store/sql-store.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { nowSeconds, signHs256, TEST_JWT_SECRET, userClaims } from '../support/jwt-tokens.ts';
import { type PostgrestStub, startPostgrestStub } from '../support/postgrest-stub.ts';

describe.each(backends)('supabase-js RPC on $name', ({ open }) => {
  let database: TestDatabase;
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

  beforeAll(async () => {
    database = await open('supabase');
    const tenants = createTenantService(createSqlStore(database.db));
    tenantA = (await tenants.createTenant('acme')).tenant.id;
    tenantB = (await tenants.createTenant('globex')).tenant.id;
    const now = nowSeconds();
    anonKey = await signHs256({ iss: 'supabase', ref: 'local', role: 'anon', iat: now, exp: now + 3600 });
    stub = await startPostgrestStub({ db: database.db, jwtSecret: TEST_JWT_SECRET, apiKeys: [anonKey] });

    for (const [sub, tenantId, content] of [
      ['alice', tenantA, 'alice keeps her passport in the blue drawer'],
      ['bob', tenantA, 'bob keeps his passport at the office'],
      ['alice', tenantB, 'the other alice hates passport photos'],
    ] as const) {
      const { error } = await engramRpc(await user(sub, tenantId)).writeMemory({
        subject: sub,
        kind: 'fact',
        content,
      });
      expect(error).toBeNull();
    }
  });
  afterAll(async () => {
    await stub.close();
    await database.drop();
  });

  it('write_memory: created, trust fixed by the database, duplicates found with the gate hash', async () => {
    const alice = engramRpc(await user('alice', tenantA));
    const first = await alice.writeMemory({
      subject: 'alice',
      kind: 'preference',
      content: 'Alice  likes\tGREEN tea',
    });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({
      status: 'created',
      memory: { subject: 'alice', content: 'Alice likes GREEN tea', trust: 2 },
    });
    const again = await alice.writeMemory({
      subject: 'alice',
      kind: 'preference',
      content: 'alice likes green tea ',
    });
    expect(again.data).toMatchObject({ status: 'duplicate', memory: { id: first.data!.memory.id } });
    const external = await alice.writeMemory({
      subject: 'alice',
      kind: 'fact',
      content: 'a web page says so',
      source: { type: 'external' },
    });
    expect(external.data?.memory.trust).toBe(0);
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

  it('writing as another subject is refused by row-level security (403, 42501)', async () => {
    const res = await (await user('alice', tenantA)).rpc('write_memory', {
      p_memory: {
        subject: 'bob',
        kind: 'fact',
        content: 'alice writes as bob',
        content_hash: 'h'.repeat(64),
      },
    });
    expect(res.status).toBe(403);
    expect(res.error?.code).toBe('42501');
    const bob = await engramRpc(await user('bob', tenantA)).listMemories();
    expect(bob.data?.map((m) => m.content)).toEqual(['bob keeps his passport at the office']);
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
