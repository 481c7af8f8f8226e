// engram.write_memories (the set-based batch write) on every backend: the same outcome as write_memory called
// once per item, in order (dedupe in the batch and against stored rows, supersession by key and facet, vectors,
// audit events), whatever mix of plain and superseding items the batch holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryRecord, StoredVector, TenantScope } from '../../src/ports/store.ts';
import { backends } from '../support/databases.ts';
import { record } from '../support/records.ts';
import { openStoreFixture, type StoreFixture, testEmbedder } from '../support/store-fixture.ts';

const vec = async (text: string): Promise<StoredVector> => ({
  model: testEmbedder.model,
  vector: (await testEmbedder.embedDocuments([text]))[0]!,
});

/** A batch mixing plain runs with items that supersede (key, facet with polarity) or repeat content. */
async function mixedBatch(subject: string): Promise<{ record: MemoryRecord; vector?: StoredVector }[]> {
  const item = async (overrides: Partial<MemoryRecord> & { content: string }, withVector = true) => {
    const r = await record({ subject, ...overrides });
    return withVector ? { record: r, vector: await vec(overrides.content) } : { record: r };
  };
  return [
    await item({ content: 'Likes tea' }),
    await item({ content: 'Lives in Oslo', key: 'home' }),
    await item({ content: 'Plays chess' }, false),
    await item({ content: 'likes TEA' }), // same content hash as item 0 (records hash the lower-cased text)
    await item({ content: 'Lives in Bergen', key: 'home' }),
    await item({ content: 'Prefers window seats', facet: 'seat', polarity: 'prefer' }),
    await item({ content: 'Avoids window seats', facet: 'seat', polarity: 'avoid' }),
    await item({ content: 'Stored before the batch' }),
    await item({ content: 'Plays go', facet: 'game' }),
    await item({ content: 'Plays chess' }),
  ];
}

describe.each(backends)('write_memories on $name', ({ open }) => {
  let f: StoreFixture;

  beforeAll(async () => {
    f = await openStoreFixture(open, 'write_memories');
  });
  afterAll(async () => {
    await f.database.drop();
  });

  /** What a subject holds: live and superseded rows by content, vectors and audit actions, ids as positions. */
  async function stateOf(scope: TenantScope, subject: string) {
    const { rows } = await f.db.query<{
      content: string;
      live: boolean;
      superseded_by: string | null;
      status: string;
      vectors: number;
    }>(
      `select m.content, (m.superseded_by is null and m.revoked_at is null) as live,
              (select s.content from engram.memories s where s.id = m.superseded_by) as superseded_by,
              m.embedding_status as status,
              (select count(*)::int from engram.memory_embeddings e where e.memory_id = m.id) as vectors
         from engram.memories m where m.tenant_id = $1 and m.subject = $2 order by m.content`,
      [scope.tenantId, subject],
    );
    const audit = await f.db.query<{ action: string; n: number }>(
      `select action, count(*)::int as n from engram.audit_events where tenant_id = $1 and subject = $2
        group by action order by action`,
      [scope.tenantId, subject],
    );
    return { rows, audit: audit.rows };
  }

  it('stores a mixed batch exactly as write_memory one item after another', async () => {
    const seed = async (subject: string) =>
      f.store.withTenant(f.asA(), async (tx) =>
        tx.writeMemory(await record({ subject, content: 'Stored before the batch' })),
      );
    await seed('one-by-one');
    await seed('batched');

    const sequential = await f.store.withTenant(f.asA(), async (tx) => {
      const outcomes = [];
      for (const item of await mixedBatch('one-by-one'))
        outcomes.push(await tx.writeMemory(item.record, item.vector));
      return outcomes;
    });
    const batched = await f.store.withTenant(f.asA(), async (tx) =>
      tx.writeMemories(await mixedBatch('batched')),
    );

    const shape = (outcomes: typeof batched) =>
      outcomes.map((o) => ({
        status: o.status,
        content: o.memory.content,
        superseded: o.superseded.length,
        embedding: o.memory.embedding.status,
      }));
    expect(shape(batched)).toEqual(shape(sequential));
    expect(batched.map((o) => o.status)).toEqual([
      'created',
      'created',
      'created',
      'duplicate',
      'created',
      'created',
      'created',
      'duplicate',
      'created',
      'duplicate',
    ]);
    // A duplicate answers with the row stored first, in the batch or before it.
    expect(batched[3]!.memory.id).toBe(batched[0]!.memory.id);
    expect(batched[9]!.memory.id).toBe(batched[2]!.memory.id);
    expect(batched[9]!.memory.embedding.status).toBe('pending');
    expect(batched[4]!.superseded).toEqual([batched[1]!.memory.id]);
    expect(batched[6]!.superseded).toEqual([batched[5]!.memory.id]);

    const [a, b] = [await stateOf(f.asA(), 'one-by-one'), await stateOf(f.asA(), 'batched')];
    expect(b).toEqual(a);
    expect(b.audit).toEqual([
      { action: 'duplicate', n: 3 },
      { action: 'supersede', n: 2 },
      { action: 'write', n: 8 },
    ]);
  });

  it('writes a large plain batch with its vectors and one audit event per item (write or duplicate)', async () => {
    const items = await Promise.all(
      Array.from({ length: 300 }, async (_, i) => ({
        record: await record({ subject: 'bulk', content: `Bulk fact number ${i % 250}` }),
        vector: await vec(`Bulk fact number ${i % 250}`),
      })),
    );
    const outcomes = await f.store.withTenant(f.asA('api_key:bulk'), (tx) => tx.writeMemories(items));
    expect(outcomes.filter((o) => o.status === 'created')).toHaveLength(250);
    expect(outcomes.slice(250).every((o, i) => o.memory.id === outcomes[i]!.memory.id)).toBe(true);
    const { rows } = await f.db.query<{ rows: number; vectors: number; audits: number; actors: string[] }>(
      `select (select count(*)::int from engram.memories where subject = 'bulk' and tenant_id = $1) as rows,
              (select count(*)::int from engram.memory_embeddings where subject = 'bulk' and tenant_id = $1) as vectors,
              (select count(*)::int from engram.audit_events where subject = 'bulk' and tenant_id = $1) as audits,
              (select array_agg(distinct actor) from engram.audit_events where subject = 'bulk' and tenant_id = $1) as actors`,
      [f.tenantA],
    );
    expect(rows[0]).toEqual({ rows: 250, vectors: 250, audits: 300, actors: ['api_key:bulk'] });
  });

  it('keeps tenants apart: the same content in another tenant is a new row', async () => {
    const batch = async () => [{ record: await record({ subject: 'shared', content: 'Same words' }) }];
    const [inA] = await f.store.withTenant(f.asA(), async (tx) => tx.writeMemories(await batch()));
    const [inB] = await f.store.withTenant(f.asB(), async (tx) => tx.writeMemories(await batch()));
    expect(inA!.status).toBe('created');
    expect(inB!.status).toBe('created');
    expect(inB!.memory.id).not.toBe(inA!.memory.id);
  });

  it('refreshes the statistics of a large load once it is stale, and not again until rows change', async () => {
    const reltuples = async () =>
      (
        await f.db.query<{ n: number }>(
          "select reltuples::int as n from pg_class where oid = 'engram.memories'::regclass",
        )
      ).rows[0]!.n;
    expect(await f.store.refreshStatistics({ force: true })).toBe(true);
    expect(await f.store.refreshStatistics()).toBe(false);
    const before = await reltuples();
    const items = await Promise.all(
      Array.from({ length: 1500 }, async (_, i) => ({
        record: await record({ subject: 'load', content: `Loaded fact ${i}` }),
      })),
    );
    await f.store.withTenant(f.asA(), (tx) => tx.writeMemories(items));
    // The server's change counters reach the statistics views within about a second of the commit.
    let refreshed = false;
    for (let attempt = 0; attempt < 30 && !refreshed; attempt++) {
      refreshed = await f.store.refreshStatistics();
      if (!refreshed) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(refreshed).toBe(true);
    expect(await reltuples()).toBeGreaterThanOrEqual(before + 1500);
    expect(await f.store.refreshStatistics()).toBe(false);
  });

  it('refreshes after a counted load only when it is a tenth of the rows the statistics counted', async () => {
    expect(await f.store.refreshStatistics({ force: true })).toBe(true);
    const { rows } = await f.db.query<{ n: number }>(
      "select reltuples::int as n from pg_class where oid = 'engram.memories'::regclass",
    );
    const counted = rows[0]!.n;
    expect(counted).toBeGreaterThan(100);
    expect(await f.store.refreshStatistics({ loadedRows: Math.floor(counted / 20) })).toBe(false);
    expect(await f.store.refreshStatistics({ loadedRows: Math.ceil(counted / 10) })).toBe(true);
  });

  it('rejects an item without subject or content hash, and anything but an array', async () => {
    const bad = { ...(await record({ subject: 'x', content: 'y' })), content_hash: undefined } as never;
    await expect(f.store.withTenant(f.asA(), (tx) => tx.writeMemories([{ record: bad }]))).rejects.toThrow();
    await expect(
      f.db.transaction(async (session) => {
        await session.query(
          "select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)",
          [f.tenantA],
        );
        await session.query('select * from engram.write_memories($1::jsonb)', ['{"subject": "x"}']);
      }),
    ).rejects.toThrow(/must be a JSON array/);
  });
});
