// The migration runner: applies files in name order once, records them, refuses an applied file that changed.
import { afterEach, describe, expect, it } from 'vitest';
import { MigrationChangedError, migrate, pendingMigrations } from '../../src/db/migrate.ts';
import { openPglite } from '../../src/db/pglite-executor.ts';
import type { SqlExecutor } from '../../src/ports/sql.ts';

describe('migrate', () => {
  let db: SqlExecutor | undefined;
  afterEach(async () => {
    await db?.close();
  });

  it('applies pending files in name order, once, and reports what is pending', async () => {
    db = await openPglite();
    const files = [
      { name: '20260102000000_second.sql', sql: 'insert into t values (2);' },
      { name: '20260101000000_first.sql', sql: 'create table t (n int); insert into t values (1);' },
    ];
    expect(await pendingMigrations(db, files)).toEqual(files.map((f) => f.name));
    const report = await migrate(db, files);
    expect(report.applied).toEqual(['20260101000000_first.sql', '20260102000000_second.sql']);
    expect((await db.query<{ n: number }>('select n from t order by n')).rows.map((r) => r.n)).toEqual([
      1, 2,
    ]);
    const again = await migrate(db, files);
    expect(again).toEqual({
      applied: [],
      alreadyApplied: ['20260101000000_first.sql', '20260102000000_second.sql'],
    });
    expect(await pendingMigrations(db, files)).toEqual([]);
  });

  it('refuses an applied migration whose content changed, and rolls back a failing one', async () => {
    db = await openPglite();
    await migrate(db, [{ name: '20260101000000_a.sql', sql: 'create table a (n int);' }]);
    await expect(
      migrate(db, [{ name: '20260101000000_a.sql', sql: 'create table a (n bigint);' }]),
    ).rejects.toBeInstanceOf(MigrationChangedError);
    await expect(
      migrate(db, [
        { name: '20260101000000_a.sql', sql: 'create table a (n int);' },
        { name: '20260103000000_bad.sql', sql: 'create table b (n int); select * from missing_table;' },
      ]),
    ).rejects.toThrow();
    const b = await db.query<{ exists: boolean }>("select to_regclass('public.b') is not null as exists");
    expect(b.rows[0]?.exists).toBe(false);
    expect(await pendingMigrations(db, [{ name: '20260103000000_bad.sql', sql: '' }])).toEqual([
      '20260103000000_bad.sql',
    ]);
  });
});
