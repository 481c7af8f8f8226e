// engram.lexical_matches runs as security definer (so that the lexical lane can use its GIN index under RLS) and
// applies the tenant and subject rules itself: what each role may reach through it, on every backend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlSession } from '../../src/ports/sql.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';

describe.each(backends)('lexical_matches rights on $name', ({ open }) => {
  let database: TestDatabase;
  let h: Harness;
  let a: { id: string; key: string };
  let b: { id: string; key: string };

  const write = async (key: string, subject: string, content: string) => {
    const res = await h.call('POST', '/v1/memories', { key, body: { subject, kind: 'fact', content } });
    expect(res.status).toBe(201);
  };
  /** Contents lexical_matches returns for 'passport' in subject `subject`, after `setup` ran in the transaction. */
  const matches = (setup: (s: SqlSession) => Promise<unknown>, subject = 'alice') =>
    database.db.transaction(async (s) => {
      await setup(s);
      const { rows } = await s.query<{ id: string }>(
        "select x.id from engram.lexical_matches($1, to_tsquery('simple', 'passport')) x",
        [subject],
      );
      await s.query("select set_config('role', 'none', true)");
      if (rows.length === 0) return [];
      const contents = await s.query<{ content: string }>(
        'select content from engram.memories where id = any ($1::uuid[]) order by content',
        [rows.map((r) => r.id)],
      );
      return contents.rows.map((r) => r.content);
    });
  const asApp = (tenant: string) => (s: SqlSession) =>
    s.query("select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)", [
      tenant,
    ]);
  const asUser = (tenant: string, sub: string) => (s: SqlSession) =>
    s.query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)", [
      JSON.stringify({ sub, role: 'authenticated', app_metadata: { tenant_id: tenant } }),
    ]);

  beforeAll(async () => {
    database = await open('lexical_matches');
    h = await createHarness(database);
    a = await h.tenant('acme');
    b = await h.tenant('globex');
    await write(a.key, 'alice', 'alice keeps her passport in the blue drawer');
    await write(a.key, 'bob', 'bob lost his passport in Rome');
    await write(b.key, 'alice', 'the other alice renews her passport');
  });
  afterAll(async () => {
    await database.drop();
  });

  it("a server transaction reaches its tenant's subjects only", async () => {
    expect(await matches(asApp(a.id))).toEqual(['alice keeps her passport in the blue drawer']);
    expect(await matches(asApp(a.id), 'bob')).toEqual(['bob lost his passport in Rome']);
    expect(await matches(asApp(b.id))).toEqual(['the other alice renews her passport']);
    // No tenant set: nothing, as under the policies.
    expect(await matches((s) => s.query("select set_config('role', 'engram_app', true)"))).toEqual([]);
  });

  it('a supabase-js user reaches its own subject of its own tenant only', async () => {
    expect(await matches(asUser(a.id, 'alice'))).toEqual(['alice keeps her passport in the blue drawer']);
    expect(await matches(asUser(a.id, 'alice'), 'bob')).toEqual([]);
    expect(await matches(asUser(b.id, 'alice'))).toEqual(['the other alice renews her passport']);
    // A tenant set for servers does not widen a user's reach.
    expect(
      await matches(async (s) => {
        await asUser(a.id, 'mallory')(s);
        await s.query("select set_config('engram.tenant_id', $1, true)", [b.id]);
      }),
    ).toEqual([]);
  });

  it('returns the newest matches whether it walks the newest rows or reads the index', async () => {
    // 3,000 rows: every one says "filler" (dense: the walk of the newest 2,500 finds 2,000 matches), every 100th
    // says "rare" too (sparse: 30 matches, read from the GIN).
    await database.db.query(
      `insert into engram.memories (tenant_id, subject, kind, content, trust, source_type, content_hash, created_at)
       select $1, 'many', 'fact', 'filler ' || g || case when g % 100 = 0 then ' rare' else '' end, 2, 'user',
              md5('many' || g), now() - g * interval '1 second'
         from generate_series(1, 3000) g`,
      [a.id],
    );
    const newest = async (word: string) =>
      (
        await database.db.query<{ id: string }>(
          `select id from engram.memories where tenant_id = $1 and subject = 'many' and content like '%' || $2 || '%'
            order by created_at desc limit 2000`,
          [a.id, word],
        )
      ).rows.map((r) => r.id);
    const viaHelper = (word: string) =>
      database.db.transaction(async (s) => {
        await asApp(a.id)(s);
        const { rows } = await s.query<{ id: string }>(
          "select x.id from engram.lexical_matches('many', to_tsquery('simple', $1)) x",
          [word],
        );
        return rows.map((r) => r.id);
      });
    const dense = await viaHelper('filler');
    expect(dense).toHaveLength(2000);
    expect(new Set(dense)).toEqual(new Set(await newest('filler')));
    const sparse = await viaHelper('rare');
    expect(sparse).toHaveLength(30);
    expect(new Set(sparse)).toEqual(new Set(await newest('rare')));
  });

  it('anon may not call it', async () => {
    await expect(matches((s) => s.query("select set_config('role', 'anon', true)"))).rejects.toThrow(
      /permission denied/,
    );
  });
});
