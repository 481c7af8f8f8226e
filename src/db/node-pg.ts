// Opens a node-postgres pool for DATABASE_URL (Node), or for a Hyperdrive binding inside the Worker.
import pg from 'pg';
import type { SqlExecutor } from '../ports/sql.ts';
import { type PgPoolLike, poolExecutor } from './pg-executor.ts';

export function openNodePostgres(databaseUrl: string, options: { max?: number } = {}): SqlExecutor {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.max ?? 10 });
  // An idle client that loses its connection emits 'error' on the pool; without a listener that would crash the
  // process.
  pool.on('error', () => {});
  // pg-pool removes its own listener while a client is checked out, so a connection that dies inside a
  // transaction (PostgreSQL stopped with `-m immediate` under load) emitted an unhandled 'error' and killed the
  // process within ~150 ms. Every client gets a listener of its own for its whole life: the pending query still
  // rejects (and maps to 503), and the broken client is discarded on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return poolExecutor(pool as unknown as PgPoolLike, 'postgres');
}
