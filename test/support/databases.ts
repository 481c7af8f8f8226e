// Test databases: an in-memory PGlite, or a fresh database on the real server named by DATABASE_URL (created
// per test file and dropped after, because earlier runs may have left databases behind).
import pg from 'pg';
import { migrate } from '../../src/db/migrate.ts';
import { readMigrations } from '../../src/db/migration-files.ts';
import { openNodePostgres } from '../../src/db/node-pg.ts';
import { openPglite } from '../../src/db/pglite-executor.ts';
import type { SqlExecutor } from '../../src/ports/sql.ts';

export interface TestDatabase {
  db: SqlExecutor;
  /** Connection string of the fresh database (real server only). */
  url?: string;
  drop(): Promise<void>;
}

export const serverUrl = process.env.DATABASE_URL;

export async function migratedPglite(): Promise<TestDatabase> {
  const db = await openPglite();
  await migrate(db, await readMigrations());
  return { db, drop: () => db.close() };
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function freshServerDatabase(label: string): Promise<TestDatabase> {
  if (!serverUrl) throw new Error('DATABASE_URL is not set');
  const name = `engram_t_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);
  const db = openNodePostgres(url);
  await migrate(db, await readMigrations());
  return {
    db,
    url,
    async drop() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The backends every contract suite runs against: PGlite always, the real server when DATABASE_URL is set. */
export const backends: { name: string; open: (label: string) => Promise<TestDatabase> }[] = [
  { name: 'pglite', open: () => migratedPglite() },
  ...(serverUrl ? [{ name: 'postgres', open: (label: string) => freshServerDatabase(label) }] : []),
];
