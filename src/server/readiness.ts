// The readiness probe: the database answers and every migration shipped with this build is applied.
import { type Migration, pendingMigrations } from '../db/migrate.ts';
import type { ReadinessCheck } from '../http/routes/health.ts';
import type { SqlExecutor } from '../ports/sql.ts';

export function databaseReadiness(db: SqlExecutor, migrations: readonly Migration[]): ReadinessCheck {
  return async () => {
    try {
      const pending = await pendingMigrations(db, migrations);
      return {
        ready: pending.length === 0,
        checks: {
          database: 'ok',
          migrations: pending.length === 0 ? 'current' : `${pending.length} pending`,
        },
      };
    } catch {
      return { ready: false, checks: { database: 'unreachable', migrations: 'unknown' } };
    }
  };
}
