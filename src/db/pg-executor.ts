// SQL executor over a pg-compatible Pool: node-postgres on Node, @neondatabase/serverless on Workers (same API).
import type { SqlExecutor, SqlSession } from '../ports/sql.ts';

/** The slice of pg.Pool (and Neon's Pool) this adapter uses. */
export interface PgPoolLike {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  connect(): Promise<PgClientLike>;
  end(): Promise<void>;
}

export interface PgClientLike {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  release(destroy?: boolean | Error): void;
}

export function poolExecutor(pool: PgPoolLike, engine: 'postgres' | 'neon'): SqlExecutor {
  const sessionOf = (client: Pick<PgClientLike, 'query'>): SqlSession => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query(sql, [...params]);
      return { rows: result.rows as Row[] };
    },
    async exec(sql: string) {
      // No parameters: the simple query protocol, which accepts several statements.
      await client.query(sql);
    },
  });
  return {
    engine,
    ...sessionOf(pool),
    async transaction(work) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('begin');
        const result = await work(sessionOf(client));
        await client.query('commit');
        return result;
      } catch (error) {
        try {
          await client.query('rollback');
        } catch {
          // The connection is unusable: drop it from the pool instead of reusing it.
          broken = true;
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
