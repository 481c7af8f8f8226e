// `engram migrate`: apply supabase/migrations to DATABASE_URL or to the embedded data dir.
import type { EngramConfig } from '../../config/index.ts';
import { migrate } from '../../db/migrate.ts';
import { readMigrations } from '../../db/migration-files.ts';
import { describeDatabase, openDatabase } from '../../server/open-database.ts';

export async function migrateCommand(config: EngramConfig, say: (line: string) => void): Promise<void> {
  const choice = { databaseUrl: config.DATABASE_URL, dataDir: config.ENGRAM_DATA_DIR };
  const db = await openDatabase(choice);
  try {
    say(`migrating ${describeDatabase(choice)}`);
    const report = await migrate(db, await readMigrations(), (line) => say(`  ${line}`));
    const recorded = report.recorded.length > 0 ? `, ${report.recorded.length} recorded without running` : '';
    say(`${report.applied.length} applied, ${report.alreadyApplied.length} already applied${recorded}`);
  } finally {
    await db.close();
  }
}
