// Tenant isolation through the database API as supabase-js reaches it (the PostgREST stand-in on every backend):
// attacker-tenant users call every engram function with the victim's ids, subjects and metacharacters.
// Every response: never a 5xx, never a victim value; at the end the victim's rows are exactly as before.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { backends, type TestDatabase } from '../support/databases.ts';
import { buildIsolationWorld, type IsolationWorld, SHARED_SUBJECTS } from '../support/isolation-world.ts';
import { nowSeconds, signHs256, TEST_JWT_SECRET, userClaims } from '../support/jwt-tokens.ts';
import { type PostgrestStub, startPostgrestStub } from '../support/postgrest-stub.ts';

interface EngramFunction {
  name: string;
  args: { name: string; type: string }[];
}

describe.each(backends)('isolation through supabase-js on $name', ({ open }) => {
  let database: TestDatabase;
  let w: IsolationWorld;
  let stub: PostgrestStub;
  let anonKey: string;
  let before: string;
  let functions: EngramFunction[];

  beforeAll(async () => {
    database = await open('iso_rpc');
    w = await buildIsolationWorld(database);
    const now = nowSeconds();
    anonKey = await signHs256({ iss: 'supabase', role: 'anon', iat: now, exp: now + 3600 });
    stub = await startPostgrestStub({ db: database.db, jwtSecret: TEST_JWT_SECRET, apiKeys: [anonKey] });
    before = await w.snapshot();
    const { rows } = await database.db.query<{ name: string; names: string[] | null; types: string[] }>(
      `select p.proname as name, p.proargnames as names,
              array(select pg_catalog.format_type(x, null) from pg_catalog.unnest(p.proargtypes) x) as types
         from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'engram' and p.prokind = 'f' order by 1`,
    );
    functions = rows.map((r) => ({
      name: r.name,
      args: r.types.map((type, i) => ({ name: r.names?.[i] ?? `$${i + 1}`, type })),
    }));
  });
  afterAll(async () => {
    console.log(
      `isolation through supabase-js (${database.url ? 'postgres' : 'pglite'}): ${w.requests()} requests`,
    );
    await stub.close();
    await database.drop();
  });

  const client = (token?: string) =>
    createClient(stub.url, anonKey, {
      db: { schema: 'engram' },
      global: {
        // Every response passes the leak and 5xx check before supabase-js parses it.
        fetch: async (input, init) => {
          const res = await fetch(input, init);
          const { status, text } = await w.check(`rpc ${String(input)}`, res);
          return new Response(status === 204 ? null : text, { status, headers: res.headers });
        },
        ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
      },
      realtime: { transport: ws as unknown as typeof WebSocket },
      auth: { persistSession: false, autoRefreshToken: false },
    });
  const attacker = async (sub = 'attacker-user') => client(await signHs256(userClaims(sub, w.attacker.id)));

  /** An argument of the victim's for each parameter type: ids, subjects, arrays of them, a vector. */
  const victimArg = (type: string, name: string): unknown => {
    if (type === 'uuid') return name.includes('recall') ? w.victim.recallId : w.victim.memoryIds[0];
    if (type === 'uuid[]') return w.victim.memoryIds;
    if (type === 'text[]') return ['%', '_', 'victim-tag'];
    if (type === 'jsonb' || type === 'json')
      return {
        subject: 'victim-user-1',
        tenant_id: w.victim.id,
        content: 'x',
        kind: 'fact',
        content_hash: 'a'.repeat(64),
      };
    if (type === 'boolean') return true;
    if (['integer', 'bigint', 'smallint', 'real', 'double precision', 'numeric'].includes(type)) return 1;
    if (type.startsWith('timestamp')) return new Date().toISOString();
    if (name.includes('embedding')) return `[${Array.from({ length: 64 }, () => 0.1).join(',')}]`;
    if (name.includes('tenant')) return w.victim.id;
    if (name.includes('key_id')) return w.victim.keyId;
    return 'victim-user-1';
  };

  it('every engram function, called by an attacker user with victim arguments: no leak, never a 5xx', async () => {
    const users = [await attacker(), await attacker('victim-user-1'), client()];
    let called = 0;
    for (const fn of functions) {
      if (fn.args.some((a) => a.name.startsWith('$') || a.type.includes('engram.') || a.type === 'regconfig'))
        continue;
      const args = Object.fromEntries(fn.args.map((a) => [a.name, victimArg(a.type, a.name)]));
      for (const user of users) {
        const res = await user.rpc(fn.name, args);
        expect(res.status, `${fn.name}`).toBeLessThan(500);
        called++;
      }
    }
    expect(called).toBeGreaterThan(40);
  });

  it("the victim's ids and subjects are invisible and unchangeable", async () => {
    const user = await attacker('victim-user-1');
    const [id] = w.victim.memoryIds;
    expect((await user.rpc('get_memory', { p_id: id })).data).toBeNull();
    // Writing RPCs are not granted to end users at all (they write over HTTPS, through the gate).
    const denied = async (fn: string, args: Record<string, unknown>) => {
      const res = await user.rpc(fn, args);
      return { fn, status: res.status, code: res.error?.code };
    };
    expect(await denied('revoke_memory', { p_id: id, p_reason: 'mine' })).toEqual({
      fn: 'revoke_memory',
      status: 403,
      code: '42501',
    });
    expect((await user.rpc('list_memories', { p_subject: 'victim-user-1' })).data).toEqual([]);
    expect(
      (await user.rpc('search_lexical', { p_subject: 'victim-user-1', p_query: 'passport' })).data,
    ).toEqual([]);
    expect(
      (await user.rpc('recall_candidates', { p_subject: 'victim-user-1', p_query: 'passport tea' })).data,
    ).toEqual([]);
    expect(await denied('store_embedding', { p_memory_id: id, p_model: 'x', p_embedding: '[1,2]' })).toEqual({
      fn: 'store_embedding',
      status: 403,
      code: '42501',
    });
    expect(await denied('record_feedback', { p_recall_id: w.victim.recallId, p_used: [] })).toEqual({
      fn: 'record_feedback',
      status: 403,
      code: '42501',
    });
    const audit = await user.rpc('audit', {
      p_tenant: w.victim.id,
      p_subject: 'victim-user-1',
      p_memory: id,
      p_actor: 'me',
      p_action: 'write',
      p_reason: 'x',
    });
    expect({ status: audit.status, code: audit.error?.code }).toEqual({ status: 403, code: '42501' });
  });

  it('write_memory is refused to end users, whatever tenant_id the memory names: nothing lands anywhere', async () => {
    const user = await attacker();
    const res = await user.rpc('write_memory', {
      p_memory: {
        subject: 'attacker-user',
        tenant_id: w.victim.id,
        kind: 'fact',
        content: 'planted',
        content_hash: 'b'.repeat(64),
      },
    });
    expect({ status: res.status, code: res.error?.code }).toEqual({ status: 403, code: '42501' });
    const { rows } = await database.db.query("select 1 from engram.memories where content = 'planted'");
    expect(rows).toEqual([]);
  });

  it('metacharacter subjects match themselves only (RLS compares sub exactly)', async () => {
    for (const subject of SHARED_SUBJECTS) {
      const user = await attacker(subject);
      const listed = await user.rpc('list_memories', { p_limit: 200 });
      const rows = (listed.data ?? []) as { subject: string }[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((m) => m.subject === subject)).toBe(true);
      const tagged = await user.rpc('list_memories', { p_tag: '%' });
      expect(((tagged.data ?? []) as { tags: string[] }[]).every((m) => m.tags.includes('%'))).toBe(true);
      const searched = await user.rpc('search_lexical', {
        p_subject: subject,
        p_query: "'; drop table engram.memories; --",
      });
      expect(searched.status).toBe(200);
    }
  });

  it('forged, expired and anonymous callers get 401; operator functions 403', async () => {
    const victimUser = userClaims('victim-user-1', w.victim.id);
    const forged = client(await signHs256(victimUser, 'attacker-secret-that-is-at-least-32-chars'));
    expect((await forged.rpc('list_memories', {})).status).toBe(401);
    const expired = client(await signHs256({ ...victimUser, exp: nowSeconds() - 3600 }));
    expect((await expired.rpc('list_memories', {})).status).toBe(401);
    expect((await client().rpc('list_memories', {})).status).toBe(401);
    const user = await attacker();
    for (const [fn, args] of [
      ['create_tenant', { p_name: 'mine' }],
      ['find_api_key', { p_key_id: w.victim.keyId }],
      ['revoke_api_key', { p_key_id: w.victim.keyId }],
      ['embedding_backlog', {}],
    ] as const) {
      const res = await user.rpc(fn, args);
      expect({ fn, status: res.status }).toEqual({ fn, status: 403 });
    }
  });

  it("the victim tenant's rows are exactly as before", async () => {
    expect(await w.snapshot()).toBe(before);
  });
});
