// Applies the SQL migrations (supabase/migrations) in order, once each, refusing any already-applied file
// whose content changed. The same files work unchanged with `supabase db push` where pgvector is in `extensions`;
// where it is installed elsewhere, the runner applies them with pgvector's names in that schema (extension-schema.ts). A baseline that squashed earlier
// migrations (src/db/squashed-migrations.ts) is recorded without running on a database that applied all of them.

import { sha256Hex } from '../core/hash.ts';
import type { SqlExecutor, SqlSession } from '../ports/sql.ts';
import { vectorSchema, withVectorSchema } from './extension-schema.ts';
import { SQUASHES, type Squash } from './squashed-migrations.ts';

export interface Migration {
  /** File name, e.g. 20261201000000_baseline.sql; order is by name. */
  name: string;
  sql: string;
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: string[];
  /** Baselines recorded as applied without running them: the database had applied what they replace. */
  recorded: string[];
}

export class MigrationChangedError extends Error {
  constructor(
    readonly migration: string,
    message = `migration ${migration} was already applied with different content; add a new migration instead`,
  ) {
    super(message);
    this.name = 'MigrationChangedError';
  }
}

/** The database applied some, not all, of the migrations a baseline replaced: its schema is neither. */
export class IncompleteHistoryError extends Error {
  constructor(
    readonly baseline: string,
    readonly missing: readonly string[],
  ) {
    super(
      `this database applied only some of the migrations that ${baseline} replaced; missing: ${missing.join(', ')}. ` +
        'They were never released, so only a development database can be in this state: recreate it (a new ' +
        `database gets ${baseline}), or apply the missing files with a build from before ${baseline} and migrate again`,
    );
    this.name = 'IncompleteHistoryError';
  }
}

const TRACKING_TABLE = `
create table if not exists public.engram_schema_migrations (
  name text primary key,
  checksum text not null,
  applied_at timestamptz not null default now()
)`;

/**
 * Whether the database applied every migration `squash` replaced, with the content squashed (then its baseline is
 * recorded, not run). None of them: false (a new database runs the baseline). Some, or other content: an error,
 * since running the baseline would collide with what is there and skipping it would leave a schema unlike it.
 */
async function appliedWhatItReplaced(tx: SqlSession, squash: Squash): Promise<boolean> {
  const { rows } = await tx.query<{ name: string; checksum: string }>(
    'select name, checksum from public.engram_schema_migrations where name = any ($1::text[])',
    [squash.replaces.map((m) => m.name)],
  );
  if (rows.length === 0) return false;
  const recorded = new Map(rows.map((r) => [r.name, r.checksum]));
  const missing = squash.replaces.filter((m) => !recorded.has(m.name)).map((m) => m.name);
  if (missing.length > 0) throw new IncompleteHistoryError(squash.baseline, missing);
  for (const m of squash.replaces) {
    if (recorded.get(m.name) !== m.checksum)
      throw new MigrationChangedError(
        m.name,
        `this database applied a version of ${m.name} other than the one squashed into ${squash.baseline}, so its ` +
          "schema is not the baseline's. It was never released, so only a development database can be in this " +
          `state: recreate it (a new database gets ${squash.baseline})`,
      );
  }
  return true;
}

/** Applies pending migrations, each in its own transaction, serialised across processes by an advisory lock. */
export async function migrate(
  db: SqlExecutor,
  migrations: readonly Migration[],
  onProgress: (line: string) => void = () => {},
  squashes: readonly Squash[] = SQUASHES,
): Promise<MigrationReport> {
  const ordered = [...migrations].sort((a, b) => a.name.localeCompare(b.name));
  const report: MigrationReport = { applied: [], alreadyApplied: [], recorded: [] };
  await db.exec(TRACKING_TABLE);
  for (const migration of ordered) {
    const checksum = await sha256Hex(migration.sql);
    await db.transaction(async (tx) => {
      // Two servers starting at once must not both apply the same file.
      await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', ['engram_migrate']);
      const { rows } = await tx.query<{ checksum: string }>(
        'select checksum from public.engram_schema_migrations where name = $1',
        [migration.name],
      );
      const existing = rows[0];
      if (existing) {
        if (existing.checksum !== checksum) throw new MigrationChangedError(migration.name);
        report.alreadyApplied.push(migration.name);
        return;
      }
      const squash = squashes.find((s) => s.baseline === migration.name);
      const record = squash !== undefined && (await appliedWhatItReplaced(tx, squash));
      if (record) {
        onProgress(
          `recording ${migration.name} as applied without running it: this database applied the ` +
            `${squash.replaces.length} migrations it replaced`,
        );
      } else {
        onProgress(`applying ${migration.name}`);
        // Read per file: the baseline installs pgvector where none is, later files find it where it is.
        await tx.exec(withVectorSchema(migration.sql, await vectorSchema(tx)));
      }
      await tx.query('insert into public.engram_schema_migrations (name, checksum) values ($1, $2)', [
        migration.name,
        checksum,
      ]);
      (record ? report.recorded : report.applied).push(migration.name);
    });
  }
  return report;
}

/**
 * Names of the given migrations not yet applied (the readiness probe reports them). A baseline counts as applied
 * where every migration it replaced was applied with the content squashed, as `migrate` would record it without
 * running anything.
 */
export async function pendingMigrations(
  db: SqlExecutor,
  migrations: readonly Migration[],
  squashes: readonly Squash[] = SQUASHES,
): Promise<string[]> {
  const { rows } = await db.query<{ exists: boolean }>(
    "select to_regclass('public.engram_schema_migrations') is not null as exists",
  );
  if (!rows[0]?.exists) return migrations.map((m) => m.name);
  const applied = await db.query<{ name: string; checksum: string }>(
    'select name, checksum from public.engram_schema_migrations',
  );
  const checksums = new Map(applied.rows.map((r) => [r.name, r.checksum]));
  const done = new Set(checksums.keys());
  const replacedAll = (name: string) =>
    squashes.some(
      (s) => s.baseline === name && s.replaces.every((m) => checksums.get(m.name) === m.checksum),
    );
  return migrations.map((m) => m.name).filter((name) => !done.has(name) && !replacedAll(name));
}
