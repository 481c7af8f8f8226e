// Opens the database a Node process uses: PostgreSQL when DATABASE_URL is set, else the embedded PGlite.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { openNodePostgres } from '../db/node-pg.ts';
import { openPglite } from '../db/pglite-executor.ts';
import type { SqlExecutor } from '../ports/sql.ts';

export interface DatabaseChoice {
  databaseUrl?: string | undefined;
  dataDir: string;
}

export async function openDatabase(choice: DatabaseChoice): Promise<SqlExecutor> {
  if (choice.databaseUrl) return openNodePostgres(choice.databaseUrl);
  const dir = resolve(choice.dataDir, 'pgdata');
  await mkdir(dir, { recursive: true });
  return openPglite(dir);
}

export function describeDatabase(choice: DatabaseChoice): string {
  if (!choice.databaseUrl) return `PGlite in ${join(choice.dataDir, 'pgdata')}`;
  const url = new URL(choice.databaseUrl);
  // Never print the password.
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}
