// Migration 20261203080000: recall bookkeeping moves from two columns of engram.memories into memory_recall_stats.
// A database that counted recalls before keeps every count and time; a memory never recalled gets no row.
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.ts';
import { readMigrations } from '../../src/db/migration-files.ts';
import { openPglite } from '../../src/db/pglite-executor.ts';
import type { SqlExecutor } from '../../src/ports/sql.ts';

const MIGRATION = '20261203080000_recall_stats_table.sql';
const TENANT = '00000000-0000-4000-8000-0000000000a1';

describe(`migration ${MIGRATION}`, () => {
  let db: SqlExecutor | undefined;
  afterEach(async () => {
    await db?.close();
  });

  it('moves every recall count and time, and drops the columns', async () => {
    const all = await readMigrations();
    db = await openPglite();
    await migrate(
      db,
      all.filter((m) => m.name < MIGRATION),
    );
    await db.query("insert into engram.tenants (id, name) values ($1, 'stats-move')", [TENANT]);
    const { rows } = await db.query<{ id: string; content: string }>(
      `insert into engram.memories (tenant_id, subject, kind, content, trust, source_type, content_hash,
                                    recall_count, last_recalled_at)
       select $1, 'u', 'fact', c, 2, 'user', pg_catalog.md5(c), n, t
         from (values ('recalled thrice', 3, timestamptz '2026-11-30 10:00:00+00'),
                      ('never recalled', 0, null::timestamptz)) v(c, n, t)
       returning id, content`,
      [TENANT],
    );
    const idOf = Object.fromEntries(rows.map((r) => [r.content, r.id]));

    await migrate(db, all);

    const stats = await db.query<{ memory_id: string; subject: string; recall_count: number; at: string }>(
      `select memory_id, subject, recall_count, to_char(last_recalled_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as at
         from engram.memory_recall_stats`,
    );
    expect(stats.rows).toEqual([
      { memory_id: idOf['recalled thrice'], subject: 'u', recall_count: 3, at: '2026-11-30 10:00' },
    ]);
    const columns = await db.query<{ n: number }>(
      `select count(*)::int as n from information_schema.columns
        where table_schema = 'engram' and table_name = 'memories' and column_name in ('recall_count', 'last_recalled_at')`,
    );
    expect(columns.rows[0]!.n).toBe(0);
  });
});
