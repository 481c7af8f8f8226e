// SQL executor over PGlite: the embedded default (Postgres in WebAssembly, with pgvector), data in a directory.
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { vector } from '@electric-sql/pglite-pgvector';
import type { SqlExecutor, SqlSession } from '../ports/sql.ts';

/** Opens (or creates) a PGlite database; `dataDir` undefined means in memory. */
export async function openPglite(dataDir?: string): Promise<SqlExecutor> {
  const db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { vector, btree_gin } });
  return pgliteExecutor(db);
}

export function pgliteExecutor(db: PGlite): SqlExecutor {
  const sessionOf = (tx: PGlite | Transaction): SqlSession => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await tx.query<Row>(sql, [...params]);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await tx.exec(sql);
    },
  });
  return {
    engine: 'pglite',
    ...sessionOf(db),
    transaction: (work) => db.transaction((tx) => work(sessionOf(tx))),
    close: () => db.close(),
  };
}
