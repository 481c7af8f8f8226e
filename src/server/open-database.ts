// Opens the database a Node process uses: PostgreSQL when DATABASE_URL is set, else the embedded PGlite.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConfigError } from '../config/index.ts';
import { sha256Hex } from '../core/hash.ts';
import { openNodePostgres } from '../db/node-pg.ts';
import type { SqlExecutor } from '../ports/sql.ts';
import { lockDataDir } from './data-dir-lock.ts';

export interface DatabaseChoice {
  databaseUrl?: string | undefined;
  dataDir: string;
}

export async function openDatabase(choice: DatabaseChoice): Promise<SqlExecutor> {
  if (choice.databaseUrl) return openNodePostgres(choice.databaseUrl);
  const dir = resolve(choice.dataDir, 'pgdata');
  await mkdir(dir, { recursive: true });
  // Loaded only here: PGlite is an optional peer of the published package (a PostgreSQL deployment never needs it).
  const pglite = await import('../db/pglite-executor.ts').catch((error: unknown) => {
    if ((error as { code?: unknown }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new ConfigError([
      'DATABASE_URL: unset, and the embedded database needs @electric-sql/pglite and @electric-sql/pglite-pgvector (install them, or set DATABASE_URL)',
    ]);
  });
  const lock = await lockDataDir(resolve(choice.dataDir));
  try {
    const db = await pglite.openPglite(dir);
    return {
      ...db,
      async close() {
        await db.close();
        await lock.release();
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/**
 * The credentials file of a database: `credentials.json` for the embedded one; one per PostgreSQL database
 * otherwise, so that starting with DATABASE_URL never replaces the embedded database's keys (it did).
 */
export async function credentialsFileName(choice: DatabaseChoice): Promise<string> {
  if (!choice.databaseUrl) return 'credentials.json';
  const url = new URL(choice.databaseUrl);
  const where = `${url.hostname}:${url.port || 5432}${url.pathname}`;
  return `credentials-postgres-${(await sha256Hex(where)).slice(0, 12)}.json`;
}

export function describeDatabase(choice: DatabaseChoice): string {
  if (!choice.databaseUrl) return `PGlite in ${join(choice.dataDir, 'pgdata')}`;
  const url = new URL(choice.databaseUrl);
  // Never print the password.
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}
