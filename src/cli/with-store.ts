// A CLI command's database: the one the configuration names (DATABASE_URL, else the embedded data dir), opened
// for the command's work and closed when it ends, whatever happens.
import type { EngramConfig } from '../config/index.ts';
import type { MemoryStore } from '../ports/store.ts';
import { openDatabase } from '../server/open-database.ts';
import { createSqlStore } from '../store/sql-store.ts';

export async function withStore<T>(
  config: EngramConfig,
  work: (store: MemoryStore) => Promise<T>,
): Promise<T> {
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.ENGRAM_DATA_DIR });
  try {
    return await work(createSqlStore(db));
  } finally {
    await db.close();
  }
}
