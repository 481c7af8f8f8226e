// Recall bookkeeping lives in memory_recall_stats (migration 20261203080000): counting a recall never writes the
// memory's own row (no new row version, no updated_at change), the API shape still shows how often and when a
// memory was recalled, and erasing the subject leaves no count behind. Real store, both backends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/databases.ts';
import { record } from '../support/records.ts';
import { openStoreFixture, type StoreFixture } from '../support/store-fixture.ts';

describe.each(backends)('recall stats on $name', ({ open }) => {
  let f: StoreFixture;

  beforeAll(async () => {
    f = await openStoreFixture(open, 'recall_stats');
  });
  afterAll(async () => {
    await f.database.drop();
  });

  /** The memory row's version (xmin changes whenever the row is rewritten) and its updated_at. */
  const rowVersion = async (id: string) =>
    (
      await f.db.query<{ v: string; updated_at: string }>(
        'select xmin::text as v, updated_at::text from engram.memories where id = $1',
        [id],
      )
    ).rows[0];

  it('counts every return without rewriting the memory, and shows the counts in the memory', async () => {
    const [recalled, untouched] = await f.store.withTenant(f.asA(), async (tx) =>
      tx.writeMemories([
        { record: await record({ subject: 'rs', content: 'Recalled three times' }) },
        { record: await record({ subject: 'rs', content: 'Never recalled' }) },
      ]),
    );
    const id = recalled!.memory.id;
    const before = await rowVersion(id);

    await f.store.withTenant(f.asA(), (tx) =>
      tx.recordRecalls([
        { recallId: crypto.randomUUID(), subject: 'rs', returned: [id] },
        { recallId: crypto.randomUUID(), subject: 'rs', returned: [id] },
      ]),
    );
    await f.store.withTenant(f.asA(), (tx) =>
      tx.recordRecalls([{ recallId: crypto.randomUUID(), subject: 'rs', returned: [id] }]),
    );

    expect(await rowVersion(id)).toEqual(before);
    const shown = await f.store.withTenant(f.asA(), (tx) => tx.getMemory(id));
    expect(shown?.recall_count).toBe(3);
    expect(Date.parse(shown?.last_recalled_at ?? '')).toBeGreaterThan(Date.parse(shown!.created_at) - 1);
    const never = await f.store.withTenant(f.asA(), (tx) => tx.getMemory(untouched!.memory.id));
    expect(never?.recall_count).toBe(0);
    expect(never?.last_recalled_at).toBeNull();
  });

  it("another tenant's bookkeeping cannot count a memory that is not its own", async () => {
    const [mine] = await f.store.withTenant(f.asA(), async (tx) =>
      tx.writeMemories([{ record: await record({ subject: 'rs2', content: 'Tenant A only' }) }]),
    );
    await f.store.withTenant(f.asB(), (tx) =>
      tx.recordRecalls([{ recallId: crypto.randomUUID(), subject: 'rs2', returned: [mine!.memory.id] }]),
    );
    const shown = await f.store.withTenant(f.asA(), (tx) => tx.getMemory(mine!.memory.id));
    expect(shown?.recall_count).toBe(0);
  });

  it('records the events of a batch once each, only for memories the subject holds, and refuses ragged arrays', async () => {
    const [held] = await f.store.withTenant(f.asA(), async (tx) =>
      tx.writeMemories([{ record: await record({ subject: 'rs-events', content: 'Held by the subject' }) }]),
    );
    const recallId = crypto.randomUUID();
    await f.store.withTenant(f.asA(), (tx) =>
      tx.recordRecalls([
        { recallId, subject: 'rs-events', returned: [held!.memory.id] },
        { recallId, subject: 'rs-events', returned: [held!.memory.id] },
        // Another subject's memory: that subject holds none of these ids, so no event.
        { recallId: crypto.randomUUID(), subject: 'rs-other', returned: [held!.memory.id] },
      ]),
    );
    const events = await f.db.query<{ subject: string; n: number }>(
      "select subject, count(*)::int as n from engram.recall_events where subject in ('rs-events', 'rs-other') group by subject",
    );
    expect(events.rows).toEqual([{ subject: 'rs-events', n: 1 }]);
    await expect(
      f.db.transaction(async (s) => {
        await s.query(
          "select set_config('role', 'engram_app', true), set_config('engram.tenant_id', $1, true)",
          [f.tenantA],
        );
        await s.query('select engram.record_recalls($1::uuid[], $2::text[], $3::text[])', [
          [crypto.randomUUID()],
          ['rs-events', 'rs-other'],
          ['{}'],
        ]);
      }),
    ).rejects.toMatchObject({ code: '22023' });
  });

  it('erasing the subject leaves no count behind', async () => {
    const [gone] = await f.store.withTenant(f.asA(), async (tx) =>
      tx.writeMemories([{ record: await record({ subject: 'rs-erase', content: 'Soon erased' }) }]),
    );
    await f.store.withTenant(f.asA(), (tx) =>
      tx.recordRecalls([{ recallId: crypto.randomUUID(), subject: 'rs-erase', returned: [gone!.memory.id] }]),
    );
    const count = async () =>
      (
        await f.db.query<{ n: number }>(
          "select count(*)::int as n from engram.memory_recall_stats where subject = 'rs-erase'",
        )
      ).rows[0]!.n;
    expect(await count()).toBe(1);
    await f.store.withTenant(f.asA(), (tx) => tx.eraseSubject('rs-erase'));
    expect(await count()).toBe(0);
  });
});
