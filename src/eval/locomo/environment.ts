// A throwaway database for an eval run: PGlite in a temp dir, or a fresh database on the server of DATABASE_URL
// (created and dropped, so an eval never writes into a database that holds real memories). Migrated, with the
// embedding model registered and an empty tenant.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate } from '../../db/migrate.ts';
import { readMigrations } from '../../db/migration-files.ts';
import { openNodePostgres } from '../../db/node-pg.ts';
import { openPglite } from '../../db/pglite-executor.ts';
import type { Embedder } from '../../ports/embedder.ts';
import type { SqlExecutor } from '../../ports/sql.ts';
import type { MemoryStore, ModelDefaults } from '../../ports/store.ts';
import { registerEmbedder } from '../../services/register-embedder.ts';
import { createTenantService } from '../../services/tenants.ts';
import { createSqlStore } from '../../store/sql-store.ts';

export interface EvalEnvironment {
  db: SqlExecutor;
  store: MemoryStore;
  tenantId: string;
  /** Where the data lives, for the report (never a password). */
  description: string;
  /** VACUUM ANALYZE of memories and their vectors (what autovacuum would do on a maintained server). */
  upkeep(): Promise<void>;
  /** Closes the database and removes it. */
  dispose(): Promise<void>;
}

export interface EvalEnvironmentOptions {
  databaseUrl?: string | undefined;
  embedder: Embedder | null;
  /** What the model ships with (threshold, fusion weights), registered as the server would. */
  modelDefaults?: ModelDefaults | undefined;
}

/** A new empty database on the server of `serverUrl`, and how to drop it. */
export async function scratchDatabase(
  serverUrl: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `engram_eval_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

export async function openEvalEnvironment(options: EvalEnvironmentOptions): Promise<EvalEnvironment> {
  let db: SqlExecutor;
  let description: string;
  let remove: () => Promise<void>;
  if (options.databaseUrl) {
    const scratch = await scratchDatabase(options.databaseUrl);
    db = openNodePostgres(scratch.url);
    const server = new URL(options.databaseUrl);
    description = `PostgreSQL at ${server.hostname}:${server.port || 5432} (scratch database ${scratch.name})`;
    remove = scratch.drop;
  } else {
    const dir = await mkdtemp(join(tmpdir(), 'engram-eval-'));
    db = await openPglite(dir);
    description = 'PGlite in a temporary directory';
    remove = () => rm(dir, { recursive: true, force: true });
  }
  const dispose = async () => {
    await db.close();
    await remove();
  };
  try {
    await migrate(db, await readMigrations());
    const store = createSqlStore(db);
    if (options.embedder) {
      await registerEmbedder(store, options.embedder, { defaults: options.modelDefaults, activate: true });
    }
    const { id: tenantId } = await createTenantService(store).findOrCreateTenant('locomo-eval');
    const upkeep = () => db.exec('vacuum analyze engram.memories, engram.memory_embeddings');
    return { db, store, tenantId, description, upkeep, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
