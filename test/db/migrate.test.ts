// The migration runner: applies files in name order once, records them, refuses an applied file that changed.
import { afterEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/core/hash.ts';
import {
  IncompleteHistoryError,
  MigrationChangedError,
  migrate,
  pendingMigrations,
} from '../../src/db/migrate.ts';
import { openPglite } from '../../src/db/pglite-executor.ts';
import type { Squash } from '../../src/db/squashed-migrations.ts';
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
      recorded: [],
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

  describe('a baseline that squashed earlier migrations', () => {
    const first = { name: '20260101000000_a.sql', sql: 'create table a (n int);' };
    const second = { name: '20260102000000_b.sql', sql: 'create table b (n int);' };
    const baseline = {
      name: '20260201000000_baseline.sql',
      sql: 'create table a (n int); create table b (n int);',
    };
    const later = { name: '20260301000000_c.sql', sql: 'create table c (n int);' };
    const squash = async (): Promise<Squash> => ({
      baseline: baseline.name,
      replaces: await Promise.all(
        [first, second].map(async (m) => ({ name: m.name, checksum: await sha256Hex(m.sql) })),
      ),
    });
    const recordedNames = async (session: SqlExecutor) =>
      (
        await session.query<{ name: string }>(
          'select name from public.engram_schema_migrations order by name',
        )
      ).rows.map((r) => r.name);

    it('is recorded without running on a database that applied everything it replaced', async () => {
      db = await openPglite();
      const squashes = [await squash()];
      await migrate(db, [first, second], () => {}, squashes);
      // Readiness already counts the baseline as applied, before anyone migrates.
      expect(await pendingMigrations(db, [baseline, later], squashes)).toEqual([later.name]);
      const lines: string[] = [];
      const report = await migrate(db, [baseline, later], (line) => lines.push(line), squashes);
      // Running it would have failed: its tables exist.
      expect(report).toEqual({ applied: [later.name], alreadyApplied: [], recorded: [baseline.name] });
      expect(lines[0]).toBe(
        `recording ${baseline.name} as applied without running it: this database applied the 2 migrations it replaced`,
      );
      expect(await recordedNames(db)).toEqual([first.name, second.name, baseline.name, later.name]);
      expect(await migrate(db, [baseline, later], () => {}, squashes)).toEqual({
        applied: [],
        alreadyApplied: [baseline.name, later.name],
        recorded: [],
      });
    });

    it('runs on a new database', async () => {
      db = await openPglite();
      const report = await migrate(db, [baseline], () => {}, [await squash()]);
      expect(report.applied).toEqual([baseline.name]);
      expect(await recordedNames(db)).toEqual([baseline.name]);
    });

    it('refuses a database that applied only some of what it replaced, naming what is missing', async () => {
      db = await openPglite();
      const squashes = [await squash()];
      await migrate(db, [first], () => {}, squashes);
      const refused = migrate(db, [baseline], () => {}, squashes);
      await expect(refused).rejects.toBeInstanceOf(IncompleteHistoryError);
      await expect(refused).rejects.toThrow(
        `this database applied only some of the migrations that ${baseline.name} replaced; missing: ${second.name}.`,
      );
      expect(await recordedNames(db)).toEqual([first.name]);
      expect(await pendingMigrations(db, [baseline], squashes)).toEqual([baseline.name]);
    });

    it('refuses a database that applied another version of a file it replaced', async () => {
      db = await openPglite();
      const squashes = [await squash()];
      await migrate(db, [first, { ...second, sql: 'create table b (n bigint);' }], () => {}, squashes);
      const refused = migrate(db, [baseline], () => {}, squashes);
      await expect(refused).rejects.toBeInstanceOf(MigrationChangedError);
      await expect(refused).rejects.toThrow(
        `applied a version of ${second.name} other than the one squashed`,
      );
      expect(await pendingMigrations(db, [baseline], squashes)).toEqual([baseline.name]);
    });
  });
});
