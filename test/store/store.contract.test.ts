// One contract suite for every store backend: PGlite always, PostgreSQL + pgvector when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/core/errors.ts';
import type { SqlExecutor } from '../../src/ports/sql.ts';
import type { MemoryStore } from '../../src/ports/store.ts';
import { createSqlStore } from '../../src/store/sql-store.ts';
import { backends, type TestDatabase } from '../support/databases.ts';
import { record } from '../support/records.ts';

describe.each(backends)('store contract on $name', ({ open }) => {
  let database: TestDatabase;
  let db: SqlExecutor;
  let store: MemoryStore;
  let tenantA: string;
  let tenantB: string;
  const asA = () => ({ tenantId: tenantA, actor: 'test:a' });
  const asB = () => ({ tenantId: tenantB, actor: 'test:b' });

  beforeAll(async () => {
    database = await open('store');
    db = database.db;
    store = createSqlStore(db);
    await store.registerModel({
      model: 'fake/test@3',
      provider: 'fake',
      dims: 3,
      threshold: 0.3,
      activate: true,
    });
    tenantA = await store.withOperator((op) => op.createTenant('tenant-a'));
    tenantB = await store.withOperator((op) => op.createTenant('tenant-b'));
  });
  afterAll(async () => {
    await database.drop();
  });

  describe('write', () => {
    it('stores a memory and returns the API shape', async () => {
      const out = await store.withTenant(asA(), async (tx) =>
        tx.writeMemory(
          await record({
            subject: 'alice',
            content: 'Alice prefers tea',
            kind: 'preference',
            tags: ['drinks'],
          }),
        ),
      );
      expect(out.status).toBe('created');
      expect(out.memory).toMatchObject({
        subject: 'alice',
        kind: 'preference',
        content: 'Alice prefers tea',
        tags: ['drinks'],
        trust: 2,
        source: { type: 'user' },
        embedding: { model: null, status: 'pending' },
      });
      expect(out.memory.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    });

    it('dedupes identical content for a subject, but not across subjects', async () => {
      const first = await store.withTenant(asA(), async (tx) =>
        tx.writeMemory(await record({ subject: 'alice', content: 'Likes jazz' })),
      );
      const again = await store.withTenant(asA(), async (tx) =>
        tx.writeMemory(await record({ subject: 'alice', content: 'Likes jazz' })),
      );
      const other = await store.withTenant(asA(), async (tx) =>
        tx.writeMemory(await record({ subject: 'bob', content: 'Likes jazz' })),
      );
      expect(again.status).toBe('duplicate');
      expect(again.memory.id).toBe(first.memory.id);
      expect(other.status).toBe('created');
    });

    it('returns the first memory for a replayed idempotency key; another body with it is a conflict', async () => {
      const first = await store.withTenant(asA(), async (tx) =>
        tx.writeMemory(
          await record({ subject: 'alice', content: 'Booked a flight', idempotency_key: 'req-1' }),
        ),
      );
      const replay = await store.withTenant(asA(), async (tx) =>
        tx.writeMemory(
          await record({ subject: 'alice', content: 'Booked a flight', idempotency_key: 'req-1' }),
        ),
      );
      expect(replay.status).toBe('duplicate');
      expect(replay.memory.id).toBe(first.memory.id);
      const other = store.withTenant(asA(), async (tx) =>
        tx.writeMemory(
          await record({ subject: 'alice', content: 'Booked a flight (retry)', idempotency_key: 'req-1' }),
        ),
      );
      await expect(other).rejects.toMatchObject({ code: 'conflict' });
    });

    it('supersedes by key and links both ways', async () => {
      const v1 = await store.withTenant(asA(), async (tx) =>
        tx.writeMemory(await record({ subject: 'carol', content: 'Office is in Berlin', key: 'office' })),
      );
      const v2 = await store.withTenant(asA(), async (tx) =>
        tx.writeMemory(await record({ subject: 'carol', content: 'Office is in Lisbon', key: 'office' })),
      );
      expect(v2.superseded).toEqual([v1.memory.id]);
      expect(v2.memory.supersedes).toBe(v1.memory.id);
      const old = await store.withTenant(asA(), (tx) => tx.getMemory(v1.memory.id));
      expect(old?.superseded_by).toBe(v2.memory.id);
      expect(old?.chain.newer).toEqual([v2.memory.id]);
      const hits = await store.withTenant(asA(), (tx) =>
        tx.searchLexical('carol', 'where is the office', 10),
      );
      expect(hits.map((h) => h.memory.id)).toEqual([v2.memory.id]);
    });

    it('supersedes the opposite polarity of the same facet', async () => {
      const avoid = await store.withTenant(asA(), async (tx) =>
        tx.writeMemory(
          await record({
            subject: 'dan',
            content: "I don't eat cilantro",
            facet: 'cilantro',
            polarity: 'avoid',
          }),
        ),
      );
      const prefer = await store.withTenant(asA(), async (tx) =>
        tx.writeMemory(
          await record({
            subject: 'dan',
            content: 'I love cilantro now',
            facet: 'cilantro',
            polarity: 'prefer',
          }),
        ),
      );
      expect(prefer.superseded).toEqual([avoid.memory.id]);
    });

    it('rejects what the schema forbids, mapped to invalid_request, and writes nothing', async () => {
      const tooLong = await record({ subject: 'erin', content: 'x'.repeat(8001) });
      await expect(store.withTenant(asA(), (tx) => tx.writeMemory(tooLong))).rejects.toMatchObject({
        code: 'invalid_request',
      });
      const badKind = await record({ subject: 'erin', content: 'fine', kind: 'gossip' as never });
      const error = await store.withTenant(asA(), (tx) => tx.writeMemory(badKind)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      const listed = await store.withTenant(asA(), (tx) => tx.listMemories({ subject: 'erin', limit: 10 }));
      expect(listed).toEqual([]);
    });

    it('rolls back the whole transaction when a later statement fails', async () => {
      const attempt = store.withTenant(asA(), async (tx) => {
        await tx.writeMemory(await record({ subject: 'frank', content: 'first of two' }));
        await tx.writeMemory(await record({ subject: 'frank', content: 'y'.repeat(9000) }));
      });
      await expect(attempt).rejects.toMatchObject({ code: 'invalid_request' });
      expect(await store.withTenant(asA(), (tx) => tx.listMemories({ subject: 'frank', limit: 10 }))).toEqual(
        [],
      );
    });
  });

  describe('read', () => {
    it('lists newest first with a keyset cursor, and filters by kind and tag', async () => {
      for (let i = 0; i < 5; i++) {
        await store.withTenant(asA(), async (tx) =>
          tx.writeMemory(
            await record({
              subject: 'gina',
              content: `note number ${i}`,
              kind: i % 2 ? 'episode' : 'fact',
              tags: i === 4 ? ['x'] : [],
            }),
          ),
        );
      }
      const page1 = await store.withTenant(asA(), (tx) => tx.listMemories({ subject: 'gina', limit: 3 }));
      expect(page1.map((m) => m.content)).toEqual(['note number 4', 'note number 3', 'note number 2']);
      const last = page1.at(-1)!;
      const page2 = await store.withTenant(asA(), (tx) =>
        tx.listMemories({ subject: 'gina', limit: 3, cursor: { createdAt: last.created_at, id: last.id } }),
      );
      expect(page2.map((m) => m.content)).toEqual(['note number 1', 'note number 0']);
      const episodes = await store.withTenant(asA(), (tx) =>
        tx.listMemories({ subject: 'gina', kind: 'episode', limit: 10 }),
      );
      expect(episodes).toHaveLength(2);
      const tagged = await store.withTenant(asA(), (tx) =>
        tx.listMemories({ subject: 'gina', tag: 'x', limit: 10 }),
      );
      expect(tagged.map((m) => m.content)).toEqual(['note number 4']);
    });

    it('pages through rows that share one timestamp without skipping any (cursor at full precision)', async () => {
      // One transaction: every row gets the same created_at (now() is the transaction's start).
      await store.withTenant(asA(), async (tx) => {
        for (let i = 0; i < 5; i++)
          await tx.writeMemory(await record({ subject: 'same-time', content: `same instant ${i}` }));
      });
      const seen: string[] = [];
      let cursor: { createdAt: string; id: string } | undefined;
      for (let page = 0; page < 5; page++) {
        const items = await store.withTenant(asA(), (tx) =>
          tx.listMemories({ subject: 'same-time', limit: 2, cursor }),
        );
        seen.push(...items.map((m) => m.content));
        const last = items.at(-1);
        if (!last || items.length < 2) break;
        cursor = { createdAt: last.created_at, id: last.id };
      }
      expect(seen.sort()).toEqual([0, 1, 2, 3, 4].map((i) => `same instant ${i}`));
    });

    it('searches lexically with OR semantics and stemming, best match first', async () => {
      await store.withTenant(asA(), async (tx) => {
        await tx.writeMemory(
          await record({ subject: 'hank', content: 'My daughter plays soccer on Saturdays' }),
        );
        await tx.writeMemory(
          await record({ subject: 'hank', content: 'Soccer practice moved; soccer is her favourite' }),
        );
        await tx.writeMemory(await record({ subject: 'hank', content: 'The car needs new tyres' }));
      });
      const hits = await store.withTenant(asA(), (tx) =>
        tx.searchLexical('hank', 'who is playing soccer this weekend?', 10),
      );
      // Any one word is enough (OR); the unrelated memory shares none. Order is ts_rank_cd's (cover density).
      expect(new Set(hits.map((h) => h.memory.content))).toEqual(
        new Set(['My daughter plays soccer on Saturdays', 'Soccer practice moved; soccer is her favourite']),
      );
      expect(hits.map((h) => h.rank)).toEqual([1, 2]);
      expect(hits[0]!.score).toBeGreaterThanOrEqual(hits[1]!.score);
      const none = await store.withTenant(asA(), (tx) => tx.searchLexical('hank', 'the of and', 10));
      expect(none).toEqual([]);
    });

    it('revoked memories disappear from search and lose their vectors', async () => {
      const out = await store.withTenant(asA(), async (tx) =>
        tx.writeMemory(await record({ subject: 'ivy', content: 'Allergic to peanuts' }), {
          model: 'fake/test@3',
          vector: [1, 0, 0],
        }),
      );
      expect(out.memory.embedding).toEqual({ model: 'fake/test@3', status: 'ready' });
      const revoked = await store.withTenant(asA(), (tx) => tx.revokeMemory(out.memory.id, 'wrong person'));
      expect(revoked?.revoked_reason).toBe('wrong person');
      expect(await store.withTenant(asA(), (tx) => tx.searchLexical('ivy', 'peanuts', 10))).toEqual([]);
      const vectors = await db.query<{ n: string }>(
        'select count(*)::text as n from engram.memory_embeddings where memory_id = $1',
        [out.memory.id],
      );
      expect(vectors.rows[0]?.n).toBe('0');
    });
  });

  describe('isolation', () => {
    it("never shows one tenant another tenant's memories", async () => {
      const mine = await store.withTenant(asA(), async (tx) =>
        tx.writeMemory(await record({ subject: 'shared-name', content: 'secret plan A' })),
      );
      expect(await store.withTenant(asB(), (tx) => tx.getMemory(mine.memory.id))).toBeNull();
      expect(
        await store.withTenant(asB(), (tx) => tx.listMemories({ subject: 'shared-name', limit: 10 })),
      ).toEqual([]);
      expect(
        await store.withTenant(asB(), (tx) => tx.searchLexical('shared-name', 'secret plan', 10)),
      ).toEqual([]);
      expect(await store.withTenant(asB(), (tx) => tx.revokeMemory(mine.memory.id, 'x'))).toBeNull();
      const still = await store.withTenant(asA(), (tx) => tx.getMemory(mine.memory.id));
      expect(still?.revoked_at).toBeNull();
    });

    it('RLS holds when the application forgets the tenant filter', async () => {
      const counts = await db.transaction(async (s) => {
        await s.query(
          "select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)",
          [tenantB],
        );
        await s.query(
          "insert into engram.memories (tenant_id, subject, kind, content, trust, source_type, content_hash) values ($1, 'zed', 'fact', 'B only', 2, 'user', 'h-b')",
          [tenantB],
        );
        const all = await s.query<{ tenant_id: string }>('select tenant_id from engram.memories');
        return all.rows.map((r) => r.tenant_id);
      });
      expect(counts.length).toBeGreaterThan(0);
      expect(new Set(counts)).toEqual(new Set([tenantB]));

      const none = await db.transaction(async (s) => {
        await s.query("select set_config('role', 'engram_app', true)");
        return (await s.query('select id from engram.memories')).rows.length;
      });
      expect(none).toBe(0);

      const forged = db.transaction(async (s) => {
        await s.query(
          "select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)",
          [tenantB],
        );
        await s.query(
          "insert into engram.memories (tenant_id, subject, kind, content, trust, source_type, content_hash) values ($1, 'zed', 'fact', 'forged', 2, 'user', 'h-f')",
          [tenantA],
        );
      });
      await expect(forged).rejects.toMatchObject({ code: '42501' });
    });

    it('lets a supabase-js caller (role authenticated, JWT claims) read only its own subject, and write nothing', async () => {
      await store.withTenant(asA(), async (tx) => {
        await tx.writeMemory(await record({ subject: 'user-1', content: 'user one likes hiking' }));
        await tx.writeMemory(await record({ subject: 'user-2', content: 'user two likes hiking' }));
      });
      const asUser = <T>(
        sub: string,
        tenant: string,
        work: (s: Parameters<Parameters<SqlExecutor['transaction']>[0]>[0]) => Promise<T>,
      ) =>
        db.transaction(async (s) => {
          // What PostgREST does before running `select ... from engram.fn(p_x => ...)` for supabase-js.
          await s.query(
            "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
            [JSON.stringify({ sub, role: 'authenticated', app_metadata: { tenant_id: tenant } })],
          );
          return work(s);
        });
      const seen = await asUser('user-1', tenantA, async (s) =>
        (
          await s.query<{ m: { subject: string } }>('select m from engram.list_memories(p_limit => 50) as m')
        ).rows.map((r) => r.m.subject),
      );
      expect(seen.length).toBeGreaterThan(0);
      expect(new Set(seen)).toEqual(new Set(['user-1']));
      const search = await asUser(
        'user-1',
        tenantA,
        async (s) =>
          (
            await s.query<{ memory: { subject: string } }>(
              "select memory from engram.search_lexical(p_subject => 'user-2', p_query => 'hiking')",
            )
          ).rows,
      );
      expect(search).toEqual([]);
      // End users write over HTTPS (through the gate), never through the database: not even their own subject.
      const written = asUser('user-1', tenantA, (s) =>
        s.query('select memory from engram.write_memory(p_memory => $1::jsonb)', [
          JSON.stringify({
            subject: 'user-1',
            kind: 'fact',
            content: 'self-asserted',
            content_hash: 'h-self',
          }),
        ]),
      );
      await expect(written).rejects.toMatchObject({ code: '42501' });
      const otherTenant = await asUser(
        'user-1',
        tenantB,
        async (s) => (await s.query('select m from engram.list_memories() as m')).rows,
      );
      expect(otherTenant).toEqual([]);
    });
  });

  describe('operator', () => {
    it('creates tenants and finds API keys by id', async () => {
      await store.withOperator((op) =>
        op.createApiKey({
          tenantId: tenantA,
          keyId: 'abcdef0123456789',
          secretHash: 'a'.repeat(64),
          scopes: ['memories:read'],
        }),
      );
      const key = await store.withOperator((op) => op.findApiKey('abcdef0123456789'));
      expect(key).toEqual({
        tenantId: tenantA,
        secretHash: 'a'.repeat(64),
        scopes: ['memories:read'],
        revoked: false,
      });
      await expect(store.withOperator((op) => op.createTenant('tenant-a'))).rejects.toMatchObject({
        code: 'conflict',
      });
    });

    it('a tenant role cannot read API keys of another tenant or create tenants', async () => {
      const attempt = db.transaction(async (s) => {
        await s.query(
          "select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)",
          [tenantB],
        );
        return s.query("insert into engram.tenants (name) values ('sneaky')");
      });
      await expect(attempt).rejects.toMatchObject({ code: '42501' });
    });
  });
});
