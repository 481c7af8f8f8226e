// Recall bookkeeping batched off the hot path: the recalls of one window share a transaction per tenant and actor,
// every recall still counts (an id returned twice is counted twice) and leaves its recall event. Real store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/core/logger.ts';
import type { MemoryStore } from '../../src/ports/store.ts';
import { createRecallBookkeeping } from '../../src/services/recall-bookkeeping.ts';
import { backends } from '../support/databases.ts';
import { record } from '../support/records.ts';
import { openStoreFixture, type StoreFixture } from '../support/store-fixture.ts';

describe.each(backends)('recall bookkeeping on $name', ({ open }) => {
  let f: StoreFixture;
  let transactions = 0;
  let counting: MemoryStore;

  beforeAll(async () => {
    f = await openStoreFixture(open, 'bookkeeping');
    counting = {
      ...f.store,
      withTenant: (scope, work) => {
        transactions++;
        return f.store.withTenant(scope, work);
      },
    };
  });
  afterAll(async () => {
    await f.database.drop();
  });

  it('writes the recalls of a window in one transaction per tenant, counting every return', async () => {
    const [one, two] = await f.store.withTenant(f.asA(), async (tx) =>
      tx.writeMemories([
        { record: await record({ subject: 'bk', content: 'Counted memory one' }) },
        { record: await record({ subject: 'bk', content: 'Counted memory two' }) },
      ]),
    );
    const [other] = await f.store.withTenant(f.asB(), async (tx) =>
      tx.writeMemories([{ record: await record({ subject: 'bk', content: 'Other tenant memory' }) }]),
    );
    const bookkeeping = createRecallBookkeeping(counting, silentLogger, { windowMs: 10_000 });
    const ids = Array.from({ length: 5 }, () => crypto.randomUUID());
    transactions = 0;
    for (const [i, recallId] of ids.entries())
      bookkeeping.add({
        scope: i === 4 ? f.asB() : f.asA(),
        recallId,
        subject: 'bk',
        returned:
          i === 4 ? [other!.memory.id] : i % 2 === 0 ? [one!.memory.id, two!.memory.id] : [one!.memory.id],
      });
    await bookkeeping.flush();
    expect(transactions).toBe(2);
    const counts = await f.db.query<{ id: string; recall_count: number }>(
      'select memory_id as id, recall_count from engram.memory_recall_stats where memory_id = any($1::uuid[]) order by recall_count',
      [[one!.memory.id, two!.memory.id, other!.memory.id]],
    );
    expect(Object.fromEntries(counts.rows.map((r) => [r.id, r.recall_count]))).toEqual({
      [one!.memory.id]: 4,
      [two!.memory.id]: 2,
      [other!.memory.id]: 1,
    });
    const events = await f.db.query<{ n: number }>(
      'select count(*)::int as n from engram.recall_events where id = any($1::uuid[])',
      [ids],
    );
    expect(events.rows[0]!.n).toBe(5);
  });

  it('a flush with nothing pending waits for the batch being written (feedback then finds its event)', async () => {
    const bookkeeping = createRecallBookkeeping(counting, silentLogger, { windowMs: 60_000 });
    const recallId = crypto.randomUUID();
    bookkeeping.add({ scope: f.asA(), recallId, subject: 'bk', returned: [] });
    void bookkeeping.flush();
    await bookkeeping.flush();
    const events = await f.db.query<{ n: number }>(
      'select count(*)::int as n from engram.recall_events where id = $1',
      [recallId],
    );
    expect(events.rows[0]!.n).toBe(1);
  });

  it('writes a full batch at once, without waiting for the window', async () => {
    const bookkeeping = createRecallBookkeeping(counting, silentLogger, { windowMs: 60_000, maxBatch: 3 });
    const ids = Array.from({ length: 3 }, () => crypto.randomUUID());
    for (const recallId of ids) bookkeeping.add({ scope: f.asA(), recallId, subject: 'bk', returned: [] });
    let stored = 0;
    for (let attempt = 0; attempt < 50 && stored < 3; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      stored = (
        await f.db.query<{ n: number }>(
          'select count(*)::int as n from engram.recall_events where id = any($1::uuid[])',
          [ids],
        )
      ).rows[0]!.n;
    }
    expect(stored).toBe(3);
  });
});
