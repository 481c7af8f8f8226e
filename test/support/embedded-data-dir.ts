// A CLI command's embedded data dir for tests: a temporary ENGRAM_DATA_DIR, migrated, with one tenant, as
// `engram migrate` and an operator leave it; and how to remove it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateCommand } from '../../src/cli/commands/migrate.ts';
import { parseConfig } from '../../src/config/index.ts';
import { openPglite } from '../../src/db/pglite-executor.ts';
import { createSqlStore } from '../../src/store/sql-store.ts';

export async function embeddedDataDir(
  prefix: string,
  tenant: string,
): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  await migrateCommand(parseConfig({ ENGRAM_DATA_DIR: dir }), () => {});
  const db = await openPglite(join(dir, 'pgdata'));
  await createSqlStore(db).withOperator((op) => op.createTenant(tenant));
  await db.close();
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
