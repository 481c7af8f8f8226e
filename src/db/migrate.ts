// Applies the SQL migrations (supabase/migrations) in order, once each, refusing any already-applied file
// whose content changed. The same files work unchanged with `supabase db push`.

import { sha256Hex } from '../core/hash.ts';
import type { SqlExecutor } from '../ports/sql.ts';

export interface Migration {
  /** File name, e.g. 20261129000100_extensions_and_roles.sql; order is by name. */
  name: string;
  sql: string;
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: string[];
}

export class MigrationChangedError extends Error {
  constructor(readonly migration: string) {
    super(`migration ${migration} was already applied with different content; add a new migration instead`);
    this.name = 'MigrationChangedError';
  }
}

const TRACKING_TABLE = `
create table if not exists public.engram_schema_migrations (
  name text primary key,
  checksum text not null,
  applied_at timestamptz not null default now()
)`;

/** Applies pending migrations, each in its own transaction, serialised across processes by an advisory lock. */
export async function migrate(
  db: SqlExecutor,
  migrations: readonly Migration[],
  onProgress: (line: string) => void = () => {},
): Promise<MigrationReport> {
  const ordered = [...migrations].sort((a, b) => a.name.localeCompare(b.name));
  const report: MigrationReport = { applied: [], alreadyApplied: [] };
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
      onProgress(`applying ${migration.name}`);
      await tx.exec(migration.sql);
      await tx.query('insert into public.engram_schema_migrations (name, checksum) values ($1, $2)', [
        migration.name,
        checksum,
      ]);
      report.applied.push(migration.name);
    });
  }
  return report;
}

/** Names of the given migrations not yet applied (the readiness probe reports them). */
export async function pendingMigrations(
  db: SqlExecutor,
  migrations: readonly Migration[],
): Promise<string[]> {
  const { rows } = await db.query<{ exists: boolean }>(
    "select to_regclass('public.engram_schema_migrations') is not null as exists",
  );
  if (!rows[0]?.exists) return migrations.map((m) => m.name);
  const applied = await db.query<{ name: string }>('select name from public.engram_schema_migrations');
  const done = new Set(applied.rows.map((r) => r.name));
  return migrations.map((m) => m.name).filter((name) => !done.has(name));
}
