// engram.lexical_matches runs as security definer (so that the lexical lane can use its GIN index under RLS) and
// applies the tenant and subject rules itself: what each role may reach through it, on every backend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlSession } from '../../src/ports/sql.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { createHarness, type Harness } from '../support/harness.ts';

/** The security-definer helpers of the lexical lane, asked for 'passport' in subject $1. */
const CALLS = {
  lexical_matches: "select x.id from engram.lexical_matches($1, to_tsquery('simple', 'passport')) x",
  lexical_window:
    "select x.id from engram.lexical_window($1, to_tsquery('simple', 'passport')) w, unnest(w.ids) x(id)",
  rare_term_matches:
    "select x.id from engram.rare_term_matches($1, array[to_tsquery('simple', 'passport')]) x",
  rare_term_rows:
    "select x.id from engram.rare_term_rows($1, array[to_tsquery('simple', 'passport')]) r, unnest(r.ids) x(id)",
};

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
  const matches = (
    setup: (s: SqlSession) => Promise<unknown>,
    subject = 'alice',
    helper = CALLS.lexical_matches,
  ) =>
    database.db.transaction(async (s) => {
      await setup(s);
      const { rows } = await s.query<{ id: string }>(helper, [subject]);
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

  for (const [name, sql] of Object.entries(CALLS)) {
    it(`${name}: a server transaction reaches its tenant's subjects only`, async () => {
      expect(await matches(asApp(a.id), 'alice', sql)).toEqual([
        'alice keeps her passport in the blue drawer',
      ]);
      expect(await matches(asApp(a.id), 'bob', sql)).toEqual(['bob lost his passport in Rome']);
      expect(await matches(asApp(b.id), 'alice', sql)).toEqual(['the other alice renews her passport']);
      // No tenant set: nothing, as under the policies.
      expect(
        await matches((s) => s.query("select set_config('role', 'engram_app', true)"), 'alice', sql),
      ).toEqual([]);
    });

    it(`${name}: a supabase-js user reaches its own subject of its own tenant only`, async () => {
      expect(await matches(asUser(a.id, 'alice'), 'alice', sql)).toEqual([
        'alice keeps her passport in the blue drawer',
      ]);
      expect(await matches(asUser(a.id, 'alice'), 'bob', sql)).toEqual([]);
      expect(await matches(asUser(b.id, 'alice'), 'alice', sql)).toEqual([
        'the other alice renews her passport',
      ]);
      // A tenant set for servers does not widen a user's reach.
      expect(
        await matches(
          async (s) => {
            await asUser(a.id, 'mallory')(s);
            await s.query("select set_config('engram.tenant_id', $1, true)", [b.id]);
          },
          'alice',
          sql,
        ),
      ).toEqual([]);
    });
  }

  it('returns the matches among the newest 2,500 rows; rare_term_matches reaches a rare word beyond them', async () => {
    // 3,000 rows, one a second: every one says "filler" (2,500 of them in the window, the newest 2,000 returned),
    // every 100th says "rare" too (25 in the window; all 30 through rare_term_matches, whatever their age).
    await database.db.query(
      `insert into engram.memories (tenant_id, subject, kind, content, trust, source_type, content_hash, created_at)
       select $1, 'many', 'fact', 'filler ' || g || case when g % 100 = 0 then ' rare' else '' end, 2, 'user',
              md5('many' || g), now() - g * interval '1 second'
         from generate_series(1, 3000) g`,
      [a.id],
    );
    const newest = async (word: string, window: number, limit: number) =>
      (
        await database.db.query<{ id: string }>(
          `select id from (select id, content, created_at from engram.memories where tenant_id = $1 and subject = 'many'
                            order by created_at desc limit $3) w
            where content like '%' || $2 || '%' order by created_at desc limit $4`,
          [a.id, word, window, limit],
        )
      ).rows.map((r) => r.id);
    const viaHelper = (sql: string, word: string) =>
      database.db.transaction(async (s) => {
        await asApp(a.id)(s);
        const { rows } = await s.query<{ id: string }>(sql, [word]);
        return rows.map((r) => r.id);
      });
    const window = "select x.id from engram.lexical_matches('many', to_tsquery('simple', $1)) x";
    const dense = await viaHelper(window, 'filler');
    expect(dense).toHaveLength(2000);
    expect(new Set(dense)).toEqual(new Set(await newest('filler', 2500, 2000)));
    const sparse = await viaHelper(window, 'rare');
    expect(sparse).toHaveLength(25);
    expect(new Set(sparse)).toEqual(new Set(await newest('rare', 2500, 2000)));
    // The window says what it walked: 2,500 of the 3,000 rows, so not all of them; with a filter that leaves
    // fewer rows than the window holds (the 400 older than 'filler 2600'), all of those.
    const walk = async (olderThan: string | null) =>
      (
        await database.db.transaction(async (s) => {
          await asApp(a.id)(s);
          return s.query<{ walked: number; complete: boolean; hits: number }>(
            `select w.walked, w.complete, cardinality(w.ids) as hits
               from engram.lexical_window('many', to_tsquery('simple', 'rare'), p_until => (
                      select m.created_at from engram.memories m where m.subject = 'many' and m.content = $1)) w`,
            [olderThan],
          );
        })
      ).rows[0];
    expect(await walk(null)).toEqual({ walked: 2500, complete: false, hits: 25 });
    expect(await walk('filler 2600 rare')).toEqual({ walked: 400, complete: true, hits: 4 });
    const rare = await viaHelper(
      "select x.id from engram.rare_term_matches('many', array[to_tsquery('simple', $1)]) x",
      'rare',
    );
    expect(new Set(rare)).toEqual(new Set(await newest('rare', 3000, 3000)));
    expect(rare).toHaveLength(30);
    // rare_term_rows says whether every term was rare (then its rows are every match, and recall walks no window).
    const everyTermRare = async (words: string[]) =>
      (
        await database.db.transaction(async (s) => {
          await asApp(a.id)(s);
          return s.query<{ every: boolean; n: number }>(
            `select r.every_term_rare as every, coalesce(cardinality(r.ids), 0) as n
               from engram.rare_term_rows('many', array(select to_tsquery('simple', w) from unnest($1::text[]) w)) r`,
            [words],
          );
        })
      ).rows[0];
    expect(await everyTermRare(['rare'])).toEqual({ every: true, n: 30 });
    expect(await everyTermRare(['rare', 'absent'])).toEqual({ every: true, n: 30 });
    expect(await everyTermRare(['rare', 'filler'])).toEqual({ every: false, n: 30 });
    expect(await everyTermRare(['filler'])).toEqual({ every: false, n: 0 });
  });

  it("live_rows_up_to counts under the caller's policies: another tenant's or another user's subject is empty", async () => {
    const count = (setup: (s: SqlSession) => Promise<unknown>, tenant: string, subject: string) =>
      database.db.transaction(async (s) => {
        await setup(s);
        const { rows } = await s.query<{ n: number }>('select engram.live_rows_up_to($1, $2, 10) as n', [
          tenant,
          subject,
        ]);
        return rows[0]?.n;
      });
    expect(await count(asApp(a.id), a.id, 'alice')).toBe(1);
    expect(await count(asApp(a.id), b.id, 'alice')).toBe(0);
    expect(await count(asUser(a.id, 'alice'), a.id, 'alice')).toBe(1);
    expect(await count(asUser(a.id, 'alice'), a.id, 'bob')).toBe(0);
  });

  it('anon may call neither', async () => {
    for (const sql of Object.values(CALLS))
      await expect(
        matches((s) => s.query("select set_config('role', 'anon', true)"), 'alice', sql),
      ).rejects.toThrow(/permission denied/);
  });

  it('rare_term_matches gives a term only while it matches at most p_max_matches rows, each row once', async () => {
    const found = (max: number) =>
      database.db.transaction(async (s) => {
        await asApp(a.id)(s);
        const { rows } = await s.query<{ n: number; ids: number }>(
          "select count(*)::integer as n, count(distinct x.id)::integer as ids from engram.rare_term_matches('alice', array[to_tsquery('simple', 'passport'), to_tsquery('simple', 'drawer')], null, null, null, null, null, null, null, $1) x",
          [max],
        );
        expect(rows[0]?.ids).toBe(rows[0]?.n);
        return rows[0]?.n;
      });
    // One row holds both words.
    expect(await found(5)).toBe(1);
    await write(a.key, 'alice', 'alice bought a passport wallet');
    // 'passport' now matches 2 rows of alice: over a bound of 1 it is common and gives nothing; 'drawer' still the
    // first row. Over a bound of 2 both are rare: both rows.
    expect(await found(1)).toBe(1);
    expect(await found(2)).toBe(2);
  });
});
