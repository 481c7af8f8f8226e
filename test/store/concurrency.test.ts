// Concurrency through the store on every backend: PGlite (one connection, transactions serialise) and the real
// server through a node-postgres pool of 20 connections, all requests started at once with Promise.all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNodePostgres } from '../../src/db/node-pg.ts';
import type { SqlExecutor } from '../../src/ports/sql.ts';
import type { MemoryStore } from '../../src/ports/store.ts';
import { runSweep } from '../../src/services/sweep.ts';
import { createSqlStore } from '../../src/store/sql-store.ts';
import { backends } from '../support/databases.ts';
import { record } from '../support/records.ts';
import { openStoreFixture, type StoreFixture } from '../support/store-fixture.ts';

const PAST = '2020-01-01T00:00:00.000Z';

describe.each(backends)('concurrency on $name', ({ name, open }) => {
  let f: StoreFixture;
  let pool: SqlExecutor;
  let store: MemoryStore;
  const count = async (sql: string, params: unknown[]) =>
    (await f.db.query<{ n: number }>(`select count(*)::int as n ${sql}`, params)).rows[0]!.n;

  beforeAll(async () => {
    f = await openStoreFixture(open, 'concurrency');
    pool = name === 'postgres' ? openNodePostgres(f.database.url!, { max: 20 }) : f.db;
    store = createSqlStore(pool);
  });
  afterAll(async () => {
    if (pool !== f.db) await pool.close();
    await f.database.drop();
  });

  it('1,000 concurrent identical writes leave one row, one created and 999 duplicates', async () => {
    const rec = await record({ subject: 'crowd', content: 'The meeting moved to Thursday' });
    const outcomes = await Promise.all(
      Array.from({ length: 1000 }, () => store.withTenant(f.asA(), (tx) => tx.writeMemory(rec))),
    );
    expect(outcomes.filter((o) => o.status === 'created')).toHaveLength(1);
    expect(new Set(outcomes.map((o) => o.memory.id)).size).toBe(1);
    expect(await count('from engram.memories where subject = $1', ['crowd'])).toBe(1);
    expect(await count("from engram.audit_events where subject = $1 and action = 'write'", ['crowd'])).toBe(
      1,
    );
  });

  it('concurrent writes of one key with different content end with exactly one live version, in one chain', async () => {
    // PGlite serialises transactions, so a smaller crowd proves the same there.
    const writers = name === 'postgres' ? 300 : 100;
    const records = await Promise.all(
      Array.from({ length: writers }, (_, i) =>
        record({ subject: 'keyed', content: `Status is ${i}`, key: 'status' }),
      ),
    );
    const outcomes = await Promise.all(
      records.map((rec) => store.withTenant(f.asA(), (tx) => tx.writeMemory(rec))),
    );
    expect(outcomes.every((o) => o.status === 'created')).toBe(true);
    const rows = await f.db.query<{ id: string; supersedes: string | null; superseded_by: string | null }>(
      "select id, supersedes, superseded_by from engram.memories where subject = 'keyed'",
    );
    expect(rows.rows).toHaveLength(writers);
    const live = rows.rows.filter((r) => r.superseded_by === null);
    expect(live).toHaveLength(1);
    // One linear chain: every older version is superseded by a different newer one, and walking back from the
    // live version visits them all.
    expect(new Set(rows.rows.map((r) => r.superseded_by).filter(Boolean)).size).toBe(writers - 1);
    const byId = new Map(rows.rows.map((r) => [r.id, r]));
    let steps = 0;
    for (let at = live[0]; at?.supersedes; at = byId.get(at.supersedes)) steps += 1;
    expect(steps).toBe(writers - 1);
  });

  it('concurrent replacements of one memory: exactly one wins, the others see it superseded', async () => {
    const original = await store.withTenant(f.asA(), async (tx) =>
      tx.writeMemory(await record({ subject: 'race', content: 'Flight at 9' })),
    );
    const attempts = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const rec = await record({ subject: 'race', content: `Flight at ${10 + i}` });
        return store.withTenant(f.asA(), (tx) => tx.replaceMemory(original.memory.id, rec));
      }),
    );
    expect(attempts.filter((a) => a.status === 'replaced')).toHaveLength(1);
    expect(attempts.filter((a) => a.status === 'superseded')).toHaveLength(19);
    expect(await count("from engram.memories where subject = 'race' and superseded_by is null", [])).toBe(1);
  });

  it('concurrent sweeps delete every expired row once, chains included, without deadlock', async () => {
    // Deadlocks need real concurrency: PGlite gets a smaller set (its transactions serialise).
    const pairs = name === 'postgres' ? 150 : 40;
    const halves = name === 'postgres' ? 100 : 30;
    await store.withTenant(f.asA(), async (tx) => {
      for (let i = 0; i < pairs; i++) {
        // Both ends of a chain expired: deleting one nulls a link in the other.
        await tx.writeMemory(
          await record({ subject: 'sweep', content: `pair ${i} old`, key: `p${i}`, expires_at: PAST }),
        );
        await tx.writeMemory(
          await record({ subject: 'sweep', content: `pair ${i} new`, key: `p${i}`, expires_at: PAST }),
        );
      }
      for (let i = 0; i < halves; i++) {
        await tx.writeMemory(
          await record({ subject: 'sweep', content: `half ${i} old`, key: `h${i}`, expires_at: PAST }),
        );
        await tx.writeMemory(await record({ subject: 'sweep', content: `half ${i} live`, key: `h${i}` }));
        await tx.writeMemory(await record({ subject: 'sweep', content: `alone ${i}`, expires_at: PAST }));
      }
    });
    const expired = await count('from engram.memories where expires_at <= now()', []);
    expect(expired).toBe(2 * pairs + 2 * halves);
    const reports = await Promise.all(
      Array.from({ length: 4 }, () => runSweep(store, { batchSize: 25, maxMillis: 60_000 })),
    );
    const last = await runSweep(store, { batchSize: 25 });
    const deleted = [...reports, last].reduce((sum, r) => sum + r.expired, 0);
    expect(deleted).toBe(expired);
    expect(await count('from engram.memories where expires_at <= now()', [])).toBe(0);
    expect(last.done).toBe(true);
    const live = await f.db.query<{ supersedes: string | null }>(
      "select supersedes from engram.memories where subject = 'sweep'",
    );
    expect(live.rows).toHaveLength(halves);
    expect(live.rows.every((r) => r.supersedes === null)).toBe(true);
  });
});
