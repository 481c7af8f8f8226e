// Opens a node-postgres pool for DATABASE_URL (Node), or for a Hyperdrive binding inside the Worker.
import pg from 'pg';
import type { SqlExecutor } from '../ports/sql.ts';
import { type PgPoolLike, poolExecutor } from './pg-executor.ts';

export function openNodePostgres(databaseUrl: string, options: { max?: number } = {}): SqlExecutor {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.max ?? 10 });
  // An idle client that loses its connection emits 'error'; without a listener that would crash the process.
  pool.on('error', () => {});
  return poolExecutor(pool as unknown as PgPoolLike, 'postgres');
}
